#!/bin/bash
# Measures a convergence run from outside: CONVERGENCE_PROBE=bench/e2e/probe.sh bench/e2e/convergence.sh
# "start" snapshots counters and starts `vmstat 1`; "end" prints, over the convergence window: CPU time of
# the machine-agent JVM (its own threads, and its reaped children: hooks, tool forwarders, setsid,
# mkfifo), of the controller JVM (the embedded ZooKeeper), the whole machine's CPU split, processes forked
# machine-wide (/proc/stat: includes other engineers' builds), and ZooKeeper packets (the `srvr` word).
# Output in $PROBE_OUT (default /tmp/jujube-probe), with a copy of the environment's logs.
out=${PROBE_OUT:-/tmp/jujube-probe}
env_dir="$JUJUBE_HOME/environments/local"
mkdir -p "$out"
hz=$(getconf CLK_TCK)

. "$(dirname "$0")/../lib/zookeeper.sh"
jvm_pid() { # this environment's agent only: other tests may run agents beside
  for p in $(pgrep -f "jujube.launcher.Main $1"); do
    tr "\\0" " " < "/proc/$p/cmdline" 2>/dev/null | grep -qF -- "$env_dir" && { echo "$p"; return; }
  done
}
ticks() { # self children of a pid, in clock ticks
  [ -n "$1" ] && awk '{print $14+$15, $16+$17}' "/proc/$1/stat" 2>/dev/null || echo "0 0"
}
threads() { # the JVM's live threads by name (digits folded to N): cpu ticks
  [ -n "$1" ] && for t in /proc/"$1"/task/*; do
    printf '%s\t%s\n' "$(tr '0-9' 'N' < "$t/comm" | sed 's/NN*/N/g')" "$(awk '{print $14+$15}' "$t/stat")"
  done | awk -F'\t' '{a[$1]+=$2} END {for (k in a) print a[k] "\t" k}' | sort -rn
}
snapshot() {
  echo "time $(date +%s%3N)"
  echo "zk $(srvr)"
  echo "machine $(ticks "$(jvm_pid machine)")"
  echo "controller $(ticks "$(jvm_pid controller)")"
  awk '/^cpu / {print "cpu", $2+$3, $4, $5, $6} /^processes/ {print "forks", $2}' /proc/stat
  echo "pids $(jvm_pid machine) $(jvm_pid controller)"
  echo "fds $(ls "/proc/$(jvm_pid machine)/fd" 2>/dev/null | wc -l)"
  echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
}

case "$1" in
start)
  snapshot > "$out/start"
  threads "$(jvm_pid machine)" > "$out/threads.start"
  vmstat 1 > "$out/vmstat" 2>&1 &
  echo $! > "$out/vmstat.pid"
  # ZooKeeper packets received, once a second: front-loaded (joins, watches) or per hook?
  (while :; do echo "$(date +%s%3N) $(srvr)"; sleep 1; done) > "$out/zk" 2>/dev/null &
  echo $! > "$out/zk.pid"
  if [ -n "${PROBE_PERF:-}" ]; then # whole machine, kernel stacks included: where the system time goes
    perf record -a -g -F 499 -o "$out/perf.data" > "$out/perf.log" 2>&1 &
    echo $! > "$out/perf.pid"
  fi
  ;;
end)
  snapshot > "$out/end"
  kill "$(cat "$out/vmstat.pid")" "$(cat "$out/zk.pid")" 2>/dev/null
  if [ -f "$out/perf.pid" ]; then
    kill -INT "$(cat "$out/perf.pid")" 2>/dev/null && rm "$out/perf.pid"
    jcmd "$(jvm_pid machine)" Compiler.perfmap > /dev/null 2>&1 # /tmp/perf-PID.map: Java frames for perf report
  fi
  threads "$(jvm_pid machine)" > "$out/threads.end"
  rm -rf "$out/logs" && cp -rL "$env_dir/logs" "$out/logs"
  awk -v hz="$hz" '
    FNR == NR { a[$1] = $2; b[$1] = $3; c[$1] = $4; d[$1] = $5; next }
    $1 == "time" { ms = $2 - a["time"]; printf "window: %d ms\n", ms }
    $1 == "zk" { printf "zookeeper packets: received %d, sent %d\n", $2 - a["zk"], $3 - b["zk"] }
    $1 == "machine" || $1 == "controller" {
      printf "%s JVM cpu: own %.1f s, reaped children %.1f s\n", $1, ($2 - a[$1]) / hz, ($3 - b[$1]) / hz }
    $1 == "cpu" { u = $2 - a["cpu"]; s = $3 - b["cpu"]; i = $4 - c["cpu"]; w = $5 - d["cpu"]; t = u + s + i + w
      printf "machine-wide cpu: user %.0f%% system %.0f%% idle %.0f%% iowait %.0f%% (of %.1f core-s)\n",
        100 * u / t, 100 * s / t, 100 * i / t, 100 * w / t, t / hz }
    $1 == "forks" { printf "processes forked machine-wide: %d\n", $2 - a["forks"] }
    $1 == "fds" { printf "machine JVM open file descriptors: %d at start, %d at end\n", a["fds"], $2 }
    $1 == "load" { printf "load average at end: %s %s %s (at start %s)\n", $2, $3, $4, a["load"] }
  ' "$out/start" "$out/end" > "$out/summary"
  # per thread group, over the window; threads that ended (hook output readers, process reapers) are
  # only in the process total
  awk -F'\t' -v hz="$hz" 'FNR == NR { a[$2] = $1; next } { d = $1 - a[$2]; if (d > 0) printf "  %6.2f s  %s\n", d / hz, $2 }' \
    "$out/threads.start" "$out/threads.end" | sort -rn | head -15 > "$out/threads"
  { echo "machine JVM live threads' cpu in the window:"; cat "$out/threads"; } >> "$out/summary"
  cat "$out/summary"
  ;;
esac
