package org.gmplab.view;

import javafx.scene.canvas.Canvas;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.util.Duration;

/**
 * The canvas's tooltip: as the mouse moves, it says in a sentence what is under it ({@link Inspector#brief}),
 * and says it again when the world changes under a resting mouse ({@link #refresh}), so while playing it never
 * describes a moment gone by. Over nothing the tooltip is taken off the canvas, so no empty box pops up. The
 * tooltip is made when it first has something to say: a tooltip is a popup window with a scene of its own, whose
 * first CSS pass the window's start would pay for a popup not yet wanted.
 */
final class HoverTips {
    /** The sentence for a point of the canvas (empty for nothing). */
    interface Describe { String at(double x, double y); }

    private Tooltip tip;   // made when first wanted
    private final Canvas canvas;
    private final Describe describe;
    private boolean installed, over;
    private double x, y;   // the mouse's last place on the canvas, while it is over it

    HoverTips(Canvas canvas, Describe describe) {
        this.canvas = canvas;
        this.describe = describe;
        canvas.addEventHandler(MouseEvent.MOUSE_MOVED, e -> {
            over = true;
            x = e.getX();
            y = e.getY();
            set(describe.at(x, y));
        });
        canvas.addEventHandler(MouseEvent.MOUSE_EXITED, e -> {
            over = false;
            set("");
        });
    }

    /** The world shown changed: describes again what is now under the resting mouse. */
    void refresh() {
        if (over) set(describe.at(x, y));
    }

    private void set(String text) {
        if (text.isEmpty()) {
            if (installed) { Tooltip.uninstall(canvas, tip); installed = false; }
            return;
        }
        if (tip == null) {
            tip = new Tooltip();
            tip.setId("canvas-tooltip");
            tip.setShowDelay(Duration.millis(250));
            tip.setHideDelay(Duration.millis(100));
            tip.setShowDuration(Duration.seconds(30));
        }
        tip.setText(text);
        if (!installed) { Tooltip.install(canvas, tip); installed = true; }
    }

    /** The text the tooltip shows now, or empty when none is installed. */
    String text() { return installed ? tip.getText() : ""; }
}
