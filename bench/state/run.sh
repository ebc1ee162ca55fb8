#!/bin/sh
# Runs the /topology benchmark (bundles/jujube.state, src/test/java/jujube/state/bench/TopologyBench.java)
# against an in-process ZooKeeper. Results: bench/state/RESULTS.md.
set -e
CDPATH= cd -- "$(dirname "$0")/../.."
exec mvn -q -B -o -pl bundles/jujube.state test-compile exec:java \
  -Dexec.classpathScope=test -Dexec.mainClass=jujube.state.bench.TopologyBench -Dexec.cleanupDaemonThreads=false \
  -Dorg.slf4j.simpleLogger.defaultLogLevel=warn
