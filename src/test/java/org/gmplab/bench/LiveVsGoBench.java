package org.gmplab.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.gmplab.engine.Engine;
import org.gmplab.engine.Outcome;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.ScenarioFiles;

/**
 * Live mode beside Go 1.23 and the best Java executor for the same work, in interleaved rounds: each round
 * runs every workload at every GOMAXPROCS once with each of the three (in an order that rotates from round
 * to round), so that the ratios are taken between runs minutes apart at most, under the same load.
 *
 * <p>The workloads are the Go programs in {@code bench/go/<workload>/main.go}, and the same programs in GMP
 * Lab's subset of Go beside them ({@code gmplab.go}): a spawn storm of 1M goroutines, a fan-out tree of
 * 2,097,151 goroutines, a channel ping-pong of 1M switches, and 64 goroutines making 20 blocking system
 * calls of 1 ms each. Go's programs time themselves (from their first {@code go} statement to the end)
 * and report the threads they made; they are built into {@code target/go-bench} if a Go toolchain is
 * found ({@code -Dgmplab.bench.go}, default {@code /usr/lib/go-1.23/bin/go}), else the Go column is empty.
 * GMP Lab's time is from starting the engine to its end (the runtime's boot included); a second ratio sets its
 * {@code main.main} alone ({@link org.gmplab.engine.Engine#mainMainNanos}) beside Go's, the same span on both sides.
 *
 * <p>Arguments: {@code [ROUNDS [WORKLOADS [PROCS]]]}, e.g. {@code 5 spawn,tree,pingpong,syscall 1,2}. {@link #WARMUPS}
 * warm-up rounds (not counted) run first, and the first one's figures (a cold JVM) are given in a table of their own
 * beside the timed rounds'. Each round line gives the JVM's uptime, to match a {@code -XX:+LogCompilation} log's
 * stamps, and the core-to-core round trip at its start ({@link CoreToCore}): on a virtual machine the p = 2 figures of
 * every system move with it. Each workload and p also gives each CPU's speed before and after its runs
 * ({@link VcpuSpeed}): on the same machine one virtual CPU sometimes runs at half speed for tens of seconds. Run: see
 * docs/benchmarks.md.
 */
public final class LiveVsGoBench {

    /** One workload: how to read its figure and how Java does the same work. */
    private enum Workload {
        SPAWN("spawn storm 1M, M goroutines/s", true, 1_000_000),
        TREE("fan-out tree 2.1M, M goroutines/s", true, 2_097_151),
        PINGPONG("channel ping-pong, ns per switch", false, 1_000_000),
        SYSCALL("64 × 20 blocking syscall(1ms) (ideal 20 ms), ms", false, 1);

        final String title;
        /** The figure is a rate (higher is better), else a time (lower is better). */
        final boolean rate;
        final long units;

        Workload(String title, boolean rate, long units) {
            this.title = title;
            this.rate = rate;
            this.units = units;
        }

        String dir() { return name().toLowerCase(); }

        /** The figure shown for a run of {@code nanos} over {@link #units}. */
        double figure(long nanos) {
            return switch (this) {
                case SPAWN, TREE -> units / (nanos / 1e9) / 1e6;
                case PINGPONG -> nanos / (double) units;
                case SYSCALL -> nanos / 1e6;
            };
        }

        /** What CPU time is divided by: goroutines, switches, system calls. */
        long cpuUnits() { return this == SYSCALL ? 64 * 20 : units; }

        /** > 1 when {@code ours} is better than {@code theirs}. */
        double ratio(double ours, double theirs) { return rate ? ours / theirs : theirs / ours; }
    }

    /**
     * A run's wall time, the CPU time of its whole process meanwhile (every thread: GC and JIT too), its threads, the
     * wall time of its {@code main.main} alone: GMP Lab's without the runtime's boot before it and the engine's end after
     * it, the span a Go program times from inside {@code main.main} (Go's and Java's runs: their wall time), and GMP Lab's
     * Ms ever made (Go's {@code mcount}; -1 for the others): its threads less its Ms are those started ahead for a
     * {@code newm} that never came (SpareThreads).
     */
    record Run(long nanos, long cpuNanos, int threads, long mainNanos, int ms) {
        Run(long nanos, long cpuNanos, int threads) { this(nanos, cpuNanos, threads, nanos, -1); }
    }

    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();
    private static final Path GO_DIR = Path.of("bench/go");
    /**
     * Warm-up rounds before the timed ones ({@code -Dgmplab.bench.warmups}). Each new engine's start takes branches
     * the JIT's code from the engines before never took (uncommon traps: about fifteen in the channel, run-queue and
     * scheduler paths at the second engine's start), so those paths are deoptimised and compiled again while the
     * next runs go on; in one JVM running ping-pong alone or all four workloads, the engine's CPU per unit settles
     * from the third engine of a workload on, and five rounds leave no recompilation of ping-pong's paths in the timed
     * rounds (docs/benchmarks.md, "Cold and warm") — but not of the system calls' ({@link #QUIET_ROUNDS}). The first
     * warm-up round's figures are printed too (cold).
     */
    static final int WARMUPS = 5;
    /**
     * {@code -Dgmplab.bench.quiet=MS}: warm up until the JIT is quiet, the steady state: after the {@link #WARMUPS},
     * more warm-up rounds until the last {@link #QUIET_ROUNDS} warm-up rounds (the fixed ones count too, so there may be
     * none more) each compiled for under {@code MS} ms, at most {@link #MAX_WARMUPS} warm-up rounds in all. After five
     * rounds the scheduler's paths a blocking system call takes (schedule, execute, findRunnable, handoffp,
     * exitsyscall0: a few hundred calls a run each) are still being compiled by C2, which takes one of the two cores
     * meanwhile (docs/benchmarks.md, "Round 12"). The added rounds run GMP Lab and the Java baselines, whose code is
     * compiled by the same JIT, but not Go, which needs no warming: what is measured quiet is what the timed rounds
     * run in this JVM. 0 (the default): the fixed warm-ups only. Five quiet rounds in a row (three until round 17): with
     * three, half of ten JVMs running the system calls alone stopped after 25–36 warm-ups on a short run of quiet rounds
     * and compiled 213–447 ms through their ten timed rounds (the others 87–131 ms). Five did not change the figures
     * measurably (p = 2, ten JVMs each: 0.967 → 0.952 of Go) nor always prevent that; round 17's figures were taken with
     * it (docs/benchmarks.md, "Round 17").
     */
    static final int QUIET_ROUNDS = 5, MAX_WARMUPS = 200;
    private static final java.lang.management.CompilationMXBean JIT = java.lang.management.ManagementFactory.getCompilationMXBean();
    static final Path GO_BIN = Path.of("target/go-bench");

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        List<Workload> workloads = new ArrayList<>();
        for (String w : (args.length > 1 ? args[1] : "spawn,tree,pingpong,syscall").split(","))
            workloads.add(Workload.valueOf(w.trim().toUpperCase()));
        int[] procs = Arrays.stream((args.length > 2 ? args[2] : "1,2").split(",")).mapToInt(s -> Integer.parseInt(s.trim())).toArray();
        // -Dgmplab.bench.baselines=false: GMP Lab alone (to compare two builds of it, run by turns)
        boolean baselines = Boolean.parseBoolean(System.getProperty("gmplab.bench.baselines", "true"));
        boolean go = baselines && buildGo(workloads);
        // -Dgmplab.bench.java=false: GMP Lab and Go, without Java's executors in the same JVM
        boolean withJava = baselines && Boolean.parseBoolean(System.getProperty("gmplab.bench.java", "true"));

        int warmups = Math.max(1, Integer.getInteger("gmplab.bench.warmups", WARMUPS));
        int quietMillis = Integer.getInteger("gmplab.bench.quiet", 0);
        if (quietMillis > 0 && !JIT.isCompilationTimeMonitoringSupported())
            throw new IllegalArgumentException("-Dgmplab.bench.quiet needs the JIT's compilation time, which this JVM does not report");
        Map<String, List<double[]>> cells = new LinkedHashMap<>(); // workload/p → per round {gmp, go, java, threads gmp, threads go, CPU per unit gmp, go, java, gmp main.main, gmp Ms}
        Map<String, List<double[]>> cold = new LinkedHashMap<>();  // the same, of the first warm-up round: the JVM cold
        // the core-to-core round trip at each timed round's start: p = 2 on this virtual machine moves with it (CoreToCore)
        List<Double> trips = new ArrayList<>();
        int warmed = 0, timed = 0, quietInARow = 0;
        long jitAtStart = jitMillis(), jitBeforeTimed = -1, jitTimed = 0;
        while (timed < rounds) {
            boolean warmup = warmed < warmups || quietMillis > 0 && quietInARow < QUIET_ROUNDS && warmed < MAX_WARMUPS;
            boolean quieting = warmup && warmed >= warmups;   // an added warm-up round: Go needs no JIT, so it does not run
            long jit0 = jitMillis();
            if (warmup) warmed++;
            else if (timed++ == 0) jitBeforeTimed = jit0 - jitAtStart;
            // the order rotates with the round's number among its kind, so the timed rounds' orders do not depend on the warm-ups'
            int round = warmup ? warmed : timed;
            double trip = CoreToCore.roundTripNanos(CoreToCore.TRIPS);
            if (!warmup) trips.add(trip);
            System.out.printf("%s round %d, load average %s, core-to-core round trip %.0f ns, JVM uptime %.3f s%n", warmup ? "warm-up" : "timed",
                    round, loadAverage(), trip, java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() / 1e3);
            for (Workload w : workloads) {
                for (int p : procs) {
                    double[] vcpuBefore = VcpuSpeed.millis();
                    Run[] r = new Run[3];
                    for (int k = 0; k < 3; k++) { // rotate who goes first
                        int who = Math.floorMod(k + round, 3);
                        Thread.sleep(SETTLE_MILLIS);
                        r[who] = switch (who) {
                            case 0 -> gmplab(w, p);
                            case 1 -> go && !quieting ? goRun(w, p) : null;
                            default -> withJava ? java(w, p) : null;
                        };
                    }
                    double gm = w.figure(r[0].nanos), g = r[1] == null ? Double.NaN : w.figure(r[1].nanos), j = r[2] == null ? Double.NaN : w.figure(r[2].nanos);
                    // CPU ns per unit of work (per goroutine, per switch, per system call): less depends on the load
                    double gmc = r[0].cpuNanos / (double) w.cpuUnits(), gc = r[1] == null ? Double.NaN : r[1].cpuNanos / (double) w.cpuUnits(),
                            jc = r[2] == null ? Double.NaN : r[2].cpuNanos / (double) w.cpuUnits();
                    double gmMain = w.figure(r[0].mainNanos);   // main.main alone, as Go's programs time themselves
                    System.out.printf("  %-50s p=%d  GMP Lab %9.2f (%d threads, %d Ms, %.0f CPU ns; main.main %.2f)  Go %9.2f (%s threads, %.0f CPU ns)  Java %9.2f (%.0f CPU ns)"
                                    + "  ratio to Go %.2f (main.main %.2f; CPU %.2f), to Java %.2f%n",
                            w.title, p, gm, r[0].threads, r[0].ms, gmc, gmMain, g, r[1] == null ? "-" : r[1].threads, gc, j, jc, w.ratio(gm, g), w.ratio(gmMain, g), gc / gmc,
                            w.ratio(gm, j));
                    System.out.printf("    vCPU speed (ms for a fixed chain on each CPU): %s before, %s after%n", VcpuSpeed.describe(vcpuBefore),
                            VcpuSpeed.describe(VcpuSpeed.millis()));
                    double[] cell = {gm, g, j, r[0].threads, r[1] == null ? Double.NaN : r[1].threads, gmc, gc, jc, gmMain, r[0].ms};
                    if (!warmup) cells.computeIfAbsent(w.name() + "/" + p, k -> new ArrayList<>()).add(cell);
                    else if (warmed == 1) cold.computeIfAbsent(w.name() + "/" + p, k -> new ArrayList<>()).add(cell);
                }
            }
            long jit = jitMillis() - jit0;   // ms the JIT's threads compiled during the round (its core-to-core probe too), summed
            System.out.printf("  JIT compilation in this round: %s%n", JIT.isCompilationTimeMonitoringSupported() ? jit + " ms" : "not reported by this JVM");
            if (warmup) quietInARow = quietMillis > 0 && jit < quietMillis ? quietInARow + 1 : 0;
            else jitTimed += jit;
        }
        System.out.printf("%nload average at the end: %s, core-to-core round trip %.0f ns%n%nCold: the first warm-up round (one run each, in a fresh JVM)%n", loadAverage(),
                CoreToCore.roundTripNanos(CoreToCore.TRIPS));
        table(workloads, procs, cold);
        System.out.printf("%nWarm: the %d timed rounds, after %d warm-up rounds%s (JIT compilation %d ms before the timed rounds, %d ms during them; "
                        + "core-to-core round trip at their starts %.0f–%.0f ns)%n", rounds, warmed,
                quietMillis > 0 ? (quietInARow >= QUIET_ROUNDS ? ", the last " + QUIET_ROUNDS + " under " + quietMillis + " ms of JIT compilation each"
                        : ", the JIT not yet quiet after " + MAX_WARMUPS) : "",
                jitBeforeTimed, jitTimed, trips.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN), trips.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN));
        table(workloads, procs, cells);
    }

    /** The ms the JIT's threads have compiled in this JVM so far, summed; 0 if the JVM does not report it. */
    private static long jitMillis() {
        return JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : 0;
    }

    /** The table of docs/benchmarks.md: per workload and p, the medians of the rounds in {@code cells} and their ratios. */
    private static void table(List<Workload> workloads, int[] procs, Map<String, List<double[]>> cells) {
        System.out.println("| workload (live mode) | p | GMP Lab | Go 1.23 | best Java | ratio to Go (median of the rounds' ratios, their range; > 1 = GMP Lab better) | "
                + "the same, GMP Lab's main.main alone, as Go times itself | ratio to Java | CPU ns per unit: GMP Lab / Go / Java | CPU ratio to Go | threads: GMP Lab (its Ms) / Go, medians |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
        for (Workload w : workloads) {
            for (int p : procs) {
                List<double[]> rs = cells.get(w.name() + "/" + p);
                double[] toGo = rs.stream().mapToDouble(x -> w.ratio(x[0], x[1])).toArray();
                double[] toJava = rs.stream().mapToDouble(x -> w.ratio(x[0], x[2])).toArray();
                double[] mainToGo = rs.stream().mapToDouble(x -> w.ratio(x[8], x[1])).toArray();
                double[] cpuToGo = rs.stream().mapToDouble(x -> x[6] / x[5]).toArray();
                double[] threadsAboveGo = rs.stream().mapToDouble(x -> x[3] - x[4]).toArray();   // within a round, as the ratios
                System.out.printf("| %s | %d | %.2f | %.2f | %.2f | %.2f (%.2f–%.2f) | %.2f (%.2f–%.2f) | %.2f | %.0f / %.0f / %.0f | %.2f (%.2f–%.2f) | %.0f (%.0f) / %.0f; the rounds' difference %+.0f (mean %+.2f) |%n", w.title, p,
                        median(rs, 0), median(rs, 1), median(rs, 2), median(toGo), min(toGo), max(toGo), median(mainToGo), min(mainToGo), max(mainToGo), median(toJava),
                        median(rs, 5), median(rs, 6), median(rs, 7), median(cpuToGo), min(cpuToGo), max(cpuToGo),
                        median(rs, 3), median(rs, 9), median(rs, 4), median(threadsAboveGo), Arrays.stream(threadsAboveGo).average().orElse(Double.NaN));
            }
        }
    }

    // ---- GMP Lab ----------------------------------------------------------------------------------

    /**
     * Each workload's program, read once: read before every run, its parser's code was still being compiled by the JIT
     * 40 rounds in, on one of the two cores while the next runs went on (docs/benchmarks.md, "Round 17"). Go's programs
     * are built once too.
     */
    private static final Map<Workload, Scenario> SCENARIOS = new java.util.EnumMap<>(Workload.class);

    private static Run gmplab(Workload w, int p) throws Exception {
        Scenario sc = SCENARIOS.computeIfAbsent(w, LiveVsGoBench::load).withGomaxprocs(p);
        long threads = THREADS.getTotalStartedThreadCount();
        long c0 = cpu(), t0 = System.nanoTime();
        try (Engine e = Engine.live(sc, 1, false)) {
            Outcome o = e.awaitEnd(5, TimeUnit.MINUTES);
            long nanos = System.nanoTime() - t0, cpu = cpu() - c0;
            if (o == null || o.kind() != Outcome.Kind.EXITED) throw new IllegalStateException(w + " failed: " + o);
            // every M is a Java thread of its own, sysmon and M0 too
            return new Run(nanos, cpu, (int) (THREADS.getTotalStartedThreadCount() - threads), e.mainMainNanos(), e.mcount());
        }
    }

    private static Scenario load(Workload w) {
        try {
            return ScenarioFiles.load(GO_DIR.resolve(w.dir()).resolve("gmplab.go"));
        } catch (org.gmplab.scenario.ScenarioException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    // ---- Go ----------------------------------------------------------------------------------------

    private static boolean buildGo(List<Workload> workloads) throws Exception {
        Path go = Path.of(System.getProperty("gmplab.bench.go", "/usr/lib/go-1.23/bin/go"));
        if (!Files.isExecutable(go)) {
            System.out.println("no Go toolchain at " + go + ": the Go column stays empty");
            return false;
        }
        Files.createDirectories(GO_BIN);
        for (Workload w : workloads) {
            Path src = GO_DIR.resolve(w.dir()).resolve("main.go"), bin = GO_BIN.resolve(w.dir());
            ProcessBuilder pb = new ProcessBuilder(go.toString(), "build", "-o", bin.toAbsolutePath().toString(), "main.go")
                    .directory(GO_DIR.resolve(w.dir()).toFile()).inheritIO();
            if (System.getenv("HOME") == null) pb.environment().put("HOME", System.getProperty("java.io.tmpdir"));
            if (pb.start().waitFor() != 0) throw new IllegalStateException("go build " + src + " failed");
        }
        String version = new String(new ProcessBuilder(go.toString(), "version").start().getInputStream().readAllBytes()).trim();
        System.out.println(version);
        return true;
    }

    private static Run goRun(Workload w, int p) throws IOException, InterruptedException { return goRun(w.dir(), p); }

    /** One run of the Go program built into {@link #GO_BIN} from {@code bench/go/<dir>}, at GOMAXPROCS {@code p}. */
    static Run goRun(String dir, int p) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(GO_BIN.resolve(dir).toAbsolutePath().toString()).redirectErrorStream(true);
        pb.environment().put("GOMAXPROCS", Integer.toString(p));
        Process proc = pb.start();
        String out = new String(proc.getInputStream().readAllBytes());
        if (proc.waitFor() != 0) throw new IllegalStateException(dir + " in Go failed: " + out);
        return new Run(Long.parseLong(field(out, "elapsed_ns")), Long.parseLong(field(out, "cpu_ns")), Integer.parseInt(field(out, "threads")));
    }

    private static String field(String out, String name) {
        for (String f : out.trim().split("\\s+")) if (f.startsWith(name + "=")) return f.substring(name.length() + 1);
        throw new IllegalStateException("no " + name + " in " + out);
    }

    // ---- Java --------------------------------------------------------------------------------------

    /**
     * The best of Java's executors for each shape: a ForkJoinPool of p workers forking fire-and-forget
     * tasks (spawn, tree); two platform threads handing over through a SynchronousQueue (ping-pong: a
     * blocking hand-off needs threads, so p does not apply); a cached thread pool, a thread per blocked
     * task (system calls: 64 threads, as Go's sysmon hands the Ps of blocked Ms to new ones).
     */
    private static Run java(Workload w, int p) throws Exception {
        return switch (w) {
            case SPAWN -> fjSpawn((int) w.units, p);
            case TREE -> fjTree(20, p);
            case PINGPONG -> handoff((int) w.units / 2);
            case SYSCALL -> blockingPool(64, 20, 1_000_000);
        };
    }

    private static Run fjSpawn(int n, int p) throws InterruptedException {
        ForkJoinPool pool = new ForkJoinPool(p);
        try {
            CountDownLatch done = new CountDownLatch(1);
            AtomicLong left = new AtomicLong(n);
            long c0 = cpu(), t0 = System.nanoTime();
            pool.execute(() -> {
                for (int i = 0; i < n; i++) new RecursiveAction() {
                    @Override protected void compute() { if (left.decrementAndGet() == 0) done.countDown(); }
                }.fork();
            });
            done.await();
            return new Run(System.nanoTime() - t0, cpu() - c0, p);
        } finally {
            shutdown(pool, List.of());   // awaitTermination waits for its p workers to end
        }
    }

    private static Run fjTree(int depth, int p) throws InterruptedException {
        ForkJoinPool pool = new ForkJoinPool(p);
        try {
            CountDownLatch done = new CountDownLatch(1);
            AtomicLong left = new AtomicLong((1L << (depth + 1)) - 1);
            long c0 = cpu(), t0 = System.nanoTime();
            pool.execute(new Node(depth, left, done));
            done.await();
            return new Run(System.nanoTime() - t0, cpu() - c0, p);
        } finally {
            shutdown(pool, List.of());   // awaitTermination waits for its p workers to end
        }
    }

    /** A node of the tree: forks its children and does not wait for them, as a goroutine's go statements. */
    private static final class Node extends RecursiveAction {
        private final int d;
        private final AtomicLong left;
        private final CountDownLatch done;

        Node(int d, AtomicLong left, CountDownLatch done) {
            this.d = d;
            this.left = left;
            this.done = done;
        }

        @Override protected void compute() {
            if (d > 0) {
                new Node(d - 1, left, done).fork();
                new Node(d - 1, left, done).fork();
            }
            if (left.decrementAndGet() == 0) done.countDown();
        }
    }

    private static Run handoff(int rounds) throws InterruptedException {
        SynchronousQueue<Integer> ping = new SynchronousQueue<>(), pong = new SynchronousQueue<>();
        Thread ponger = new Thread(() -> {
            try {
                for (;;) pong.put(ping.take() + 1);
            } catch (InterruptedException e) {
                // done
            }
        });
        ponger.setDaemon(true);
        ponger.start();
        long c0 = cpu(), t0 = System.nanoTime();
        int v = 0;
        for (int i = 0; i < rounds; i++) {
            ping.put(v);
            v = pong.take();
        }
        long nanos = System.nanoTime() - t0, cpu = cpu() - c0;
        ponger.interrupt();
        ponger.join();
        return new Run(nanos, cpu, 2);
    }

    private static Run blockingPool(int tasks, int calls, long nanos) throws InterruptedException {
        Queue<Thread> threads = new ConcurrentLinkedQueue<>();   // joined by shutdown, as GMP Lab's engine joins its own
        ExecutorService pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r);
            threads.add(t);
            return t;
        });
        try {
            CountDownLatch done = new CountDownLatch(tasks);
            long c0 = cpu(), t0 = System.nanoTime();
            for (int i = 0; i < tasks; i++) pool.execute(() -> {
                for (int j = 0; j < calls; j++) {
                    long end = System.nanoTime() + nanos;
                    for (long left = nanos; left > 0; left = end - System.nanoTime()) LockSupport.parkNanos(left);
                }
                done.countDown();
            });
            done.await();
            return new Run(System.nanoTime() - t0, cpu() - c0, tasks);
        } finally {
            shutdown(pool, threads);
        }
    }

    /**
     * The pause before each run, so that each starts on a machine at rest: a thread joined is likely not yet gone (the JVM
     * and the kernel tear it down after), and a run started meanwhile shares the cores with that. After the blocking calls' Java pool
     * (64 threads) GMP Lab's runtime boot took 5.6–6.0 ms, 4.4–5.4 ms with the pool's threads joined, 2.0–2.7 ms with
     * this pause too, as when it came first in a round (docs/benchmarks.md, "Round 16"). Go's runs were spared it: their
     * figure starts in main.main, after their process's start and their runtime's boot.
     */
    static final long SETTLE_MILLIS = 50;

    /**
     * Ends an executor's threads before the next run starts, as GMP Lab's engine and Go's process end theirs: 64 threads
     * left ending while the next run started slowed GMP Lab's runtime boot from 3 to 6 ms (docs/benchmarks.md, "Round 16").
     */
    private static void shutdown(ExecutorService pool, Iterable<Thread> threads) throws InterruptedException {
        pool.shutdownNow();
        if (!pool.awaitTermination(1, TimeUnit.MINUTES)) throw new IllegalStateException("an executor did not end in a minute");
        for (Thread t : threads) t.join();
    }

    // ---- figures -----------------------------------------------------------------------------------

    /** CPU time of this JVM so far, every thread (ns). */
    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "?";
        }
    }

    private static double median(List<double[]> rows, int col) { return median(rows.stream().mapToDouble(x -> x[col]).toArray()); }

    private static double median(double[] xs) {
        double[] c = xs.clone();
        Arrays.sort(c);
        int n = c.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
    }

    private static double min(double[] xs) { return Arrays.stream(xs).min().orElse(Double.NaN); }
    private static double max(double[] xs) { return Arrays.stream(xs).max().orElse(Double.NaN); }
}
