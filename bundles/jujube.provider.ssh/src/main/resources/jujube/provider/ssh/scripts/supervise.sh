#!/bin/sh
# supervise DIR: runs DIR/run, the machine agent, again whenever it exits, until DIR/stopped exists.
# The agent of a host without systemd; remove.sh stops both.
dir=$1
echo $$ > "$dir/supervisor.pid"
trap 'exit 0' TERM INT
while [ ! -e "$dir/stopped" ]; do
  "$dir/run" </dev/null >>"$dir/agent.log" 2>&1 &
  echo $! > "$dir/agent.pid"
  wait $!
  [ -e "$dir/stopped" ] && break
  echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) supervisor: the agent exited; starting it again in 2 s" >> "$dir/agent.log"
  sleep 2
done
