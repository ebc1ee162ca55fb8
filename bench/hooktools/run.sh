#!/bin/bash
# Measures a hook tool call started as a fresh process: the native forwarder and the pure-Java client,
# both running `relation-get host` against a real hook socket served by the agent code (fake backend).
# Needs: `mvn -pl bundles/jujube.hooks.protocol,bundles/jujube.hooks.tools install` done first.
# Uses hyperfine when installed (apt-get install -y hyperfine), else a timing loop.
set -euo pipefail
here=$(CDPATH= cd -- "$(dirname "$0")" && pwd)
module="$here/../../bundles/jujube.hooks.tools"
runs=${RUNS:-500}
java_runs=${JAVA_RUNS:-30}

work=$(mktemp -d /tmp/jhbench.XXXX)     # short: unix socket paths must stay under 108 bytes
server_pid=""
cleanup() {
    exec 3>&- 2>/dev/null || true
    [ -n "$server_pid" ] && wait "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

(cd "$module" && mvn -q -B -o dependency:build-classpath -Dmdep.outputFile="$work/cp.txt" -Dmdep.includeScope=test)
cp="$module/target/test-classes:$module/target/classes:$(cat "$work/cp.txt")"

# The agent: serves until its stdin (fd 3 here) closes.
mkfifo "$work/in"
java -cp "$cp" jujube.hooks.tools.bench.BenchServer "$work/s" < "$work/in" > "$work/server.log" 2>&1 &
server_pid=$!
exec 3> "$work/in"
for _ in $(seq 200); do [ -S "$work/s" ] && break; sleep 0.05; done
[ -S "$work/s" ] || { cat "$work/server.log"; exit 1; }

# The tools as the installer lays them out: one binary, links named after the tools.
mkdir "$work/bin" "$work/jbin"
cp "$module/target/classes/jujube/hooks/tools/native/linux-x86_64/jujube-hook-tool" "$work/bin/"
ln -s jujube-hook-tool "$work/bin/relation-get"
cat > "$work/jbin/relation-get" <<SCRIPT
#!/bin/sh
exec java -XX:TieredStopAtLevel=1 -Xshare:auto -cp "$cp" jujube.hooks.tools.JavaToolClient "\$0" "\$@"
SCRIPT
chmod 755 "$work/jbin/relation-get"

export JUJU_AGENT_SOCKET="$work/s" JUJU_CLIENT_ID=hook-1 JUJU_REMOTE_UNIT=mysql/0
[ "$("$work/bin/relation-get" host)" = 10.0.0.1 ] || { echo "native relation-get failed"; exit 1; }
[ "$("$work/jbin/relation-get" host)" = 10.0.0.1 ] || { echo "java relation-get failed"; exit 1; }

echo "machine: $(nproc) cores, $(uname -sr), $(java -version 2>&1 | head -1)"
if command -v hyperfine > /dev/null; then
    hyperfine -N --warmup 50 --runs "$runs" --export-json "$work/native.json" "$work/bin/relation-get host" > /dev/null
    hyperfine -N --warmup 3 --runs "$java_runs" --export-json "$work/java.json" "$work/jbin/relation-get host" > /dev/null
    python3 - "$work/native.json" "$work/java.json" "$runs" "$java_runs" <<'PY'
import json, sys
for path, label, n in ((sys.argv[1], "native forwarder", sys.argv[3]), (sys.argv[2], "java client", sys.argv[4])):
    r = json.load(open(path))["results"][0]
    print(f"{label:17s} runs={n:>4s} median={r['median']*1000:7.2f} ms  mean={r['mean']*1000:7.2f} ms  "
          f"min={r['min']*1000:7.2f} ms  max={r['max']*1000:7.2f} ms")
PY
else
    measure() {  # label runs command...: prints median and mean of wall times in ms
        local label=$1 n=$2; shift 2
        for _ in $(seq "$n"); do
            local s=$(date +%s%N); "$@" > /dev/null; local e=$(date +%s%N); echo $(( e - s ))
        done | sort -n | awk -v l="$label" -v n="$n" '{a[NR]=$1; t+=$1} END {
            printf "%-17s runs=%4d median=%7.2f ms  mean=%7.2f ms (loop, no hyperfine)\n", l, n, a[int((NR+1)/2)]/1e6, t/NR/1e6}'
    }
    measure "native forwarder" "$runs" "$work/bin/relation-get" host
    measure "java client" "$java_runs" "$work/jbin/relation-get" host
fi
