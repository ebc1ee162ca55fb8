#!/bin/sh
# What starting a hook costs through posix_spawn and through the JDK's ProcessBuilder and the session
# leader (the ProcessSpawners of jujube.hooks.posixspawn and jujube.process), three interleaved rounds of 600
# hooks. See SpawnWaysBench.
set -eu
root=$(CDPATH= cd -- "$(dirname "$0")/../.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# one reactor, so that the posixspawn module finds jujube.process' jars; its class path, written last, wins
mvn -q -B -o -pl bundles/jujube.process,bundles/jujube.hooks.posixspawn -DskipTests package dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile="$work/cp" >/dev/null
for round in 1 2 3; do
  java --add-modules jdk.incubator.foreign --enable-native-access=ALL-UNNAMED \
    -Djdk.lang.Process.launchMechanism=VFORK -XX:+UseSerialGC -XX:TieredStopAtLevel=1 \
    -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
    -cp "bundles/jujube.hooks.posixspawn/target/test-classes:bundles/jujube.hooks.posixspawn/target/classes:$(cat "$work/cp")" \
    jujube.process.internal.SpawnWaysBench "$work" 600 2>&1 | grep -v "incubator modules"
done
