package org.gmplab.view;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;

/**
 * The move from one snapshot to the next, as geometry: where each token is at progress {@code t}, and the
 * marks that say what happened (a steal arc from victim to thief, a hand-off, an overflow to the global
 * queue, a preemption, the 61st-tick pull), and the Ps that change M (hand-offs slide). No JavaFX: it is tested on its own.
 */
public final class Transition {
    public enum MarkKind { STEAL, HANDOFF, RETAKE, OVERFLOW, PREEMPT, FAIRNESS }

    /**
     * A mark: an arrow from {@code from} to {@code to} (the same rectangle for a mark on one place). A batch's
     * arrow to one of the Gs it moved has no label (its batch's mark says what happened).
     */
    public record Mark(MarkKind kind, Rect from, Rect to, String label) {}

    /**
     * A P changing M (a hand-off): a ghost of the P travels from where its old M was drawn to where its new
     * M is. {@code from} and {@code to} are the Ms' rectangles (or, when the old M is unknown, the box of Ms
     * in syscalls the P was retaken from).
     */
    public record Slide(int p, int oldM, int newM, Rect from, Rect to) {
        /**
         * The ghost's rectangle ({@code w × h}) at eased progress {@code e}: on the straight path between the
         * Ms' centres, lifted to sit just above them, so it never hides the M it leaves or reaches.
         */
        public Rect ghost(double e, double w, double h) {
            double c = Math.max(0, Math.min(1, e));
            double lift = Math.max(from.h(), to.h()) / 2 + h / 2 + 2;
            double cx = from.cx() + (to.cx() - from.cx()) * c, cy = from.cy() + (to.cy() - from.cy()) * c - lift;
            return new Rect(cx - w / 2, cy - h / 2, w, h);
        }
    }

    /** At most this many marks per transition, so a burst of events stays readable. */
    static final int MAX_MARKS = 10;
    /** And at most this many arrows to the Gs that batches moved (a steal of half a ring would be a hundred). */
    static final int MAX_G_ARROWS = 12;

    public final Layout from, to;
    public final List<Mark> marks;
    public final List<Slide> slides;

    public Transition(Layout from, Layout to, List<Event> events) {
        this(from, to, events, Map.of());
    }

    /**
     * {@code heldBefore}: P → the M that held it up to {@code from} (see {@link Holders}); it names the M a P
     * in a syscall was detached from, which {@code from} alone does not show.
     */
    public Transition(Layout from, Layout to, List<Event> events, Map<Integer, Integer> heldBefore) {
        this.from = from;
        this.to = to;
        this.marks = marks(to, events);
        this.slides = slides(from, to, events, heldBefore);
    }

    /** A slide for every P whose M changed between the two layouts (both Ms on screen). */
    static List<Slide> slides(Layout from, Layout to, List<Event> events, Map<Integer, Integer> heldBefore) {
        Set<Integer> handedOff = new HashSet<>();
        for (Event e : events) if (e.kind() == EventKind.HANDOFFP) handedOff.add(e.p());
        List<Slide> out = new ArrayList<>();
        for (Map.Entry<Integer, Integer> h : to.holders.entrySet()) {
            int p = h.getKey(), newM = h.getValue();
            Integer oldM = from.holders.getOrDefault(p, heldBefore.get(p));
            Rect end = to.ms.get(newM);
            if (end == null) continue;
            Rect start;
            if (oldM != null) {
                if (oldM == newM) continue;
                start = from.ms.get(oldM);
            } else if (handedOff.contains(p) && from.pools.containsKey("syscall")) {
                start = from.pools.get("syscall").body();   // retaken from an M in a syscall we did not see take it
            } else {
                continue;                                    // from the idle list: no M to leave
            }
            if (start != null) out.add(new Slide(p, oldM == null ? -1 : oldM, newM, start, end));
        }
        out.sort(java.util.Comparator.comparingInt(Slide::p));
        return List.copyOf(out);
    }

    /** Smooth start and stop: {@code 3t² − 2t³}. */
    public static double ease(double t) {
        double c = Math.max(0, Math.min(1, t));
        return c * c * (3 - 2 * c);
    }

    /** Where the token of {@code goid} (drawn one by one in the target layout) is at eased progress {@code e}. */
    public Rect position(long goid, double e) {
        Rect target = to.tokens.get(goid);
        if (target == null || e >= 1) return target;
        Rect start = from.anchors.get(goid);
        if (start == null) return target;
        if (start.w() != target.w() || start.h() != target.h())   // from a group: leave its centre at the token's size
            start = start.centredSquare(target.w());
        return Rect.lerp(start, target, e);
    }

    static List<Mark> marks(Layout l, List<Event> events) {
        List<Mark> out = new ArrayList<>();
        Rect global = l.pools.get("global").body();
        for (Event e : events) {
            if (out.size() >= MAX_MARKS) break;
            Layout.Card card = l.cards.get(e.p());
            if (card == null) continue;
            switch (e.kind()) {
                case STEAL -> {
                    Event.Steal s = (Event.Steal) e;
                    Layout.Card victim = l.cards.get(s.victim());
                    if (victim != null)
                        out.add(new Mark(MarkKind.STEAL, victim.ring(), card.ring(), "steal " + s.took()));
                }
                case HANDOFFP -> out.add(new Mark(MarkKind.HANDOFF, card.card(), card.card(), "handoffp"));
                case RETAKE -> {
                    // from the M that retakes: sysmon (or, in a real run, the M taking its P back on its way out of a
                    // syscall); when its chip is not on screen, from the place it is in, never from the P itself
                    boolean takenBack = Long.valueOf(e.m()).equals(e.details().get("from"));
                    Rect sysmon = l.ms.containsKey(e.m()) ? l.ms.get(e.m())
                            : !takenBack && !l.pools.get("sysmon").chips().isEmpty() ? l.pools.get("sysmon").body()
                            : l.pools.get("syscall").body();
                    out.add(new Mark(MarkKind.RETAKE, sysmon, card.card(), "retake P" + e.p()));
                }
                case RUNQPUTSLOW -> out.add(new Mark(MarkKind.OVERFLOW, card.ring(), global,
                        ((Event.RunqPutSlow) e).moved() + " → global"));
                case PREEMPT -> out.add(new Mark(MarkKind.PREEMPT, card.curg(), global, "preempt G" + e.g()));
                case GLOBRUNQGET -> {
                    if (((Event.GlobRunqGet) e).fairness())
                        out.add(new Mark(MarkKind.FAIRNESS, global, card.runnextRow(), "61st tick: G" + e.g()));
                }
                default -> { }
            }
        }
        batchArrows(l, events, out);
        return List.copyOf(out);
    }

    /**
     * An arrow to each G a batch moved (every G of a steal, of a global-queue batch, of an overflow), from where
     * the batch took it to where the G is drawn now, so the eye follows every G, not only the one the event names.
     * The Gs are those the engine recorded in the event ({@link Event#batch()}); a G not drawn as a token (inside a
     * group, off screen) gets none.
     */
    static void batchArrows(Layout l, List<Event> events, List<Mark> out) {
        Rect global = l.pools.get("global").body();
        int arrows = 0;
        for (Event e : events) {
            Layout.Card card = l.cards.get(e.p());
            if (card == null || e.batch().size() < 2) continue;
            MarkKind kind;
            Rect from;
            if (e instanceof Event.Steal s && l.cards.get(s.victim()) != null) {
                kind = MarkKind.STEAL;
                from = l.cards.get(s.victim()).ring();
            } else if (e.kind() == EventKind.GLOBRUNQGET) {
                kind = MarkKind.FAIRNESS;
                from = global;
            } else if (e.kind() == EventKind.RUNQPUTSLOW) {
                kind = MarkKind.OVERFLOW;
                from = card.ring();
            } else {
                continue;
            }
            for (Event.Moved m : e.batch()) {
                Rect token = l.tokens.get(m.g());
                if (token == null) continue;
                if (arrows++ >= MAX_G_ARROWS) return;
                out.add(new Mark(kind, from, token, ""));
            }
        }
    }

    /** Kinds of events that get a mark. */
    public static boolean marked(EventKind k) {
        return switch (k) {
            case STEAL, HANDOFFP, RETAKE, RUNQPUTSLOW, PREEMPT, GLOBRUNQGET -> true;
            default -> false;
        };
    }
}
