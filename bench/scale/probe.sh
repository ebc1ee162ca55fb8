#!/bin/bash
# Measures a scale run from outside: SCALE_PROBE=bench/scale/probe.sh bench/scale/run.sh
# "start" snapshots each agent's CPU (from the environment's pid files: the controller, whose JVM runs
# ZooKeeper, and every machine agent); "end" prints, over the convergence window, each agent's own CPU and
# its reaped children's (hooks and hook tools), and the ZooKeeper packets the server received and sent.
# With PROBE_PROFILE=/path/to/libasyncProfiler.so, machine 0's and machine 1's agents are CPU-profiled
# over the window (collapsed stacks in $PROBE_OUT/machine-N.collapsed, each stack under its thread's name);
# PROBE_EVENT=wall samples every thread's wall-clock time instead, waiting included: where the database
# unit's hook thread, the relation's critical path, spends its time.
out=${PROBE_OUT:-/tmp/jujube-scale-probe}
env_dir="$JUJUBE_HOME/environments/local"
mkdir -p "$out"
hz=$(getconf CLK_TCK)

. "$(dirname "$0")/../lib/zookeeper.sh"
snapshot() {
  echo "time $(date +%s%3N)"
  echo "zk $(srvr)"
  for pidfile in "$env_dir"/pids/*.pid; do
    pid=$(cat "$pidfile")
    echo "$(basename "$pidfile" .pid) $(awk '{print $14+$15, $16+$17}' "/proc/$pid/stat" 2>/dev/null || echo "0 0")"
  done
}
profile() { # $1: start or stop, for machines 0 and 1
  [ -n "${PROBE_PROFILE:-}" ] || return 0
  for m in 0 1; do
    pid=$(cat "$env_dir/pids/machine-$m.pid" 2>/dev/null) || continue
    # jcmd reads key=value words as its own options: the profiler's option string goes quoted
    if [ "$1" = start ]; then opts="\"start,event=${PROBE_EVENT:-cpu},interval=1000000,threads\""
    else opts="\"stop,collapsed,file=$out/machine-$m.collapsed\""; fi
    jcmd "$pid" JVMTI.agent_load "$PROBE_PROFILE" "$opts" > /dev/null
  done
}

case "$1" in
start)
  snapshot > "$out/start"
  profile start
  ;;
end)
  profile stop
  snapshot > "$out/end"
  # machine 0's log: when each of the database's hooks ran and ended, the relation's critical path (its
  # hooks run one after another); printed below as when they ran, each hook's run (spawn to exit) and the
  # agent's gap between two (flush, queue, next hook)
  cp "$env_dir/logs/machine-0/machine-0.log" "$out/machine-0.log" 2>/dev/null || true
  grep -E 'unit=scaledb/0 hook=db-relation-[a-z]+: (running|succeeded)' "$out/machine-0.log" 2>/dev/null | awk '
    { split(substr($1, 12), t, ":"); ms = (t[1] * 3600 + t[2] * 60 + t[3]) * 1000 }
    / running$/ { if (end) gaps[++g] = ms - end; start = ms; if (!first) first = ms }
    / succeeded$/ { if (start) { runs[++r] = ms - start; if (ms - start > slowest) slowest = ms - start }; end = ms }
    function median(a, n,   i, j, x) { for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j > 0 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x } return a[int((n + 1) / 2)] }
    END { if (r) printf "database hooks: %d in %.1f s (first start to last end); run median %d ms (slowest %d ms), gap median %d ms\n",
            r, (end - first) / 1000, median(runs, r), slowest, median(gaps, g) }' | tee -a "$out/summary"
  awk -v hz="$hz" '
    FNR == NR { a[$1] = $2; b[$1] = $3; next }
    $1 == "time" { printf "window: %d ms\n", $2 - a["time"] }
    $1 == "zk" { printf "zookeeper packets: received %d, sent %d\n", $2 - a["zk"], $3 - b["zk"] }
    $1 != "time" && $1 != "zk" {
      own = ($2 - a[$1]) / hz; kids = ($3 - b[$1]) / hz; tot_own += own; tot_kids += kids
      printf "%s cpu: own %.1f s, reaped children %.1f s\n", $1, own, kids }
    END { printf "all agents cpu: own %.1f s, reaped children %.1f s\n", tot_own, tot_kids }
  ' "$out/start" "$out/end" | tee "$out/summary"
  ;;
esac
