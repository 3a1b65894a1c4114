package org.gmplab.view;

import javafx.scene.canvas.GraphicsContext;

import org.gmplab.snapshot.Snapshot;

/** The chips over the backdrop: each P's M (with its g0 tag) and the M and P chips in the pools. No text. */
public final class CardPainter implements Painter {
    @Override
    public void paint(GraphicsContext g, Picture f) {
        Theme th = f.theme();
        Layout l = f.layout();
        double lw = th.lineWidth;
        for (Snapshot.Proc p : f.snap().ps()) {
            Layout.Card c = l.cards.get(p.id());
            if (c == null || p.m() < 0) continue;
            Snapshot.Thread m = thread(f.snap(), p.m());
            chip(g, c.mChip(), th, m != null && m.spinning());
            Rect g0 = c.g0();                      // the M's g0: its scheduler stack, drawn as a small tag
            g.setStroke(th.muted);
            g.setLineWidth(Math.max(1, lw * 0.7));
            g.strokeRect(g0.x(), g0.y(), g0.w(), g0.h());
        }
        for (Layout.Pool pool : l.pools.values()) {
            for (Layout.Chip chip : pool.chips()) {
                Snapshot.Thread m = chip.isM() ? thread(f.snap(), chip.id()) : null;
                chip(g, chip.rect(), th, m != null && m.spinning());
            }
        }
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
