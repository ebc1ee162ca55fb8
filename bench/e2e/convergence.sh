#!/bin/sh
# Convergence of a big relation on one machine, against the bare cost of its hooks.
#   bench/e2e/convergence.sh [UNITS]      (default 25 units per service, all on machine 0, a process)
#   CONVERGENCE_MACHINES=container|process bench/e2e/convergence.sh [UNITS]
#                                         (each service on a machine of its own, 1 and 2, of that kind)
# Two services of UNITS units each are related; the clock runs from add-relation until every unit ran
# -relation-joined and -relation-changed for every remote unit (counted in the charms' hook.log). The
# baseline runs the same number of the same hook scripts, as sh processes outside any agent, with the
# hook tool they call replaced by /bin/true, as many at a time as there are cores.
set -e
units=${1:-25}
root=$(CDPATH= cd -- "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/jujube-bench-e2e.XXXXXX)
export JUJUBE_HOME="$work/home"
jujube="$root/bin/jujube"
# CONVERGENCE_KEEP_LOGS=dir: the environment's logs are copied there before it is destroyed
trap '[ -z "${CONVERGENCE_KEEP_LOGS:-}" ] || cp -rL "$JUJUBE_HOME/environments/local/logs" "$CONVERGENCE_KEEP_LOGS" 2>/dev/null
  "$jujube" destroy-environment -y >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

now_ms() { date +%s%3N; }

. "$root/bench/lib/charm.sh"
. "$root/bench/lib/machines.sh"
bench_charm "$work/repo" benchdb 'provides:
  db: bench
' 'relation-list > /dev/null'
bench_charm "$work/repo" benchapp 'requires:
  db: bench
' 'relation-list > /dev/null'

if [ -n "${CONVERGENCE_MACHINES:-}" ]; then
  "$jujube" bootstrap --machines "$CONVERGENCE_MACHINES" >/dev/null
  "$jujube" add-machine >/dev/null; "$jujube" add-machine >/dev/null
  db_to="--to 1"; app_to="--to 2"
else
  "$jujube" bootstrap --machines process >/dev/null
  db_to=; app_to=
fi
# CONVERGENCE_NATIVE_SPAWN=false: machine 0's hooks are started by the JDK, not posix_spawn (the invoker's
# spawner.target selects the JDK's spawner even while jujube.hooks.posixspawn offers its own)
invoker_cfg=
if [ "${CONVERGENCE_NATIVE_SPAWN:-}" = false ]; then
  invoker_cfg='spawner.target=(jujube.hooks.spawner=jdk)
'
fi
if [ -n "$invoker_cfg" ]; then
  deploy="$(machines_glob "$JUJUBE_HOME/environments/local" | sed 's/machine-\*/machine-0/')/deploy"
  printf '%s' "$invoker_cfg" > "$deploy/.invoker.tmp"
  mv "$deploy/.invoker.tmp" "$deploy/jujube.hooks.invoker.cfg"
fi
"$jujube" deploy -n "$units" $db_to --repository "$work/repo" local:benchdb >/dev/null
"$jujube" deploy -n "$units" $app_to --repository "$work/repo" local:benchapp >/dev/null
until [ "$("$jujube" status --format tabular | grep -c ' started ')" -eq $((2 * units)) ]; do sleep 1; done

expected=$((2 * units * units * 2))   # each unit: joined and changed, once per remote unit
# CONVERGENCE_PROBE=cmd: run as "cmd start" / "cmd end" around the convergence (see probe.sh)
probe() { [ -z "${CONVERGENCE_PROBE:-}" ] || JUJUBE_HOME="$JUJUBE_HOME" $CONVERGENCE_PROBE "$1"; }
probe start
start=$(now_ms)
"$jujube" add-relation benchapp benchdb >/dev/null
# done when every unit logged joined and changed for every remote unit (distinct unit/line pairs). The
# poll is slow on purpose (its awk, wc and sleep are processes competing with the hooks); the end time is
# the last write to any hook.log, which the poll's interval does not blur.
hook_logs="$(machines_glob "$JUJUBE_HOME/environments/local")/units/*/hook.log"
distinct() { awk '!seen[FILENAME FS $0]++' $hook_logs 2>/dev/null | wc -l; }
until [ "$(distinct)" -ge "$expected" ]; do sleep 1; done
last_write_ms=$(stat -c '%.3Y' $hook_logs | sort -n | tail -1 | tr -d .)
converged=$(( last_write_ms - start ))
probe end
ran=$(cat $hook_logs | wc -l)

# baseline: the same number of the same scripts, no agent
. "$root/bench/lib/bare-hooks.sh"
bare=$(bare_hooks "$work" "$ran" "$work/repo/precise/benchdb/hooks/db-relation-changed" relation-list)

echo "units: $units + $units, relation hooks run: $ran (distinct unit/hook/remote: $(distinct) of $expected)"
echo "converged after add-relation: $converged ms"
echo "bare hooks (same count, $(nproc) at a time, median of 3): $bare ms"
awk -v c="$converged" -v b="$bare" 'BEGIN { printf "ratio: %.2f\n", c / b }'
