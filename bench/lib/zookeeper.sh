# Sourced by the benchmarks' probes (bench/e2e/probe.sh, bench/scale/probe.sh): the environment's
# ZooKeeper, asked through its four-letter words. Needs $env_dir, the environment's directory.

# the client port, from the environment's environment.yaml
zk_port() { sed -n 's/^[^#]*port: *\([0-9][0-9]*\).*/\1/p' "$env_dir/environment.yaml" | head -1; }

# prints "received sent": the packets the server received and sent since it started (the `srvr` word)
srvr() {
  exec 3<>"/dev/tcp/127.0.0.1/$(zk_port)" || return
  printf srvr >&3
  awk '/^Received:/ {r=$2} /^Sent:/ {s=$2} END {print r+0, s+0}' <&3
  exec 3<&-
}
