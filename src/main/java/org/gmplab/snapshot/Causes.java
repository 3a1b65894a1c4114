package org.gmplab.snapshot;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Who readied whom, and which M took which P: the causes and effects of one event, read from the events
 * of a run alone (no engine, no JavaFX). Every link is derived from what the events carry — a goroutine's
 * {@code g}, a P's {@code p}, {@code EXITSYSCALL}'s {@code path} — and nothing is guessed: when the
 * events do not say, there is no link.
 *
 * <h2>The rules</h2>
 * <b>A goroutine's runnable spell.</b> Some events make their {@code g} runnable ({@code GO}, {@code READY},
 * {@code GOSCHED}, {@code PREEMPT}, {@code TIMER}, {@code NETPOLL} for the first G it found, {@code EXITSYSCALL}
 * on the slow paths 3 and 4); some move a runnable {@code g} to another queue or M ({@code STEAL},
 * {@code GLOBRUNQGET}, {@code RUNQPUTSLOW}, Go 1.0's {@code MATCHMG} and {@code NEXTG}). The cause of an
 * {@code EXECUTE} or of a move is the event just before it about the same G, if that event made it runnable
 * or moved it; a {@code READY} right after a {@code TIMER} of the same G was caused by that timer. Events that
 * only mention a G in passing ({@code INJECT}, {@code PREEMPT_REQUEST}, {@code PROCRESIZE}) are skipped;
 * any other event about the G in between (it ran, parked, entered a system call) means there is no cause.
 * Only the G an event names is followed: a steal of four Gs names the one that runs next, so the other
 * three keep their earlier cause.
 *
 * <p><b>A P without an M.</b> Some events leave a P without an M ({@code PIDLE}, {@code HANDOFFP},
 * {@code RETAKE}, {@code ENTERSYSCALL}: the P stays in {@code _Psyscall}); some give a P to an M
 * ({@code STARTM}, {@code NEWM}, {@code EXITSYSCALL} on paths 1–3). The cause of a taking is the event just
 * before it about the same P, if that event released it; a {@code RETAKE} is caused by the {@code ENTERSYSCALL}
 * that left the P behind, and a {@code HANDOFFP} by the {@code RETAKE} or blocking {@code ENTERSYSCALL}
 * before it. A stop of the world or {@code procresize} in between ends the search (they reassign Ps without
 * an event per P). A {@code STEAL}'s thief P links to where its M took that P.
 *
 * <p><b>Effects</b> are the same links read the other way: the effect of an event is the next event about
 * the same G (or P) if that event's cause is this one.
 *
 * <p>Each search is a binary search for the event and a scan of at most {@link #SCAN} events, so a
 * 100 000-event log answers at once; a search that runs out says so with a link without an event.
 */
public final class Causes {
    /** How far a search looks back or ahead, in events. */
    public static final int SCAN = 50_000;

    /** The phrases of the links (English; the window translates them): {@code %1$d} is the G or P, {@code %2$s} the event. */
    public static final String MADE_RUNNABLE = "made runnable by %2$s",
            MOVED = "moved by %2$s",
            TIMER_FIRED = "readied because of %2$s",
            NEXT = "next: %2$s",
            P_FROM = "P%1$d came from %2$s",
            P_TAKEN = "P%1$d was taken at %2$s",
            P_NEXT = "P%1$d went on to %2$s",
            NOT_BEFORE = "(not within the last 50,000 events)",
            NOT_AFTER = "(not within the next 50,000 events)";

    /** Whether a link points back (a cause) or forward (an effect). */
    public enum Role { CAUSE, EFFECT }

    /**
     * One link: {@code phrase} formatted with {@code number} (the G or P) and {@link #ref} of {@code event};
     * {@code event} is null when the search ran out ({@link #NOT_BEFORE}, {@link #NOT_AFTER}).
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
        gCause(events, i, out);
        pCause(events, i, out);
        gEffect(events, i, out);
        pEffect(events, i, out);
        return out;
    }

    // ---- goroutines ------------------------------------------------------------------------------

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
