#!/bin/sh
# What a machine costs, by kind: bootstrap, a new machine's agent coming up, its memory.
#   bench/machines/run.sh [container|process] [MACHINES]     (default: container, 3 machines)
# Times bootstrap (the command, to machine 0's agent connected), then adds MACHINES machines one at a
# time and times each from add-machine to its agent running in status. Memory: the whole container's
# (its cgroup, lxc-info) or the agent process's resident set, once every machine is up and idle.
set -e
kind=${1:-container}
count=${2:-3}
root=$(CDPATH= cd -- "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/jujube-bench-machines.XXXXXX)
export JUJUBE_HOME="$work/home"
jujube="$root/bin/jujube"
env_dir="$JUJUBE_HOME/environments/local"
trap '"$jujube" destroy-environment -y >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
now_ms() { date +%s%3N; }
. "$root/bench/lib/machines.sh"

"$jujube" --version >/dev/null   # builds the distribution first if needed, outside the clock
t0=$(now_ms)
"$jujube" bootstrap --machines "$kind" >/dev/null
echo "bootstrap ($kind machines): $(( $(now_ms) - t0 )) ms"

running() { "$jujube" status --format json | tr -d ' \n' | grep -q "\"$1\":{\"agent-state\":\"running\""; }
for i in $(seq 1 "$count"); do
  t0=$(now_ms)
  "$jujube" add-machine >/dev/null
  until running "$i"; do sleep 0.1; done
  echo "machine $i: add-machine to agent running: $(( $(now_ms) - t0 )) ms"
done

sleep 5   # let the agents settle after start-up before reading memory
for i in $(seq 0 "$count"); do
  if [ "$kind" = container ]; then
    mem=$(lxc-info -n "local-machine-$i" -P "$(lxc_path "$env_dir")" -H -S | awk '/Memory use/ { printf "%.1f MiB", $3 / 1048576 }')
    echo "machine $i: container memory (cgroup): $mem"
  else
    pid=$(cat "$env_dir/pids/machine-$i.pid")
    echo "machine $i: agent resident set: $(awk '/VmRSS/ { printf "%.1f MiB", $2 / 1024 }' "/proc/$pid/status")"
  fi
done
