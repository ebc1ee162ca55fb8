# probe SERVICE: where the machine's files go on this host and what the host has; key=value lines
service=$1
if [ "$(id -u)" = 0 ]; then base=/var/lib/jujube; else base=${XDG_DATA_HOME:-$HOME/.local/share}/jujube; fi
echo "dir=$base/$service"
if [ -e "$base/$service" ]; then echo installed=yes; else echo installed=no; fi
java=0
if command -v java >/dev/null 2>&1; then
  java=$(java -version 2>&1 | sed -n '1s/^[^"]*"\([0-9][0-9]*\).*/\1/p')
fi
echo "java=${java:-0}"
# a service of systemd when it is the init and we may write its units; else a detached supervisor
if [ "$(id -u)" = 0 ] && [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; then
  echo systemd=yes
else
  echo systemd=no
fi
echo "arch=$(uname -m)"
for tool in tar setsid; do
  command -v "$tool" >/dev/null 2>&1 || echo "missing=$tool"
done
