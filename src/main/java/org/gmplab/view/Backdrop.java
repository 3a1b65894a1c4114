package org.gmplab.view;

import java.util.List;
import java.util.Set;

import javafx.scene.SnapshotParameters;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.WritableImage;
import javafx.scene.transform.Transform;

/**
 * The {@link BackdropPainter}'s picture, cached: an off-screen canvas rendered to an image only when its
 * {@link BackdropPainter.Key}, the theme or the viewport changed, then copied under each frame with one
 * {@code drawImage}. FX thread only. It is drawn already zoomed (not scaled as an image), so it stays sharp.
 *
 * <p>When only some Ps' statuses changed (in live mode at GOMAXPROCS 8, most frames), only the pixels around
 * their cards are drawn again, on the off-screen canvas that still holds the last picture (a canvas keeps its
 * pixels), under a clip on whole pixels: everything that reaches there is drawn again in the same order, so the
 * picture is the one a whole render would give, pixel for pixel. A whole render rasterised every card, its 256
 * ring slots and the legend's text again, about a sixth of the render thread's time in live mode.
 */
final class Backdrop {
    private final BackdropPainter painter = new BackdropPainter();
    private final Canvas offscreen = new Canvas();
    private WritableImage image;
    /** What the picture was drawn for: the cards and boxes, and the rest (theme, words, viewport, size). */
    private BackdropPainter.Key key;
    private Object rest;
    private int renders, updates;

    /** Draws the backdrop of {@code f} at the canvas origin of {@code g} (identity transform), re-rendering if stale. */
    void paint(GraphicsContext g, Picture f, Viewport v, double width, double height) {
        if (width < 1 || height < 1) return;   // a canvas laid out to nothing (a collapsed split): no image of 0 pixels
        double px = pixelScale(g.getCanvas());
        BackdropPainter.Key k = BackdropPainter.key(f);
        Object r = List.of(f.theme().name, f.wording().name(), v.scale(), v.tx(), v.ty(), width, height, px);
        Set<Integer> restatused = image == null || key == null || !r.equals(rest) ? null : key.restatused(k);
        if (restatused == null) render(f, v, width, height, px);
        else if (!restatused.isEmpty()) update(f, v, restatused, px);
        key = k;
        rest = r;
        g.drawImage(image, 0, 0, Math.ceil(width), Math.ceil(height));
    }

    /** Device pixels per canvas pixel (2 on a HiDPI screen), so the cached picture is as sharp as direct drawing. */
    static double pixelScale(Canvas c) {
        if (c.getScene() == null || c.getScene().getWindow() == null) return 1;
        return Math.max(1, c.getScene().getWindow().getOutputScaleX());
    }

    private void render(Picture f, Viewport v, double width, double height, double px) {
        int w = (int) Math.ceil(width), h = (int) Math.ceil(height);
        offscreen.setWidth(w);
        offscreen.setHeight(h);
        GraphicsContext g = offscreen.getGraphicsContext2D();
        g.save();
        g.setFill(f.theme().background);   // zoomed out or panned, the layout's own background does not cover it
        g.fillRect(0, 0, w, h);
        g.setTransform(v.scale(), 0, 0, v.scale(), v.tx(), v.ty());
        painter.paint(g, f);
        g.restore();
        int iw = (int) Math.ceil(w * px), ih = (int) Math.ceil(h * px);
        if (image == null || image.getWidth() != iw || image.getHeight() != ih) image = new WritableImage(iw, ih);
        snapshot(px);
        renders++;
    }

    /**
     * Draws again the cards of the Ps in {@code ps} (their status changed, nothing else did), each in the
     * smallest rectangle of whole canvas pixels round what it may colour, with everything else that reaches there.
     */
    private void update(Picture f, Viewport v, Set<Integer> ps, double px) {
        GraphicsContext g = offscreen.getGraphicsContext2D();
        double reach = BackdropPainter.reach(f.theme());   // as paintWithin reckons it, in layout pixels
        for (int p : ps) {
            Rect c = f.layout().cards.get(p).card();
            // on whole canvas pixels (a clip on whole pixels cuts no pixel in part), then back in layout pixels
            double x0 = Math.floor(v.canvasX(c.x() - reach)), y0 = Math.floor(v.canvasY(c.y() - reach));
            double x1 = Math.ceil(v.canvasX(c.right() + reach)), y1 = Math.ceil(v.canvasY(c.bottom() + reach));
            Rect area = new Rect(v.layoutX(x0), v.layoutY(y0), (x1 - x0) / v.scale(), (y1 - y0) / v.scale());
            g.save();
            g.beginPath();
            g.rect(x0, y0, x1 - x0, y1 - y0);
            g.clip();
            g.setFill(f.theme().background);
            g.fillRect(x0, y0, x1 - x0, y1 - y0);
            g.setTransform(v.scale(), 0, 0, v.scale(), v.tx(), v.ty());
            painter.paintWithin(g, f, area);
            g.restore();
        }
        snapshot(px);
        updates++;
    }

    /** Takes the off-screen canvas into {@link #image}. */
    private void snapshot(double px) {
        SnapshotParameters params = new SnapshotParameters();
        params.setTransform(Transform.scale(px, px));
        offscreen.snapshot(params, image);
    }

    /** How many times the whole picture was rendered (for tests: it must not be every frame). */
    int renders() { return renders; }

    /** How many times only some cards were drawn again (for tests). */
    int updates() { return updates; }

    /** The picture as copied under the frames (for tests). */
    WritableImage image() { return image; }

    /** Forgets the picture (theme or size changed outside the key's view). */
    void invalidate() { key = null; }
}
