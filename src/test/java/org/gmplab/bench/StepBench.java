package org.gmplab.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;

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
 * <p>Each cell repeats whole runs until it has at least {@code -Dbench.minEvents} events (default
 * {@value #MIN_EVENTS}: a short run alone is mostly noise on a shared machine) and gives events per second of
 * wall time and per second of the process's CPU time (all threads), which depends much less on what else runs
 * on the machine. For the shipped setting it also gives the <em>steady state</em>: each run is timed again from
 * its {@value #STEADY_FROM}th event to its end, which leaves out building the engine (its threads, a world of N
 * goroutines' worth of queues) and its first events; and the voluntary context switches of all the process's
 * threads per event over that part (from {@code /proc/self/task/*}{@code /status}), the hand-offs of step mode's
 * token between engine threads, which do not depend on the load. The goal, events per second "at 1,000
 * goroutines", means the steady state: a whole run of 1,000 goroutines is 4,000 events, and in a cold JVM (one
 * {@code gmplab run}) its start-up, class loading and compilation take longer than those events.
 *
 * <p>Arguments: {@code [goroutines,… [gomaxprocs,…]]}, default {@code 1000,10000,100000,1000000 1,8,64,256};
 * the every-safe-point column is measured only up to {@value #EVERY_UP_TO} goroutines (it is quadratic), and
 * not at all with {@code -Dbench.every=false}. Run: see docs/benchmarks.md.
 */
public final class StepBench {
    static final int EVERY_UP_TO = 10_000;
    static final long MIN_EVENTS = Long.getLong("bench.minEvents", 200_000);
    static final boolean EVERY = Boolean.parseBoolean(System.getProperty("bench.every", "true"));
    /** The steady state is timed from this event of each run on. */
    static final long STEADY_FROM = 200;
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();

    public static void main(String[] args) {
        int[] ns = args.length > 0 ? ints(args[0]) : new int[] {1_000, 10_000, 100_000, 1_000_000};
        int[] ps = args.length > 1 ? ints(args[1]) : new int[] {1, 8, 64, 256};
        // warm-up: a small world through every setting
        for (Engine.Checks c : Engine.Checks.values())
            if (EVERY || c != Engine.Checks.EVERY) for (int i = 0; i < 3; i++) run(ScenarioBench.spawnWork(2000, 20_000, 4), c);
        System.out.println("| goroutines | GOMAXPROCS | events a run | as shipped (sampled checks), whole runs: events/s wall, per CPU s | as shipped, steady state: events/s wall, per CPU s | voluntary context switches per event (steady state) | no checks, whole runs: events/s wall, per CPU s | ratio shipped / no checks (wall, CPU) | full check at every safe point: events/s wall, per CPU s |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        for (int n : ns) {
            for (int p : ps) {
                Scenario sc = ScenarioBench.spawnWork(n, 20_000, p);
                long[] sampled = new long[7], off = new long[7], every = new long[7];
                long perRun = 0;
                while (sampled[0] < MIN_EVENTS || off[0] < MIN_EVENTS) {   // alternating, so both see the same load
                    long[] r = run(sc, Engine.Checks.SAMPLED);
                    perRun = r[0];
                    add(sampled, r);
                    add(off, run(sc, Engine.Checks.OFF));
                    if (EVERY && n <= EVERY_UP_TO && every[0] < MIN_EVENTS / 20) add(every, run(sc, Engine.Checks.EVERY));
                }
                System.out.printf("| %,d | %d | %,d | %s | %s | %.2f | %s | %.2f, %.2f | %s |%n", n, p, perRun,
                        rates(sampled), String.format("%,.0f, %,.0f", sampled[3] / (sampled[4] / 1e9), sampled[3] / (sampled[5] / 1e9)),
                        (double) sampled[6] / sampled[3], rates(off), wall(sampled) / wall(off), cpu(sampled) / cpu(off),
                        every[0] > 0 ? rates(every) : "—");
            }
        }
    }

    private static void add(long[] totals, long[] run) { for (int i = 0; i < totals.length; i++) totals[i] += run[i]; }
    private static double wall(long[] t) { return t[0] / (t[1] / 1e9); }
    private static double cpu(long[] t) { return t[0] / (t[2] / 1e9); }
    private static String rates(long[] t) { return String.format("%,.0f, %,.0f", wall(t), cpu(t)); }

    /**
     * One whole run: {events, wall ns, process CPU ns} of the whole run, then {events, wall ns, process CPU ns,
     * voluntary context switches} from its {@value #STEADY_FROM}th event to its end.
     */
    private static long[] run(Scenario sc, Engine.Checks checks) {
        long t0 = System.nanoTime(), c0 = OS.getProcessCpuTime();
        try (Engine e = Engine.step(sc, Costs.DEFAULT, checks)) {
            // as `gmplab run` does: events handed on, not kept
            e.runUntil(Long.MAX_VALUE, ev -> ev.seq() >= STEADY_FROM, ev -> { });
            long s1 = switches(), e1 = e.eventCount(), t1 = System.nanoTime(), c1 = OS.getProcessCpuTime();
            e.runUntil(Long.MAX_VALUE, ev -> false, ev -> { });
            if (e.outcome() == null) throw new IllegalStateException("the run did not end");
            long t2 = System.nanoTime(), c2 = OS.getProcessCpuTime(), s2 = switches();   // (reading /proc is not timed)
            return new long[] {e.eventCount(), t2 - t0, c2 - c0, e.eventCount() - e1, t2 - t1, c2 - c1, s2 - s1};
        }
    }

    /** Voluntary context switches of all the process's live threads so far (Linux; 0 elsewhere). */
    static long switches() {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            return tasks.mapToLong(t -> {
                try {
                    for (String l : Files.readAllLines(t.resolve("status")))
                        if (l.startsWith("voluntary_ctxt_switches:")) return Long.parseLong(l.substring(24).trim());
                } catch (IOException | RuntimeException gone) {
                    // a thread that ended meanwhile
                }
                return 0;
            }).sum();
        } catch (IOException e) {
            return 0;
        }
    }

    private static int[] ints(String csv) { return Arrays.stream(csv.split(",")).mapToInt(Integer::parseInt).toArray(); }
}
