package org.gmplab.bench;

import static org.gmplab.scenario.Expr.of;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.Expr;
import org.gmplab.scenario.Function;
import org.gmplab.scenario.Program;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.scenario.Stmt;
import org.gmplab.history.History;
import org.gmplab.history.Replay;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.Snapshot;

/**
 * Speed of time travel, measured (not asserted): a snapshot of a world with 10,000 goroutines, stepping
 * back 1,000 events within the in-memory history, and replaying 20,000 events from the start. Prints a
 * Markdown table for docs/benchmarks-history.md (which gives the command).
 */
public final class HistoryBench {
    private static final int REPS = 15;

    /**
     * Arguments: none for every row, {@code snapshot} for the snapshot rows alone, {@code end} for them and the steps
     * back from the end, {@code live} for the snapshot rows and the frames of a live run of the same world.
     */
    public static void main(String[] args) throws Exception {
        System.out.println("| what | goal | median | min | max |");
        System.out.println("|---|---|---|---|---|");
        snapshot10k();
        if (args.length > 0 && args[0].equals("snapshot")) return;
        if (args.length > 0 && args[0].equals("live")) { liveFrames10k(); return; }
        if (args.length > 0 && args[0].equals("end")) { stepBackFromTheEnd10k(); return; }
        stepBack1000();
        replay20k();
        stepBackFromTheEnd10k();
    }

    private static void row(String what, String goal, double[] ms) {
        Arrays.sort(ms);
        System.out.printf("| %s | %s | %.3f ms | %.3f ms | %.3f ms |%n", what, goal, ms[ms.length / 2], ms[0], ms[ms.length - 1]);
    }

    private static void bytesRow(String what, long[] bytes) {
        Arrays.sort(bytes);
        System.out.printf("| %s | — | %,d B | %,d B | %,d B |%n", what, bytes[bytes.length / 2], bytes[0], bytes[bytes.length - 1]);
    }

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();

    /** The bytes the current thread has allocated so far. */
    private static long allocated() { return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId()); }

    /** main starts 10,000 workers (each work(1s); wg.Wait): the world of the snapshot rows. */
    private static Scenario snap10k() {
        int n = 10_000;
        Function main = new Function("main", List.of(), List.of(
                new Stmt.WgAdd(new Expr.Var("wg"), of(n)),
                new Stmt.For("i", of(n), List.of(new Stmt.Go("worker", List.of()))),
                new Stmt.WgWait(new Expr.Var("wg"))));
        Function worker = new Function("worker", List.of(), List.of(
                new Stmt.Work(of(1_000_000_000L)),
                new Stmt.WgDone(new Expr.Var("wg"))));
        return new Scenario("snap10k", 4, 1, Scenario.DEFAULT_RUNQ, new Program(Map.of("main", main, "worker", worker), List.of("wg")));
    }

    /**
     * The world of {@link #snap10k}, stopped once all its workers exist, snapshotted again and again as it stands; then
     * one event between snapshots, as the window shows each step.
     */
    private static void snapshot10k() {
        int n = 10_000;
        try (Engine e = Engine.step(snap10k())) {
            int[] gos = {0};
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.GO && ++gos[0] == n);
            e.drainEvents();
            Snapshot s = e.snapshot();
            if (s.gs().size() < n) throw new IllegalStateException("only " + s.gs().size() + " goroutines");
            // warm-up: after 200 snapshots some JVMs still ran the walk in C1's profiling code or were compiling it with
            // C2 (medians 0.3-0.9 ms from JVM to JVM); after 3,000 every JVM runs C2's code (0.14-0.22 ms), as a window
            // that takes a snapshot a frame does after a minute. -Dbench.snapshotWarmups=200 gives the colder figure.
            for (int i = 0, w = Integer.getInteger("bench.snapshotWarmups", 3000); i < w; i++) e.snapshot();
            double[] ms = new double[REPS * 10], cpu = new double[ms.length];
            long[] bytes = new long[ms.length];
            for (int i = 0; i < ms.length; i++) {
                long t = System.nanoTime(), c = THREADS.getCurrentThreadCpuTime(), b = allocated();
                e.snapshot();
                ms[i] = (System.nanoTime() - t) / 1e6;
                cpu[i] = (THREADS.getCurrentThreadCpuTime() - c) / 1e6;
                bytes[i] = allocated() - b;
            }
            row("snapshot of a world with " + s.gs().size() + " goroutines (" + s.ps().size() + " Ps)", "< 0.5 ms", ms);
            // the thread's own CPU time: what the wall time would be on a machine with nothing else to run
            row("the same, CPU time of the thread taking it", "< 0.5 ms", cpu);
            bytesRow("the same, bytes it allocates", bytes);
            // the window stepping: one event, then a snapshot of the world it left
            for (int i = 0; i < ms.length; i++) {
                e.runUntil(Long.MAX_VALUE, ev -> true);
                e.drainEvents();
                long t = System.nanoTime(), c = THREADS.getCurrentThreadCpuTime(), b = allocated();
                e.snapshot();
                ms[i] = (System.nanoTime() - t) / 1e6;
                cpu[i] = (THREADS.getCurrentThreadCpuTime() - c) / 1e6;
                bytes[i] = allocated() - b;
            }
            row("a snapshot after each event (the window stepping), CPU time of the thread", "< 0.5 ms", cpu);
            bytesRow("the same, bytes it allocates", bytes);
        }
    }

    /**
     * The same world live (0.05× speed, so its Ms mostly rest, as in the window's live mode), and a frame of it about
     * every 16 ms as the window takes them ({@code Engine.takeFrame}: the world stopped, an exact snapshot, the events
     * since the last): the CPU and bytes of the thread taking each frame (its wait for the world to stop is not CPU).
     */
    private static void liveFrames10k() throws InterruptedException {
        try (Engine e = Engine.live(snap10k(), 0.05, true)) {
            int frames = REPS * 10;
            double[] cpu = new double[frames];
            long[] bytes = new long[frames];
            int gs = 0;
            for (int i = -REPS; i < frames; i++) {   // the first REPS frames: a warm-up, while main spawns
                long c = THREADS.getCurrentThreadCpuTime(), b = allocated();
                Engine.LiveFrame f = e.takeFrame(false);
                if (i >= 0) {
                    cpu[i] = (THREADS.getCurrentThreadCpuTime() - c) / 1e6;
                    bytes[i] = allocated() - b;
                }
                gs = f.snapshot().gs().size();
                Thread.sleep(16);
            }
            row("a live frame of " + gs + " goroutines (takeFrame, one about every 16 ms), CPU time of the thread taking it", "< 0.5 ms", cpu);
            bytesRow("the same, bytes it allocates", bytes);
        }
    }

    private static void stepBack1000() throws Exception {
        Scenario sc = ScenarioJson.load(Path.of("scenarios", "pingpong.json"));
        double[] steps = new double[REPS], jump = new double[REPS];
        try (History h = new History(sc, 8192)) {
            h.jumpTo(1);
            while (h.position() < 3_000) h.stepEvent();
            long end = h.position();
            for (int r = 0; r < REPS; r++) {
                h.toEnd();
                long t = System.nanoTime();
                while (h.position() > end - 1_000) h.stepBack();
                steps[r] = (System.nanoTime() - t) / 1e6;
                h.toEnd();
                t = System.nanoTime();
                h.jumpTo(end - 1_000);
                jump[r] = (System.nanoTime() - t) / 1e6;
            }
            if (h.replays() != 0) throw new IllegalStateException("stepping within the ring replayed");
        }
        row("step back 1,000 events within history, one position at a time (pingpong)", "< 20 ms", steps);
        row("jump back 1,000 events within history (pingpong)", "< 20 ms", jump);
    }

    /**
     * 10,000 goroutines of 20 µs on 4 Ps, jumped past the end (explored without snapshots on the way; the jump then
     * replays once to keep the stretch before the end), then 100 steps back, which should all be lookups; then 10
     * jumps back to random positions (seeded), each a replay from the start unless its position is kept, each
     * followed by one step back (what a user does next where a jump brought them).
     */
    private static void stepBackFromTheEnd10k() {
        Scenario sc = ScenarioBench.spawnWork(10_000, 20_000, 4);
        double[] jump = new double[3], first = new double[3], rest = new double[3 * 99], random = new double[3 * 10], after = new double[3 * 10];
        // the random jumps split by how they got there, in wall time and in the whole process's CPU time (engine and
        // collector threads included, which the load does not inflate as it does wall time)
        List<Double> replayed = new java.util.ArrayList<>(), ran = new java.util.ArrayList<>(), ranCpu = new java.util.ArrayList<>();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        long replays = 0, randomReplays = 0, afterReplays = 0, events = 0;
        java.util.Random rnd = new java.util.Random(19);
        for (int r = 0; r < 3; r++) {
            try (History h = new History(sc)) {
                long t = System.nanoTime();
                h.jumpTo(Long.MAX_VALUE / 2);
                jump[r] = (System.nanoTime() - t) / 1e6;
                events = h.position();
                long before = h.replays();
                for (int i = 0; i < 100; i++) {
                    t = System.nanoTime();
                    h.stepBack();
                    double ms = (System.nanoTime() - t) / 1e6;
                    if (i == 0) first[r] = ms; else rest[r * 99 + i - 1] = ms;
                }
                replays += h.replays() - before;
                before = h.replays();
                for (int i = 0; i < 10; i++) {
                    long n = (long) (rnd.nextDouble() * (events - 200));
                    long r0 = h.replays(), c = os.getProcessCpuTime();
                    t = System.nanoTime();
                    h.jumpTo(n);
                    random[r * 10 + i] = (System.nanoTime() - t) / 1e6;
                    if (h.replays() > r0) replayed.add(random[r * 10 + i]);
                    else if (random[r * 10 + i] > 0.1) {   // not a lookup in the ring: the engine or a spare ran
                        ran.add(random[r * 10 + i]);
                        ranCpu.add((os.getProcessCpuTime() - c) / 1e6);
                    }
                    // what a user does next at the position a jump brought them to: one step back
                    long b = h.replays();
                    t = System.nanoTime();
                    h.stepBack();
                    after[r * 10 + i] = (System.nanoTime() - t) / 1e6;
                    afterReplays += h.replays() - b;
                    randomReplays += b - before;
                    before = h.replays();
                }
            }
        }
        row("jump past the end of a run of 10,000 goroutines (4 Ps, " + events + " events), with its replay keeping the stretch before the end", "—", jump);
        row("then the first step back", "< 20 ms", first);
        row("the 99 steps back after it (" + replays + " replays in 3 × 100 steps)", "< 20 ms", rest);
        row("then jumps back to random positions (" + randomReplays + " replays in 3 × 10 jumps)", "< 20 ms", random);
        if (!replayed.isEmpty()) row("of those, the jumps that replayed from the start (" + replayed.size() + ")", "—", unbox(replayed));
        if (!ran.isEmpty()) {
            row("of those, the jumps that ran the engine or a spare forward (" + ran.size() + ")", "—", unbox(ran));
            row("the same, CPU time of the whole process", "—", unbox(ranCpu));
        }
        row("the step back after each of those jumps (" + afterReplays + " replays in 3 × 10 steps)", "< 20 ms", after);
    }

    private static double[] unbox(List<Double> l) { return l.stream().mapToDouble(Double::doubleValue).toArray(); }

    private static void replay20k() throws Exception {
        Scenario sc = ScenarioJson.load(Path.of("scenarios", "pingpong.json"));
        double[] viaHistory = new double[REPS], oneWay = new double[REPS];
        for (int r = 0; r < REPS + 3; r++) {
            // a new history each time, a ring of one: its first jump back is a replay from the start (later ones would
            // run on from the engine that replay leaves behind)
            try (History h = new History(sc, 1)) {
                h.jumpTo(21_000);
                h.toEnd();
                long t = System.nanoTime();
                h.jumpTo(20_000); // not in the ring: replayed from the start
                if (r >= 3) viaHistory[r - 3] = (System.nanoTime() - t) / 1e6;
                if (h.replays() != 1) throw new IllegalStateException("expected the jump to replay from the start, got " + h.replays() + " replays");
            }
        }
        for (int r = 0; r < REPS + 3; r++) {
            long t = System.nanoTime();
            try (Engine e = Replay.to(sc, List.of(), 20_000, Long.MAX_VALUE, ev -> { })) {
                if (r >= 3) oneWay[r - 3] = (System.nanoTime() - t) / 1e6;
                if (e.eventCount() < 20_000) throw new IllegalStateException("replay stopped at " + e.eventCount());
            }
        }
        row("replay 20,000 events from the start: History.jumpTo outside the ring (pingpong)", "< 500 ms", viaHistory);
        row("replay 20,000 events from the start: Replay.to, events handed to a sink (pingpong)", "< 500 ms", oneWay);
    }
}
