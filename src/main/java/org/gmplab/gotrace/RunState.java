package org.gmplab.gotrace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.gmplab.gotrace.GoEvent.GoState;
import org.gmplab.gotrace.GoEvent.GoTransition;
import org.gmplab.gotrace.GoEvent.ProcState;
import org.gmplab.gotrace.GoEvent.ProcTransition;

/**
 * The state of a real run at a moment, followed event by event through a trace's ordered stream: every
 * goroutine's state (with the wait reason of a blocked one, the M and P of a running one, the M of one in a
 * syscall), every P's state and M, and the Ms seen so far. What it cannot know it does not make up: the
 * runnable goroutines are one pool, for the trace does not say which queue each waits in.
 *
 * <p>{@link #apply} also names what the trace implies but does not record ({@link Inference}): a goroutine
 * made runnable on one P and started on another was moved (stolen by that P, or taken from the global
 * queue); a {@code ProcSteal} took a P from an M in a syscall (sysmon's retake, or the M itself on its way
 * out of the syscall).
 */
public final class RunState {

    /** A goroutine now: {@code m} and {@code p} where it runs (or the M of its syscall), -1 otherwise. */
    public record G(long goid, GoState state, String reason, long m, long p) { }

    /** A P now, with the M that holds it (-1: none) and the goroutine running on it (-1: none). */
    public record P(long pid, ProcState state, long m, long g) { }

    /** Everything at one moment, in id order. */
    public record Moment(long time, List<G> goroutines, List<P> procs, List<Long> ms, int runnable) { }

    /** What an event implies beyond what it records. */
    public enum Inference {
        /** A goroutine started on another P than the one it was made runnable on: a steal, or the global queue. */
        MIGRATION,
        /** A P taken from an M in a syscall ({@code ProcSteal}). */
        RETAKE
    }

    private static final class GS {
        GoState state = GoState.UNDETERMINED;
        String reason = "";
        long m = -1, p = -1;
        long readyOn = -1; // the P it was made runnable on, -1 unknown
    }

    private final Map<Long, GS> gs = new HashMap<>();
    private final Map<Long, long[]> ps = new HashMap<>(); // pid -> {state ordinal, m}
    private final TreeSet<Long> ms = new TreeSet<>();
    private long time;
    private int runnable, maxRunnable;

    /** Applies the next event of the stream; returns what it implies, or null. */
    public Inference apply(GoEvent e) {
        time = e.time();
        if (e.m() >= 0) ms.add(e.m());
        if (e.transition() instanceof GoTransition t) return applyGo(e, t);
        if (e.transition() instanceof ProcTransition t) {
            long[] p = ps.computeIfAbsent(t.pid(), k -> new long[] {0, -1});
            p[0] = t.to().ordinal();
            p[1] = t.to() == ProcState.RUNNING ? e.m() : -1;
            if (e.name().equals("ProcSteal") && t.from() == ProcState.RUNNING) return Inference.RETAKE;
        }
        return null;
    }

    private Inference applyGo(GoEvent e, GoTransition t) {
        GS g = gs.computeIfAbsent(t.goid(), k -> new GS());
        if (g.state == GoState.RUNNABLE) runnable--;
        Inference inferred = null;
        switch (t.to()) {
            case NOT_EXIST -> {
                gs.remove(t.goid());
                return null;
            }
            case RUNNABLE -> {
                if (t.from() != GoState.RUNNABLE) g.readyOn = e.p();
                g.m = g.p = -1;
            }
            case RUNNING -> {
                if (t.from() == GoState.RUNNABLE && g.readyOn >= 0 && e.p() >= 0 && e.p() != g.readyOn) inferred = Inference.MIGRATION;
                g.m = e.m();
                g.p = e.p();
                g.reason = "";
            }
            case WAITING -> {
                if (t.from() != GoState.WAITING) g.reason = t.reason();
                g.m = g.p = -1;
            }
            case SYSCALL -> {
                g.m = e.m();
                g.p = e.p();
            }
            default -> { }
        }
        g.state = t.to();
        if (g.state == GoState.RUNNABLE) maxRunnable = Math.max(maxRunnable, ++runnable);
        return inferred;
    }

    /** A copy that follows the stream on from here without touching this one (a key frame to walk back to). */
    public RunState copy() {
        RunState c = new RunState();
        gs.forEach((id, g) -> {
            GS d = new GS();
            d.state = g.state;
            d.reason = g.reason;
            d.m = g.m;
            d.p = g.p;
            d.readyOn = g.readyOn;
            c.gs.put(id, d);
        });
        ps.forEach((id, p) -> c.ps.put(id, p.clone()));
        c.ms.addAll(ms);
        c.time = time;
        c.runnable = runnable;
        c.maxRunnable = maxRunnable;
        return c;
    }

    /** The M that holds P {@code pid} now, or -1 (none, or a P not seen). */
    public long procM(long pid) {
        long[] p = ps.get(pid);
        return p == null ? -1 : p[1];
    }

    /** The P goroutine {@code goid} was last made runnable on, or -1 (unknown, or a goroutine not seen). */
    public long readyOn(long goid) {
        GS g = gs.get(goid);
        return g == null ? -1 : g.readyOn;
    }

    /** Goroutines runnable now (in any queue: the trace does not say which). */
    public int runnable() { return runnable; }

    /** The most goroutines runnable at once so far. */
    public int maxRunnable() { return maxRunnable; }

    /** The moment after the last event applied. */
    public Moment moment() {
        List<G> goroutines = new ArrayList<>(gs.size());
        gs.forEach((id, g) -> goroutines.add(new G(id, g.state, g.reason, g.m, g.p)));
        goroutines.sort(Comparator.comparingLong(G::goid));
        Map<Long, Long> running = new HashMap<>();
        for (G g : goroutines) if (g.state() == GoState.RUNNING && g.p() >= 0) running.put(g.p(), g.goid());
        List<P> procs = new ArrayList<>(ps.size());
        ps.forEach((id, p) -> procs.add(new P(id, ProcState.values()[(int) p[0]], p[1], running.getOrDefault(id, -1L))));
        procs.sort(Comparator.comparingLong(P::pid));
        return new Moment(time, List.copyOf(goroutines), List.copyOf(procs), List.copyOf(ms), runnable);
    }
}
