package org.gmplab.view;

import javafx.scene.canvas.GraphicsContext;

/**
 * The mark of a G with an action injected that it has not taken yet: a dashed ring around its token, in the
 * colour of a syscall, from the moment of the injection until the G's next scheduling point takes it. Without
 * it an injection would show nothing until then, since the world does not change before the G acts.
 */
public final class PendingPainter implements Painter {
    @Override
    public void paint(GraphicsContext g, Picture f) {
        if (f.pending().isEmpty()) return;
        Theme th = f.theme();
        double lw = Math.max(1.5, th.lineWidth * 1.5);
        g.save();
        g.setStroke(th.syscall);
        g.setLineWidth(lw);
        g.setLineDashes(lw * 2, lw * 1.5);
        for (long goid : f.pending()) {
            Rect r = f.token(goid);
            if (r == null) continue;
            double pad = Math.max(2, r.w() * 0.18) + lw;
            g.strokeOval(r.x() - pad, r.y() - pad, r.w() + 2 * pad, r.h() + 2 * pad);
        }
        g.restore();
    }
}
