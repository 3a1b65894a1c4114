package org.gmplab.gotrace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongConsumer;

import org.gmplab.gotrace.GoEvent.GoState;
import org.gmplab.gotrace.GoEvent.GoTransition;
import org.gmplab.gotrace.GoEvent.ProcState;
import org.gmplab.gotrace.GoEvent.ProcTransition;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.PStatus;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;

/**
 * A real Go run in the engine's own terms: the ordered stream of an execution trace turned into the
 * {@link Snapshot}s and {@link Event}s the engine produces, so that the window's canvas, transport, timeline,
 * event log and inspector show it as they show an engine run. This is the one class that knows both sides:
 * a change to the snapshot or event types is made here.
 *
 * <p><b>Positions.</b> Position 0 is the start: the state the first generation's {@code GoStatus} and
 * {@code ProcStatus} events give, before anything happened. Position N is the moment after the N-th state
 * transition of a goroutine or a P (Go's {@code StateTransition} events, in Go's order; the statuses a new
 * generation restates are applied with the transition after them, not counted). Metrics, ranges, labels and
 * logs change nothing the canvas shows and are left out.
 *
 * <p><b>What is not made up.</b> A snapshot of a real run says so ({@link Snapshot#REAL}): its Ps' rings,
 * {@code runnext} and the global queue are empty, for the trace does not record which queue a runnable
 * goroutine waits in — those goroutines are in one pool, {@code where} {@link Place.Pool}. Nor does it record spinning
 * or idle Ms, {@code schedtick} or the free lists: they are 0 or empty. What the trace implies is said as
 * inferred in the event's why: a goroutine made runnable on one P and started on another was moved (stolen, or
 * taken from the global queue); a {@code ProcSteal} of a P whose M is in a syscall is sysmon's retake (or the
 * M taking it back on its own slow way out of the syscall), and the M that made it without a P of its own is
 * shown as sysmon, from the start of the run (sysmon's {@code retake} runs on an M without a P).
 *
 * <p><b>Memory.</b> The trace is read streaming ({@link GoTraceReader} holds one generation); what is kept is
 * one small record per transition (stacks dropped) and a copy of the state every {@link #KEY_FRAME} positions,
 * from which any moment is rebuilt by applying at most that many transitions.
 *
 * <p>Immutable once read; {@link #snapshot} and {@link #event} may be called from any thread.
 */
public final class RealRun implements RealMoments {
    /** GOMAXPROCS in a ProcsChange's detail (Go prints {@code Value=Uint64(4)}); capped, as a corrupt one could be anything. */
    private static final java.util.regex.Pattern PROCS = java.util.regex.Pattern.compile("Uint64\\((\\d{1,9})\\)");
    private static final long MAX_PROCS = 1 << 20;

    /** A copy of the state is kept every this many positions. */
    static final int KEY_FRAME = 256;


    /** What an event implied: nothing, a migration (with the P it was made runnable on), a retake. */
    private static final byte PLAIN = 0, MIGRATED = 1, RETAKEN = 2, TAKEN_BACK = 3;

    /**
     * The figures side by side with an engine run: goroutines created, migrations, retakes, syscalls, the most
     * goroutines runnable at once.
     */
    public record Figures(long created, long migrations, long retakes, long syscalls, int maxRunnable) { }

    private final String name;
    private final int goVersion;
    private final long start;
    private final int gomaxprocs;
    private final List<GoEvent> transitions;   // every state transition, in Go's order, without stacks
    private final int[] applied;               // position → how many of them its moment has applied
    private final byte[] implied;              // position → PLAIN, MIGRATED, RETAKEN, TAKEN_BACK
    private final long[] from;                 // position → the P a migrated G was made runnable on, the M a P was taken from
    private final List<RunState> keyFrames;    // the state at positions 0, KEY_FRAME, 2·KEY_FRAME, ...
    private final Map<Long, String> functions; // goid → the function it was created to run (GoCreate's stack)
    private final java.util.Set<Long> sysmon;  // the Ms that retook a P from another M in a syscall: sysmon's
    private final Figures figures;

    private RealRun(String name, int goVersion, long start, int gomaxprocs, List<GoEvent> transitions, int[] applied,
                    byte[] implied, long[] from, List<RunState> keyFrames, Map<Long, String> functions, java.util.Set<Long> sysmon,
                    Figures figures) {
        this.name = name;
        this.goVersion = goVersion;
        this.start = start;
        this.gomaxprocs = gomaxprocs;
        this.transitions = transitions;
        this.applied = applied;
        this.implied = implied;
        this.from = from;
        this.keyFrames = keyFrames;
        this.functions = functions;
        this.sysmon = sysmon;
        this.figures = figures;
    }

    /**
     * Reads a trace file, streaming; {@code progress} (may be null) hears the fraction read, 0 to 1.
     *
     * @throws GoTraceException a file that is not a trace, or is cut short or corrupt (one line, with the byte)
     */
    public static RealRun read(Path file, java.util.function.DoubleConsumer progress) throws IOException {
        long size = Math.max(1, Files.size(file));
        LongConsumer bytes = progress == null ? null : n -> progress.accept(Math.min(1, (double) n / size));
        try (GoTraceReader r = GoTraceReader.open(file, bytes)) {
            return of(r, file.getFileName().toString());
        }
    }

    /** Reads the rest of {@code r}'s stream as the run called {@code name}. */
    public static RealRun of(GoTraceReader r, String name) throws IOException {
        List<GoEvent> transitions = new ArrayList<>();
        List<Integer> applied = new ArrayList<>();
        List<Byte> implied = new ArrayList<>();
        List<Long> from = new ArrayList<>();
        List<RunState> keyFrames = new ArrayList<>();
        Map<Long, String> functions = new HashMap<>();
        java.util.Set<Long> sysmon = new java.util.HashSet<>();
        RunState state = new RunState();
        long start = -1, created = 0, migrations = 0, retakes = 0, syscalls = 0, gomaxprocs = 0;
        for (GoEvent e; (e = r.next()) != null; ) {
            if (e.name().equals("ProcsChange") && e.detail() != null) {
                java.util.regex.Matcher n = PROCS.matcher(e.detail());
                if (n.find()) gomaxprocs = Math.min(MAX_PROCS, Long.parseLong(n.group(1)));
            }
            if (e.kind() != GoEvent.Kind.STATE_TRANSITION) continue;
            if (start < 0) start = e.time();
            boolean status = e.transition() instanceof GoTransition t ? t.from() == GoState.UNDETERMINED
                    : ((ProcTransition) e.transition()).from() == ProcState.UNDETERMINED;
            if (!status && applied.isEmpty()) {   // the first thing that happened: position 0 is the moment before it
                applied.add(transitions.size());
                implied.add(PLAIN);
                from.add(-1L);
                keyFrames.add(state.copy());
            }
            long took = -1;
            if (e.transition() instanceof GoTransition t) {
                if (t.from() == GoState.NOT_EXIST && !t.stack().isEmpty()) functions.put(t.goid(), t.stack().get(0).func());
                if (t.to() == GoState.RUNNING && t.from() == GoState.RUNNABLE) took = state.readyOn(t.goid());
                transitions.add(new GoEvent(e.kind(), e.name(), e.time(), e.m(), e.p(), e.g(),
                        new GoTransition(t.goid(), t.from(), t.to(), t.reason(), List.of()), e.detail()));
            } else {
                ProcTransition t = (ProcTransition) e.transition();
                took = state.procM(t.pid());
                transitions.add(e);
            }
            RunState.Inference inferred = state.apply(e);
            if (status) continue;
            applied.add(transitions.size());
            if (e.name().equals("GoCreate")) created++;
            if (e.name().equals("GoSyscallBegin")) syscalls++;
            byte what = PLAIN;
            if (inferred == RunState.Inference.MIGRATION) { what = MIGRATED; migrations++; }
            else if (inferred == RunState.Inference.RETAKE) { what = took == e.m() ? TAKEN_BACK : RETAKEN; retakes++; }
            // sysmon's retake: a P taken from another M by an M that holds none (a stop-the-world also takes the Ps
            // in syscalls, from an M that has a P)
            if (what == RETAKEN && e.m() >= 0 && e.p() < 0) sysmon.add(e.m());
            implied.add(what);
            from.add(what == PLAIN ? -1 : took);
            if ((applied.size() - 1) % KEY_FRAME == 0) keyFrames.add(state.copy());
        }
        if (applied.isEmpty()) {   // nothing happened: the statuses are the one moment
            applied.add(transitions.size());
            implied.add(PLAIN);
            from.add(-1L);
            keyFrames.add(state.copy());
        }
        int[] a = applied.stream().mapToInt(Integer::intValue).toArray();
        byte[] im = new byte[implied.size()];
        for (int i = 0; i < im.length; i++) im[i] = implied.get(i);
        long[] fr = from.stream().mapToLong(Long::longValue).toArray();
        return new RealRun(name, r.goVersion(), Math.max(0, start), (int) Math.min(Integer.MAX_VALUE, gomaxprocs), List.copyOf(transitions),
                a, im, fr, List.copyOf(keyFrames), Map.copyOf(functions), java.util.Set.copyOf(sysmon),
                new Figures(created, migrations, retakes, syscalls, state.maxRunnable()));
    }

    /** The file the run was read from (its name). */
    @Override
    public String name() { return name; }

    /** The trace format, as Go's minor version (22, 23 or 25). */
    public int goVersion() { return goVersion; }

    /** The last position: the number of transitions that happened. */
    @Override
    public long end() { return applied.length - 1; }

    /** GOMAXPROCS as the trace gives it (0 if it does not). */
    @Override
    public int gomaxprocs() { return gomaxprocs; }

    /** The figures to set beside an engine run's. */
    public Figures figures() { return figures; }

    /** The time of position {@code pos}, in ns since the trace's first event. */
    @Override
    public long time(long pos) {
        int p = check(pos);
        return p == 0 ? 0 : transitions.get(applied[p] - 1).time() - start;
    }

    /** The world at position {@code pos} (0 ≤ pos ≤ {@link #end()}), rebuilt from the key frame before it. */
    @Override
    public Snapshot snapshot(long pos) {
        int p = check(pos);
        int key = p / KEY_FRAME;
        RunState s = keyFrames.get(key).copy();
        for (int i = applied[key * KEY_FRAME]; i < applied[p]; i++) s.apply(transitions.get(i));
        return snapshot(p, s.moment());
    }

    /** The event that position {@code pos} (1 ≤ pos ≤ {@link #end()}) is the moment after. */
    @Override
    public Event event(long pos) {
        int p = check(pos);
        if (p == 0) throw new IllegalArgumentException("position 0 is the start: no event leads to it");
        GoEvent e = transitions.get(applied[p] - 1);
        long t = e.time() - start;
        Map<String, Long> details = new LinkedHashMap<>();
        String m = e.m() < 0 ? "no M" : "M" + e.m();
        String onP = e.p() < 0 ? "" : " on P" + e.p();
        if (e.transition() instanceof ProcTransition pt) {
            EventKind kind = implied[p] != PLAIN ? EventKind.RETAKE
                    : pt.to() == ProcState.RUNNING ? EventKind.STARTM : EventKind.PIDLE;
            String why = e.name() + ": P" + pt.pid() + " " + pt.from().goName() + "→" + pt.to().goName() + " (" + m + ")";
            if (implied[p] == RETAKEN) {
                details.put("from", from[p]);
                why += ": taken from M" + from[p] + ", whose goroutine is in a syscall — sysmon's retake (inferred)";
            } else if (implied[p] == TAKEN_BACK) {
                details.put("from", from[p]);
                why += ": M" + from[p] + " took it back on its slow way out of the syscall (inferred)";
            }
            return new Event.Real(new Event.Head(p, t, -1, (int) e.m(), (int) pt.pid()), kind, details, why);
        }
        GoTransition gt = (GoTransition) e.transition();
        EventKind kind = kind(gt);
        StringBuilder why = new StringBuilder(e.name()).append(": G").append(gt.goid()).append(' ')
                .append(gt.from().goName()).append('→').append(gt.to().goName());
        if (!gt.reason().isEmpty()) why.append(" (").append(gt.reason()).append(')');
        why.append(onP).append(", ").append(m);
        if (gt.from() == GoState.NOT_EXIST && functions.containsKey(gt.goid())) why.append(", to run ").append(functions.get(gt.goid()));
        if (implied[p] == MIGRATED) {
            details.put("readyOn", from[p]);
            why.append(": made runnable on P").append(from[p]).append(", started on P").append(e.p())
                    .append(" — moved, stolen or taken from the global queue (inferred: the trace does not say which)");
        }
        return new Event.Real(new Event.Head(p, t, gt.goid(), (int) e.m(), (int) e.p()), kind, details, why.toString());
    }

    /** The engine's name for what a goroutine's transition is. */
    private static EventKind kind(GoTransition t) {
        return switch (t.to()) {
            case NOT_EXIST -> EventKind.GOEXIT;
            case RUNNING -> t.from() == GoState.SYSCALL ? EventKind.EXITSYSCALL : EventKind.EXECUTE;
            case SYSCALL -> EventKind.ENTERSYSCALL;
            case WAITING -> EventKind.PARK;
            case RUNNABLE -> switch (t.from()) {
                case NOT_EXIST -> EventKind.GO;
                case RUNNING -> t.reason().equals("preempted") ? EventKind.PREEMPT : EventKind.GOSCHED;
                case SYSCALL -> EventKind.EXITSYSCALL;
                default -> EventKind.READY;
            };
            default -> EventKind.READY;
        };
    }

    /** The moment {@code m} as the engine's snapshot of a real run (see the class comment for what is left empty). */
    private Snapshot snapshot(int pos, RunState.Moment m) {
        Map<Long, Long> inSyscall = new HashMap<>();   // M → the goroutine in a syscall on it
        for (RunState.G g : m.goroutines()) if (g.state() == GoState.SYSCALL && g.m() >= 0) inSyscall.put(g.m(), g.goid());
        List<Snapshot.Proc> ps = new ArrayList<>();
        List<Integer> idlePs = new ArrayList<>();
        Map<Long, Long> pOfM = new HashMap<>();
        for (RunState.P p : m.procs()) {
            if (p.state() == ProcState.NOT_EXIST) continue;
            boolean running = p.state() == ProcState.RUNNING;
            // A P whose M's goroutine is in a syscall is Go's _Psyscall: the M left it, sysmon may retake it.
            boolean syscall = running && inSyscall.containsKey(p.m());
            PStatus status = syscall ? PStatus.SYSCALL : running ? PStatus.RUNNING : PStatus.IDLE;
            if (status == PStatus.IDLE) idlePs.add((int) p.pid());
            if (status == PStatus.RUNNING && p.m() >= 0) pOfM.put(p.m(), p.pid());
            ps.add(new Snapshot.Proc((int) p.pid(), status, status == PStatus.RUNNING ? (int) p.m() : -1, -1, List.of(), 0, 0, 0, 0, 0, 0, 0));
        }
        List<Snapshot.Thread> ms = new ArrayList<>();
        Map<Long, Long> running = new HashMap<>();   // M → the goroutine running on it
        for (RunState.G g : m.goroutines()) if (g.state() == GoState.RUNNING && g.m() >= 0) running.put(g.m(), g.goid());
        for (long id : m.ms()) {
            long curg = running.getOrDefault(id, inSyscall.getOrDefault(id, -1L));
            ms.add(new Snapshot.Thread((int) id, pOfM.getOrDefault(id, -1L).intValue(), -1, curg, false, inSyscall.containsKey(id),
                    sysmon.contains(id) && curg < 0 && !pOfM.containsKey(id)));
        }
        List<Snapshot.G> gs = new ArrayList<>();
        for (RunState.G g : m.goroutines()) {
            if (g.state() == GoState.UNDETERMINED) continue;
            GStatus status = switch (g.state()) {
                case RUNNABLE -> GStatus.RUNNABLE;
                case RUNNING -> GStatus.RUNNING;
                case SYSCALL -> GStatus.SYSCALL;
                case WAITING -> GStatus.WAITING;
                default -> GStatus.DEAD;
            };
            Place where = switch (g.state()) {
                case RUNNING, SYSCALL -> new Place.OnM((int) g.m());
                case RUNNABLE -> Place.POOL;
                case WAITING -> place(g.reason());
                default -> Place.FREE;
            };
            boolean system = g.reason().equals("system goroutine wait") || functions.getOrDefault(g.goid(), "").startsWith("runtime.");
            gs.add(new Snapshot.G(g.goid(), status, g.reason(), g.state() == GoState.RUNNING ? (int) g.m() : -1,
                    functions.getOrDefault(g.goid(), ""), "", -1, where, system));
        }
        int procs = gomaxprocs > 0 ? gomaxprocs : ps.size();
        return new Snapshot(time(pos), pos, procs, ms.size(), idlePs.size(), 0, 0, 0, List.of(), idlePs, List.of(), 0,
                ps, ms, gs, Snapshot.REAL, new Snapshot.Lock(0, 0, 0), -1, false, List.of());
    }

    /** The canvas's place for a goroutine blocked for Go's {@code reason} (traceBlockReason's strings). */
    static Place place(String reason) {
        return new Place.Parked(switch (reason) {
            case "sleep" -> Place.On.TIMER;
            case "network" -> Place.On.NETPOLL;
            case "chan send", "chan receive", "select" -> Place.On.CHAN;
            case "forever", "select (no cases)" -> Place.On.FOREVER;
            default -> Place.On.WAITING;   // sync (a mutex or a WaitGroup: the trace does not say), GC, system goroutines
        });
    }

    private int check(long pos) {
        if (pos < 0 || pos >= applied.length)
            throw new IllegalArgumentException(String.format(Locale.ROOT, "position %d is outside 0..%d", pos, applied.length - 1));
        return (int) pos;
    }
}
