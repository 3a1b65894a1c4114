package org.gmplab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.gmplab.engine.Engine;
import org.gmplab.engine.Outcome;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.ScenarioFiles;

/**
 * What a live run spends outside {@code main.main}: from the engine's start to {@code main.main} (M0's thread,
 * sysmon's, runtime.main's goroutines and the Ms its {@code lockOSThread} hands P0 to) and from {@code main.main}'s
 * return to the engine's end, the span {@code LiveVsGoBench}'s headline ratio counts and Go's own figure leaves out
 * (docs/benchmarks.md, "Round 15"). The runs come back to back, or {@code GAP_MS} apart with the JVM idle between
 * them, as it is in {@code LiveVsGoBench} while Go's program and Java's executors run (docs/benchmarks.md, "Round 16").
 *
 * <pre>
 * java -Xmx4g -Xmn2g -cp target/test-classes:target/classes:$(cat target/cp.txt) org.gmplab.bench.LiveBootBench [WORKLOAD [RUNS [GAP_MS]]]
 *     # default syscall 40 0: bench/go/WORKLOAD/gmplab.go at p = 1 and 2, 60 warm-up runs each
 * </pre>
 */
public final class LiveBootBench {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int WARMUPS = 60;

    public static void main(String[] args) throws Exception {
        String workload = args.length > 0 ? args[0] : "syscall";
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 40;
        long gapMillis = args.length > 2 ? Long.parseLong(args[2]) : 0;
        for (int p : new int[] {1, 2}) {
            Scenario sc = ScenarioFiles.load(Path.of("bench/go", workload, "gmplab.go")).withGomaxprocs(p);
            for (int i = 0; i < WARMUPS; i++) run(sc);
            double[] outside = new double[runs], total = new double[runs], threads = new double[runs];
            for (int r = 0; r < runs; r++) {
                Thread.sleep(gapMillis);
                long n0 = THREADS.getTotalStartedThreadCount();
                long[] spans = run(sc);
                total[r] = spans[0] / 1e6;
                outside[r] = (spans[0] - spans[1]) / 1e6;
                threads[r] = THREADS.getTotalStartedThreadCount() - n0;
            }
            System.out.printf("%s p=%d, %d runs %d ms apart: outside main.main median %.2f ms (p25 %.2f, p75 %.2f); the run %.1f ms; threads %.0f%n",
                    workload, p, runs, gapMillis, quantile(outside, .5), quantile(outside, .25), quantile(outside, .75), quantile(total, .5),
                    quantile(threads, .5));
        }
    }

    /** One live run to its end: its wall time from the engine's start to its end, as LiveVsGoBench times it, and main.main's own (ns). */
    static long[] run(Scenario sc) throws InterruptedException {
        long t0 = System.nanoTime();
        try (Engine e = Engine.live(sc, 1, false)) {
            Outcome o = e.awaitEnd(5, TimeUnit.MINUTES);
            long nanos = System.nanoTime() - t0;
            if (o == null || o.kind() != Outcome.Kind.EXITED) throw new IllegalStateException(sc.name() + " failed: " + o);
            return new long[] {nanos, e.mainMainNanos()};
        }
    }

    /** The {@code q} quantile of {@code x} (not sorted), the nearest rank. */
    static double quantile(double[] x, double q) {
        double[] s = x.clone();
        Arrays.sort(s);
        return s[(int) Math.round(q * (s.length - 1))];
    }
}
