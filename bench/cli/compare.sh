#!/bin/sh
# Interleaved A/B of `jujube status` between two built distributions, against one environment of 200 units
# and 100 relations (the one run.sh measures). On a host whose speed drifts from one quarter of an hour to
# the next, runs of A and B alternated (ABBA...) compare where two separate run.sh figures cannot.
#   bench/cli/compare.sh DIST_A DIST_B [RUNS]     (DIST_*: a launcher/target/jujube copied elsewhere, or that)
# A distribution's class-data archives match only the directory they were dumped in, so each copy gets its
# archives dumped again here from the class lists its build recorded (lib/cds; bin/jujube would otherwise run
# it without them). Prints the medians.
set -eu
[ $# -ge 2 ] || { echo "usage: bench/cli/compare.sh DIST_A DIST_B [RUNS]" >&2; exit 2; }
root=$(CDPATH= cd -- "$(dirname "$0")/../.." && pwd)
runs=${3:-30}
for dist in "$1" "$2"; do
  [ -x "$dist/bin/jujube" ] || { echo "compare.sh: $dist/bin/jujube is not a distribution's command" >&2; exit 2; }
done
a=$(cd "$1" && pwd) b=$(cd "$2" && pwd)
for dist in "$a" "$b"; do
  dumped=$(cat "$dist/lib/cli.jsa.dist" 2>/dev/null || true)
  if [ "$dumped" != "$dist" ]; then
    [ -f "$dist/lib/cds/status.classlist" ] || { echo "compare.sh: $dist has no lib/cds to dump its archives from" >&2; exit 2; }
    for archive in cli status; do
      jsa="$dist/lib/cli.jsa"
      [ $archive = cli ] || jsa="$dist/lib/cli-$archive.jsa"
      rm -f "$jsa"
      java -Xshare:dump -XX:+UseSerialGC -XX:SharedClassListFile="$dist/lib/cds/$archive.classlist" \
        -XX:SharedArchiveFile="$jsa" -cp "$dist/lib/cli/*" >/dev/null 2>&1
    done
    echo "$dist" > "$dist/lib/cli.jsa.dist"
  fi
done

cd "$root"
. "$root/bench/cli/environment.sh"

python3 - "$a" "$b" "$runs" <<'PY'
import resource, statistics, subprocess, sys, time
a, b, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
times = {a: [], b: []}
cpu = {a: [], b: []}  # user + system time of the command: less moved by the host's other load than wall time
def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime
for i in range(runs + 2):  # the first two rounds warm the server and the page cache
    for dist in ((a, b) if i % 2 == 0 else (b, a)):
        start, start_cpu = time.perf_counter(), children_cpu()
        subprocess.run([dist + "/bin/jujube", "status", "-e", "bench"], stdout=subprocess.DEVNULL, check=True)
        if i >= 2:
            times[dist].append(time.perf_counter() - start)
            cpu[dist].append(children_cpu() - start_cpu)
for name, dist in (("A", a), ("B", b)):
    t = sorted(times[dist])
    print("%s %s: median %.3f s, mean %.3f s, min %.3f s, p90 %.3f s, CPU median %.3f s (%d runs)"
          % (name, dist, statistics.median(t), statistics.mean(t), t[0], t[int(len(t) * 0.9)],
             statistics.median(cpu[dist]), len(t)))
PY
