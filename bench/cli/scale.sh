#!/bin/sh
# `jujube status` at 1,000 units: one wordpress service of 999 units related to a one-unit mysql, in a
# ZooKeeper server of its own. Wall time of the whole command (JVM start included) in YAML, in tabular
# form and filtered to one unit. Not a test: prints what hyperfine measured, for bench/cli/RESULTS.md.
#   bench/cli/scale.sh [--no-build]
set -eu
root=$(CDPATH= cd -- "$(dirname "$0")/../.." && pwd)
cd "$root"
case "${1:-}" in
  --no-build) ;;
  "") mvn -q -B -o -DskipTests package -pl launcher -am ;;
  *) echo "usage: bench/cli/scale.sh [--no-build]" >&2; exit 2 ;;
esac
jujube="$root/launcher/target/jujube/bin/jujube"
BENCH_PAIRS=500 BENCH_LAYOUT=one-service
export BENCH_PAIRS BENCH_LAYOUT
. "$root/bench/cli/environment.sh"
"$jujube" status -e bench >"$work/status.yaml" || { cat "$work/status.yaml"; exit 1; }
echo "status shows $(grep -c 'agent-state: started' "$work/status.yaml" || true) started units"
echo "host: $(nproc) CPUs, $(java -version 2>&1 | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "base: a JVM printing its version: $(hyperfine -N --warmup 2 --runs 10 --export-json "$work/base.json" 'java -version' >/dev/null 2>&1; python3 -c "import json;print('%.3f s' % json.load(open('$work/base.json'))['results'][0]['mean'])")"
hyperfine --warmup 3 --runs 15 \
  "$jujube status -e bench" \
  "$jujube status -e bench --format tabular" \
  "$jujube status -e bench blog/998"
