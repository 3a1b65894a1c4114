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

import org.controlsfx.control.SegmentedButton;

import org.gmplab.engine.Engine;
import org.gmplab.session.Driver;

/**
 * The transport: the mode (Step | Live), start, step back, play/pause, step one event, run to the next
 * breakpoint, end, speed, and a timeline slider over the recorded history. Every control has a tooltip
 * naming its key. In live mode the controls that need the recorded history are disabled (their tooltips
 * say why), play/pause let the live world go and hold it, and the speed sets the live clock.
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
    final ToggleButton stepMode = new ToggleButton("Step");
    final ToggleButton liveMode = new ToggleButton("Live");
    final SegmentedButton mode = new SegmentedButton(stepMode, liveMode);
    private boolean updating;
    private final java.util.Map<Control, String> stepTips = new java.util.HashMap<>(); // the step-mode tooltips

    private static final String STEP_ONLY = "Step mode only: a live run has no recorded history to step or jump through";

    TransportBar(Driver c) {
        mode.setId("mode");
        stepMode.setId("modeStep");
        liveMode.setId("modeLive");
        tip(stepMode, "Step mode: deterministic, virtual time, one thread at a time; the recorded history, where it was left");
        tip(liveMode, "Live mode: the scenario runs from its start on real parallel threads (a live engine cannot continue"
                + " a step-mode moment); Pause stops the world and holds it; actions from outside (Inject) apply while it is held. Stepping and jumping need Step mode.");
        stepMode.setSelected(true);
        mode.getToggleGroup().selectedToggleProperty().addListener((o, was, now) -> {
            if (updating) return;
            if (now == null) { was.setSelected(true); return; } // one mode is always chosen
            c.setMode(now == liveMode ? Engine.Mode.LIVE : Engine.Mode.STEP);
        });
        c.model().modeProperty().addListener((o, was, m) -> {
            boolean live = m == Engine.Mode.LIVE;
            updating = true;
            (live ? liveMode : stepMode).setSelected(true);
            updating = false;
            for (Control x : new Control[] {toStart, stepBack, stepEvent, runToBreak, toEnd, timeline}) x.setDisable(live);
            modeTips(live);
            showWhere(c);
        });
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

        for (Control x : new Control[] {toStart, stepBack, stepEvent, runToBreak, toEnd, timeline}) stepTips.put(x, x.getTooltip().getText());
        // these tooltips are the code's to set (Words.translate would take a translated one for new English)
        for (Control x : new Control[] {toStart, stepBack, stepEvent, runToBreak, toEnd, timeline, play, speed})
            x.getTooltip().getProperties().put("words.dynamic", Boolean.TRUE);
        Words.onChange(this, () -> modeTips(c.model().modeProperty().get() == Engine.Mode.LIVE));
        ChangeListener<Object> liveWhere = (o, a, b) -> { if (c.model().modeProperty().get() == Engine.Mode.LIVE) showWhere(c); };
        c.model().snapshotProperty().addListener(liveWhere);
        c.model().playingProperty().addListener(liveWhere);

        toStart.setOnAction(e -> c.toStart());
        stepBack.setOnAction(e -> c.stepBack());
        stepEvent.setOnAction(e -> c.stepEvent());
        runToBreak.setOnAction(e -> c.runToBreakpoint());
        toEnd.setOnAction(e -> c.toEnd());
        // the button shows the driver's state: a click asks, the state that comes back sets it
        play.setOnAction(e -> {
            boolean wasPlaying = c.model().playingProperty().get();
            play.setSelected(wasPlaying);
            if (wasPlaying) c.pause(); else c.togglePlay();
        });
        c.model().playingProperty().addListener((o, a, on) -> play.setSelected(on));
        Words.dynamic(play, () -> play.setText(Words.get(play.isSelected() ? "Pause" : "Play")));
        play.selectedProperty().addListener((o, a, on) -> play.setText(Words.get(on ? "Pause" : "Play")));
        c.setSpeed(speed.getValue());
        speed.valueProperty().addListener((o, a, b) -> c.setSpeed(b.doubleValue()));

        ChangeListener<Object> sync = (o, a, b) -> {
            updating = true;
            timeline.setMin(c.start());
            timeline.setMax(Math.max(c.start() + 1, c.model().endProperty().get()));
            timeline.setValue(c.model().getPosition());
            updating = false;
            showWhere(c);
        };
        Words.dynamic(where, () -> showWhere(c));
        c.model().positionProperty().addListener(sync);
        c.model().endProperty().addListener(sync);
        c.model().finishedProperty().addListener(sync);
        timeline.valueProperty().addListener((o, a, b) -> { if (!updating && !timeline.isValueChanging()) c.jumpTo(Math.round(b.doubleValue())); });
        timeline.valueChangingProperty().addListener((o, a, ch) -> { if (!ch && !updating) c.jumpTo(Math.round(timeline.getValue())); });

        ToolBar bar = new ToolBar(mode, toStart, stepBack, play, stepEvent, runToBreak, toEnd, new Label("speed"), speed, where);
        HBox line = new HBox(6, new Label(" timeline"), timeline);
        HBox.setHgrow(timeline, Priority.ALWAYS);
        getChildren().addAll(bar, line);
    }

    /** Step: the event shown of the recorded history; live: the live clock and the events so far. */
    /** The tooltips that depend on the mode, in the window's language. */
    private void modeTips(boolean live) {
        for (Control x : new Control[] {toStart, stepBack, stepEvent, runToBreak, toEnd, timeline})
            x.getTooltip().setText(live ? Words.get(STEP_ONLY) + Words.get(" (%s)", Words.get(stepTips.get(x))) : Words.get(stepTips.get(x)));
        play.getTooltip().setText(Words.get(live ? "Pause stops the live world and holds it (every M at a safe point); Play lets it go on (Space)"
                : "Play / pause: one major event per tick (Space)"));
        speed.getTooltip().setText(Words.get(live ? "Speed of the live clock: ms of Go time a second (+ / −)"
                : "Speed while playing: major events a second (+ / −)"));
    }

    private void showWhere(Driver c) {
        if (c.model().modeProperty().get() == Engine.Mode.LIVE) {
            org.gmplab.snapshot.Snapshot s = c.model().getSnapshot();
            where.setText(s == null ? Words.get("live") : Words.get("live · %.3f ms · %d events", s.time() / 1e6, s.events())
                    + (c.model().finishedProperty().get() ? Words.get(" (ended)") : c.model().playingProperty().get() ? "" : Words.get(" (paused)")));
        } else {
            where.setText(Words.get("event %d / %d", c.model().getPosition(), c.model().endProperty().get()) + (c.model().finishedProperty().get() ? Words.get(" (ended)") : ""));
        }
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
