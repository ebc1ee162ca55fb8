# remove DIR SERVICE: stops the machine's agent (its systemd unit, or its supervisor and itself) and
# removes every file of it; nothing there is no error. Prints "removed" when there was something.
dir=$1 service=$2
# a pid file's process counts only while its command line names the machine's directory
ours() { [ -n "$1" ] && [ -r "/proc/$1/cmdline" ] && tr '\0' ' ' < "/proc/$1/cmdline" | grep -qF -- "$dir"; }
found=
if [ -f "/etc/systemd/system/$service.service" ]; then
  systemctl disable --now "$service.service" >/dev/null 2>&1
  rm -f "/etc/systemd/system/$service.service"
  systemctl daemon-reload
  found=yes
fi
if [ -d "$dir" ]; then
  touch "$dir/stopped"
  for name in supervisor agent; do
    pid=$(cat "$dir/$name.pid" 2>/dev/null)
    ours "$pid" && kill -TERM "$pid" 2>/dev/null
  done
  i=0
  while [ $i -lt 60 ]; do
    pid=$(cat "$dir/agent.pid" 2>/dev/null)
    ours "$pid" || break
    sleep 0.25
    i=$((i + 1))
  done
  pid=$(cat "$dir/agent.pid" 2>/dev/null)
  ours "$pid" && kill -KILL "$pid" 2>/dev/null
  # hooks lead their own sessions and outlive their agent: whatever still works in the directory goes
  for proc in /proc/[0-9]*; do
    case $(readlink "$proc/cwd" 2>/dev/null) in
      "$dir" | "$dir"/*) kill -KILL "${proc#/proc/}" 2>/dev/null ;;
    esac
  done
  rm -rf "$dir"
  found=yes
fi
rmdir "$(dirname "$dir")" 2>/dev/null
[ -n "$found" ] && echo removed
exit 0
