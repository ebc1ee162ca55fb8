#!/bin/bash
# The soak: UNITS units on one machine agent (a process of this host), two services of them related in a
# relation storm, while a few units' hooks misbehave; then what it cost the agent and the other units.
#   bench/soak/run.sh [UNITS]             (default 100 units in all)
#   SOAK_OFFENDERS="huge zero ..." bench/soak/run.sh      (default: all seven; "none" for a calm run)
#   SOAK_TIMEOUT=S                        (the hook timeout for the run, default 20 s: the hang's limit)
#   SOAK_OUT=DIR                          (where the figures, samples and the agents' logs are kept)
# Units: one unit of charms/misbehave per offender, each a service named after its misbehaviour (see the
# charm's config.yaml), related to stormdb; the rest split between stormdb and stormapp, related to each
# other: every unit of each side runs -relation-joined and -relation-changed for every unit of the other.
# The offenders start misbehaving (`set SERVICE round=1`: their config-changed hook) as the storm starts;
# the agent retries their failed hooks in the background (5 s doubling), so they misbehave again and again.
# In a calm run (SOAK_OFFENDERS=none) the same units exist with a config-changed that does nothing.
# Figures: convergence (add-relation to the last stormdb/stormapp hook.log line), the durations of the
# storm's hooks (from the agent's log) against the offenders' limits, the machine agent's heap (GC log and
# jstat samples) against its -Xmx, whether the agent restarted, its log's size, and each offender's state.
set -e
units=${1:-100}
offenders=${SOAK_OFFENDERS:-huge toolarge zero chatty longline bomb hang}
timeout=${SOAK_TIMEOUT:-20}
root=$(CDPATH= cd -- "$(dirname "$0")/../.." && pwd)
here="$root/bench/soak"
work=$(mktemp -d /tmp/jujube-soak.XXXXXX)
out=${SOAK_OUT:-$work/out}
mkdir -p "$out"
export JUJUBE_HOME="$work/home"
env_dir="$JUJUBE_HOME/environments/local"
jujube="$root/bin/jujube"
sampler=
cleanup() {
  [ -z "$sampler" ] || kill "$sampler" 2>/dev/null || true
  cp -r "$env_dir/logs" "$out/" 2>/dev/null || true
  "$jujube" destroy-environment -y >/dev/null 2>&1 || true
  rm -rf "$work/home" "$work/repo"
  [ -n "${SOAK_OUT:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
now_ms() { date +%s%3N; }
log() { echo "$(date +%T) $*" >&2; }

"$jujube" --version >/dev/null   # builds the distribution first if needed, outside the clock
# the host's base cost, as bench/machines measures it: a fork and exec of /bin/true from a shell
t0=$(now_ms); i=0
while [ $i -lt 200 ]; do /bin/true; i=$((i + 1)); done
base_us=$(( ($(now_ms) - t0) * 5 ))
cp -r "$here/charms" "$work/repo"
# the agents' GC log gives the heap before and after every collection (%p: one file per JVM)
export JUJUBE_AGENT_JAVA_OPTS="-Xss512k -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xlog:gc:file=$out/gc-%p.log:uptime"
"$jujube" bootstrap --machines process >/dev/null
deploy_dir="$env_dir/machines/machine-0/deploy"
printf 'timeoutSeconds=%s\n' "$timeout" > "$deploy_dir/.invoker.tmp"
mv "$deploy_dir/.invoker.tmp" "$deploy_dir/jujube.hooks.invoker.cfg"

[ "$offenders" != none ] || offenders="calm1 calm2 calm3 calm4 calm5 calm6 calm7"
set -- $offenders
n_off=$#
n_db=$(( (units - n_off) / 2 ))
n_app=$(( units - n_off - n_db ))
config="$work/offenders.yaml"
: > "$config"
for o in $offenders; do
  case "$o" in calm*) mode=none ;; *) mode=$o ;; esac
  printf '%s:\n  mode: %s\n' "$o" "$mode" >> "$config"
done
log "deploying $n_db stormdb, $n_app stormapp, offenders: $offenders"
"$jujube" deploy -n "$n_db" --to 0 --repository "$work/repo" local:stormdb >/dev/null
"$jujube" deploy -n "$n_app" --to 0 --repository "$work/repo" local:stormapp >/dev/null
for o in $offenders; do
  "$jujube" deploy --to 0 --config "$config" --repository "$work/repo" local:misbehave "$o" >/dev/null
done
started() { "$jujube" status --format tabular | grep -c ' started' || true; }
until [ "$(started)" -ge "$units" ]; do sleep 2; done
log "all $units units started"

agent_pid=$(cat "$env_dir/pids/machine-0.pid")
# samples every 2 s: the agent's pid (a restart shows as a new one) and jstat -gc's capacities and usages
( while :; do
    pid=$(cat "$env_dir/pids/machine-0.pid" 2>/dev/null)
    echo "$(now_ms) $pid $(jstat -gc "$pid" 2>/dev/null | tail -1)"
    sleep 2
  done ) > "$out/jstat.txt" 2>/dev/null &
sampler=$!

# each offender joins the relation before it misbehaves: its config-changed then has a relation to write to
for o in $offenders; do "$jujube" add-relation "$o" stormdb >/dev/null; done
last_db=stormdb/$(( n_db - 1 ))
for o in $offenders; do
  until grep -qs "changed $last_db $last_db" "$env_dir/machines/machine-0/units/$o-0/hook.log"; do sleep 1; done
done
start=$(now_ms)
"$jujube" add-relation stormapp stormdb >/dev/null
for o in $offenders; do "$jujube" set "$o" round=1 >/dev/null; done
log "storm and misbehaviour started"

# converged: every stormdb unit logged every stormapp unit's name and every stormapp unit every stormdb
# unit's (and every stormdb unit the size of huge/0's large setting, when it misbehaves)
expected=$(( 2 * n_db * n_app ))
case " $offenders " in *" huge "*) expected=$(( expected + n_db )) ;; esac
storm_logs() { ls "$env_dir"/machines/machine-0/units/storm*/hook.log 2>/dev/null; }
distinct() {
  storm_logs | xargs -r awk '($1 == "changed" && $2 ~ /^storm/) || ($1 == "big" && $2 == "huge/0") {
    if (!seen[FILENAME FS $0]++) n++ } END { print n + 0 }'
}
deadline=$(( $(now_ms) + 1800000 ))
until [ "$(distinct)" -ge "$expected" ]; do
  [ "$(now_ms)" -lt "$deadline" ] || { log "not converged after 30 minutes: $(distinct) of $expected"; break; }
  sleep 2
done
last_write_ms=$(storm_logs | xargs stat -c '%.3Y' | sort -n | tail -1 | tr -d .)
converged=$(( last_write_ms - start ))
log "converged: $(distinct) of $expected lines"
# let the offenders' retries run for a while after the storm, as long as the longest limit and more
sleep $(( timeout + 30 ))
kill "$sampler"; sampler=
"$jujube" status --format json > "$out/status.json"
cp "$env_dir/logs/machine-0/machine-0.log" "$out/machine-0.log"

echo "host: $(nproc) cores; a fork and exec of /bin/true from a shell: $base_us us (mean of 200)"
echo "units: $units on machine 0 ($n_db stormdb, $n_app stormapp, offenders: $offenders); hook timeout $timeout s"
echo "storm lines: $(distinct) of $expected; converged after add-relation: $converged ms"
# hook durations, from the invoker's "running" and "succeeded"/"failed" lines (one hook of a unit at a time)
awk -v out="$out" '
  function ms(t) { split(substr(t, 12, 12), p, /[:.]/); return ((p[1] * 60 + p[2]) * 60 + p[3]) * 1000 + p[4] }
  match($0, /unit=[^ ]+ hook=[^:]+: (running|succeeded|failed)/) {
    split(substr($0, RSTART, RLENGTH), f, /[ =:]+/); unit = f[2]; what = f[5]
    if (what == "running") { began[unit] = ms($1); next }
    if (!(unit in began)) next
    d = ms($1) - began[unit]; delete began[unit]
    kind = unit ~ /^storm/ ? "storm" : "offender"
    print d > (out "/durations-" kind ".txt")
  }' "$out/machine-0.log"
for kind in storm offender; do
  f="$out/durations-$kind.txt"
  [ -s "$f" ] || continue
  sort -n "$f" | awk -v k="$kind" '{ a[NR] = $1 } END {
    printf "%s hooks: %d, duration ms p50 %d, p99 %d, max %d\n", k, NR, a[int(NR * 0.5) + 1], a[int(NR * 0.99) + 1], a[NR] }'
done
# heap: -Xmx from the agent's command line; the GC log's largest heap before and after a collection
xmx=$(tr '\0' '\n' < "/proc/$agent_pid/cmdline" 2>/dev/null | sed -n 's/^-Xmx//p')
gc="$out/gc-$agent_pid.log"
[ -f "$gc" ] && awk -v xmx="${xmx:-?}" '
  match($0, /[0-9]+M->[0-9]+M\([0-9]+M\)/) {
    split(substr($0, RSTART, RLENGTH), h, /[^0-9]+/); n++
    if (h[1] > before) before = h[1]
    if (/Pause Full/) { full++; if (h[2] > live) live = h[2] }
  } END { printf "machine agent heap (-Xmx%s): %d collections, the largest heap before one %d MiB; %d full collections, the largest heap after one %d MiB\n", xmx, n, before, full, live }' "$gc"
pids=$(awk '{ print $2 }' "$out/jstat.txt" | sort -u | grep -c .)
echo "machine agent processes seen during the run: $pids (1: it never restarted)"
grep -c 'OutOfMemoryError' "$out/machine-0.log" | sed 's/^/OutOfMemoryError lines in its log: /'
echo "machine agent log: $(wc -c < "$out/machine-0.log") bytes, $(wc -l < "$out/machine-0.log") lines"
for o in $offenders; do
  python3 - "$out/status.json" "$o" <<'PY'
import json, sys
u = json.load(open(sys.argv[1]))["services"][sys.argv[2]]["units"][sys.argv[2] + "/0"]
print("%s/0: %s: %s" % (sys.argv[2], u.get("agent-state"), u.get("agent-state-info", "")))
PY
done
