#!/bin/sh
# Adds the current build of every released bundle to cnf/release/, the Maven repository each bundle's
# build is baselined against, and records which bundle versions make the distribution. Run it on a
# release build: the version properties in ../pom.xml without -SNAPSHOT, built (mvn install). See README.md.
set -eu
CDPATH= cd -- "$(dirname -- "$0")/.."

repo=cnf/release
group=jujube
# it only wraps and re-exports ZooKeeper and Curator, whose versions it carries (README.md)
unreleased=" jujube.lib.coordination "

property() { # the value of a property of the root pom
    sed -n "s|^ *<$1>\(.*\)</$1>.*|\1|p" pom.xml
}
fail() {
    echo "cnf/release.sh: $*" >&2
    exit 1
}

dist=$(property jujube.dist.version)
case $dist in '' | *-SNAPSHOT) fail "jujube.dist.version is '$dist': a release has a release version" ;; esac
record=$repo/distribution-$dist.properties
[ ! -e "$record" ] || fail "distribution $dist is already released ($record)"

list=$(mktemp)
trap 'rm -f "$list"' EXIT
for module in bundles/*/; do
    a=$(basename "$module")
    [ -f "$module/bnd.bnd" ] || continue # not a bundle (jujube.testkit)
    case $unreleased in *" $a "*) continue ;; esac
    v=$(property "$a.version")
    case $v in '' | *-SNAPSHOT) fail "$a.version is '$v': set the release's versions (no -SNAPSHOT) and build" ;; esac
    jar=$module/target/$a-$v.jar
    [ -f "$jar" ] || fail "$jar is missing: build the release first (mvn install -DskipTests)"
    dir=$repo/$group/$a/$v
    echo "$a=$v" >>"$list"
    if [ -f "$dir/$a-$v.jar" ]; then
        # a bundle unchanged since an earlier distribution keeps its release; a release is never rebuilt
        cmp -s "$jar" "$dir/$a-$v.jar" || fail "$a $v is released with other content: raise its version"
        continue
    fi
    mkdir -p "$dir"
    cp "$jar" "$dir/$a-$v.jar"
    cat >"$dir/$a-$v.pom" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <!-- released in distribution $dist; kept as the baseline of the next bundle versions -->
  <modelVersion>4.0.0</modelVersion>
  <groupId>$group</groupId>
  <artifactId>$a</artifactId>
  <version>$v</version>
</project>
EOF
    versions=$(find "$repo/$group/$a" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort -V)
    latest=$(echo "$versions" | tail -n 1)
    {
        echo '<?xml version="1.0" encoding="UTF-8"?>'
        echo '<metadata>'
        echo "  <groupId>$group</groupId>"
        echo "  <artifactId>$a</artifactId>"
        echo '  <versioning>'
        echo "    <latest>$latest</latest>"
        echo "    <release>$latest</release>"
        echo '    <versions>'
        echo "$versions" | sed 's|.*|      <version>&</version>|'
        echo '    </versions>'
        echo "    <lastUpdated>$(date -u +%Y%m%d%H%M%S)</lastUpdated>"
        echo '  </versioning>'
        echo '</metadata>'
    } >"$repo/$group/$a/maven-metadata.xml"
    for f in "$dir/$a-$v.jar" "$dir/$a-$v.pom" "$repo/$group/$a/maven-metadata.xml"; do
        sha1sum "$f" | cut -d' ' -f1 >"$f.sha1"
    done
    echo "released $a $v"
done
{
    echo "# distribution $dist: the version of each bundle it holds"
    cat "$list"
} >"$record"
echo "recorded distribution $dist in $record"
