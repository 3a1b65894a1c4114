package org.gmplab.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;

/**
 * Live channel ping-pong alone (issue #19: ≤ 150 ns per switch at p = 1 and 2), warm, several runs in one JVM,
 * with the figures that do not depend much on the machine's load beside the wall time: the CPU time, the bytes
 * allocated and the context switches of the engine's threads (its Ms, sysmon included), per switch.
 *
 * <p>The program is {@code bench/go/pingpong/gmplab.go}'s, but main sleeps once the pinger is done, so that the Ms
 * are still alive to be asked (a thread's counters go with it); the pinger's exit ends the timing. The counts
 * include the engine's start (a millisecond or so: nothing beside a million switches).
 *
 * <pre>
 * java -cp target/test-classes:target/classes:$(cat target/cp.txt) org.gmplab.bench.PingPongBench [ROUNDS [RUNS [PROCS]]]
 * </pre>
 * ROUNDS round trips (two switches each; default 500,000), RUNS timed runs per p after two warm-up runs (default
 * 5), PROCS a comma-separated list of GOMAXPROCS (default 1,2), run by turns.
 */
public final class PingPongBench {
    private static final com.sun.management.ThreadMXBean MX = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /**
     * One run: per switch, wall ns, CPU ns of the engine's threads, bytes they allocated, their context switches, and
     * how often {@code sched.lock} was taken (wakep takes it on a ready unless an M is already spinning).
     */
    record Run(double wallNs, double cpuNs, double bytes, double voluntary, double involuntary, double schedLock) { }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 500_000;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int[] procs = args.length > 2 ? Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt).toArray() : new int[] {1, 2};
        System.out.printf("ping-pong, %,d round trips (%,d switches) a run, load average %s%n", rounds, 2L * rounds, loadAverage());
        for (int w = 0; w < 2; w++) for (int p : procs) run(rounds, p);   // warm-up: the JIT compiles the engine's paths
        List<List<Run>> results = new ArrayList<>();
        for (int p : procs) results.add(new ArrayList<>());
        for (int r = 0; r < runs; r++) {
            for (int i = 0; i < procs.length; i++) {
                Run x = run(rounds, procs[i]);
                results.get(i).add(x);
                System.out.printf("p=%d  %7.1f ns/switch wall  %6.1f CPU ns  %6.2f B  %.3f + %.3f ctx switches  %.3f sched.lock%n",
                        procs[i], x.wallNs, x.cpuNs, x.bytes, x.voluntary, x.involuntary, x.schedLock);
            }
        }
        System.out.printf("load average %s%n", loadAverage());
        System.out.println("| p | wall ns per switch, median (min–max) | CPU ns per switch | bytes allocated per switch | context switches per switch (voluntary + involuntary) | sched.lock per switch |");
        System.out.println("|---|---|---|---|---|---|");
        for (int i = 0; i < procs.length; i++) {
            List<Run> rs = results.get(i);
            System.out.printf("| %d | %.0f (%.0f–%.0f) | %.0f (%.0f–%.0f) | %.2f | %.3f + %.3f | %.2f |%n", procs[i],
                    median(rs, Run::wallNs), min(rs, Run::wallNs), max(rs, Run::wallNs),
                    median(rs, Run::cpuNs), min(rs, Run::cpuNs), max(rs, Run::cpuNs),
                    median(rs, Run::bytes), median(rs, Run::voluntary), median(rs, Run::involuntary), median(rs, Run::schedLock));
        }
    }

    static Run run(int rounds, int p) throws Exception {
        Scenario sc = org.gmplab.engine.PingPongProgram.of(p, rounds);
        CountDownLatch pingerExited = new CountDownLatch(1); // the only goroutine that ever exits
        long t0 = System.nanoTime();
        try (Engine e = Engine.live(sc, 1, false, goid -> pingerExited.countDown())) {
            if (!pingerExited.await(10, TimeUnit.MINUTES)) throw new IllegalStateException("the ping-pong did not end");
            long wall = System.nanoTime() - t0;
            long cpu = 0, bytes = 0, vol = 0, invol = 0;
            List<String> names = new ArrayList<>();
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (!t.getName().matches("M\\d+")) continue;
                cpu += MX.getThreadCpuTime(t.getId());
                bytes += MX.getThreadAllocatedBytes(t.getId());
                names.add(t.getName());
            }
            long[] cs = contextSwitches(names);
            long locks = e.snapshotStopped(false).lock().acquisitions();
            double n = 2.0 * rounds;
            return new Run(wall / n, cpu / n, bytes / n, cs[0] / n, cs[1] / n, locks / n);
        }
    }

    /** Voluntary and involuntary context switches of this process's threads named in {@code names} (Linux: /proc/self/task). */
    private static long[] contextSwitches(List<String> names) throws IOException {
        long[] out = new long[2];
        Path tasks = Path.of("/proc/self/task");
        if (!Files.isDirectory(tasks)) return out;
        try (var ds = Files.newDirectoryStream(tasks)) {
            for (Path task : ds) {
                try {
                    if (!names.contains(Files.readString(task.resolve("comm")).strip())) continue;
                    for (String line : Files.readAllLines(task.resolve("status"))) {
                        if (line.startsWith("voluntary_ctxt_switches:")) out[0] += Long.parseLong(line.split("\\s+")[1]);
                        if (line.startsWith("nonvoluntary_ctxt_switches:")) out[1] += Long.parseLong(line.split("\\s+")[1]);
                    }
                } catch (IOException gone) {
                    // the thread ended meanwhile
                }
            }
        }
        return out;
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "?";
        }
    }

    private static double median(List<Run> rs, java.util.function.ToDoubleFunction<Run> f) {
        double[] xs = rs.stream().mapToDouble(f).sorted().toArray();
        int n = xs.length;
        return n % 2 == 1 ? xs[n / 2] : (xs[n / 2 - 1] + xs[n / 2]) / 2;
    }

    private static double min(List<Run> rs, java.util.function.ToDoubleFunction<Run> f) { return rs.stream().mapToDouble(f).min().orElse(Double.NaN); }

    private static double max(List<Run> rs, java.util.function.ToDoubleFunction<Run> f) { return rs.stream().mapToDouble(f).max().orElse(Double.NaN); }
}
