package org.gmplab.bench;

import java.util.Arrays;

import org.gmplab.engine.Costs;
import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;

/**
 * Step mode as shipped: events per second of whole runs with the invariant checks the shipped paths keep
 * ({@link Engine.Checks#SAMPLED}), beside the same run with no checks ({@link Engine.Checks#OFF}, the bare
 * engine) and, for the small worlds, with the full check at every safe point ({@link Engine.Checks#EVERY}, what
 * every path did before), alternating in one JVM. The program: main starts N goroutines of 20 µs of work each
 * and waits for them on a wait group ({@code ScenarioBench.spawnWork}).
 *
 * <p>Each cell repeats whole runs until it has at least {@value #MIN_EVENTS} events (a short run alone is
 * mostly noise on a shared machine) and gives events per second of wall time and per second of the process's
 * CPU time (all threads), which depends much less on what else runs on the machine.
 *
 * <p>Arguments: {@code [goroutines,… [gomaxprocs,…]]}, default {@code 1000,10000,100000,1000000 1,8,64,256};
 * the every-safe-point column is measured only up to {@value #EVERY_UP_TO} goroutines (it is quadratic).
 * Run: see docs/benchmarks.md.
 */
public final class StepBench {
    static final int EVERY_UP_TO = 10_000;
    static final long MIN_EVENTS = 200_000;
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();

    public static void main(String[] args) {
        int[] ns = args.length > 0 ? ints(args[0]) : new int[] {1_000, 10_000, 100_000, 1_000_000};
        int[] ps = args.length > 1 ? ints(args[1]) : new int[] {1, 8, 64, 256};
        // warm-up: a small world through every setting
        for (Engine.Checks c : Engine.Checks.values()) for (int i = 0; i < 3; i++) run(ScenarioBench.spawnWork(2000, 20_000, 4), c);
        System.out.println("| goroutines | GOMAXPROCS | events a run | as shipped (sampled checks): events/s wall, per CPU s | no checks: events/s wall, per CPU s | ratio (wall, CPU) | full check at every safe point: events/s wall, per CPU s |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (int n : ns) {
            for (int p : ps) {
                Scenario sc = ScenarioBench.spawnWork(n, 20_000, p);
                long[] sampled = new long[3], off = new long[3], every = new long[3];
                long perRun = 0;
                while (sampled[0] < MIN_EVENTS || off[0] < MIN_EVENTS) {   // alternating, so both see the same load
                    long[] r = run(sc, Engine.Checks.SAMPLED);
                    perRun = r[0];
                    add(sampled, r);
                    add(off, run(sc, Engine.Checks.OFF));
                    if (n <= EVERY_UP_TO && every[0] < MIN_EVENTS / 20) add(every, run(sc, Engine.Checks.EVERY));
                }
                System.out.printf("| %,d | %d | %,d | %s | %s | %.2f, %.2f | %s |%n", n, p, perRun,
                        rates(sampled), rates(off), wall(sampled) / wall(off), cpu(sampled) / cpu(off), every[0] > 0 ? rates(every) : "—");
            }
        }
    }

    private static void add(long[] totals, long[] run) { for (int i = 0; i < 3; i++) totals[i] += run[i]; }
    private static double wall(long[] t) { return t[0] / (t[1] / 1e9); }
    private static double cpu(long[] t) { return t[0] / (t[2] / 1e9); }
    private static String rates(long[] t) { return String.format("%,.0f, %,.0f", wall(t), cpu(t)); }

    /** One whole run: {events, wall ns, process CPU ns}. */
    private static long[] run(Scenario sc, Engine.Checks checks) {
        long t0 = System.nanoTime(), c0 = OS.getProcessCpuTime();
        try (Engine e = Engine.step(sc, Costs.DEFAULT, checks)) {
            e.runUntil(Long.MAX_VALUE, ev -> false, ev -> { });   // as `gmplab run` does: events handed on, not kept
            if (e.outcome() == null) throw new IllegalStateException("the run did not end");
            return new long[] {e.eventCount(), System.nanoTime() - t0, OS.getProcessCpuTime() - c0};
        }
    }

    private static int[] ints(String csv) { return Arrays.stream(csv.split(",")).mapToInt(Integer::parseInt).toArray(); }
}
