package org.gmplab.view;

import javafx.scene.canvas.GraphicsContext;

import org.gmplab.snapshot.Snapshot;

/**
 * Each P's local run queue as the ring it is: all {@code capacity} slots in order of slot index (counter mod
 * capacity), so a queue that wrapped round shows in two pieces; the head slot is marked by a bar on its left
 * edge, the tail slot (the next free one) by a bar on its right. When there is no room, a bar with the count.
 * The empty slots themselves are in the backdrop; this draws what moves: head, tail and the bar's fill.
 */
public final class RingPainter implements Painter {
    @Override
    public void paint(GraphicsContext g, Picture f) {
        Theme th = f.theme();
        for (Snapshot.Proc p : f.snap().ps()) {
            Layout.Card c = f.layout().cards.get(p.id());
            if (c == null) continue;
            if (c.compact()) bar(g, c, p, f, th);
            else grid(g, c, p, th);
        }
    }

    /** The empty slots of a grid ring; they belong to the backdrop (see {@link BackdropPainter}). */
    static void slots(GraphicsContext g, Layout.Card c, Theme th) {
        double gap = c.slot() >= 8 ? 1 : 0;
        g.setFill(th.slot);
        for (int i = 0; i < c.capacity(); i++) {
            Rect r = c.slot(i);
            if (r == null) continue;   // outside the window
            g.fillRect(r.x(), r.y(), r.w() - gap, r.h() - gap);
        }
    }

    private static void grid(GraphicsContext g, Layout.Card c, Snapshot.Proc p, Theme th) {
        double s = c.slot();
        // head: a bar just left of the head slot; tail: a bar inside the next free slot (tail mod capacity).
        // Empty or full, both sit at the same boundary, side by side.
        double mark = Math.max(2, Math.min(s * 0.4, th.lineWidth * 2));
        // In a window (presenter mode) the head is always in view; the tail may be beyond it.
        Rect head = c.slot(Math.floorMod(p.head(), c.capacity()));
        g.setFill(th.head);
        if (head != null) g.fillRect(head.x() - mark, head.y() - mark / 2, mark, head.h() + mark);
        Rect tail = c.slot(Math.floorMod(p.tail(), c.capacity()));
        g.setFill(th.tail);
        if (tail != null) g.fillRect(tail.x(), tail.y() - mark / 2, mark, tail.h() + mark);
    }

    /** Go's local run queue's size ({@code len(p.runq)}): a schedtrace count is drawn as a share of it. */
    static final int GO_RING = 256;

    private static void bar(GraphicsContext g, Layout.Card c, Snapshot.Proc p, Picture f, Theme th) {
        Rect r = c.ring();
        g.setFill(th.slot);
        g.fillRect(r.x(), r.y(), r.w(), r.h());
        double frac = p.capacity() == 0 ? 0 : (double) p.runq().size() / p.capacity();   // 0: not known (a real run)
        if (f.snap().isSampled()) frac = Math.min(1, Math.max(0, f.snap().sampled().runqsize(p.id())) / (double) GO_RING);   // schedtrace's count, of Go's 256 slots
        g.setFill(th.runnable);
        g.fillRect(r.x(), r.y(), r.w() * frac, r.h());
        g.setStroke(th.border);
        g.setLineWidth(Math.max(1, th.lineWidth * 0.7));
        g.strokeRect(r.x(), r.y(), r.w(), r.h());
    }
}
