#!/bin/sh
# Tries, as a hook of a container machine (root inside it), to reach the host, its files, the
# environment's secrets and the other machines. Each attempt prints one line,
#   <attempt>: refused (<what stopped it>)      or      <attempt>: ESCAPED (<what it got>)
# Set by the charm: ENV_DIR (the environment's directory on the host), RUNTIME_DIR (its runtime
# directory), VICTIM_HOME (another machine's directory), CANARIES (host files only root can read),
# HOME_DIR (this machine's own directory, which the host binds in).
set -u

line() { printf '%s: %s (%s)\n' "$1" "$2" "$(printf '%s' "$3" | tr '\n' ' ' | cut -c1-160)"; }

# try NAME COMMAND...: the attempt escaped when COMMAND succeeds
try() {
  name=$1; shift
  if detail=$("$@" 2>&1); then line "$name" ESCAPED "${detail:-succeeded}"; else line "$name" refused "${detail:-failed}"; fi
}

# a system call by number through libc, printing its errno's name; succeeds (escapes) when it returns >= 0
syscall() {
  python3 - "$@" <<'PY'
import ctypes, errno, os, sys
libc = ctypes.CDLL(None, use_errno=True)
args = [int(a) if a.lstrip('-').isdigit() else ctypes.c_char_p(a.encode()) for a in sys.argv[1:]]
r = libc.syscall(*args)
e = ctypes.get_errno()
print("returned %d, %s" % (r, errno.errorcode.get(e, e) if r < 0 else "no error"))
sys.exit(0 if r >= 0 else 1)
PY
}

try core-pattern sh -c 'echo "|/tmp/pwned %p" > /proc/sys/kernel/core_pattern'
try proc-sys-write sh -c 'echo 3 > /proc/sys/vm/drop_caches'
try sysrq-trigger sh -c 'echo h > /proc/sysrq-trigger'
try sys-write sh -c 'echo never > /sys/kernel/mm/transparent_hugepage/enabled'

# every bind the host made (its directory, the charms, the distribution, the JDK): none may be removed
binds=$(awk '$5 != "/" && ($5 ~ /^\/run\/jujube/ || $5 ~ /^\/usr\/lib\/jvm/ || $5 ~ /^\/etc\//) { print $5 }' /proc/self/mountinfo)
unmount_any() { for b in $binds; do umount "$b" && echo "unmounted $b" && return 0; done; return 1; }
try unmount-binds unmount_any
try unmount-lazy sh -c "umount -l $(echo "$binds" | head -1)"
try remount-charms-writable mount -o remount,rw,bind "$RUNTIME_DIR/charms"
try remount-root-readonly mount -o remount,ro /
try mount-proc mount -t proc proc /mnt
try mount-sysfs mount -t sysfs sysfs /mnt
try mount-cgroup mount -t cgroup -o memory cgroup /mnt
try mount-cgroup2 mount -t cgroup2 cgroup2 /mnt
release_agent() {
  for f in /sys/fs/cgroup/*/release_agent /sys/fs/cgroup/release_agent; do
    [ -e "$f" ] && echo /tmp/pwned > "$f" && echo "wrote $f" && return 0
  done
  echo "no release_agent the machine may write"; return 1
}
try cgroup-release-agent release_agent

try admin-credentials cat "$ENV_DIR/secrets/admin.yaml"
try controller-data ls "$ENV_DIR/zookeeper"
try environment-directory ls "$ENV_DIR"
try other-machine-directory ls "$VICTIM_HOME"
read_canaries() { for c in $CANARIES; do cat "$c" && return 0; done; return 1; }
try host-files read_canaries
try host-home-directories sh -c 'ls -A /root /home | grep jujube-containment-canary'

# the host's disk: its device numbers show in this machine's mount table (its binds)
disk=$(awk '$5 ~ /^\/usr\/lib\/jvm/ { print $3; exit }' /proc/self/mountinfo)
try mknod-host-disk sh -c "mknod /tmp/host-disk b $(echo "$disk" | tr ':' ' ') && head -c 512 /tmp/host-disk | od | head -2"
try mount-host-disk sh -c "mount /tmp/host-disk /mnt || mount /dev/vda /mnt"
try raw-device-read sh -c 'head -c 512 /dev/vda || head -c 512 /dev/sda || head -c 16 /dev/mem'
try kernel-module-finit syscall 313 0 "" 0
try kernel-module-init syscall 175 0 0 ""
try kmsg sh -c 'head -c 64 /dev/kmsg'
try kernel-log-syslog syscall 103 3 0 0
try keyctl syscall 250 0 -3 0
try open-by-handle-at syscall 304 -100 0 0
try bpf syscall 321 0 0 0
try kexec syscall 246 0 0 0 0

# a host process's root: every process this machine sees is its own
host_root() {
  for p in /proc/[0-9]*; do
    for c in $CANARIES; do [ -e "$p/root$c" ] && { echo "through $p/root ($c)"; return 0; }; done
    if [ -e "$p/root$ENV_DIR" ]; then echo "through $p/root"; return 0; fi
  done
  echo "$(ls -d /proc/[0-9]* | wc -l) processes seen, all the machine's own"; return 1
}
try proc-root-of-host-process host_root

# planted in the machine's own directory, which the host binds in: the test looks at them from the host
cp /bin/sh "$HOME_DIR/planted-setuid-shell" && chmod 4755 "$HOME_DIR/planted-setuid-shell"
ln -sfn /etc/shadow "$HOME_DIR/planted-link-to-shadow"
if [ -d "$HOME_DIR/log" ] && [ ! -L "$HOME_DIR/log" ]; then mv "$HOME_DIR/log" "$HOME_DIR/log.moved"; fi
ln -sfn /etc "$HOME_DIR/log"
echo "planted: setuid shell, links to /etc/shadow and /etc"
