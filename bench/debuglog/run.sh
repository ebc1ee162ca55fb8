#!/bin/sh
# What publishing every agent's records to the debug log always costs a hook and ZooKeeper, against an
# in-process ZooKeeper: bundles/jujube.state.curator/src/test/java/jujube/state/bench/DebugLogPublishBench.java.
# Arguments are JVM options: -Dbench.hooks=N (400), -Dbench.flood=N (100,000). Results: bench/debuglog/RESULTS.md.
set -e
CDPATH= cd -- "$(dirname "$0")/../.."
mvn -q -B -o -pl bundles/jujube.state.curator -am -DskipTests package dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/bench.classpath $MVN_ARGS
state=bundles/jujube.state.curator/target
exec java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  -Dzookeeper.authProvider.jujube=jujube.zookeeper.auth.GroupAuthenticationProvider "$@" \
  -cp "$state/test-classes:$state/classes:$(cat "$state/bench.classpath")" jujube.state.bench.DebugLogPublishBench
