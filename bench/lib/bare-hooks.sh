# Sourced by the convergence benchmarks (bench/e2e/convergence.sh, bench/scale/run.sh): the bare cost
# of their hooks, outside any agent.
#   bare_hooks WORK COUNT HOOK TOOL...
# runs COUNT copies of the hook script HOOK as sh processes in WORK/bare, the hook tools TOOL... replaced
# by /bin/true, as many at a time as there are cores, and prints the median wall time of three runs in
# ms (one run alone varies by 15 % on this machine class).
bare_hooks() {
  bare_dir="$1/bare"; bare_count=$2; bare_hook=$3; shift 3
  mkdir -p "$bare_dir/bin" "$bare_dir/charm/hooks"
  for tool; do ln -sf /bin/true "$bare_dir/bin/$tool"; done
  cp "$bare_hook" "$bare_dir/charm/hooks/hook"
  for bare_run in 1 2 3; do
    bare_start=$(date +%s%3N)
    seq "$bare_count" | CHARM_DIR="$bare_dir/charm" JUJU_REMOTE_UNIT=remote/0 JUJU_UNIT_NAME=local/0 \
      PATH="$bare_dir/bin:$PATH" xargs -P "$(nproc)" -n 50 sh -c 'for i; do "$CHARM_DIR/hooks/hook"; done' sh
    echo $(( $(date +%s%3N) - bare_start ))
  done | sort -n | sed -n 2p
}
