package org.gmplab.session;

import java.util.List;
import java.util.Objects;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Snapshot;

/**
 * A condition that pauses the run. Event breakpoints match one scheduler event (a steal, a hand-off…);
 * state breakpoints compare the world before and after one position (a P's queue became empty, spinning
 * Ms reached k, a G's status changed). A run stops at the first position that includes a matching event,
 * which is the earliest moment the engine can be frozen after it.
 *
 * @param kind what to watch
 * @param a    first parameter: STEAL the victim P (-1 any); GLOBRUNQGET 1 fairness only, 0 batch only, -1 both;
 *             QUEUE_EMPTY the P (-1 any); SPINNING the threshold k; G_STATUS the goid
 * @param b    second parameter: STEAL the thief P (-1 any); unused otherwise (-1)
 */
public record Breakpoint(Kind kind, long a, long b) {
    public enum Kind {
        STEAL("steal"), RUNQPUTSLOW("runq overflow (runqputslow)"), GLOBRUNQGET("global-queue pull (globrunqget)"),
        HANDOFFP("hand-off (handoffp)"), RETAKE("retake (sysmon)"), PREEMPT("preemption"),
        QUEUE_EMPTY("P's queue becomes empty"), SPINNING("spinning Ms ≥ k"), G_STATUS("G changes status");

        private final String label;

        Kind(String label) { this.label = label; }

        @Override public String toString() { return label; }
    }

    public Breakpoint {
        Objects.requireNonNull(kind);
        if (kind == Kind.SPINNING && a < 1) throw new IllegalArgumentException("k must be ≥ 1, not " + a);
        if (kind == Kind.G_STATUS && a < 1) throw new IllegalArgumentException("a goid is ≥ 1, not " + a);
    }

    public static Breakpoint of(Kind kind) { return new Breakpoint(kind, -1, -1); }

    /** Whether this breakpoint is about events (true) or about the world's state (false). */
    public boolean onEvent() { return kind != Kind.QUEUE_EMPTY && kind != Kind.SPINNING && kind != Kind.G_STATUS; }

    /** For event breakpoints: whether {@code e} matches. */
    public boolean matches(Event e) {
        return switch (kind) {
            case STEAL -> e instanceof Event.Steal s && (a < 0 || s.victim() == a) && (b < 0 || e.p() == b);
            case RUNQPUTSLOW -> e.kind() == EventKind.RUNQPUTSLOW;
            case GLOBRUNQGET -> e instanceof Event.GlobRunqGet gg && (a < 0 || (gg.fairness() ? 1 : 0) == a);
            case HANDOFFP -> e.kind() == EventKind.HANDOFFP;
            case RETAKE -> e.kind() == EventKind.RETAKE;
            case PREEMPT -> e.kind() == EventKind.PREEMPT || e.kind() == EventKind.PREEMPT_REQUEST;
            default -> false;
        };
    }

    /** For state breakpoints: whether the move from {@code before} to {@code after} matches. */
    public boolean matches(Snapshot before, Snapshot after) {
        if (before == null || after == null) return false;
        return switch (kind) {
            case QUEUE_EMPTY -> {
                for (Snapshot.Proc p : after.ps()) {
                    if (a >= 0 && p.id() != a) continue;
                    Snapshot.Proc old = before.ps().stream().filter(q -> q.id() == p.id()).findFirst().orElse(null);
                    if (old != null && !empty(old) && empty(p)) yield true;
                }
                yield false;
            }
            case SPINNING -> before.nmspinning() < a && after.nmspinning() >= a;
            case G_STATUS -> status(before, a) != status(after, a);
            default -> false;
        };
    }

    /** Whether any of {@code bps} matches any of {@code passed} or the state change; returns the first that does, or null. */
    static String firstHit(List<Breakpoint> bps, List<Event> passed, Snapshot before, Snapshot after) {
        for (Event e : passed)
            for (Breakpoint bp : bps)
                if (bp.onEvent() && bp.matches(e)) return bp + " at event " + e.seq() + ": " + e.why();
        for (Breakpoint bp : bps)
            if (!bp.onEvent() && bp.matches(before, after)) return bp.toString();
        return null;
    }

    private static boolean empty(Snapshot.Proc p) { return p.runq().isEmpty() && p.runnext() < 0; }

    /** G {@code goid}'s status in {@code s}, or null if there is no such G yet. */
    private static GStatus status(Snapshot s, long goid) {
        for (Snapshot.G g : s.gs()) if (g.goid() == goid) return g.status();
        return null;
    }

    @Override
    public String toString() {
        return switch (kind) {
            case STEAL -> "steal" + (a >= 0 ? " from P" + a : "") + (b >= 0 ? " by P" + b : "");
            case GLOBRUNQGET -> "global-queue pull" + (a == 1 ? " (fairness)" : a == 0 ? " (batch)" : "");
            case QUEUE_EMPTY -> (a >= 0 ? "P" + a : "a P") + "'s queue becomes empty";
            case SPINNING -> "spinning Ms ≥ " + a;
            case G_STATUS -> "G" + a + " changes status";
            default -> kind.toString();
        };
    }
}
