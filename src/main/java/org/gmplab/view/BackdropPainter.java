package org.gmplab.view;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import javafx.scene.canvas.GraphicsContext;

import org.gmplab.snapshot.PStatus;
import org.gmplab.snapshot.Snapshot;

/**
 * What changes only with the geometry, the theme or a P's status: the background, the P cards' bodies and
 * empty slots (runnext, curg, every ring slot), their names and status words, their M's chip and g0 tag, the
 * pool boxes and the legend. It is drawn once into the
 * {@link Backdrop}'s image and copied under each frame, because rasterising a thousand ring slots every
 * frame was most of a frame's cost. When only some Ps' statuses changed, {@link #paintWithin} draws again just
 * the part of the picture around their cards.
 */
final class BackdropPainter implements Painter {
    /**
     * One P card's part of the key: its geometry, its status (which gives its fill and border), its header's words,
     * and its M's chip ({@link #NO_M}, or whether that M spins).
     */
    record CardKey(int p, List<Object> shape, PStatus status, String header, int chip) {
        /** Whether the card's pixels differ from {@code o}'s, of the same shape. */
        boolean shows(CardKey o) { return status == o.status && header.equals(o.header) && chip == o.chip; }
    }

    static final int NO_M = -1, M = 0, SPINNING_M = 1;

    /** Everything the backdrop's pixels depend on besides the theme and the viewport; equal keys, same picture. */
    record Key(double width, double height, double font, List<CardKey> cards, List<Rect> pools, Rect legend) {
        /**
         * The Ps whose status differs in {@code next}, when nothing else does (same geometry, same Ps in the same
         * order): the only cards whose pixels changed. Null when anything else differs.
         */
        Set<Integer> restatused(Key next) {
            if (width != next.width || height != next.height || font != next.font || !pools.equals(next.pools)
                    || !legend.equals(next.legend) || cards.size() != next.cards.size()) return null;
            Set<Integer> changed = new TreeSet<>();
            for (int i = 0; i < cards.size(); i++) {
                CardKey a = cards.get(i), b = next.cards.get(i);
                if (a.p() != b.p() || !a.shape().equals(b.shape())) return null;
                if (!a.shows(b)) changed.add(a.p());
            }
            return changed;
        }
    }

    static Key key(Picture f) {
        Layout l = f.layout();
        List<CardKey> cards = new ArrayList<>();
        for (Snapshot.Proc p : f.snap().ps()) {
            Layout.Card c = l.cards.get(p.id());
            if (c == null) continue;
            Snapshot.Thread m = p.m() < 0 ? null : CardPainter.thread(f.snap(), p.m());
            int chip = p.m() < 0 ? NO_M : m != null && m.spinning() ? SPINNING_M : M;
            cards.add(new CardKey(p.id(), List.of(c.card(), c.ring(), c.runnext(), c.curg(), c.capacity(), c.cols(), c.compact(), c.firstRow(), c.shownRows(), c.mChip(), c.g0(), c.header(), c.thread(), c.runnextRow()),
                    p.status(), LabelPainter.header(f, p), chip));
        }
        List<Rect> pools = new ArrayList<>();
        for (Layout.Pool pool : l.pools.values()) pools.add(pool.rect());
        return new Key(l.width, l.height, l.font, cards, pools, l.legend);
    }

    @Override
    public void paint(GraphicsContext g, Picture f) {
        paintWithin(g, f, null);
    }

    /**
     * Paints the parts of the backdrop that reach into {@code area} (layout pixels; null: all of it), in the
     * order {@link #paint} does: under a clip to {@code area}, the pixels there come out as a whole paint's.
     */
    void paintWithin(GraphicsContext g, Picture f, Rect area) {
        Theme th = f.theme();
        Layout l = f.layout();
        g.setFill(th.background);
        g.fillRect(0, 0, l.width, l.height);
        double lw = th.lineWidth;
        double arc = l.font * 0.6;
        double reach = reach(th);
        for (Snapshot.Proc p : f.snap().ps()) {
            Layout.Card c = l.cards.get(p.id());
            if (c == null || !reaches(c.card(), reach, area)) continue;
            Rect r = c.card();
            g.setFill(p.status() == PStatus.RUNNING ? th.surface : th.surfaceIdle);
            g.fillRoundRect(r.x(), r.y(), r.w(), r.h(), arc, arc);
            g.setLineWidth(p.status() == PStatus.RUNNING ? lw * 1.4 : lw);
            g.setStroke(p.status() == PStatus.SYSCALL ? th.syscall : th.border);
            if (dashed(p.status())) g.setLineDashes(lw * 4, lw * 3);
            g.strokeRoundRect(r.x() + lw / 2, r.y() + lw / 2, r.w() - lw, r.h() - lw, arc, arc);
            g.setLineDashes((double[]) null);
            Rect rn = c.runnext();                    // the runnext and curg slots, dashed when empty
            g.setStroke(th.muted);
            g.setLineWidth(Math.max(1, lw * 0.8));
            g.setLineDashes(lw * 2, lw * 2);
            g.strokeRect(rn.x(), rn.y(), rn.w(), rn.h());
            Rect cg = c.curg();
            g.strokeRect(cg.x(), cg.y(), cg.w(), cg.h());
            g.setLineDashes((double[]) null);
            if (!c.compact()) RingPainter.slots(g, c, th);
            if (p.m() >= 0) {
                Snapshot.Thread m = CardPainter.thread(f.snap(), p.m());
                CardPainter.mChip(g, c, th, m != null && m.spinning());
            }
            LabelPainter.cardWords(g, f, p, c, LabelPainter.header(f, p));
        }
        for (Layout.Pool pool : l.pools.values()) {
            Rect r = pool.rect();
            if (!reaches(r, reach, area)) continue;
            g.setFill(th.surfaceIdle);
            g.fillRoundRect(r.x(), r.y(), r.w(), r.h(), arc, arc);
            g.setStroke(th.muted);
            g.setLineWidth(Math.max(1, lw * 0.8));
            g.strokeRoundRect(r.x(), r.y(), r.w(), r.h(), arc, arc);
        }
        if (reaches(l.legend, l.font * 2, area)) LabelPainter.legend(g, f);   // text may run past its box
    }

    /** What a shape's edge may colour beyond its rectangle, in layout pixels: a stroke's half and antialiasing. */
    static double reach(Theme th) { return th.lineWidth + 2; }

    /** Whether what is drawn for {@code r} (at most {@code reach} beyond it) may touch {@code area} (null: everything). */
    private static boolean reaches(Rect r, double reach, Rect area) {
        return area == null || new Rect(r.x() - reach, r.y() - reach, r.w() + 2 * reach, r.h() + 2 * reach).overlaps(area);
    }

    /** A P card's border is dashed when no M holds the P: idle, or left by its M in a syscall. */
    private static boolean dashed(PStatus status) {
        return switch (status) {
            case IDLE, SYSCALL -> true;
            case RUNNING, GCSTOP, DEAD -> false;
        };
    }
}
