package org.gmplab.controls;

import javafx.animation.AnimationTimer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.geometry.Point2D;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Pane;
import javafx.scene.shape.Circle;

/**
 * A presenter's laser dot over the scheduler canvas: while {@link #onProperty() on}, the mouse over the
 * canvas is a bright red dot with a soft glow and a short trail that fades, and the normal cursor is hidden
 * there. The overlay is mouse-transparent, so clicks, drags and the wheel still reach the canvas.
 *
 * <p>The dot is {@link #dot}, a circle centred on its layout position: its layout position is the mouse's,
 * in this overlay's coordinates. The trail is a few circles left where the dot was; a frame clock fades
 * them, and runs only while the laser is on and the overlay is in a scene.
 */
final class LaserPointer extends Pane {
    static final double RADIUS = 7;
    /** How many trail circles, and how long one takes to fade (ns). */
    static final int TRAIL = 10;
    static final long FADE_NANOS = 250_000_000L;

    /** Its colours are the theme's ({@code .laser-dot}, {@code .laser-trail}: the {@code -gmp-laser} colour, with a glow). */
    final Circle dot = new Circle(RADIUS);
    private final Circle[] trail = new Circle[TRAIL];
    private final long[] left = new long[TRAIL];    // when each trail circle was left there (ns)
    private int next;                               // the trail circle to reuse next
    private final BooleanProperty on = new SimpleBooleanProperty(this, "on");
    private final Node area, canvas;
    private final AnimationTimer fade = new AnimationTimer() {
        @Override public void handle(long now) { fade(now); }
    };

    /**
     * @param area   the node the dot follows the mouse over (the scheduler view)
     * @param canvas the canvas inside it, whose own cursor (set while panning) is hidden too
     */
    LaserPointer(Node area, Node canvas) {
        this.area = area;
        this.canvas = canvas;
        setId("laser");
        setMouseTransparent(true);
        setPickOnBounds(false);
        for (int i = 0; i < TRAIL; i++) {
            trail[i] = new Circle(RADIUS * 0.7);
            trail[i].getStyleClass().add("laser-trail");
            trail[i].setOpacity(0);
            trail[i].setManaged(false);
            getChildren().add(trail[i]);
        }
        dot.setId("laserDot");
        dot.setManaged(false);
        dot.getStyleClass().add("laser-dot");
        dot.setVisible(false);
        getChildren().add(dot);
        visibleProperty().bind(on);
        area.addEventFilter(MouseEvent.MOUSE_MOVED, this::follow);
        area.addEventFilter(MouseEvent.MOUSE_DRAGGED, this::follow);
        area.addEventHandler(MouseEvent.MOUSE_ENTERED, this::follow);
        area.addEventHandler(MouseEvent.MOUSE_EXITED, e -> dot.setVisible(false));
        // the frame clock runs only while the laser is on and shown
        sceneProperty().addListener((o, a, sc) -> { if (sc == null) fade.stop(); else if (on.get()) fade.start(); });
        on.addListener((o, a, b) -> {
            if (b) {
                area.setCursor(Cursor.NONE);
                canvas.setCursor(Cursor.NONE);
                fade.start();
            } else {
                fade.stop();
                dot.setVisible(false);
                for (Circle c : trail) c.setOpacity(0);
                area.setCursor(null);
                canvas.setCursor(null);
            }
        });
    }

    /** Whether the mouse over the canvas is the laser dot. */
    BooleanProperty onProperty() { return on; }

    void toggle() { on.set(!on.get()); }

    private void follow(MouseEvent e) {
        if (!on.get()) return;
        if (canvas.getCursor() != Cursor.NONE) canvas.setCursor(Cursor.NONE);   // a pan may have set its own
        Point2D at = sceneToLocal(e.getSceneX(), e.getSceneY());
        if (at == null) return;
        if (dot.isVisible()) {   // leave a trail circle where the dot was
            Circle t = trail[next];
            t.setLayoutX(dot.getLayoutX());
            t.setLayoutY(dot.getLayoutY());
            t.setOpacity(0.6);
            left[next] = System.nanoTime();
            next = (next + 1) % TRAIL;
        }
        dot.setLayoutX(at.getX());
        dot.setLayoutY(at.getY());
        dot.setVisible(true);
    }

    private void fade(long now) {
        for (int i = 0; i < TRAIL; i++) {
            if (trail[i].getOpacity() == 0) continue;
            double age = (now - left[i]) / (double) FADE_NANOS;
            trail[i].setOpacity(age >= 1 ? 0 : 0.6 * (1 - age));
            trail[i].setScaleX(age >= 1 ? 1 : 1 - 0.5 * age);
            trail[i].setScaleY(trail[i].getScaleX());
        }
    }
}
