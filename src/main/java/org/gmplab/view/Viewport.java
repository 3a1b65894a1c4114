package org.gmplab.view;

/**
 * The zoom and pan of the canvas: a canvas point {@code (x, y)} shows the layout point
 * {@code ((x − tx) / scale, (y − ty) / scale)}. The layout never sees it — it stays in canvas pixels at
 * scale 1 — so painters draw under the transform and hit-testing maps the mouse back first. No JavaFX.
 */
public final class Viewport {
    public static final double MIN_SCALE = 0.5, MAX_SCALE = 8;
    /** One zoom step (keys, and one notch of the wheel). */
    public static final double STEP = 1.25;

    private double scale = 1, tx, ty;

    public double scale() { return scale; }
    public double tx() { return tx; }
    public double ty() { return ty; }
    public boolean isIdentity() { return scale == 1 && tx == 0 && ty == 0; }

    /** The layout x under canvas x. */
    public double layoutX(double x) { return (x - tx) / scale; }
    public double layoutY(double y) { return (y - ty) / scale; }
    /** Where layout x lands on the canvas. */
    public double canvasX(double lx) { return lx * scale + tx; }
    public double canvasY(double ly) { return ly * scale + ty; }

    /** Multiplies the scale by {@code factor} (clamped), keeping the layout point under canvas ({@code cx}, {@code cy}) still. */
    public void zoomAbout(double factor, double cx, double cy) {
        double next = Math.max(MIN_SCALE, Math.min(MAX_SCALE, scale * factor));
        double lx = layoutX(cx), ly = layoutY(cy);
        scale = next;
        tx = cx - lx * scale;
        ty = cy - ly * scale;
    }

    public void panBy(double dx, double dy) {
        tx += dx;
        ty += dy;
    }

    public void reset() {
        scale = 1;
        tx = 0;
        ty = 0;
    }
}
