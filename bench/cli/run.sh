#!/bin/sh
# The status benchmark: wall time of `jujube status` (JVM start included) against an environment of
# 200 units and 100 relations. Not a test: it replaces the measured rows of bench/cli/RESULTS.md.
#   bench/cli/run.sh [--no-build]
# (The launcher's build records the class lists its class-data archives are dumped from: launcher/pom.xml.)
set -eu
root=$(CDPATH= cd -- "$(dirname "$0")/../.." && pwd)
cd "$root"
build=yes
for arg in "$@"; do
  case "$arg" in
    --no-build) build=no ;;
    *) echo "usage: bench/cli/run.sh [--no-build]" >&2; exit 2 ;;
  esac
done
if [ $build = yes ]; then
  mvn -q -B -o -DskipTests package -pl launcher -am
fi
jujube="$root/launcher/target/jujube/bin/jujube"
# the environment: 200 units and 100 relations in a ZooKeeper server of its own
. "$root/bench/cli/environment.sh"
"$jujube" status -e bench >"$work/status.yaml" || { cat "$work/status.yaml"; exit 1; }
units=$(grep -c 'agent-state: started' "$work/status.yaml" || true)
echo "status shows $units started units"

hyperfine --warmup 3 --runs 20 --export-json "$work/status.json" "$jujube status -e bench"
mean=$(python3 -c "import json;r=json.load(open('$work/status.json'))['results'][0];print('%.3f s ± %.3f s (min %.3f s, max %.3f s)'%(r['mean'],r['stddev'],r['min'],r['max']))")
# only the two measured rows of RESULTS.md are replaced: the rest is the analysis written by hand
ROW_MACHINE="| measured | $(date -u +%Y-%m-%d) on $(nproc) CPUs, $(java -version 2>&1 | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg) |" \
ROW_STATUS="| \`jujube status\` (hyperfine, 3 warm-ups, 20 runs) | $mean |" \
python3 - "$root/bench/cli/RESULTS.md" <<'PY'
import os, sys
path = sys.argv[1]
lines = open(path).read().split("\n")
rows = {"| measured |": os.environ["ROW_MACHINE"], "| `jujube status` (hyperfine": os.environ["ROW_STATUS"]}
for prefix, row in rows.items():
    at = [i for i, line in enumerate(lines) if line.startswith(prefix)]
    if len(at) != 1:
        sys.exit("bench/cli/run.sh: expected one row starting with '%s' in %s" % (prefix, path))
    lines[at[0]] = row
open(path, "w").write("\n".join(lines))
PY
cat "$root/bench/cli/RESULTS.md"
