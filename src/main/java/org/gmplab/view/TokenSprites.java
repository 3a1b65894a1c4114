package org.gmplab.view;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javafx.geometry.Rectangle2D;
import javafx.geometry.VPos;
import javafx.scene.SnapshotParameters;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.Image;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;

import org.gmplab.snapshot.GStatus;

/**
 * Goroutine tokens drawn once into images and then copied. With a thousand goroutines on screen the software
 * renderer spent most of a frame rasterising their numbers (measured: the render thread's CPU per frame
 * 13–14 ms, and 8–9 ms with copies; see docs/benchmarks.md). A token not yet drawn is drawn directly and
 * asked for; after the frame, {@link #bake} draws up to {@link #BATCH} asked-for tokens side by side on one
 * canvas and takes one snapshot of it (a snapshot per token would cost more than it saves). Images are kept
 * per status, goid, pixel size and theme; the least recently used go beyond {@link #CAPACITY}.
 */
final class TokenSprites {
    static final int CAPACITY = 8192;
    static final int BATCH = 512;
    static final int ATLAS = 1024;      // the largest side of one baked sheet, in pixels

    private record Key(GStatus status, long goid, int px, Theme theme) {}
    private record Sprite(Image sheet, int x, int y) {}

    private final Map<Key, Sprite> sprites = new LinkedHashMap<>(256, 0.75f, true) {
        @Override protected boolean removeEldestEntry(Map.Entry<Key, Sprite> e) { return size() > CAPACITY; }
    };
    private final List<Key> wanted = new ArrayList<>();

    /**
     * Draws the token in {@code r} from its image; false if there is none yet (the caller draws it, and it is
     * baked after the frame). {@code scale} is the device pixels per layout pixel here, so zoomed tokens stay sharp.
     */
    boolean draw(GraphicsContext g, Rect r, GStatus status, long goid, Theme th, double scale) {
        double s = Math.min(r.w(), r.h());
        int px = (int) Math.round(s * scale);
        if (px < TokenPainter.MIN_SHAPE || px > 96) return false;   // a plain square, or so large that few are on screen
        Key k = new Key(status, goid, px, th);
        Sprite sp = sprites.get(k);
        if (sp == null) {
            if (wanted.size() < BATCH) wanted.add(k);
            return false;
        }
        g.drawImage(sp.sheet(), sp.x(), sp.y(), px, px, r.x(), r.y(), s, s);
        return true;
    }

    /** Bakes the tokens asked for in this frame into one sheet (one snapshot). */
    void bake() {
        if (wanted.isEmpty()) return;
        int cell = 0;
        for (Key k : wanted) cell = Math.max(cell, k.px());
        int cols = Math.max(1, ATLAS / cell);
        int n = Math.min(wanted.size(), cols * Math.max(1, ATLAS / cell));
        int rows = (n + cols - 1) / cols;
        Canvas sheet = new Canvas(Math.min(n, cols) * cell, rows * cell);
        GraphicsContext g = sheet.getGraphicsContext2D();
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        for (int i = 0; i < n; i++) {
            Key k = wanted.get(i);
            if (k.px() >= TokenPainter.MIN_ID) g.setFont(Font.font(null, FontWeight.BOLD, TokenPainter.fontSize(k.px(), k.goid())));
            TokenPainter.draw(g, new Rect((i % cols) * cell, (i / cols) * cell, k.px(), k.px()), k.status(), k.goid(), k.theme());
        }
        SnapshotParameters p = new SnapshotParameters();
        p.setFill(Color.TRANSPARENT);
        p.setViewport(new Rectangle2D(0, 0, sheet.getWidth(), sheet.getHeight()));
        Image img = sheet.snapshot(p, null);
        for (int i = 0; i < n; i++) sprites.put(wanted.get(i), new Sprite(img, (i % cols) * cell, (i / cols) * cell));
        wanted.clear();
    }
}
