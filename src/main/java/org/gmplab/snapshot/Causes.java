package org.gmplab.snapshot;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Who readied whom, and which M took which P: the causes and effects of one event, read from the events
 * of a run alone (no engine, no JavaFX).
 *
 * <h2>The engine's events: recorded causes</h2>
 * The engine records each cause where it happens ({@link Event.Head#cause}), so nothing is guessed here: an
 * event's cause is the event its head names, and its effects are the later events that name it. A G's cause
 * is the event that put it where it was taken from ({@code GO}, {@code READY}, {@code GOSCHED}, a steal, a
 * global-queue batch, an overflow, a network poll that {@code injectglist} queued, an action from outside…);
 * a READY's is the waker's running spell (its {@code EXECUTE}: "readied by G5") or the {@code TIMER} that
 * fired; a P's is the event that released it. An event that moves a batch ({@link Event#batch()}) links
 * every G of it: back to where each came from, and on to what became of each.
 *
 * <h2>Real Go traces: inferred causes</h2>
 * A real Go run's execution trace ({@link Event.Real}) records no causes, so for its events they are inferred
 * from what the events carry — a goroutine's {@code g}, a P's {@code p} — and when the events do not say, there
 * is no link:
 *
 * <p><b>A goroutine's runnable spell.</b> Some events make their {@code g} runnable ({@code GO}, {@code READY},
 * {@code GOSCHED}, {@code PREEMPT}, {@code TIMER}, {@code NETPOLL} for the first G it found, {@code EXITSYSCALL}
 * on the slow paths 3 and 4); some move a runnable {@code g} to another queue or M ({@code STEAL},
 * {@code GLOBRUNQGET}, {@code RUNQPUTSLOW}, Go 1.0's {@code MATCHMG} and {@code NEXTG}). The cause of an
 * {@code EXECUTE} or of a move is the event just before it about the same G, if that event made it runnable
 * or moved it; a {@code READY} right after a {@code TIMER} of the same G was caused by that timer. Events that
 * only mention a G in passing ({@code INJECT}, {@code PREEMPT_REQUEST}, {@code PROCRESIZE}) are skipped;
 * any other event about the G in between (it ran, parked, entered a system call) means there is no cause.
 * Only the G an event names is followed.
 *
 * <p><b>A P without an M.</b> Some events leave a P without an M ({@code PIDLE}, {@code HANDOFFP},
 * {@code RETAKE}, {@code ENTERSYSCALL}: the P stays in {@code _Psyscall}); some give a P to an M
 * ({@code STARTM}, {@code NEWM}, {@code EXITSYSCALL} on paths 1–3). The cause of a taking is the event just
 * before it about the same P, if that event released it; a {@code RETAKE} is caused by the {@code ENTERSYSCALL}
 * that left the P behind, and a {@code HANDOFFP} by the {@code RETAKE} or blocking {@code ENTERSYSCALL}
 * before it. A stop of the world or {@code procresize} in between ends the search (they reassign Ps without
 * an event per P).
 *
 * <p><b>Effects</b> are the same links read the other way: the effect of an event is the next event about
 * the same G (or P) if that event's cause is this one.
 *
 * <p>In both, a {@code STEAL}'s thief P links to where its M took that P (found by looking back: it is no cause).
 * Each search is a binary search for the event and a scan of at most {@link #SCAN} events, so a 100 000-event
 * log answers at once; a search that runs out says so with a link without an event.
 */
public final class Causes {
    /** How far a search looks back or ahead, in events. */
    public static final int SCAN = 50_000;

    /** The phrases of the links (English; the window translates them): {@code %1$d} is the G or P, {@code %2$s} the event. */
    public static final String MADE_RUNNABLE = "made runnable by %2$s",
            MOVED = "moved by %2$s",
            TIMER_FIRED = "readied because of %2$s",
            READIED_BY = "readied by G%1$d, running since %2$s",
            NEXT = "next: %2$s",
            READIED = "readied G%1$d: %2$s",
            G_NEXT = "G%1$d next: %2$s",
            G_FROM = "G%1$d came from %2$s",
            P_FROM = "P%1$d came from %2$s",
            P_TAKEN = "P%1$d was taken at %2$s",
            P_NEXT = "P%1$d went on to %2$s",
            GONE = "(#%1$d is no longer in the log)",
            NOT_BEFORE = "(not within the last 50,000 events)",
            NOT_AFTER = "(not within the next 50,000 events)";

    /** Whether a link points back (a cause) or forward (an effect). */
    public enum Role { CAUSE, EFFECT }

    /**
     * One link: {@code phrase} formatted with {@code number} (the G or P) and {@link #ref} of {@code event};
     * {@code event} is null when the search ran out ({@link #NOT_BEFORE}, {@link #NOT_AFTER}) or the cause is
     * no longer in the log ({@link #GONE}, whose number is its seq).
     */
    public record Link(Role role, String phrase, long number, Event event) { }

    static final Set<EventKind> MAKES_RUNNABLE = EnumSet.of(EventKind.GO, EventKind.READY, EventKind.GOSCHED, EventKind.PREEMPT,
            EventKind.TIMER, EventKind.NETPOLL);
    static final Set<EventKind> MOVES = EnumSet.of(EventKind.STEAL, EventKind.GLOBRUNQGET, EventKind.RUNQPUTSLOW,
            EventKind.MATCHMG, EventKind.NEXTG);
    /** Events that mention a G without changing where it is. */
    static final Set<EventKind> G_PASSING = EnumSet.of(EventKind.INJECT, EventKind.PREEMPT_REQUEST, EventKind.PROCRESIZE);
    static final Set<EventKind> RELEASES_P = EnumSet.of(EventKind.PIDLE, EventKind.HANDOFFP, EventKind.RETAKE, EventKind.ENTERSYSCALL);
    /** Events after which Ps may have changed hands without an event each. */
    static final Set<EventKind> P_RESET = EnumSet.of(EventKind.STW, EventKind.PROCRESIZE);
    /** Engine events whose recorded cause is about their P (the event that released it), not their G. */
    static final Set<EventKind> P_CAUSED = EnumSet.of(EventKind.STARTM, EventKind.NEWM, EventKind.EXITSYSCALL, EventKind.RETAKE,
            EventKind.HANDOFFP);
    /** Engine events that name a G without recording a cause for it (startlockedm, stoplockedm: the G locked to the M). */
    static final Set<EventKind> G_MENTIONS = EnumSet.of(EventKind.INJECT, EventKind.PREEMPT_REQUEST, EventKind.PROCRESIZE,
            EventKind.STARTM, EventKind.STOPM);
    /** Engine events that other events may name as their cause: those that put a G somewhere or release a P. */
    static final Set<EventKind> CAUSING = EnumSet.of(EventKind.GO, EventKind.READY, EventKind.GOSCHED, EventKind.PREEMPT,
            EventKind.TIMER, EventKind.NETPOLL, EventKind.EXITSYSCALL, EventKind.EXECUTE, EventKind.STEAL, EventKind.GLOBRUNQGET,
            EventKind.RUNQPUTSLOW, EventKind.MATCHMG, EventKind.NEXTG, EventKind.INJECT, EventKind.PIDLE, EventKind.HANDOFFP,
            EventKind.RETAKE, EventKind.ENTERSYSCALL, EventKind.PROCRESIZE, EventKind.STW);

    private Causes() { }

    /** "#123 READY (M2, P1, G7)": the event's number, kind and actors; the same in every language. */
    public static String ref(Event e) {
        List<String> who = new ArrayList<>(3);
        if (e.m() >= 0) who.add("M" + e.m());
        if (e.p() >= 0) who.add("P" + e.p());
        if (e.g() >= 0) who.add("G" + e.g());
        return "#" + e.seq() + " " + e.kind() + (who.isEmpty() ? "" : " (" + String.join(", ", who) + ")");
    }

    /** The causes, then the effects, of {@code e} among {@code events} (one branch's events in seq order). */
    public static List<Link> of(List<Event> events, Event e) {
        int i = indexOf(events, e.seq());
        if (i < 0) return List.of();
        List<Link> out = new ArrayList<>(4);
        if (e instanceof Event.Real) {   // a real Go trace records no causes: infer them
            gCause(events, i, out);
            pCause(events, i, out);
            gEffect(events, i, out);
            pEffect(events, i, out);
        } else {
            recordedCauses(events, e, out);
            if (e.kind() == EventKind.STEAL && e.p() >= 0) thiefP(events, i, out);
            recordedEffects(events, i, out);
        }
        return out;
    }

    // ---- recorded causes (the engine's events) ---------------------------------------------------

    private static void recordedCauses(List<Event> events, Event e, List<Link> out) {
        if (e.cause() >= 0) {
            boolean p = P_CAUSED.contains(e.kind());
            long number = p ? e.p() : e instanceof Event.Ready r && r.by() >= 0 ? r.by() : e.g();
            Event c = find(events, e.cause());
            if (c == null) out.add(new Link(Role.CAUSE, GONE, e.cause(), null));
            else out.add(new Link(Role.CAUSE, p ? P_FROM : phraseOf(e, c), number, c));
        }
        for (Event.Moved m : e.batch()) {   // the other Gs of a batch (the one named is linked above)
            if (m.g() == e.g() || m.cause() < 0) continue;
            Event c = find(events, m.cause());
            out.add(c == null ? new Link(Role.CAUSE, GONE, m.cause(), null) : new Link(Role.CAUSE, G_FROM, m.g(), c));
        }
    }

    /** How G {@code e} came to be where {@code e} found it, by what {@code c}, its cause, did. */
    private static String phraseOf(Event e, Event c) {
        if (e.kind() == EventKind.READY) return c.kind() == EventKind.TIMER ? TIMER_FIRED : READIED_BY;
        return MOVES.contains(c.kind()) ? MOVED : MADE_RUNNABLE;
    }

    /**
     * The events that name {@code events[i]} as the cause of their G or P, or of a G of their batch. The scan
     * ends once every G and P it could be the cause of has moved on (a later event about that G or P records a
     * cause of its own), so following a whole log costs no more than reading it.
     */
    private static void recordedEffects(List<Event> events, int i, List<Link> out) {
        Event e = events.get(i);
        if (!CAUSING.contains(e.kind())) return;
        Set<Long> gs = new HashSet<>();
        if (e.g() >= 0 && !RELEASES_P.contains(e.kind())) gs.add(e.g());
        for (Event.Moved m : e.batch()) gs.add(m.g());
        int p = RELEASES_P.contains(e.kind()) ? e.p() : -1;
        // an injected action's Gs, and the Ps a stop of the world or procresize reassigns, are not in the event
        boolean unbounded = e.kind() == EventKind.INJECT || P_RESET.contains(e.kind());
        int found = out.size();
        int stop = Math.min(events.size(), i + 1 + SCAN), j = i + 1;
        for (; j < stop && (unbounded || p >= 0 || !gs.isEmpty()); j++) {
            Event a = events.get(j);
            if (a.cause() == e.seq()) {
                if (P_CAUSED.contains(a.kind())) out.add(new Link(Role.EFFECT, P_NEXT, a.p(), a));
                else if (a instanceof Event.Ready r && r.by() >= 0) out.add(new Link(Role.EFFECT, READIED, a.g(), a));
                else out.add(new Link(Role.EFFECT, a.g() == e.g() ? NEXT : G_NEXT, a.g(), a));
            }
            for (Event.Moved m : a.batch()) {
                if (m.g() != a.g() && m.cause() == e.seq()) out.add(new Link(Role.EFFECT, m.g() == e.g() ? NEXT : G_NEXT, m.g(), a));
                gs.remove(m.g());
            }
            if (!G_MENTIONS.contains(a.kind())) gs.remove(a.g());
            if (a.p() == p && RELEASES_P.contains(a.kind()) || P_RESET.contains(a.kind())) p = -1;
        }
        if (out.size() == found && j == stop && stop < events.size()) out.add(new Link(Role.EFFECT, NOT_AFTER, e.g(), null));
    }

    /** The event numbered {@code seq}, or null if the log no longer holds it. */
    private static Event find(List<Event> events, long seq) {
        int j = indexOf(events, seq);
        return j < 0 ? null : events.get(j);
    }

    // ---- inferred causes (real Go traces) --------------------------------------------------------

    /** Whether {@code e} makes its G runnable (EXITSYSCALL: only the slow paths, where the G was runnable). */
    static boolean makesRunnable(Event e) {
        if (e.g() < 0) return false;
        if (e.kind() == EventKind.EXITSYSCALL) return path(e) == 3 || path(e) == 4;
        return MAKES_RUNNABLE.contains(e.kind());
    }

    /** Whether {@code e} is something whose cause is a G's being made runnable or moved. */
    static boolean runnableUse(Event e) {
        return e.g() >= 0 && (e.kind() == EventKind.EXECUTE || MOVES.contains(e.kind()) || e.kind() == EventKind.READY);
    }

    /** The event that made {@code events[i]}'s G runnable or moved it there; null if none, NOT_FOUND if the scan ran out. */
    private static Event gCauseOf(List<Event> events, int i) {
        Event e = events.get(i);
        if (!runnableUse(e)) return null;
        int stop = Math.max(0, i - SCAN);
        for (int j = i - 1; j >= stop; j--) {
            Event b = events.get(j);
            if (b.g() != e.g() || G_PASSING.contains(b.kind())) continue;
            if (e.kind() == EventKind.READY) return b.kind() == EventKind.TIMER ? b : null;
            return makesRunnable(b) || MOVES.contains(b.kind()) ? b : null;
        }
        return stop > 0 ? NOT_FOUND : null;
    }

    private static void gCause(List<Event> events, int i, List<Link> out) {
        Event c = gCauseOf(events, i);
        if (c == null) return;
        Event e = events.get(i);
        if (c == NOT_FOUND) out.add(new Link(Role.CAUSE, NOT_BEFORE, e.g(), null));
        else out.add(new Link(Role.CAUSE, c.kind() == EventKind.TIMER && e.kind() == EventKind.READY ? TIMER_FIRED
                : MOVES.contains(c.kind()) ? MOVED : MADE_RUNNABLE, e.g(), c));
    }

    private static void gEffect(List<Event> events, int i, List<Link> out) {
        Event e = events.get(i);
        if (!makesRunnable(e) && !MOVES.contains(e.kind())) return;
        int stop = Math.min(events.size(), i + 1 + SCAN);
        for (int j = i + 1; j < stop; j++) {
            Event a = events.get(j);
            if (a.g() != e.g() || G_PASSING.contains(a.kind())) continue;
            if (gCauseOf(events, j) == e) out.add(new Link(Role.EFFECT, NEXT, e.g(), a));
            return;
        }
        if (stop < events.size()) out.add(new Link(Role.EFFECT, NOT_AFTER, e.g(), null));
    }

    // ---- Ps --------------------------------------------------------------------------------------

    /** Whether {@code e} gives its P to its M. */
    static boolean takesP(Event e) {
        if (e.p() < 0) return false;
        return switch (e.kind()) {
            case STARTM, NEWM -> true;
            case EXITSYSCALL -> path(e) >= 1 && path(e) <= 3;
            default -> false;
        };
    }

    static boolean releasesP(Event e) { return e.p() >= 0 && RELEASES_P.contains(e.kind()); }

    /** Whether {@code b}, the event just before {@code e} about the same P, released it in the way {@code e} continues. */
    private static boolean continues(Event b, Event e) {
        if (!releasesP(b)) return false;
        if (takesP(e)) return true;
        return switch (e.kind()) {
            case RETAKE -> b.kind() == EventKind.ENTERSYSCALL;
            case HANDOFFP -> b.kind() == EventKind.RETAKE || (b.kind() == EventKind.ENTERSYSCALL && blocking(b));
            default -> false;
        };
    }

    /** Whether {@code e}'s P has a cause: it takes a P or passes a released one on. */
    private static boolean pUse(Event e) {
        return e.p() >= 0 && (takesP(e) || e.kind() == EventKind.RETAKE || e.kind() == EventKind.HANDOFFP);
    }

    private static Event pCauseOf(List<Event> events, int i) {
        Event e = events.get(i);
        if (!pUse(e)) return null;
        int stop = Math.max(0, i - SCAN);
        for (int j = i - 1; j >= stop; j--) {
            Event b = events.get(j);
            if (P_RESET.contains(b.kind())) return null;
            if (b.p() != e.p()) continue;
            return continues(b, e) ? b : null;
        }
        return stop > 0 ? NOT_FOUND : null;
    }

    private static void pCause(List<Event> events, int i, List<Link> out) {
        Event e = events.get(i);
        if (e.kind() == EventKind.STEAL && e.p() >= 0) {
            thiefP(events, i, out);
            return;
        }
        Event c = pCauseOf(events, i);
        if (c == null) return;
        out.add(c == NOT_FOUND ? new Link(Role.CAUSE, NOT_BEFORE, e.p(), null) : new Link(Role.CAUSE, P_FROM, e.p(), c));
    }

    /** A STEAL's thief P: the latest event where this M took it, unless the P was released since. */
    private static void thiefP(List<Event> events, int i, List<Link> out) {
        Event e = events.get(i);
        int stop = Math.max(0, i - SCAN);
        for (int j = i - 1; j >= stop; j--) {
            Event b = events.get(j);
            if (P_RESET.contains(b.kind())) return;
            if (b.p() != e.p()) continue;
            if (releasesP(b)) return;
            if (takesP(b)) {
                if (b.m() == e.m()) out.add(new Link(Role.CAUSE, P_TAKEN, e.p(), b));
                return;
            }
        }
        if (stop > 0) out.add(new Link(Role.CAUSE, NOT_BEFORE, e.p(), null));
    }

    private static void pEffect(List<Event> events, int i, List<Link> out) {
        Event e = events.get(i);
        if (!releasesP(e)) return;
        int stop = Math.min(events.size(), i + 1 + SCAN);
        for (int j = i + 1; j < stop; j++) {
            Event a = events.get(j);
            if (P_RESET.contains(a.kind())) return;
            if (a.p() != e.p()) continue;
            if (pCauseOf(events, j) == e) out.add(new Link(Role.EFFECT, P_NEXT, e.p(), a));
            return;
        }
        if (stop < events.size()) out.add(new Link(Role.EFFECT, NOT_AFTER, e.p(), null));
    }

    // ---- helpers ---------------------------------------------------------------------------------

    /** Marks a search that ran out of its {@link #SCAN} window. */
    private static final Event NOT_FOUND = new Event.Inject(new Event.Head(0, 0, -1, -1, -1), "");

    private static long path(Event e) { return e instanceof Event.ExitSyscall x ? x.path() : -1; }

    private static boolean blocking(Event e) { return e instanceof Event.EnterSyscall x && x.blocking(); }

    /** The index of the event numbered {@code seq} (binary search; events are in seq order), or -1. */
    static int indexOf(List<Event> events, long seq) {
        int lo = 0, hi = events.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long s = events.get(mid).seq();
            if (s < seq) lo = mid + 1;
            else if (s > seq) hi = mid - 1;
            else return mid;
        }
        return -1;
    }
}
