# Where an environment's machines keep their directories: machines/machine-N of the environment's
# directory for process machines; for container machines their own disks, mounted at
# /run/jujube/env-<hash>/machine-N/home, the hash being the one the bridge's name carries
# (LocalLayout.runtimeDir).
#   machines_glob ENV_DIR     prints a shell glob of every machine's directory
machines_glob() {
  bridge=$(sed -n 's/^container-bridge: "\{0,1\}jujube-\([0-9a-f]\{6\}\)"\{0,1\}$/\1/p' "$1/environment.yaml")
  if [ -n "$bridge" ]; then
    printf '%s\n' "/run/jujube/env-$bridge/machine-*/home"
  else
    printf '%s\n' "$1/machines/machine-*"
  fi
}

#   lxc_path ENV_DIR          prints the LXC path of the environment's containers (lxc-info -P)
lxc_path() {
  bridge=$(sed -n 's/^container-bridge: "\{0,1\}jujube-\([0-9a-f]\{6\}\)"\{0,1\}$/\1/p' "$1/environment.yaml")
  printf '%s\n' "/run/jujube/env-$bridge/lxc"
}
