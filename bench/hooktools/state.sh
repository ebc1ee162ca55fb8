#!/bin/sh
# What the state costs the hook tools of today's charms (is-leader, relation-get --app, status-set,
# leader-set) beside relation-get, each call against an in-process ZooKeeper:
# bundles/jujube.state.curator/src/test/java/jujube/state/bench/HookToolStateBench.java.
# Arguments are JVM options: -Dbench.calls=N (2,000). Results: bench/hooktools/RESULTS.md.
set -e
CDPATH= cd -- "$(dirname "$0")/../.."
mvn -q -B -o -pl bundles/jujube.state.curator -am -DskipTests package dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/bench.classpath
state=bundles/jujube.state.curator/target
exec java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  -Dzookeeper.authProvider.jujube=jujube.zookeeper.auth.GroupAuthenticationProvider "$@" \
  -cp "$state/test-classes:$state/classes:$(cat "$state/bench.classpath")" jujube.state.bench.HookToolStateBench
