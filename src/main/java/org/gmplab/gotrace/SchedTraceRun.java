package org.gmplab.gotrace;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.QueueSeries;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.PStatus;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;

/**
 * A real Go run read from its {@code GODEBUG=schedtrace=X} (and {@code scheddetail=1}) output, as moments the
 * window walks: position N is the N-th SCHED block (position 0 the first), at the SCHED line's ms; the event
 * that leads to it is sysmon printing it. Each moment is what Go printed and no more:
 *
 * <ul>
 * <li>the queues as counts ({@link Snapshot.Sampled}): the global queue's {@code runqueue=}, each P's
 *     {@code runqsize=} (or the bracket of a plain line). Go does not print which goroutines are queued, so the
 *     snapshot's rings and global queue are empty and nothing is drawn in a slot;</li>
 * <li>with scheddetail, each P's status, M and schedtick, each M's P, current G, spinning and blocked, each G's
 *     status and wait reason. Plain schedtrace has none of these: its Ps' statuses are unknown (-1), its Ms
 *     and Gs absent;</li>
 * <li>what it does not record is left empty: runnext, the idle lists (only their lengths, idleprocs and
 *     idlethreads, are printed), the free lists, what each goroutine runs. M1 is marked sysmon, as runtime.main
 *     starts it first.</li>
 * </ul>
 *
 * <p>The lines are sampled, not events: the output is printed while the program runs, without stopping it, so
 * a moment's figures need not agree with each other exactly, and whatever happened between two lines is not
 * in the output.
 */
public final class SchedTraceRun implements RealMoments {
    /** The most Ps a moment may have: the canvas's limit (the scenario's 1..256). */
    static final int MAX_PROCS = 256;
    /** Go's {@code _Grunnable}, {@code _Grunning}, {@code _Gsyscall}, {@code _Gwaiting}, {@code _Gdead}, and the scan bit. */
    private static final int G_RUNNABLE = 1, G_RUNNING = 2, G_SYSCALL = 3, G_WAITING = 4, G_DEAD = 6, G_SCAN = 0x1000;
    /** {@code _Gcopystack}, {@code _Gpreempted}: neither queued nor running; shown as waiting. */
    private static final int G_COPYSTACK = 8, G_PREEMPTED = 9;
    /** The wait reasons of the runtime's own goroutines (isSystemGoroutine: forcegchelper, bgsweep, bgscavenge, runfinq, GC workers). */
    private static final Set<String> SYSTEM_REASONS = Set.of("force gc (idle)", "GC sweep wait", "GC scavenge wait",
            "finalizer wait", "GC worker (idle)", "GC worker (active)");

    private final String name;
    private final List<SchedTraceReader.Snapshot> blocks;
    private final long everyMs;
    private final boolean detail;
    private final QueueSeries series;

    private SchedTraceRun(String name, List<SchedTraceReader.Snapshot> blocks) {
        this.name = name;
        this.blocks = List.copyOf(blocks);
        this.detail = blocks.stream().anyMatch(b -> !b.ps().isEmpty());
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < blocks.size(); i++) gaps.add(blocks.get(i).timeMs() - blocks.get(i - 1).timeMs());
        gaps.sort(null);
        this.everyMs = gaps.isEmpty() ? 0 : gaps.get(gaps.size() / 2);   // the median: a late line does not change it
        this.series = series(blocks);
    }

    /**
     * Reads a schedtrace file.
     *
     * @throws GoTraceException output that is not as Go prints it: one line naming the file and the line
     */
    public static SchedTraceRun read(Path file) throws IOException {
        String name = file.getFileName().toString();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return of(SchedTraceReader.read(in, name), name);
        } catch (java.nio.charset.MalformedInputException e) {
            throw new GoTraceException(-1, name + ": not text (UTF-8): not schedtrace output");
        }
    }

    /**
     * The run of these blocks, checked: time never goes back, 1 to {@value #MAX_PROCS} Ps, every P line's id below
     * gomaxprocs.
     */
    public static SchedTraceRun of(List<SchedTraceReader.Snapshot> blocks, String name) throws GoTraceException {
        long last = Long.MIN_VALUE;
        for (SchedTraceReader.Snapshot b : blocks) {
            String at = name + ":" + b.line() + ": ";
            if (b.timeMs() < last)
                throw new GoTraceException(-1, at + "SCHED " + b.timeMs() + "ms comes after SCHED " + last + "ms: time must not go back (two runs in one file?)");
            last = b.timeMs();
            long procs = b.field("gomaxprocs");
            if (procs < 1 || procs > MAX_PROCS)
                throw new GoTraceException(-1, at + "gomaxprocs=" + procs + ": GMP Lab shows 1.." + MAX_PROCS + " Ps");
            if (b.localRunq().size() > procs)
                throw new GoTraceException(-1, at + b.localRunq().size() + " local run queues for gomaxprocs=" + procs);
            for (SchedTraceReader.PLine p : b.ps())
                if (p.id() >= procs) throw new GoTraceException(-1, at + "P" + p.id() + " of gomaxprocs=" + procs + " (P ids are 0.." + (procs - 1) + ")");
        }
        return new SchedTraceRun(name, blocks);
    }

    @Override public String name() { return name; }

    /** GOMAXPROCS of the first moment. */
    @Override public int gomaxprocs() { return (int) blocks.get(0).field("gomaxprocs"); }

    @Override public long end() { return blocks.size() - 1; }

    /** The SCHED line's ms, in ns. */
    @Override public long time(long pos) { return block(pos).timeMs() * 1_000_000; }

    /** The sampling period: the median gap between SCHED lines, in ms (0 with one line). */
    public long everyMs() { return everyMs; }

    /** Whether the output is scheddetail's (P, M and G lines), not plain schedtrace. */
    public boolean detail() { return detail; }

    /** The global and local queues' lengths at every SCHED line. */
    public QueueSeries series() { return series; }

    /** The blocks as read. */
    public List<SchedTraceReader.Snapshot> blocks() { return blocks; }

    @Override
    public Event event(long pos) {
        if (pos == 0) throw new IllegalArgumentException("position 0 is the start: no event leads to it");
        SchedTraceReader.Snapshot b = block(pos);
        Map<String, Long> details = new LinkedHashMap<>();
        for (String f : List.of("runqueue", "idleprocs", "threads", "spinningthreads", "idlethreads"))
            if (b.fields().containsKey(f)) details.put(f, b.field(f));
        String first = b.text().lines().findFirst().orElse("");
        return new Event.Real(new Event.Head(pos, time(pos), -1, -1, -1), EventKind.SCHEDTRACE, details,
                "sysmon printed schedtrace: " + first);
    }

    @Override
    public Snapshot snapshot(long pos) {
        SchedTraceReader.Snapshot b = block(pos);
        List<Snapshot.Proc> ps = new ArrayList<>();
        List<Integer> idlePs = new ArrayList<>();
        int procs = (int) b.field("gomaxprocs");
        if (b.ps().isEmpty()) {   // plain schedtrace: a P is its queue's length, its status unknown (Snapshot.statusWord says "?")
            for (int i = 0; i < procs; i++) ps.add(new Snapshot.Proc(i, PStatus.IDLE, -1, -1, List.of(), 0, 0, 0, 0, 0, 0, 0));
        } else {
            for (SchedTraceReader.PLine p : b.ps()) {
                if (p.status() == 0) idlePs.add(p.id());
                ps.add(new Snapshot.Proc(p.id(), PStatus.of(p.status()), (int) p.m(), -1, List.of(), 0, 0, 0, p.schedtick(), p.syscalltick(), 0, 0));
            }
        }
        List<Snapshot.Thread> ms = new ArrayList<>();
        for (SchedTraceReader.MLine m : b.ms()) {
            boolean sysmon = m.id() == 1 && m.p() < 0 && m.curg() < 0;   // runtime.main's first newm
            ms.add(new Snapshot.Thread((int) m.id(), (int) m.p(), -1, m.curg(), m.spinning(), m.blocked(), sysmon));
        }
        ms.sort(java.util.Comparator.comparingInt(Snapshot.Thread::id));   // Go prints the newest first
        List<Snapshot.G> gs = new ArrayList<>();
        for (SchedTraceReader.GLine g : b.gs()) gs.add(g(g));
        Snapshot.Sampled sampled = new Snapshot.Sampled(everyMs, b.field("runqueue"), b.localRunq(), !b.ps().isEmpty(), b.text(), series);
        return new Snapshot(time(pos), pos, procs, (int) Math.max(0, b.field("threads")), (int) Math.max(0, b.field("idleprocs")),
                (int) Math.max(0, b.field("spinningthreads")), (int) Math.max(0, b.field("needspinning")), (int) Math.max(0, b.field("idlethreads")),
                List.of(), idlePs, List.of(), 0, ps, ms, gs, Snapshot.REAL, new Snapshot.Lock(0, 0, 0), -1,
                b.field("sysmonwait") == 1, List.of(), sampled);
    }

    /** A G line as the canvas's goroutine: its place from its status and wait reason. */
    private static Snapshot.G g(SchedTraceReader.GLine g) {
        int status = g.status() & ~G_SCAN;   // being scanned by the GC: its status under the scan bit
        String reason = g.reason();
        if (status == G_COPYSTACK || status == G_PREEMPTED) {
            if (reason.isEmpty()) reason = status == G_COPYSTACK ? "copystack" : "preempted";
            status = G_WAITING;
        }
        Place where = switch (status) {
            case G_RUNNING, G_SYSCALL -> g.m() >= 0 ? new Place.OnM((int) g.m()) : Place.POOL;
            case G_RUNNABLE -> Place.POOL;
            case G_WAITING -> RealRun.place(reason);
            default -> Place.FREE;   // _Gidle, _Gdead
        };
        if (status != G_RUNNABLE && status != G_RUNNING && status != G_SYSCALL && status != G_WAITING) status = G_DEAD;
        return new Snapshot.G(g.id(), GStatus.of(status), reason, status == G_RUNNING ? (int) g.m() : -1, "", "", -1, where,
                SYSTEM_REASONS.contains(reason));
    }

    private static QueueSeries series(List<SchedTraceReader.Snapshot> blocks) {
        List<Long> t = new ArrayList<>(), g = new ArrayList<>();
        List<List<Long>> l = new ArrayList<>();
        for (SchedTraceReader.Snapshot b : blocks) {
            t.add(b.timeMs() * 1_000_000);
            g.add(b.field("runqueue"));
            l.add(b.localRunq());
        }
        return new QueueSeries(t, g, l);
    }

    private SchedTraceReader.Snapshot block(long pos) {
        if (pos < 0 || pos >= blocks.size())
            throw new IllegalArgumentException(String.format(Locale.ROOT, "position %d is outside 0..%d", pos, blocks.size() - 1));
        return blocks.get((int) pos);
    }
}
