#!/bin/sh
# An action's round trip against a command's and the command line's own cost, on a warm unit.
#   bench/actions/run.sh [ROUNDS]     (default: 20)
# Bootstraps a process-machine environment, deploys the example greeter and waits until it is started
# and idle, then times ROUNDS of each, one after the other, from the command's start to its exit (its
# results printed):
#   run      jujube run greeter/0 greet name=x         an action: queued, run through dispatch, results
#   exec     jujube exec --unit greeter/0 true          a command in the hook context (juju-run)
#   status   jujube status greeter/0                    the command line's start, connection and one read
# and the host's base cost: fork and exec of /bin/true. Prints each one's median and range in ms.
set -e
rounds=${1:-20}
root=$(CDPATH= cd -- "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/jujube-bench-actions.XXXXXX)
export JUJUBE_HOME="$work/home"
jujube="$root/bin/jujube"
trap '"$jujube" destroy-environment -y >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
now_us() { date +%s%6N; }

"$jujube" --version >/dev/null   # builds the distribution first if needed, outside the clock
"$jujube" bootstrap --machines process >/dev/null
"$jujube" deploy "$root/examples/charms/greeter" >/dev/null
"$jujube" wait-for unit greeter/0 --query 'agent-state=started && workload-status=active' --timeout 5m >/dev/null
sleep 3   # the first hooks' followers (leader settings, the peer bag) settle

# times "$@" ROUNDS times; prints the median and the range of the rounds in ms
measure() {
  label=$1; shift
  : > "$work/times"
  for i in $(seq 1 "$rounds"); do
    t0=$(now_us)
    "$@" >/dev/null
    echo $(( $(now_us) - t0 )) >> "$work/times"
  done
  sort -n "$work/times" | awk -v label="$label" '{ t[NR] = $1 } END {
    printf "%-8s median %8.1f ms   range %.1f-%.1f ms   (%d rounds)\n", label, t[int((NR + 1) / 2)] / 1000, t[1] / 1000, t[NR] / 1000, NR }'
}

measure base /bin/true
measure status "$jujube" status greeter/0
measure exec "$jujube" exec --unit greeter/0 true
measure run "$jujube" run greeter/0 greet name=x
