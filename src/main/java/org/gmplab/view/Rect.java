package org.gmplab.view;

/** An axis-aligned rectangle in canvas pixels: (x, y) is the top-left corner. */
public record Rect(double x, double y, double w, double h) {
    public Rect {
        if (w < 0 || h < 0) throw new IllegalArgumentException("negative size " + w + "x" + h);
    }

    public double right() { return x + w; }
    public double bottom() { return y + h; }
    public double cx() { return x + w / 2; }
    public double cy() { return y + h / 2; }

    /** True if the interiors overlap (touching edges do not count). */
    public boolean overlaps(Rect o) {
        return x < o.right() - 1e-9 && o.x < right() - 1e-9 && y < o.bottom() - 1e-9 && o.y < bottom() - 1e-9;
    }

    public boolean contains(Rect o) {
        return o.x >= x - 1e-9 && o.y >= y - 1e-9 && o.right() <= right() + 1e-9 && o.bottom() <= bottom() + 1e-9;
    }

    public boolean contains(double px, double py) { return px >= x && px <= right() && py >= y && py <= bottom(); }

    /** This rectangle shrunk by {@code d} on every side (never below zero size). */
    public Rect inset(double d) {
        double dx = Math.min(d, w / 2), dy = Math.min(d, h / 2);
        return new Rect(x + dx, y + dy, w - 2 * dx, h - 2 * dy);
    }

    /** The top {@code hh} pixels. */
    public Rect top(double hh) { return new Rect(x, y, w, Math.min(h, hh)); }

    /** What is left below the top {@code hh} pixels (and {@code gap} more). */
    public Rect below(double hh, double gap) {
        double d = Math.min(h, hh + gap);
        return new Rect(x, y + d, w, h - d);
    }

    /** A square of side {@code s} centred on this rectangle's centre. */
    public Rect centredSquare(double s) { return new Rect(cx() - s / 2, cy() - s / 2, s, s); }

    /** Linear interpolation between two rectangles, {@code t} in [0, 1]. */
    public static Rect lerp(Rect a, Rect b, double t) {
        return new Rect(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.w + (b.w - a.w) * t, a.h + (b.h - a.h) * t);
    }
}
