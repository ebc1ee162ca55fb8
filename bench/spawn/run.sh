#!/bin/sh
# The cost of starting a process from a JVM against the descriptors it holds (see SpawnCost.java),
# with the launch mechanism of bin/jujube-agent. Three rounds of 10, 100 and 300 descriptors.
set -eu
CDPATH= cd -- "$(dirname "$0")"
for round in 1 2 3; do
  for descriptors in 10 100 300; do
    java -Djdk.lang.Process.launchMechanism=VFORK -XX:+UseSerialGC SpawnCost.java "$descriptors" 400
  done
done
