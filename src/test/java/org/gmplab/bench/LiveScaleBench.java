package org.gmplab.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.gmplab.engine.Engine;
import org.gmplab.engine.Outcome;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.ScenarioFiles;

/**
 * Live mode at p = 1 against p = 2 (issue #19: the spawn storm at p = 2 at least 1.6× p = 1), with what each of the
 * engine's threads did: for every M its CPU time and the time it waited for a core while runnable (the kernel's
 * {@code /proc/self/task/<tid>/schedstat}), its voluntary context switches (sleeps: a lock it waited for, a park),
 * and the JIT's compiler threads' CPU. Linux only.
 *
 * <p>On a loaded two-core machine the kernel mostly runs both Ms of a p = 2 run on the same core, one after the
 * other (seen with {@code perf sched}): p = 2 then measures a time-shared p = 1. {@code -Dgmplab.bench.pin=A,B} pins
 * M0 to CPU A and every other M to CPU B as soon as they appear (with {@code taskset}), so that both Ms run at the
 * same instant as on a quiet machine; with {@code bench/quiet.sh} in front (its own scheduling group at nice -20,
 * root only) the other processes then hardly get in the way. The Ms are found by a sampler that lists the
 * process's threads every 10 ms and reads the Ms' counters (1–2 % of a core); an M's last 10 ms or less before it
 * ends are not counted. Pinning by M is not pinning by role: the main G and the Ps change Ms during a run, so a
 * p = 2 run pinned so may still do its work on one core. {@code -Dgmplab.bench.pinBy=p} pins by P instead: the M
 * that runs P0 to CPU A, the one that runs P1 to CPU B, again whenever a P changes Ms. Each pinned p = 2 line says
 * how much of the Ms' CPU ran on CPU A ("2 cores" between 35 and 65 %, else "1 core"), and each line the
 * collections in the run.
 *
 * <pre>
 * java -Xmx4g -Xmn2g -cp target/test-classes:target/classes:$(cat target/cp.txt) org.gmplab.bench.LiveScaleBench [ROUNDS [WORKLOAD [PROCS]]]
 * </pre>
 * WORKLOAD is a folder of {@code bench/go} ({@code spawn}, default, or {@code tree}); a warm-up round, then ROUNDS
 * (default 4) rounds of PROCS (default {@code 1,2}) by turns.
 */
public final class LiveScaleBench {

    /** One thread's counters: ns on a CPU, ns runnable but waiting for one, voluntary and involuntary context switches. */
    record Task(String comm, long run, long queued, long voluntary, long involuntary) { }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        String workload = args.length > 1 ? args[1] : "spawn";
        int[] procs = Arrays.stream((args.length > 2 ? args[2] : "1,2").split(",")).mapToInt(Integer::parseInt).toArray();
        String pin = System.getProperty("gmplab.bench.pin");
        Scenario base = ScenarioFiles.load(Path.of("bench/go", workload, "gmplab.go"));
        double n = workload.equals("tree") ? 2_097_151 : 1_000_000;
        boolean byP = "p".equals(System.getProperty("gmplab.bench.pinBy", "m"));
        for (int r = 0; r <= rounds; r++) {
            for (int p : procs) {
                double c2c = CoreToCore.roundTripNanos(CoreToCore.TRIPS);   // before the run: the probe's own thread must not count
                Map<Integer, Task> before = tasks(), seen = new HashMap<>();
                long[] gc0 = collections();
                Sampler sampler = new Sampler(seen, before.keySet(), pin, byP);
                long t0 = System.nanoTime();
                Outcome o;
                long wall;
                try (Engine e = Engine.live(base.withGomaxprocs(p), 1, false)) {
                    sampler.engine = e;
                    sampler.start();
                    o = e.awaitEnd(5, TimeUnit.MINUTES);
                    wall = System.nanoTime() - t0;
                } finally {
                    sampler.stop = true;
                    sampler.join();
                }
                if (o == null || o.kind() != Outcome.Kind.EXITED) throw new IllegalStateException(workload + " failed: " + o);
                seen.putAll(tasks());
                long[] gc = collections();
                StringBuilder ms = new StringBuilder();
                long mRun = 0, jit = 0;
                for (var x : new TreeMap<>(seen).entrySet()) {
                    Task t = x.getValue(), b = before.getOrDefault(x.getKey(), new Task(t.comm, 0, 0, 0, 0));
                    long run = t.run - b.run;
                    if (t.comm.startsWith("C1 ") || t.comm.startsWith("C2 ")) jit += run;
                    if (!t.comm.matches("M\\d+") || run < 1_000_000) continue;
                    mRun += run;
                    ms.append(String.format("  %s %.0f ns/g CPU, %.0f ms waiting for a core, %d+%d switches", t.comm, run / n,
                            (t.queued - b.queued) / 1e6, t.voluntary - b.voluntary, t.involuntary - b.involuntary));
                }
                // Pinned by M (the default), M0 runs on the first CPU and every other M on the second; but the Ms swap
                // roles (sysmon preempts main every 10 ms and it goes to the global queue; a P left idle is taken by
                // another M), so a p = 2 run may do most of its work on the second core, its two busy Ms one after the
                // other: a time-shared p = 1, not two cores at once. The sampler adds up the Ms' CPU by the core each
                // was pinned to when it ran.
                long onA = sampler.perCpu[0], pinned = onA + sampler.perCpu[1];
                String where = pin == null || p == 1 || pinned == 0 ? "" : String.format("  on CPU %s %.0f %% (%s, %d pinnings)", sampler.cpus[0],
                        100.0 * onA / pinned, onA > pinned * 35 / 100 && onA < pinned * 65 / 100 ? "2 cores" : "1 core", sampler.pins);
                System.out.printf("%s %s p=%d  %.2f M goroutines/s  Ms %.0f CPU ns/g  JIT %.0f CPU ns/g  GC %d, %d ms%s  load %s  core-to-core %.0f ns |%s%n",
                        r == 0 ? "warm-up" : "round " + r, workload, p, n / (wall / 1e9) / 1e6, mRun / n, jit / n, gc[0] - gc0[0],
                        gc[1] - gc0[1], where, loadAverage(), c2c, ms);
            }
        }
    }

    /** The collectors' counts and times so far (ms). */
    private static long[] collections() {
        long n = 0, ms = 0;
        for (var b : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, b.getCollectionCount());
            ms += Math.max(0, b.getCollectionTime());
        }
        return new long[] {n, ms};
    }

    /**
     * Lists the process's threads every 10 ms, keeps the last counters of each M, and pins the Ms if asked: by M
     * (M0 to the first CPU, every other M to the second, once, as it appears) or by P (the M that runs P i to CPU
     * i mod 2, again whenever a P changes Ms; an M without a P stays where it was), adding up each M's CPU by the core
     * it was pinned to.
     */
    private static final class Sampler extends Thread {
        final Map<Integer, Task> seen;
        /** Threads that were there before the run: none of them becomes an M. */
        final java.util.Set<Integer> old;
        final String[] cpus;
        final boolean byP;
        /** The Ms' CPU (ns) while pinned to the first and to the second CPU. */
        final long[] perCpu = new long[2];
        /** How many times an M was pinned (a {@code taskset} started). */
        int pins;
        volatile Engine engine;
        volatile boolean stop;

        Sampler(Map<Integer, Task> seen, java.util.Set<Integer> old, String pin, boolean byP) {
            super("scale-sampler");
            setDaemon(true);
            this.seen = seen;
            this.old = old;
            this.cpus = pin == null ? null : pin.split(",");
            this.byP = byP;
        }

        @Override public void run() {
            Map<Integer, String> comms = new HashMap<>();
            Map<Integer, Integer> pinnedTo = new HashMap<>();   // tid -> index in cpus
            Map<Integer, Long> lastRun = new HashMap<>();
            while (!stop) {
                Map<String, Integer> wanted = byP ? cpuByP() : Map.of();
                try (var ds = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
                    for (Path d : ds) {
                        int tid = Integer.parseInt(d.getFileName().toString());
                        String comm = comms.get(tid);
                        if (comm == null) {
                            comm = Files.readString(d.resolve("comm")).strip();
                            // a thread that is not an M yet may become one: named on its start, or a spare thread later
                            if (comm.matches("M\\d+") || old.contains(tid)) comms.put(tid, comm);
                            else continue;
                        }
                        if (!comm.matches("M\\d+")) continue;
                        Task t = task(d, comm);
                        seen.put(tid, t);
                        Integer at = pinnedTo.get(tid);
                        long delta = t.run - lastRun.getOrDefault(tid, t.run);
                        lastRun.put(tid, t.run);
                        if (at != null) perCpu[at] += delta;
                        if (cpus == null) continue;
                        Integer want = byP ? wanted.get(comm) : at == null ? Integer.valueOf(comm.equals("M0") ? 0 : 1) : at;
                        if (want != null && !want.equals(at)) {
                            pinnedTo.put(tid, want);
                            pins++;
                            new ProcessBuilder("taskset", "-p", "-c", cpus[want], Integer.toString(tid))
                                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                        }
                    }
                } catch (IOException gone) {
                    // a thread ended while we looked: the next look will do
                }
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        /** By P: the CPU (index) each M running a P should be on, by the M's thread name. */
        private Map<String, Integer> cpuByP() {
            Map<String, Integer> out = new HashMap<>();
            Engine e = engine;
            if (e == null) return out;
            for (org.gmplab.engine.Processor pp : allp(e)) {
                org.gmplab.engine.Machine m = pp.m();
                if (m != null) out.put("M" + m.id(), pp.id() % 2);
            }
            return out;
        }

        private org.gmplab.engine.Processor[] allp;

        /** The engine's Ps (read once, by reflection: the bench is not in the engine's package; p is fixed here). */
        private org.gmplab.engine.Processor[] allp(Engine e) {
            if (allp == null) {
                try {
                    java.lang.reflect.Field f = Engine.class.getDeclaredField("sched");
                    f.setAccessible(true);
                    Object sched = f.get(e);
                    java.lang.reflect.Field ps = sched.getClass().getDeclaredField("allp");
                    ps.setAccessible(true);
                    allp = (org.gmplab.engine.Processor[]) ps.get(sched);
                } catch (ReflectiveOperationException ex) {
                    throw new IllegalStateException("pinning by P: " + ex, ex);
                }
            }
            return allp;
        }
    }

    /** This process's threads now, by tid. */
    static Map<Integer, Task> tasks() {
        Map<Integer, Task> out = new HashMap<>();
        try (var ds = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path d : ds) {
                try {
                    out.put(Integer.parseInt(d.getFileName().toString()), task(d, Files.readString(d.resolve("comm")).strip()));
                } catch (IOException gone) {
                    // the thread ended meanwhile
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("/proc/self/task: " + e.getMessage() + " (Linux only)");
        }
        return out;
    }

    /** One thread's counters, from its folder in /proc/self/task. */
    private static Task task(Path d, String comm) throws IOException {
        String[] ss = Files.readString(d.resolve("schedstat")).strip().split(" ");
        long vol = 0, invol = 0;
        for (String line : Files.readAllLines(d.resolve("status"))) {
            if (line.startsWith("voluntary_ctxt_switches:")) vol = Long.parseLong(line.split("\\s+")[1]);
            if (line.startsWith("nonvoluntary_ctxt_switches:")) invol = Long.parseLong(line.split("\\s+")[1]);
        }
        return new Task(comm, Long.parseLong(ss[0]), Long.parseLong(ss[1]), vol, invol);
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "?";
        }
    }
}
