package org.gmplab.view;

import javafx.scene.canvas.GraphicsContext;

import org.gmplab.snapshot.Snapshot;

/** Background, P cards (with their M's thread row), pools and chips: the boxes, no text. */
public final class CardPainter implements Painter {
    @Override
    public void paint(GraphicsContext g, Frame f) {
        Theme th = f.theme();
        Layout l = f.layout();
        g.setFill(th.background);
        g.fillRect(0, 0, l.width, l.height);
        double lw = th.lineWidth;
        double arc = l.font * 0.6;
        for (Snapshot.Proc p : f.snap().ps()) {
            Layout.Card c = l.cards.get(p.id());
            if (c == null) continue;
            Rect r = c.card();
            g.setFill(p.status() == 1 ? th.surface : th.surfaceIdle);
            g.fillRoundRect(r.x(), r.y(), r.w(), r.h(), arc, arc);
            g.setLineWidth(p.status() == 1 ? lw * 1.4 : lw);
            g.setStroke(p.status() == 2 ? th.syscall : th.border);
            if (p.status() == 0 || p.status() == 2) g.setLineDashes(lw * 4, lw * 3);
            g.strokeRoundRect(r.x() + lw / 2, r.y() + lw / 2, r.w() - lw, r.h() - lw, arc, arc);
            g.setLineDashes((double[]) null);
            if (p.m() >= 0) {
                Snapshot.Thread m = thread(f.snap(), p.m());
                chip(g, c.mChip(), th, m != null && m.spinning());
                Rect g0 = c.g0();                      // the M's g0: its scheduler stack, drawn as a small tag
                g.setStroke(th.muted);
                g.setLineWidth(Math.max(1, lw * 0.7));
                g.strokeRect(g0.x(), g0.y(), g0.w(), g0.h());
            }
            Rect rn = c.runnext();                    // the runnext slot, dashed when empty
            g.setStroke(th.muted);
            g.setLineWidth(Math.max(1, lw * 0.8));
            g.setLineDashes(lw * 2, lw * 2);
            g.strokeRect(rn.x(), rn.y(), rn.w(), rn.h());
            Rect cg = c.curg();
            g.strokeRect(cg.x(), cg.y(), cg.w(), cg.h());
            g.setLineDashes((double[]) null);
        }
        for (Layout.Pool pool : l.pools.values()) {
            Rect r = pool.rect();
            g.setFill(th.surfaceIdle);
            g.fillRoundRect(r.x(), r.y(), r.w(), r.h(), arc, arc);
            g.setStroke(th.muted);
            g.setLineWidth(Math.max(1, lw * 0.8));
            g.strokeRoundRect(r.x(), r.y(), r.w(), r.h(), arc, arc);
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
