package org.gmplab.view;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * Canvas text that fits its width by its size, not by squeezing. {@code GraphicsContext.fillText(s, x, y, maxWidth)}
 * squeezes a text wider than {@code maxWidth} with a horizontal scale, and Prism's software pipeline draws a scaled
 * text glyph by glyph as outlines through its shape rasteriser instead of copying each glyph's cached mask: at
 * GOMAXPROCS 8 half the canvas's texts were squeezed (a P's header, its tick and free counts, its ring count, the
 * goids in diamonds and triangles), and filling their outlines was about a quarter of the render thread's time in live
 * mode (docs/benchmarks.md). So a text that does not fit is drawn in the largest font, on a half-pixel grid (a few
 * sizes, each with its cached glyphs), whose width fits. The {@code maxWidth} is still passed on, so a text is never
 * wider than it was.
 *
 * <p>Widths are the sums of the characters' advances, which is what JavaFX's text layout adds up for the canvas
 * (measured equal to the whole string's width, and proportional to the size): each character is measured once per
 * font name, at {@link #REFERENCE} px. FX thread only (it measures with a {@link Text}).
 */
final class TextFit {
    /** The size the advances are measured at; a width at another size is scaled from it. */
    static final double REFERENCE = 100;
    /** Fitted sizes are multiples of this (px): a few sizes, each a font strike with its glyph masks cached. */
    static final double STEP = 0.5;
    /** No smaller than this (px): below it a text reads no better than squeezed. */
    static final double MIN_SIZE = 4;

    private static final int FONTS = 32;
    private static final Map<String, Map<Integer, Double>> advances = new LinkedHashMap<>(16, 0.75f, true) {
        @Override protected boolean removeEldestEntry(Map.Entry<String, Map<Integer, Double>> e) { return size() > FONTS; }
    };
    /** Fitted fonts by name, indexed by size / {@link #STEP} (up to 64 px; a larger one is made each time). */
    private static final int SIZES = 129;
    private static final Map<String, Font[]> fitted = new LinkedHashMap<>(16, 0.75f, true) {
        @Override protected boolean removeEldestEntry(Map.Entry<String, Font[]> e) { return size() > FONTS; }
    };
    private static final Text probe = new Text();

    private TextFit() {}

    /** Fills {@code s} at ({@code x}, {@code y}) in the context's font, or in a smaller one if it is wider than {@code maxWidth}. */
    static void fill(GraphicsContext g, String s, double x, double y, double maxWidth) {
        Font f = g.getFont();
        double size = fitting(s, f, maxWidth);
        if (size == f.getSize()) {
            g.fillText(s, x, y, maxWidth);
            return;
        }
        g.setFont(sized(f, size));
        g.fillText(s, x, y, maxWidth);
        g.setFont(f);
    }

    /** {@code f} at a fitted size, made once per font and size: fitting happens at every frame, for many texts. */
    private static Font sized(Font f, double size) {
        Font[] bySteps = fitted.computeIfAbsent(f.getName(), k -> new Font[SIZES]);
        int i = (int) Math.round(size / STEP);
        if (i >= bySteps.length) return new Font(f.getName(), size);
        Font sized = bySteps[i];
        if (sized == null) sized = bySteps[i] = new Font(f.getName(), size);
        return sized;
    }

    /**
     * The size {@code s} is drawn at in a space {@code maxWidth} wide: the font's own if it fits, else the largest
     * multiple of {@link #STEP} at which it does (at least {@link #MIN_SIZE}).
     */
    static double fitting(String s, Font f, double maxWidth) {
        double w = width(s, f);
        if (w <= maxWidth || w <= 0) return f.getSize();
        double size = Math.floor(f.getSize() * maxWidth / w / STEP) * STEP;
        return Math.max(MIN_SIZE, Math.min(f.getSize(), size));
    }

    /** The width of {@code s} in font {@code f}, as the text layout measures it. */
    static double width(String s, Font f) {
        Map<Integer, Double> a = advances.computeIfAbsent(f.getName(), k -> new HashMap<>());
        double w = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            Double d = a.get(cp);
            if (d == null) {
                probe.setFont(new Font(f.getName(), REFERENCE));
                probe.setText(new String(Character.toChars(cp)));
                d = probe.getLayoutBounds().getWidth();
                a.put(cp, d);
            }
            w += d;
            i += Character.charCount(cp);
        }
        return w * f.getSize() / REFERENCE;
    }
}
