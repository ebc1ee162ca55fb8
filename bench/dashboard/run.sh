#!/usr/bin/env bash
# The dashboard page at scale in headless Chromium (DashboardPageBench): load and per-diff cost at N units.
# Usage: bench/dashboard/run.sh [UNITS=1000] [DIFFS=50]. Needs chromium and chromium-driver.
set -euo pipefail
CDPATH= cd -- "$(dirname "$0")/../.."
mvn_args=(-B -ntp -q ${MAVEN_REPO_LOCAL:+-Dmaven.repo.local=$MAVEN_REPO_LOCAL})
mvn "${mvn_args[@]}" -o test-compile -pl itests
mvn "${mvn_args[@]}" -o dependency:build-classpath -pl itests -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
java -cp "itests/target/test-classes:$(cat itests/target/bench.classpath)" jujube.itests.DashboardPageBench \
  "${1:-1000}" "${2:-50}" bundles/jujube.dashboard/src/main/resources/web
# the controller's part of one change, without the state's read
mvn "${mvn_args[@]}" -o test-compile dependency:build-classpath -pl bundles/jujube.dashboard \
  -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
java -cp "bundles/jujube.dashboard/target/test-classes:bundles/jujube.dashboard/target/classes:$(cat bundles/jujube.dashboard/target/bench.classpath)" \
  jujube.dashboard.internal.EnvironmentViewBench "${1:-1000}"
