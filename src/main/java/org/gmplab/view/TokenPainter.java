package org.gmplab.view;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import javafx.geometry.VPos;

import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Snapshot;

/**
 * Goroutine tokens. Each status has a colour AND a shape, so it reads without colour: runnable ●,
 * running ■, in a syscall ◆, waiting ▲, dead ✕. Large enough tokens carry their goid. The runtime's own
 * goroutines are drawn faint.
 */
public final class TokenPainter implements Painter {
    /** Below this size (px) a token is a plain coloured square: there is no room for a shape. */
    static final double MIN_SHAPE = 7;
    /** Below this size (px) the goid is not written. */
    static final double MIN_ID = 15;

    /** The runtime's own goroutines (G2–G5) are drawn faint: they are there, but not the program's. */
    static final double SYSTEM_ALPHA = 0.4;

    private final TokenSprites sprites = new TokenSprites();

    @Override
    public void paint(GraphicsContext g, Picture f) {
        Theme th = f.theme();
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        double lastFont = -1;
        // device pixels per layout pixel: the zoom, times the screen's own scale (2 on a HiDPI screen), so baked tokens stay sharp
        double scale = Math.abs(g.getTransform().getMxx()) * Backdrop.pixelScale(g.getCanvas());
        for (Snapshot.G gr : f.snap().gs()) {
            Rect r = f.token(gr.goid());
            if (r == null) continue;
            if (gr.system()) g.setGlobalAlpha(SYSTEM_ALPHA);
            if (!sprites.draw(g, r, gr.status(), gr.goid(), th, scale)) {
                if (r.w() >= MIN_ID) {
                    double fs = fontSize(r.w(), gr.goid());
                    if (fs != lastFont) { g.setFont(Font.font(null, FontWeight.BOLD, fs)); lastFont = fs; }
                }
                draw(g, r, gr.status(), gr.goid(), th);
            }
            if (gr.system()) g.setGlobalAlpha(1);
        }
        sprites.bake();
    }

    /**
     * The size of the goid's digits in a token of {@code size} px: half the token, less for long numbers (a bold
     * digit is about 0.55 em wide, so the number keeps within 0.85 of the token).
     */
    public static double fontSize(double size, long goid) {
        int digits = Long.toString(goid).length();
        return Math.floor(Math.min(size * 0.5, size * 1.5 / Math.max(2, digits)));
    }

    /** Draws one token of status {@code status} in {@code r}; {@code goid} < 0 draws no number. Font must be set. */
    static void draw(GraphicsContext g, Rect r, GStatus status, long goid, Theme th) {
        Color c = th.status(status);
        double s = Math.min(r.w(), r.h());
        if (s < MIN_SHAPE) {
            g.setFill(c);
            g.fillRect(r.x(), r.y(), Math.max(1, r.w() - 1), Math.max(1, r.h() - 1));
            return;
        }
        double x = r.x(), y = r.y();
        double lw = Math.max(1, Math.min(th.lineWidth, s / 10));
        g.setFill(c);
        g.setStroke(th.border);
        g.setLineWidth(lw);
        double i = lw / 2;
        switch (status) {
            case RUNNABLE -> {   // circle
                g.fillOval(x + i, y + i, s - 2 * i, s - 2 * i);
                g.strokeOval(x + i, y + i, s - 2 * i, s - 2 * i);
            }
            case RUNNING -> {   // square
                g.fillRect(x + i, y + i, s - 2 * i, s - 2 * i);
                g.strokeRect(x + i, y + i, s - 2 * i, s - 2 * i);
            }
            case SYSCALL -> {   // diamond
                double[] xs = {x + s / 2, x + s - i, x + s / 2, x + i};
                double[] ys = {y + i, y + s / 2, y + s - i, y + s / 2};
                g.fillPolygon(xs, ys, 4);
                g.strokePolygon(xs, ys, 4);
            }
            case WAITING -> {   // triangle pointing up
                double[] xs = {x + s / 2, x + s - i, x + i};
                double[] ys = {y + i, y + s - i, y + s - i};
                g.fillPolygon(xs, ys, 3);
                g.strokePolygon(xs, ys, 3);
            }
            case DEAD, IDLE -> {   // a cross
                g.setStroke(c);
                g.setLineWidth(Math.max(2, s / 6));
                g.strokeLine(x + s * 0.2, y + s * 0.2, x + s * 0.8, y + s * 0.8);
                g.strokeLine(x + s * 0.8, y + s * 0.2, x + s * 0.2, y + s * 0.8);
                return;
            }
        }
        if (goid >= 0 && s >= MIN_ID) {
            g.setFill(Theme.ink(c));
            double ty = status == GStatus.WAITING ? y + s * 0.64 : y + s / 2;   // a triangle's body is low
            TextFit.fill(g, Long.toString(goid), x + s / 2, ty, status == GStatus.SYSCALL || status == GStatus.WAITING ? s * 0.62 : s * 0.9);
        }
    }
}
