package org.gmplab.view;

import javafx.scene.Cursor;
import javafx.scene.canvas.Canvas;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;

/**
 * Zoom and pan by mouse: the wheel zooms about the cursor; dragging with the middle button, or with the
 * primary button, pans. A primary press that does not move stays a click (selection), because JavaFX marks
 * a click after a drag as not "still since press" and the view ignores those.
 */
final class Navigation {
    /** Wheel delta (px) that makes one {@link Viewport#STEP}: a typical notch is 40. */
    private static final double NOTCH = 40;

    private final Viewport viewport;
    private final Runnable changed;
    private double lastX, lastY;
    private boolean panning;

    Navigation(Canvas canvas, Viewport viewport, Runnable changed) {
        this.viewport = viewport;
        this.changed = changed;
        canvas.addEventHandler(ScrollEvent.SCROLL, e -> {
            if (e.getDeltaY() == 0) return;
            viewport.zoomAbout(Math.pow(Viewport.STEP, e.getDeltaY() / NOTCH), e.getX(), e.getY());
            changed.run();
            e.consume();
        });
        canvas.addEventHandler(MouseEvent.MOUSE_PRESSED, e -> {
            panning = e.getButton() == MouseButton.MIDDLE || e.getButton() == MouseButton.PRIMARY;
            lastX = e.getX();
            lastY = e.getY();
        });
        canvas.addEventHandler(MouseEvent.MOUSE_DRAGGED, e -> {
            if (!panning) return;
            canvas.setCursor(Cursor.MOVE);
            viewport.panBy(e.getX() - lastX, e.getY() - lastY);
            lastX = e.getX();
            lastY = e.getY();
            changed.run();
        });
        canvas.addEventHandler(MouseEvent.MOUSE_RELEASED, e -> {
            panning = false;
            canvas.setCursor(Cursor.DEFAULT);
        });
    }
}
