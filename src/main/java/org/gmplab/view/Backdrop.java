package org.gmplab.view;

import javafx.scene.SnapshotParameters;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.WritableImage;
import javafx.scene.transform.Transform;

/**
 * The {@link BackdropPainter}'s picture, cached: an off-screen canvas rendered to an image only when its
 * {@link BackdropPainter.Key}, the theme or the viewport changed, then copied under each frame with one
 * {@code drawImage}. FX thread only. It is drawn already zoomed (not scaled as an image), so it stays sharp.
 */
final class Backdrop {
    private final BackdropPainter painter = new BackdropPainter();
    private final Canvas offscreen = new Canvas();
    private WritableImage image;
    private Object key;
    private int renders;

    /** Draws the backdrop of {@code f} at the canvas origin of {@code g} (identity transform), re-rendering if stale. */
    void paint(GraphicsContext g, Picture f, Viewport v, double width, double height) {
        if (width < 1 || height < 1) return;   // a canvas laid out to nothing (a collapsed split): no image of 0 pixels
        double px = pixelScale(g.getCanvas());
        Object k = java.util.List.of(BackdropPainter.key(f), f.theme().name, f.wording().name(), v.scale(), v.tx(), v.ty(), width, height, px);
        if (!k.equals(key) || image == null) {
            render(f, v, width, height, px);
            key = k;
        }
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
        SnapshotParameters params = new SnapshotParameters();
        params.setTransform(Transform.scale(px, px));
        offscreen.snapshot(params, image);
        renders++;
    }

    /** How many times the picture was rendered (for tests: it must not be every frame). */
    int renders() { return renders; }

    /** Forgets the picture (theme or size changed outside the key's view). */
    void invalidate() { key = null; }
}
