#!/bin/sh
# Runs the /topology benchmark (bundles/jujube.state.curator, src/test/java/jujube/state/bench/TopologyBench.java)
# against an in-process ZooKeeper. Results: bench/state/RESULTS.md.
# Arguments are JVM options, for the harness's properties: -Dbench.scale=false skips the 20,000-unit
# phases, -Dbench.base=false the comparison phases, -Dbench.scaleUnits=N and -Dbench.scaleRelations=N
# size the scale phases (20,000 and 5,000).
set -e
CDPATH= cd -- "$(dirname "$0")/../.."
# the reactor builds the state bundle's dependencies (they are not installed) and writes its class path
mvn -q -B -o -pl bundles/jujube.state.curator -am -DskipTests package dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/bench.classpath
state=bundles/jujube.state.curator/target
exec java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn "$@" \
  -cp "$state/test-classes:$state/classes:$(cat "$state/bench.classpath")" jujube.state.bench.TopologyBench
