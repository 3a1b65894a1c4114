package org.gmplab.view;

import javafx.scene.canvas.GraphicsContext;

import org.gmplab.snapshot.Snapshot;

/**
 * The chips over the backdrop: the M and P chips in the pools. No text. Each P's M chip (with its g0 tag) changes
 * only when the P gets or loses an M or its M starts or stops spinning: it is in the backdrop ({@link #mChip}).
 */
public final class CardPainter implements Painter {
    @Override
    public void paint(GraphicsContext g, Picture f) {
        Theme th = f.theme();
        Layout l = f.layout();
        for (Layout.Pool pool : l.pools.values()) {
            for (Layout.Chip chip : pool.chips()) {
                Snapshot.Thread m = chip.isM() ? thread(f.snap(), chip.id()) : null;
                chip(g, chip.rect(), th, m != null && m.spinning());
            }
        }
    }

    /** The chip of the M that holds the P of card {@code c}, with its g0 (its scheduler stack) as a small tag. */
    static void mChip(GraphicsContext g, Layout.Card c, Theme th, boolean spinning) {
        chip(g, c.mChip(), th, spinning);
        Rect g0 = c.g0();
        g.setStroke(th.muted);
        g.setLineWidth(Math.max(1, th.lineWidth * 0.7));
        g.strokeRect(g0.x(), g0.y(), g0.w(), g0.h());
    }

    /** A chip for an M or a P; a spinning M gets a dashed outline in the steal colour. */
    static void chip(GraphicsContext g, Rect r, Theme th, boolean spinning) {
        double arc = r.h() * 0.5;
        g.setFill(th.surface);
        g.fillRoundRect(r.x(), r.y(), r.w(), r.h(), arc, arc);
        g.setStroke(spinning ? th.steal : th.border);
        g.setLineWidth(th.lineWidth);
        if (spinning) g.setLineDashes(th.lineWidth * 3, th.lineWidth * 2);
        g.strokeRoundRect(r.x() + th.lineWidth / 2, r.y() + th.lineWidth / 2, r.w() - th.lineWidth, r.h() - th.lineWidth, arc, arc);
        g.setLineDashes((double[]) null);
    }

    static Snapshot.Thread thread(Snapshot s, int id) {
        for (Snapshot.Thread t : s.ms()) if (t.id() == id) return t;
        return null;
    }
}
