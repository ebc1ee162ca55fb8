# Sourced by the convergence benchmarks (bench/e2e/convergence.sh, bench/scale/run.sh): a charm of
# theirs, whose db relation hooks run the given hook tool calls and append "<hook> <remote unit>" to the
# unit's hook.log, the line the benchmarks count.
#   bench_charm REPO NAME RELATION-SECTION TOOL-CALLS
# writes REPO/precise/NAME; RELATION-SECTION is metadata.yaml's (provides: or requires: a db relation),
# TOOL-CALLS the hooks' shell lines before the log line.
bench_charm() {
  charm_dir="$1/precise/$2"
  mkdir -p "$charm_dir/hooks"
  printf 'name: %s\nsummary: bench\ndescription: bench\n%s' "$2" "$3" > "$charm_dir/metadata.yaml"
  echo 1 > "$charm_dir/revision"
  for charm_hook in joined changed; do
    printf '#!/bin/sh\nset -e\n%s\necho "%s $JUJU_REMOTE_UNIT" >> "$CHARM_DIR/../hook.log"\n' "$4" "$charm_hook" \
      > "$charm_dir/hooks/db-relation-$charm_hook"
    chmod +x "$charm_dir/hooks/db-relation-$charm_hook"
  done
}
