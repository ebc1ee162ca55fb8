#!/bin/sh
# The status benchmark: wall time of `jujube status` (JVM start included) against an environment of
# 200 units and 100 relations. Not a test: it writes the figure to bench/cli/RESULTS.md.
#   bench/cli/run.sh [--no-build] [--classlist]
# --classlist instead records the classes that status loads into launcher/src/main/cds/cli.classlist,
# from which the launcher's build dumps bin/jujube's class-data archive (rebuild the distribution after).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
build=yes classlist=no
for arg in "$@"; do
  case "$arg" in
    --no-build) build=no ;;
    --classlist) classlist=yes ;;
    *) echo "usage: bench/cli/run.sh [--no-build] [--classlist]" >&2; exit 2 ;;
  esac
done
if [ $build = yes ]; then
  mvn -q -B -o -pl bundles/jujube.cli install -DskipTests
  mvn -q -B -o -pl features/controller,features/machine-agent,launcher package -DskipTests
fi
jujube="$root/launcher/target/jujube/bin/jujube"
work=$(mktemp -d)
fifo="$work/in"
mkfifo "$fifo"
trap 'exec 3>&-; wait 2>/dev/null; rm -rf "$work"' EXIT INT TERM

# the environment: a ZooKeeper server with 200 units and 100 relations, alive while fd 3 stays open
mvn -q -B -o -pl bundles/jujube.cli dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$work/cp" >/dev/null
cp=$(cat "$work/cp")
java -cp "bundles/jujube.cli/target/test-classes:bundles/jujube.cli/target/classes:$cp" \
  -Dorg.slf4j.simpleLogger.defaultLogLevel=warn jujube.cli.bench.StatusBenchEnvironment \
  "$work/home" "$root/examples/charms" 100 <"$fifo" >"$work/env.log" 2>&1 &
exec 3>"$fifo"
while ! grep -q READY "$work/env.log" 2>/dev/null; do
  kill -0 $! 2>/dev/null || { cat "$work/env.log"; exit 1; }
  sleep 0.2
done
export JUJUBE_HOME="$work/home"
if [ $classlist = yes ]; then
  java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:off \
    -XX:DumpLoadedClassList="$root/launcher/src/main/cds/cli.classlist" \
    -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$root/launcher/target/jujube/lib/cli/*" \
    jujube.cli.Main status -e bench >/dev/null
  echo "recorded launcher/src/main/cds/cli.classlist ($(grep -vc '^#' "$root/launcher/src/main/cds/cli.classlist") lines)"
  exit 0
fi
"$jujube" status -e bench >"$work/status.yaml" || { cat "$work/status.yaml"; exit 1; }
units=$(grep -c 'agent-state: started' "$work/status.yaml" || true)
echo "status shows $units started units"

hyperfine --warmup 3 --runs 20 --export-json "$work/status.json" "$jujube status -e bench"
mean=$(python3 -c "import json;r=json.load(open('$work/status.json'))['results'][0];print('%.3f s ± %.3f s (min %.3f s, max %.3f s)'%(r['mean'],r['stddev'],r['min'],r['max']))")
cat >"$root/bench/cli/RESULTS.md" <<MD
# CLI benchmark: \`jujube status\`

Wall time of the whole command, JVM start included (\`launcher/target/jujube/bin/jujube status\`), with
200 units (100 wordpress and 100 mysql services, one unit each, all \`started\`, addresses and ports set)
and 100 relations, ZooKeeper in a separate local process. Goal: under 0.5 s.

| measured | $(date -u +%Y-%m-%d) on $(nproc) CPUs, $(java -version 2>&1 | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg) |
| --- | --- |
| \`jujube status\` (hyperfine, 3 warm-ups, 20 runs) | $mean |

Reproduce with \`bench/cli/run.sh\` (\`--no-build\` to reuse the built distribution; \`--classlist\` to record
the class list the build dumps the archive from).

## Where the time goes
System.nanoTime marks (since removed) in runs at load average 2, about 0.41 s in all: JVM start to
\`main\` 45 ms; picocli building the one command named and parsing 60 ms; reading environment.yaml
(Jackson YAML's first use) 30 ms; creating the connection 30-50 ms; connecting 5 ms; the reads 160 ms
(relations 40, exposed flags 20, units 50, services and their charms 45, machines 10: mostly YAML
parsing, of the 50 KB \`/topology\` once per call and of every node); rendering YAML 20 ms; closing 5 ms.
About 3,900 classes load, 83 of them from outside the class-data archive. C1 compiles about 1,800
methods (0.25 s of CPU), on the other core.

## What changed (0.705 s ± 0.049 s before, 2026-11-22)
Each step measured as interleaved A/B runs of the whole command (20 runs each, same environment, a
small Python driver timing fork to exit; load averages 2.4-7, so compare within a line):
1. Batched reads are ZooKeeper multi-reads (\`NodeBatch\` in jujube.state, 64 nodes a request, chunks
   pipelined). The server pays about 0.1 ms per request whatever its size: the 600 reads of the unit
   batch took 30-170 ms as pipelined single requests and 3-12 ms as 10 multi-reads.
2. The session is closed without waiting out ZooKeeper's fixed 100 ms sleep in its NIO socket
   cleanup: \`StateConnection.closeBeforeExit\` returns once the client's state turns CLOSED, that is
   once the server answered closeSession (so every earlier write of the session is applied and its
   ephemeral nodes are gone), and leaves the rest of the shutdown to a daemon thread that the exit ends.
3. picocli gets only the command the line names (all of them for usage and misspelt names): 46 ms of
   CPU less per run (\`status -e nosuch\`, which stops after parsing).
   Steps 1-3 with the same archive: 0.86 s -> 0.67 s (load 4-7).
4. ZooKeeper's client sets TLS defaults up on first use even for a plain connection
   (\`SSLContext.getDefault()\` in X509Util's static initializer: 40-100 ms here); \`Main\` starts that on
   a daemon thread (\`StateConnections.prepare()\`) so it overlaps picocli: 0.506 s -> 0.477 s.
5. The class-data archive is dumped by the launcher's build (\`-Xshare:dump\`) from a checked-in class
   list (\`launcher/src/main/cds/cli.classlist\`, recorded by \`run.sh --classlist\` on this environment)
   instead of being recorded (\`-XX:ArchiveClassesAtExit\`) by the first status run: 0.506 s -> 0.475 s.
   A static archive also holds picocli and slf4j (Java 5 class files, which JDK 17's dynamic archives
   skip: 270 classes); it covers a large environment whatever the first status sees (recorded on an
   empty environment, the dynamic archive left 480 classes out and cost 45 ms on this one); and no run
   pays about 1.5 s for recording. A JVM drops all class sharing when a static archive does not match,
   so bin/jujube maps it only in the directory it was dumped in; after a JDK upgrade, rebuild.
   Steps 4 and 5 together: 0.506 s -> 0.459 s (load 2.4-4.4).
6. (2026-11-24, machine B) The logging back-end binds on the prepare thread: slf4j 1.7 looks for
   its bindings by asking the class path for a resource, which opens every jar (about 50 ms of the main
   thread here); \`StateConnections.prepare\` now starts the thread first and lets it be the one to
   initialize the connection class (and with it slf4j). \`bin/jujube\` runs one C1 compiler thread
   (\`-XX:CICompilerCount=1\`) and a small young generation (\`-Xms24m -Xmn8m\`): on two cores a short
   command is CPU-bound, and a second compiler thread took CPU from the main one. The class list was
   re-recorded (classes added since, like \`SharedCaches\`, were loaded from their jars).
   Interleaved runs (15 each): 0.842 s (old flags) -> 0.767 s (one C1 thread) -> 0.692 s (all of step 6).

Tried and not kept: JVM flags \`-XX:-UsePerfData\`, lower or higher C1
thresholds (\`-XX:Tier3*\`): within the noise (30 runs each); G1 instead of Serial (only G1 maps the JDK's
archived heap objects): no better, so \`-XX:TieredStopAtLevel=1 -XX:+UseSerialGC\` stay. ZooKeeper's Netty
client has no close sleep, but needs netty-transport-classes-epoll (not in lib/cli) and was slower to
connect and read in a cold JVM; with step 2 it has nothing left to offer. \`-Djavax.net.ssl.trustStore=NONE\`
(skips parsing cacerts in that TLS set-up) saved 20-30 ms alone, but changes TLS for the whole JVM, and
step 4 hides most of that set-up. Reading environment.yaml without Jackson: its 30 ms are mostly
Jackson YAML's first use, which the topology's YAML would pay moments later. Reading without Curator:
after step 1, Curator's own start is a few ms; the connection's cost was ZooKeeper's TLS set-up.

Left as they are: every status call reads and parses \`/topology\` again (5 times per status, 5-9 ms
each once compiled); caching the decoded topology by node version would save about 25 ms, but
\`Topology\` is mutable by design. \`Topology.unit\`/\`unitName\` scan all services for each unit, which is
quadratic in large environments. Multi-reads need a ZooKeeper server of 3.6 or later.
MD
cat "$root/bench/cli/RESULTS.md"
