#!/bin/sh
# Runs the unit agent measures (bundles/jujube.agent.unit, src/test/java/jujube/agent/unit/internal/UnitAgentBench.java):
# heap per hosted unit agent (1 and 50 in one JVM) and the time for 50 agents to synchronize after a
# restart, against an in-process ZooKeeper, in a JVM of its own so the heap figures are the agents'.
# Results: bench/unitagent/RESULTS.md. bench/unitagent/run.sh [UNITS] hosts UNITS agents instead of 50.
set -e
CDPATH= cd -- "$(dirname "$0")/../.."
MODULE=bundles/jujube.agent.unit
mvn -q -B -o -pl "$MODULE" -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
exec java -XX:+UseSerialGC -Xmx512m -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -Djujube.bench.units="${1:-50}" \
  -cp "$MODULE/target/test-classes:$MODULE/target/classes:$(cat "$MODULE/target/bench.classpath")" \
  jujube.agent.unit.internal.UnitAgentBench
