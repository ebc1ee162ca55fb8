# Sourced by run.sh and compare.sh (POSIX sh, from the project's root, with $root set): starts the
# environment they measure, a ZooKeeper server holding 200 units and 100 relations (BENCH_PAIRS pairs of
# services; BENCH_LAYOUT=one-service: one service of 2 * BENCH_PAIRS - 1 units and its database), and exports
# JUJUBE_HOME for it. The server lives while file descriptor 3 stays open; the EXIT trap closes it and
# removes $work, the scratch directory this makes.
work=$(mktemp -d)
fifo="$work/in"
mkfifo "$fifo"
trap 'exec 3>&-; wait 2>/dev/null; rm -rf "$work"' EXIT INT TERM
# the class path the launcher's build records its class lists with (jujube.cli's test classes and their
# dependencies): written by that build, as the distribution measured is
classpath="$root/launcher/target/bench-environment.classpath"
[ -f "$classpath" ] || { echo "no $classpath: build the distribution (mvn -o -DskipTests package -pl launcher -am)" >&2; exit 1; }
java -Djava.io.tmpdir="$work" -cp "$(cat "$classpath")" \
  -Dorg.slf4j.simpleLogger.defaultLogLevel=warn jujube.cli.bench.StatusBenchEnvironment \
  "$work/home" "$root/examples/charms" "${BENCH_PAIRS:-100}" "${BENCH_LAYOUT:-pairs}" <"$fifo" >"$work/env.log" 2>&1 &
exec 3>"$fifo"
while ! grep -q READY "$work/env.log" 2>/dev/null; do
  kill -0 $! 2>/dev/null || { cat "$work/env.log"; exit 1; }
  sleep 0.2
done
export JUJUBE_HOME="$work/home"
