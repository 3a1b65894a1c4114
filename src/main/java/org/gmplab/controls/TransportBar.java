package org.gmplab.controls;

import javafx.beans.value.ChangeListener;
import javafx.scene.control.Button;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The transport: start, step back, play/pause, step one event, run to the next breakpoint, end, speed,
 * and a timeline slider over the recorded history. Every control has a tooltip naming its key.
 */
final class TransportBar extends VBox {
    final Button toStart = button("toStart", "|◀", "Go to the start of the run (Home)");
    final Button stepBack = button("stepBack", "◀", "Step back one event (←)");
    final ToggleButton play = new ToggleButton("Play");
    final Button stepEvent = button("stepEvent", "▶", "Step forward one event (→)");
    final Button runToBreak = button("runToBreak", "Run to breakpoint", "Run to the next breakpoint (B)");
    final Button toEnd = button("toEnd", "▶|", "Go to the end of the recorded history (End)");
    final Slider speed = new Slider(1, 60, 4);
    final Slider timeline = new Slider(1, 1, 1);
    final Label where = new Label();
    private boolean updating;

    TransportBar(Controller c) {
        play.setId("play");
        play.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        tip(play, "Play / pause: one major event per tick (Space)");
        speed.setId("speed");
        speed.setPrefWidth(110);
        tip(speed, "Speed while playing: major events a second (+ / −)");
        timeline.setId("timeline");
        tip(timeline, "Timeline over the recorded history: drag or click to jump to an event");
        where.setId("where");
        where.setMinWidth(130);
        tip(where, "The event index shown / the end of the recorded history");

        toStart.setOnAction(e -> c.toStart());
        stepBack.setOnAction(e -> c.stepBack());
        stepEvent.setOnAction(e -> c.stepEvent());
        runToBreak.setOnAction(e -> c.runToBreakpoint());
        toEnd.setOnAction(e -> c.toEnd());
        // the button shows the controller's state: a click asks, the state that comes back sets it
        play.setOnAction(e -> {
            boolean wasPlaying = c.playingProperty().get();
            play.setSelected(wasPlaying);
            if (wasPlaying) c.pause(); else c.togglePlay();
        });
        c.playingProperty().addListener((o, a, on) -> play.setSelected(on));
        Words.dynamic(play, () -> play.setText(Words.get(play.isSelected() ? "Pause" : "Play")));
        play.selectedProperty().addListener((o, a, on) -> play.setText(Words.get(on ? "Pause" : "Play")));
        c.setSpeed(speed.getValue());
        speed.valueProperty().addListener((o, a, b) -> c.setSpeed(b.doubleValue()));

        Runnable whereText = () -> where.setText(Words.get("event %d / %d", c.getPosition(), c.endProperty().get())
                + (c.finishedProperty().get() ? Words.get(" (ended)") : ""));
        ChangeListener<Object> sync = (o, a, b) -> {
            updating = true;
            timeline.setMin(c.start());
            timeline.setMax(Math.max(c.start() + 1, c.endProperty().get()));
            timeline.setValue(c.getPosition());
            updating = false;
            whereText.run();
        };
        Words.dynamic(where, whereText);
        c.positionProperty().addListener(sync);
        c.endProperty().addListener(sync);
        c.finishedProperty().addListener(sync);
        timeline.valueProperty().addListener((o, a, b) -> { if (!updating && !timeline.isValueChanging()) c.jumpTo(Math.round(b.doubleValue())); });
        timeline.valueChangingProperty().addListener((o, a, ch) -> { if (!ch && !updating) c.jumpTo(Math.round(timeline.getValue())); });

        ToolBar bar = new ToolBar(toStart, stepBack, play, stepEvent, runToBreak, toEnd, new Label("speed"), speed, where);
        HBox line = new HBox(6, new Label(" timeline"), timeline);
        HBox.setHgrow(timeline, Priority.ALWAYS);
        getChildren().addAll(bar, line);
    }

    private static Button button(String id, String text, String tip) {
        Button b = new Button(text);
        b.setId(id);
        b.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);   // never "…": the toolbar moves what does not fit to its » menu
        tip(b, tip);
        return b;
    }

    static void tip(Control c, String text) { c.setTooltip(new Tooltip(text)); }

    /** A small text field with an id, a prompt and a tooltip, as the panes' filters and inputs use. */
    static javafx.scene.control.TextField field(String id, String prompt, String tip, int columns) {
        javafx.scene.control.TextField f = new javafx.scene.control.TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.setPrefColumnCount(columns);
        tip(f, tip);
        return f;
    }
}
