package org.gmplab.view;

import java.util.function.Function;

import javafx.scene.canvas.Canvas;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.util.Duration;

/**
 * The canvas's tooltip: as the mouse moves, it says in a sentence what is under it ({@link Inspector#brief}).
 * Over nothing the tooltip is taken off the canvas, so no empty box pops up.
 */
final class HoverTips {
    private final Tooltip tip = new Tooltip();
    private final Canvas canvas;
    private boolean installed;

    /** {@code describe} maps a mouse position on the canvas to the sentence (empty for nothing). */
    HoverTips(Canvas canvas, Function<MouseEvent, String> describe) {
        this.canvas = canvas;
        tip.setId("canvas-tooltip");
        tip.setShowDelay(Duration.millis(250));
        tip.setHideDelay(Duration.millis(100));
        tip.setShowDuration(Duration.seconds(30));
        canvas.addEventHandler(MouseEvent.MOUSE_MOVED, e -> set(describe.apply(e)));
        canvas.addEventHandler(MouseEvent.MOUSE_EXITED, e -> set(""));
    }

    private void set(String text) {
        if (text.isEmpty()) {
            if (installed) { Tooltip.uninstall(canvas, tip); installed = false; }
            return;
        }
        tip.setText(text);
        if (!installed) { Tooltip.install(canvas, tip); installed = true; }
    }

    Tooltip tooltip() { return tip; }

    /** The text the tooltip shows now, or empty when none is installed. */
    String text() { return installed ? tip.getText() : ""; }
}
