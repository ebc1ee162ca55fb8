#!/bin/bash
# Measures a scale run from outside: SCALE_PROBE=bench/scale/probe.sh bench/scale/run.sh
# "start" snapshots each agent's CPU (from the environment's pid files: the controller, whose JVM runs
# ZooKeeper, and every machine agent); "end" prints, over the convergence window, each agent's own CPU and
# its reaped children's (hooks and hook tools), and the ZooKeeper packets the server received and sent.
# With PROBE_PROFILE=/path/to/libasyncProfiler.so, machine 0's and machine 1's agents are CPU-profiled
# over the window (collapsed stacks in $PROBE_OUT/machine-N.collapsed).
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
    if [ "$1" = start ]; then opts='"start,event=cpu,interval=1000000,threads"'
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
