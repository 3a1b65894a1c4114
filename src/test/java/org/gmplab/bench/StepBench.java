package org.gmplab.bench;

import java.util.Arrays;

import org.gmplab.engine.Costs;
import org.gmplab.engine.Engine;
import org.gmplab.engine.program.Scenario;

/**
 * Step mode as shipped: events per second of whole runs with the invariant checks the shipped paths keep
 * ({@link Engine.Checks#SAMPLED}), beside the same run with no checks ({@link Engine.Checks#OFF}, the bare
 * engine) and, for the small worlds, with the full check at every safe point ({@link Engine.Checks#EVERY}, what
 * every path did before), alternating in one JVM. The program: main starts N goroutines of 20 µs of work each
 * and waits for them on a wait group ({@code ScenarioBench.spawnWork}).
 *
 * <p>Arguments: {@code [goroutines,… [gomaxprocs,… [reps]]]}, default {@code 1000,10000,100000,1000000
 * 1,8,64,256 1}; the every-safe-point column is measured only up to {@value #EVERY_UP_TO} goroutines (it is
 * quadratic). Run: see docs/benchmarks.md.
 */
public final class StepBench {
    static final int EVERY_UP_TO = 10_000;

    public static void main(String[] args) {
        int[] ns = args.length > 0 ? ints(args[0]) : new int[] {1_000, 10_000, 100_000, 1_000_000};
        int[] ps = args.length > 1 ? ints(args[1]) : new int[] {1, 8, 64, 256};
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        // warm-up: a small world through every setting
        for (Engine.Checks c : Engine.Checks.values()) for (int i = 0; i < 3; i++) run(ScenarioBench.spawnWork(2000, 20_000, 4), c);
        System.out.println("| goroutines | GOMAXPROCS | events | as shipped (sampled checks): events/s | no checks: events/s | ratio | full check at every safe point: events/s |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (int n : ns) {
            for (int p : ps) {
                Scenario sc = ScenarioBench.spawnWork(n, 20_000, p);
                double[] sampled = new double[reps], off = new double[reps], every = new double[reps];
                long events = 0;
                for (int i = 0; i < reps; i++) {
                    long[] r = run(sc, Engine.Checks.SAMPLED);
                    events = r[0];
                    sampled[i] = r[0] / (r[1] / 1e9);
                    r = run(sc, Engine.Checks.OFF);
                    off[i] = r[0] / (r[1] / 1e9);
                    if (n <= EVERY_UP_TO) {
                        r = run(sc, Engine.Checks.EVERY);
                        every[i] = r[0] / (r[1] / 1e9);
                    }
                }
                double ms = median(sampled), mo = median(off);
                System.out.printf("| %,d | %d | %,d | %,.0f | %,.0f | %.2f | %s |%n", n, p, events, ms, mo, ms / mo,
                        n <= EVERY_UP_TO ? String.format("%,.0f", median(every)) : "—");
            }
        }
    }

    /** One whole run: {events, wall ns}. */
    private static long[] run(Scenario sc, Engine.Checks checks) {
        long t0 = System.nanoTime();
        try (Engine e = Engine.step(sc, Costs.DEFAULT, checks)) {
            e.runUntil(Long.MAX_VALUE, ev -> false, ev -> { });   // as `gmplab run` does: events handed on, not kept
            if (e.outcome() == null) throw new IllegalStateException("the run did not end");
            return new long[] {e.eventCount(), System.nanoTime() - t0};
        }
    }

    private static int[] ints(String csv) { return Arrays.stream(csv.split(",")).mapToInt(Integer::parseInt).toArray(); }

    private static double median(double[] xs) {
        double[] c = xs.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }
}
