#!/bin/sh
# upgrade-agents against the number of machines, and what it sends against what changed.
#   bench/upgrade/run.sh [N...]     (default: 1 2 5 10)
# For each N: bootstraps a process-machine environment, adds N machines with a unit each (the example
# mysql), waits until they are started, then times `upgrade-agents` of a distribution whose jujube.hooks
# is another build (its Bundle-Version raised) with a canary of one and the rest in one batch, from the
# command's start to its exit (every agent has answered). Prints the time, the bytes the command says it
# published, the changed jar's size and the whole distribution's bundles' size, and the host's base costs:
# fork and exec of /bin/true, and `jujube status` (the command line's start, connection and one read).
set -e
root=$(CDPATH= cd -- "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/jujube-bench-upgrade.XXXXXX)
export JUJUBE_HOME="$work/home"
jujube="$root/bin/jujube"
trap '"$jujube" destroy-environment -y >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
now_ms() { date +%s%3N; }

"$jujube" --version >/dev/null   # builds the distribution first if needed, outside the clock
dist="$root/launcher/target/jujube"

# the next distribution: the same, with jujube.hooks rebuilt as 99.0.0 (its manifest's version raised)
next="$work/dist"
mkdir -p "$next/lib"
cp -r "$dist/features" "$next/features"
echo "version=99.0.0" > "$next/lib/dist.properties"
/usr/bin/python3 - "$dist/features/machine-agent/bundles/jujube.hooks.jar" "$next/features/machine-agent/bundles/jujube.hooks.jar" <<'PY'
import re, sys, zipfile
src, dst = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst + ".tmp", "w", zipfile.ZIP_DEFLATED) as zout:
    for item in zin.infolist():
        data = zin.read(item.filename)
        if item.filename == "META-INF/MANIFEST.MF":
            data = re.sub(rb"Bundle-Version: [^\r\n]*", b"Bundle-Version: 99.0.0", data)
        zout.writestr(item, data)
import os
os.replace(dst + ".tmp", dst)
PY
changed=$(stat -c %s "$next/features/machine-agent/bundles/jujube.hooks.jar")
whole=$(cat "$dist"/features/*/bundles/jujube.*.jar | wc -c)

base_true() {
  t0=$(date +%s%6N); for i in $(seq 1 100); do /bin/true; done
  echo "$(( ($(date +%s%6N) - t0) / 100 ))"
}

echo "host: fork+exec /bin/true $(base_true) us"
for n in ${*:-1 2 5 10}; do
  "$jujube" bootstrap --machines process >/dev/null 2>&1
  for m in $(seq 1 "$n"); do "$jujube" add-machine >/dev/null; done
  "$jujube" deploy --repository "$root/examples/charms" local:mysql --to 1 >/dev/null
  for m in $(seq 2 "$n"); do "$jujube" add-unit mysql --to "$m" >/dev/null; done
  "$jujube" wait-for service mysql --query "started-units>=$n" --timeout 5m >/dev/null
  t0=$(now_ms); "$jujube" status >/dev/null; status_ms=$(( $(now_ms) - t0 ))
  t0=$(now_ms)
  "$jujube" upgrade-agents --dist "$next" --canary 1 --batch "$n" > "$work/out" 2>&1 || { cat "$work/out"; exit 1; }
  took=$(( $(now_ms) - t0 ))
  sent=$(grep -o 'sent [0-9]* bundles* ([0-9]* bytes)' "$work/out" | head -1)
  printf 'machines %3d  upgrade %6d ms  %s  changed jar %d bytes  distribution bundles %d bytes  status %d ms\n' \
    "$n" "$took" "${sent:-sent ?}" "$changed" "$whole" "$status_ms"
  "$jujube" destroy-environment -y >/dev/null
done
