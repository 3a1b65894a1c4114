#!/bin/bash
# Runs LiveVsGoBench for two builds by turns, one JVM at a time (base then new, new then base, ...), so that both
# sides meet the same sittings of the machine: what docs/benchmarks.md calls "by turns". BASE and NEW are the
# compiled classes of the two builds (target/classes copied aside after `mvn compile` of each); the bench's own
# classes come from target/test-classes. Run from the repository root after `mvn -q test-compile` and
#   mvn -q dependency:build-classpath -Dmdep.outputFile=target/cp.txt
#
#   BASE=/tmp/base-classes NEW=/tmp/new-classes bench/turns.sh OUT PAIRS ROUNDS WORKLOADS PROCS
#   BASE=... NEW=... bench/turns.sh /tmp/turns 3 5 spawn,tree 1,2
#   bench/livevsgo.py 'base=/tmp/turns/base-*.txt' 'new=/tmp/turns/new-*.txt'
set -e
[ $# -eq 5 ] && [ -d "$BASE" ] && [ -d "$NEW" ] || { sed -n '2,10p' "$0" >&2; exit 2; }
out=$1; pairs=$2; rounds=$3; workloads=$4; procs=$5
mkdir -p "$out"
deps=$(cat target/cp.txt)
run() {   # run NAME CLASSES
    java -Xmx4g -Xmn2g -Dgmplab.bench.quiet=10 -Dgmplab.bench.java=false -cp "target/test-classes:$2:$deps" \
        org.gmplab.bench.LiveVsGoBench "$rounds" "$workloads" "$procs" > "$out/$1.txt" 2>&1
}
for i in $(seq "$pairs"); do
    if [ $((i % 2)) = 1 ]; then run "base-$i" "$BASE"; run "new-$i" "$NEW"; else run "new-$i" "$NEW"; run "base-$i" "$BASE"; fi
    echo "pair $i done $(date +%T)"
done
