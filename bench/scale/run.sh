#!/bin/sh
# A thousand units on the real distribution: 10 machines (processes; SCALE_MACHINES=container for LXC
# containers), a service of 999 units (100 a machine, 99 on machine 0) related to a one-unit database on
# machine 0. Cheap hooks: each relation hook calls relation-get and relation-set once (a value fixed per
# unit, so settings change once and no hook storm follows) and logs a line.
# Measures the commands' return times, the time from add-relation until every unit ran -joined and
# -changed for every remote unit against the bare cost of the same hooks (bench/e2e's method), and the
# machine agents' memory and threads per unit. Not a test: prints what it measured.
#   bench/scale/run.sh [UNITS_PER_MACHINE]     (default 100)
set -e
per=${1:-100}
machines=10
units=$((per * machines - 1))
root=$(CDPATH= cd -- "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/jujube-bench-scale.XXXXXX)
export JUJUBE_HOME="$work/home"
jujube="$root/bin/jujube"
trap '"$jujube" destroy-environment -y >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
now_ms() { date +%s%3N; }

. "$root/bench/lib/charm.sh"
tools='relation-get - "$JUJU_REMOTE_UNIT" > /dev/null
relation-set unit="$JUJU_UNIT_NAME"'
bench_charm "$work/repo" scaledb 'provides:
  db: bench
' "$tools"
bench_charm "$work/repo" scaleapp 'requires:
  db: bench
' "$tools"

"$jujube" bootstrap --machines "${SCALE_MACHINES:-process}" >/dev/null
i=1; while [ $i -lt $machines ]; do "$jujube" add-machine >/dev/null; i=$((i + 1)); done
until [ "$("$jujube" status --format tabular | grep -c ' running ')" -ge $machines ]; do sleep 1; done

t0=$(now_ms)
"$jujube" deploy --to 0 --repository "$work/repo" local:scaledb >/dev/null
t1=$(now_ms)
"$jujube" deploy -n $((per - 1)) --to 0 --repository "$work/repo" local:scaleapp >/dev/null
t2=$(now_ms)
m=1; while [ $m -lt $machines ]; do "$jujube" add-unit -n "$per" --to $m scaleapp >/dev/null; m=$((m + 1)); done
t3=$(now_ms)
until [ "$("$jujube" status --format tabular | grep -c ' started ')" -ge $((units + 1)) ]; do sleep 2; done
t4=$(now_ms)

# SCALE_PROBE=cmd: run as "cmd start" / "cmd end" around the convergence (see probe.sh)
probe() { [ -z "${SCALE_PROBE:-}" ] || JUJUBE_HOME="$JUJUBE_HOME" $SCALE_PROBE "$1"; }
probe start
start=$(now_ms)
"$jujube" add-relation scaleapp scaledb >/dev/null
relation_ms=$(( $(now_ms) - start ))
. "$root/bench/lib/machines.sh"
hook_logs="$(machines_glob "$JUJUBE_HOME/environments/local")/units/*/hook.log"
expected=$((units * 2 * 2))   # every app unit: joined and changed for db/0; db/0: both for every app unit
distinct() { awk '!seen[FILENAME FS $0]++' $hook_logs 2>/dev/null | wc -l; }
until [ "$(distinct)" -ge "$expected" ]; do sleep 2; done
last_write_ms=$(stat -c '%.3Y' $hook_logs | sort -n | tail -1 | tr -d .)
converged=$(( last_write_ms - start ))
probe end
ran=$(cat $hook_logs | wc -l)

# the machine agents' resident memory and threads, per unit hosted
rss=0; threads=0
for pidfile in "$JUJUBE_HOME"/environments/local/pids/machine-*.pid; do
  pid=$(cat "$pidfile")
  rss=$((rss + $(awk '/^VmRSS/ {print $2}' /proc/"$pid"/status)))
  threads=$((threads + $(awk '/^Threads/ {print $2}' /proc/"$pid"/status)))
done

# baseline: the same number of the same scripts, no agent, the hook tools replaced by /bin/true
. "$root/bench/lib/bare-hooks.sh"
bare=$(bare_hooks "$work" "$ran" "$work/repo/precise/scaledb/hooks/db-relation-changed" relation-get relation-set)

echo "host: $(nproc) CPUs, $(java -version 2>&1 | head -1), machines: ${SCALE_MACHINES:-process}"
echo "units: $units + 1 on $machines machines"
echo "deploy of the database: $((t1 - t0)) ms; deploy -n $((per - 1)): $((t2 - t1)) ms; $((machines - 1)) x add-unit -n $per: $((t3 - t2)) ms"
echo "every unit started after the last add-unit: $((t4 - t3)) ms"
echo "add-relation returned in $relation_ms ms; relation hooks run: $ran (distinct: $(distinct) of $expected)"
echo "converged after add-relation: $converged ms"
echo "bare hooks (same count, $(nproc) at a time, median of 3): $bare ms"
awk -v c="$converged" -v b="$bare" 'BEGIN { printf "ratio: %.2f\n", c / b }'
echo "machine agents: resident $((rss / 1024)) MiB, $threads threads in all: $((rss / (units + 1))) KiB and $(awk -v t=$threads -v u=$((units + 1)) 'BEGIN { printf "%.1f", t / u }') threads per unit"
