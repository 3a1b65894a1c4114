package org.gmplab.bench;

import static org.gmplab.scenario.Expr.of;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;

import org.gmplab.engine.Costs;
import org.gmplab.engine.Engine;
import org.gmplab.engine.Outcome;
import org.gmplab.scenario.Expr;
import org.gmplab.scenario.Function;
import org.gmplab.scenario.Program;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.Stmt;

/**
 * Whole-run benchmarks (not JMH: each measurement is a full run of seconds). Each is measured beside a
 * baseline in the same JVM and the same run, and printed as a Markdown table for docs/benchmarks.md:
 * <ul>
 * <li>live mode, goroutines per second: a 1M spawn storm and a 1M fan-out tree at GOMAXPROCS 1 and 2,
 * beside {@link ForkJoinPool} running the same shape of tasks with the same parallelism;</li>
 * <li>step mode, events per second when (re)playing a run, with and without the invariant check;</li>
 * <li>memory: heap bytes per parked goroutine with a million of them parked.</li>
 * </ul>
 * Run: see docs/benchmarks.md.
 */
public final class ScenarioBench {
    private static final int N = 1_000_000;
    private static final int DEPTH = 19; // 2^20 - 1 nodes
    private static final int REPS = 5;
    private static final int WARMUP = 3;

    public static void main(String[] args) throws Exception {
        System.out.println("| what | GOMAXPROCS / parallelism | GMP Lab (median of " + REPS + ") | ForkJoinPool baseline | ratio |");
        System.out.println("|---|---|---|---|---|");
        for (int procs : new int[] {1, 2}) {
            row("spawn storm, 1M goroutines/s", procs, () -> liveRate(spawn(N, procs), N), () -> fjSpawn(N, procs));
            int nodes = (1 << (DEPTH + 1)) - 1;
            row("fan-out tree, 1M goroutines/s", procs, () -> liveRate(fanout(DEPTH, procs), nodes), () -> fjTree(DEPTH, procs));
        }
        System.out.println();
        stepRate();
        System.out.println();
        parkedMemory();
    }

    interface Rate { double measure() throws Exception; }

    private static void row(String what, int procs, Rate ours, Rate baseline) throws Exception {
        for (int i = 0; i < WARMUP; i++) { ours.measure(); baseline.measure(); }
        double[] a = new double[REPS], b = new double[REPS];
        for (int i = 0; i < REPS; i++) { a[i] = ours.measure(); b[i] = baseline.measure(); }
        double ma = median(a), mb = median(b);
        System.out.printf("| %s | %d | %.2f M/s | %.2f M/s | %.2f |%n", what, procs, ma / 1e6, mb / 1e6, ma / mb);
    }

    private static double liveRate(Scenario sc, int goroutines) throws Exception {
        long t0 = System.nanoTime();
        try (Engine e = Engine.live(sc, 1, false)) {
            Outcome o = e.awaitEnd(5, TimeUnit.MINUTES);
            if (o == null || o.kind() != Outcome.Kind.EXITED) throw new IllegalStateException("run failed: " + o);
            return goroutines / ((System.nanoTime() - t0) / 1e9);
        }
    }

    private static double fjSpawn(int n, int procs) throws Exception {
        ForkJoinPool pool = new ForkJoinPool(procs);
        try {
            CountDownLatch done = new CountDownLatch(1);
            long t0 = System.nanoTime();
            pool.execute(() -> {
                java.util.concurrent.atomic.AtomicInteger left = new java.util.concurrent.atomic.AtomicInteger(n);
                for (int i = 0; i < n; i++) {
                    ForkJoinPool.commonPool(); // nothing: keep the loop body comparable to a go statement
                    new RecursiveAction() {
                        @Override protected void compute() { if (left.decrementAndGet() == 0) done.countDown(); }
                    }.fork();
                }
            });
            done.await();
            return n / ((System.nanoTime() - t0) / 1e9);
        } finally {
            pool.shutdownNow();
        }
    }

    private static double fjTree(int depth, int procs) {
        ForkJoinPool pool = new ForkJoinPool(procs);
        try {
            long t0 = System.nanoTime();
            pool.invoke(new Tree(depth));
            return ((1 << (depth + 1)) - 1) / ((System.nanoTime() - t0) / 1e9);
        } finally {
            pool.shutdownNow();
        }
    }

    private static final class Tree extends RecursiveAction {
        private final int d;
        Tree(int d) { this.d = d; }
        @Override protected void compute() {
            if (d > 0) invokeAll(new Tree(d - 1), new Tree(d - 1));
        }
    }

    private static void stepRate() {
        System.out.println("| step mode, whole run | events | invariants checked | first run (cold JVM) | events/s (median of " + REPS + ", after " + WARMUP + " warm-up runs) |");
        System.out.println("|---|---|---|---|---|");
        for (boolean check : new boolean[] {false, true}) {
            for (int procs : new int[] {1, 4}) {
                Scenario sc = spawnWork(5000, 20_000, procs);
                double[] r = new double[REPS + WARMUP];
                long events = 0;
                for (int i = 0; i < r.length; i++) {
                    long t0 = System.nanoTime();
                    try (Engine e = Engine.step(sc, Costs.DEFAULT, check)) {
                        e.run(Long.MAX_VALUE);
                        events = e.eventCount();
                        e.drainEvents();
                    }
                    r[i] = events / ((System.nanoTime() - t0) / 1e9);
                }
                System.out.printf("| 5000 goroutines × 20 µs on %d P%s | %d | %s | %.0f | %.0f |%n", procs, procs > 1 ? "s" : "", events,
                        check ? "yes" : "no", r[0], median(Arrays.copyOfRange(r, WARMUP, r.length)));
            }
        }
    }

    private static void parkedMemory() throws Exception {
        // main spawns N goroutines that each park on `gate`, then parks itself: once all are asleep the
        // engine reports the deadlock and stops, with every goroutine still parked and in memory.
        Function main = new Function("main", List.of(), List.of(
                new Stmt.WgAdd(new Expr.Var("gate"), of(1)),
                new Stmt.For("i", of(N), List.of(new Stmt.Go("w", List.of()))),
                new Stmt.WgWait(new Expr.Var("gate"))));
        Function w = new Function("w", List.of(), List.of(new Stmt.WgWait(new Expr.Var("gate"))));
        Scenario sc = new Scenario("parked", 2, 1, 256, new Program(Map.of("main", main, "w", w), List.of("gate")));
        long before = usedHeap();
        try (Engine e = Engine.step(sc, Costs.DEFAULT, false)) {
            Engine.Stop stop = e.runUntil(Long.MAX_VALUE, ev -> false);
            e.drainEvents();
            // the event list is dropped above; what is left is the engine with its parked goroutines
            long after = usedHeap();
            System.out.println("| memory | value |");
            System.out.println("|---|---|");
            System.out.printf("| parked goroutines | %d (run ended: %s, %s) |%n", N, stop, e.outcome() == null ? "-" : e.outcome().message());
            System.out.printf("| heap used for them | %.1f MB |%n", (after - before) / 1e6);
            System.out.printf("| bytes per parked goroutine | %.0f |%n", (after - before) / (double) N);
        }
    }

    private static long usedHeap() throws InterruptedException {
        for (int i = 0; i < 3; i++) { System.gc(); Thread.sleep(100); }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static double median(double[] xs) {
        double[] c = xs.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }

    static Scenario spawn(int n, int procs) { return spawnWork(n, 0, procs); }

    static Scenario spawnWork(int n, long workNanos, int procs) {
        Function main = new Function("main", List.of(), List.of(
                new Stmt.WgAdd(new Expr.Var("wg"), of(n)),
                new Stmt.For("i", of(n), List.of(new Stmt.Go("worker", List.of()))),
                new Stmt.WgWait(new Expr.Var("wg"))));
        List<Stmt> body = new ArrayList<>();
        if (workNanos > 0) body.add(new Stmt.Work(of(workNanos)));
        body.add(new Stmt.WgDone(new Expr.Var("wg")));
        return new Scenario("spawn", procs, 1, 256, new Program(Map.of("main", main, "worker", new Function("worker", List.of(), body)), List.of("wg")));
    }

    static Scenario fanout(int depth, int procs) {
        Expr d = new Expr.Var("d");
        Function main = new Function("main", List.of(), List.of(
                new Stmt.WgAdd(new Expr.Var("wg"), of((1L << (depth + 1)) - 1)),
                new Stmt.Go("tree", List.of(of(depth))),
                new Stmt.WgWait(new Expr.Var("wg"))));
        Function tree = new Function("tree", List.of("d"), List.of(
                new Stmt.If(new Expr.Binary(">", d, of(0)), List.of(
                        new Stmt.Go("tree", List.of(new Expr.Binary("-", d, of(1)))),
                        new Stmt.Go("tree", List.of(new Expr.Binary("-", d, of(1))))), List.of()),
                new Stmt.WgDone(new Expr.Var("wg"))));
        return new Scenario("fanout", procs, 1, 256, new Program(Map.of("main", main, "tree", tree), List.of("wg")));
    }
}
