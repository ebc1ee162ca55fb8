#!/bin/sh
# The hook queue's saves against the size of a relation (bundles/jujube.workflow,
# src/test/java/jujube/workflow/bench/): QueueDrainBench drains one unit's queue after n remote units
# joined at once; QueueCycleBench times one hook's queue steps (enqueue, next, executed, commit) with n
# changes pending. Both on the disk under DIR (default: this checkout's target directory) with every
# fsync. Results: bench/queue/RESULTS.md.   bench/queue/run.sh [DIR]
set -e
CDPATH= cd -- "$(dirname "$0")/../.."
MODULE=bundles/jujube.workflow
mvn -q -B -o -pl "$MODULE" -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
CP="$MODULE/target/test-classes:$MODULE/target/classes:$(cat "$MODULE/target/bench.classpath")"
java -XX:+UseSerialGC -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$CP" \
  jujube.workflow.bench.QueueDrainBench "${1:-$MODULE/target}"
echo
exec java -XX:+UseSerialGC -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$CP" \
  jujube.workflow.bench.QueueCycleBench "${1:-$MODULE/target}"
