package org.gmplab.controls;

import java.util.List;

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
import org.gmplab.history.RunOutline;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
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
    /**
     * The speed: log₂ of the major events a second while playing (live mode: of the ms of Go time a second), from
     * ¼ to 64 in steps of ×√2; it starts at {@link #DEFAULT_SPEED}.
     */
    final Slider speed = new Slider(-2, 6, 0);
    /** The speed in words: "1 event/s", "2.8 events/s"; live "4 ms/s". */
    final Label speedValue = new Label();
    final Slider timeline = new Slider(1, 1, 1);
    final Label where = new Label();
    final Label speedLabel = new Label("speed");
    /** The timeline's row, under the buttons' (hidden in presenter mode). */
    private HBox line;
    /** Under the timeline: the steals, hand-offs, retakes and preemptions of the whole run, and how far it is explored. */
    final TimelineMarks marks;
    /** Beside the timeline: while its thumb is dragged, the event under it; otherwise how much of the run is explored. */
    final Label preview = new Label();
    /** The whole run's length and marks, scanned in the background. */
    final RunOutliner outliner;
    final ToggleButton stepMode = new ToggleButton("Step");
    final ToggleButton liveMode = new ToggleButton("Live");
    final SegmentedButton mode = new SegmentedButton(stepMode, liveMode);
    private boolean updating;
    private final java.util.Map<Control, String> stepTips = new java.util.HashMap<>(); // the step-mode tooltips

    /** Speed at start: one major event a second, slow enough to see each step land. */
    static final double DEFAULT_SPEED = 1;
    /** The name of the speed in {@link Driver#settings()} (and so in a saved session): major events a second. */
    static final String SPEED = "speed";

    private static final String STEP_ONLY = "Step mode only: a live run has no recorded history to step or jump through";

    /** The window's language, for the texts this pane sets itself. */
    private final Language words;

    TransportBar(Driver c, java.util.function.Supplier<org.gmplab.view.Theme> theme, Language words) {
        this.words = words;
        marks = new TimelineMarks(timeline, theme);
        outliner = new RunOutliner(c);
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
        speed.setMajorTickUnit(1);
        speed.setMinorTickCount(1);
        speed.setSnapToTicks(true);
        speed.setBlockIncrement(0.5);   // + / −: ×√2, twice to double
        speed.setValue(log2(DEFAULT_SPEED));
        speedValue.setId("speedValue");
        speedValue.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        tip(speedValue, "Speed while playing: major events a second (+ / −)");
        tip(speed, "Speed while playing: major events a second (+ / −)");
        timeline.setId("timeline");
        tip(timeline, "Timeline over the whole run: drag to see the event under the thumb, release to jump there (Home / End)");
        // The marks' tooltip, made when the mouse first comes over them, as Tips makes a control's (a tooltip is a popup
        // with a scene of its own, costly to make at the start). Not a control's tooltip: Language.translate does not
        // reach it, so it follows the window's language itself.
        String marksWords = "Ticks: the run's steals, hand-offs, retakes and preemptions, in the canvas's colours;"
                + " the line: dark where the run is explored, light where a jump must run it first";
        Tooltip[] marksTip = {null};
        marks.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_ENTERED, e -> {
            if (marksTip[0] != null) return;
            marksTip[0] = new Tooltip(words.get(marksWords));
            Tooltip.install(marks, marksTip[0]);
        });
        words.onChange(marks, () -> { if (marksTip[0] != null) marksTip[0].setText(words.get(marksWords)); });
        preview.setId("timelinePreview");
        preview.setPrefWidth(250);
        preview.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);   // a fixed place: the timeline keeps its length while it is dragged
        tip(preview, "While the timeline is dragged: the event under its thumb; else how far the run is explored");
        where.setId("where");
        where.setMinWidth(130);
        tip(where, "The event index shown / the end of the run (with +: the run goes on past it)");

        for (Control x : new Control[] {toStart, stepBack, stepEvent, runToBreak, toEnd, timeline}) stepTips.put(x, Tips.text(x));
        // these tooltips are the code's to set (Language.translate would take a translated one for new English)
        for (Control x : new Control[] {toStart, stepBack, stepEvent, runToBreak, toEnd, timeline, play, speed})
            Tips.properties(x).put("words.dynamic", Boolean.TRUE);
        words.onChange(this, () -> modeTips(c.model().modeProperty().get() == Engine.Mode.LIVE));
        ChangeListener<Object> liveWhere = (o, a, b) -> { if (c.model().modeProperty().get() == Engine.Mode.LIVE) showWhere(c); };
        c.model().snapshotProperty().addListener(liveWhere);
        c.model().playingProperty().addListener(liveWhere);

        toStart.setOnAction(e -> c.toStart());
        stepBack.setOnAction(e -> c.stepBack());
        stepEvent.setOnAction(e -> c.stepEvent());
        runToBreak.setOnAction(e -> c.runToBreakpoint());
        toEnd.setOnAction(e -> c.toEnd());
        // the button shows the controller's state: a click asks, the state that comes back sets it
        play.setOnAction(e -> {
            boolean wasPlaying = c.model().playingProperty().get();
            play.setSelected(wasPlaying);
            if (wasPlaying) c.pause(); else c.togglePlay();
        });
        c.model().playingProperty().addListener((o, a, on) -> play.setSelected(on));
        words.dynamic(play, () -> play.setText(words.get(play.isSelected() ? "Pause" : "Play")));
        play.selectedProperty().addListener((o, a, on) -> play.setText(words.get(on ? "Pause" : "Play")));
        c.setSpeed(perSecond(speed.getValue()));
        c.settings().put(SPEED, number(perSecond(speed.getValue()), 17));
        speed.valueProperty().addListener((o, a, b) -> {
            double v = perSecond(b.doubleValue());
            c.setSpeed(v);
            if (!updating) c.settings().put(SPEED, number(v, 17));   // not back over the value being put back
            showSpeed(c);
        });
        // a session opened with its own speed puts it back
        c.settings().addListener((javafx.collections.MapChangeListener<String, String>) ch -> {
            if (!SPEED.equals(ch.getKey()) || !ch.wasAdded()) return;
            double v = parseSpeed(ch.getValueAdded());
            if (Double.isNaN(v)) {
                c.model().refuse("the session's speed must be a number of events a second from " + number(perSecond(speed.getMin()), 2)
                        + " to " + number(perSecond(speed.getMax()), 2) + ", not \"" + ch.getValueAdded() + "\"; the speed stays " + speedValue.getText());
                c.settings().put(SPEED, number(perSecond(speed.getValue()), 17));
            } else {
                updating = true;
                speed.setValue(log2(v));
                updating = false;
            }
        });
        words.dynamic(speedValue, () -> showSpeed(c));
        c.model().modeProperty().addListener((o, a, m) -> { showSpeed(c); showPreview(c); });

        // the timeline covers the whole run once its outline is known, else what is explored
        ChangeListener<Object> sync = (o, a, b) -> {
            RunOutline run = outliner.outlineProperty().get();
            updating = true;
            timeline.setMin(c.start());
            timeline.setMax(Math.max(c.start() + 1, Math.max(c.model().endProperty().get(), run == null ? 0 : run.end())));
            timeline.setValue(c.model().getPosition());
            updating = false;
            marks.show(run, c.model().endProperty().get());
            showWhere(c);
            showPreview(c);
        };
        words.dynamic(where, () -> showWhere(c));
        words.dynamic(preview, () -> showPreview(c));
        c.model().positionProperty().addListener(sync);
        c.model().endProperty().addListener(sync);
        c.model().finishedProperty().addListener(sync);
        outliner.outlineProperty().addListener(sync);
        // the jump happens on release; while dragging, the label beside says where it would go
        timeline.valueProperty().addListener((o, a, b) -> {
            if (timeline.isValueChanging()) showPreview(c);
            else if (!updating) c.jumpTo(Math.round(b.doubleValue()));
        });
        timeline.valueChangingProperty().addListener((o, a, ch) -> {
            showPreview(c);
            if (!ch && !updating) c.jumpTo(Math.round(timeline.getValue()));
        });
        watchRun(c);

        ToolBar bar = new ToolBar(mode, toStart, stepBack, play, stepEvent, runToBreak, toEnd, speedLabel, speed, speedValue,
                new javafx.scene.control.Separator(javafx.geometry.Orientation.VERTICAL), where);
        bar.setId("transportBar");
        runToBreak.setGraphic(new Label("▶▶"));   // its icon, shown instead of the words in presenter mode
        runToBreak.setContentDisplay(javafx.scene.control.ContentDisplay.TEXT_ONLY);
        for (javafx.scene.Node n : new javafx.scene.Node[] {speedLabel, speedValue}) n.managedProperty().bind(n.visibleProperty());
        VBox track = new VBox(0, timeline, marks);
        line = new HBox(6, new Label(" timeline"), track, preview);
        line.managedProperty().bind(line.visibleProperty());
        line.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        HBox.setHgrow(track, Priority.ALWAYS);
        getChildren().addAll(bar, line);
    }

    /**
     * Presenter mode's one row: the buttons and the speed slider only, "Run to breakpoint" as its icon (its
     * tooltip says what it is), the speed's words and the timeline's row hidden (Home, End and the arrows still
     * move; the timeline comes back with the normal mode).
     */
    void compact(boolean on) {
        runToBreak.setContentDisplay(on ? javafx.scene.control.ContentDisplay.GRAPHIC_ONLY : javafx.scene.control.ContentDisplay.TEXT_ONLY);
        speedLabel.setVisible(!on);
        speedValue.setVisible(!on);
        line.setVisible(!on);
    }

    /**
     * Scans the run for its outline while this bar is in a window, again when the run may have changed: another
     * scenario, a log rebuilt (an injection in the past, a session opened), an action injected at the end. The
     * outliner skips a run it has scanned already. The marks are drawn again in a new theme's colours.
     */
    private void watchRun(Driver c) {
        c.model().scenarioProperty().addListener((o, a, b) -> { if (getScene() != null) outliner.refresh(); });
        c.model().eventLog().addListener((javafx.collections.ListChangeListener<Event>) ch -> {
            boolean changed = false;
            while (ch.next() && !changed)
                changed = ch.wasReplaced() || ch.wasPermutated() || (ch.wasRemoved() && ch.getFrom() != 0)
                        || (ch.wasAdded() && ch.getAddedSubList().stream().anyMatch(e -> e.kind() == EventKind.INJECT));
            if (changed && getScene() != null) outliner.refresh();
        });
        javafx.collections.ListChangeListener<String> restyled = ch -> javafx.application.Platform.runLater(marks::draw);   // after the app's own listener set the canvas's theme
        sceneProperty().addListener((o, was, now) -> {
            if (was != null) was.getStylesheets().removeListener(restyled);
            if (now == null) { outliner.stop(); return; }
            now.getStylesheets().addListener(restyled);
            outliner.refresh();
        });
    }

    /** While the timeline is dragged: the event under its thumb, its kind and time; otherwise how far the run is explored. */
    private void showPreview(Driver c) {
        RunOutline run = outliner.outlineProperty().get();
        if (c.model().modeProperty().get() == Engine.Mode.LIVE) { preview.setText(""); return; }
        if (!timeline.isValueChanging()) {
            long explored = c.model().endProperty().get();
            // a real Go run is read whole when it opens: it has no outline to scan, and nothing left to find
            boolean whole = c.model().finishedProperty().get() || c.showsRealRun();
            preview.setText(run == null ? (whole ? words.get("the whole run is explored") : words.get("finding the run's end…"))
                    : explored >= run.end() ? words.get("the whole run is explored")
                    : words.get("explored to event %d of %d", explored, run.end()));
            return;
        }
        long n = Math.round(timeline.getValue());
        Event e = exploredEvent(c, n);
        EventKind kind = e != null ? e.kind() : run == null ? null : run.kind(n);
        if (kind == null) { preview.setText(words.get("→ event %d", n)); return; }
        boolean exact = e != null || run.timeExact(n);
        long time = e != null ? e.time() : run.timeNear(n);
        preview.setText(words.get(exact ? "→ event %d: %s at %s ms" : "→ event %d: %s at ≈%s ms", n, kind.name(), String.format(java.util.Locale.ROOT, "%.3f", time / 1e6)));
    }

    /** Event {@code seq} if the log holds it (the explored part of the run), else null. */
    private static Event exploredEvent(Driver c, long seq) {
        List<Event> all = c.model().eventLog();
        int lo = 0, hi = all.size();
        while (lo < hi) {   // the first index whose seq is ≥ seq
            int mid = (lo + hi) >>> 1;
            if (all.get(mid).seq() < seq) lo = mid + 1; else hi = mid;
        }
        return lo < all.size() && all.get(lo).seq() == seq ? all.get(lo) : null;
    }

    /** Step: the event shown of the recorded history; live: the live clock and the events so far. */
    /** The tooltips that depend on the mode, in the window's language. */
    private void modeTips(boolean live) {
        for (Control x : new Control[] {toStart, stepBack, stepEvent, runToBreak, toEnd, timeline})
            Tips.set(x, live ? words.get(STEP_ONLY) + words.get(" (%s)", words.get(stepTips.get(x))) : words.get(stepTips.get(x)));
        Tips.set(play, words.get(live ? "Pause stops the live world and holds it (every M at a safe point); Play lets it go on (Space)"
                : "Play / pause: one major event per tick (Space)"));
        Tips.set(speed, words.get(live ? "Speed of the live clock: ms of Go time a second (+ / −)"
                : "Speed while playing: major events a second (+ / −)"));
    }

    /** Major events a second (live: ms of Go time a second) for the speed slider's value. */
    static double perSecond(double sliderValue) { return Math.pow(2, sliderValue); }

    static double log2(double perSecond) { return Math.log(perSecond) / Math.log(2); }

    /** A speed a session gives, or NaN if it is not a number within the slider's range (¼ to 64). */
    private double parseSpeed(String text) {
        try {
            double v = Double.parseDouble(text.trim());
            return v >= perSecond(speed.getMin()) && v <= perSecond(speed.getMax()) ? v : Double.NaN;
        } catch (NumberFormatException | NullPointerException e) {
            return Double.NaN;
        }
    }

    /** {@code v} to {@code digits} significant digits, without trailing zeros: 1, 2.8, 0.25, 45. */
    static String number(double v, int digits) {
        return new java.math.BigDecimal(v).round(new java.math.MathContext(digits)).stripTrailingZeros().toPlainString();
    }

    private void showSpeed(Driver c) {
        String v = number(perSecond(speed.getValue()), 2);
        speedValue.setText(c.model().modeProperty().get() == Engine.Mode.LIVE ? words.get("%s ms/s", v)
                : "1".equals(v) ? words.get("1 event/s") : words.get("%s events/s", v));
    }

    private void showWhere(Driver c) {
        if (c.model().modeProperty().get() == Engine.Mode.LIVE) {
            org.gmplab.snapshot.Snapshot s = c.model().getSnapshot();
            where.setText(s == null ? words.get("live") : words.get("live · %.3f ms · %d events", s.time() / 1e6, s.events())
                    + (c.model().finishedProperty().get() ? words.get(" (ended)") : c.model().playingProperty().get() ? "" : words.get(" (paused)")));
        } else {
            RunOutline run = outliner.outlineProperty().get();
            long end = Math.max(c.model().endProperty().get(), run == null ? 0 : run.end());
            // a run whose end the scan did not reach goes on past the timeline's end
            where.setText(words.get(run != null && !run.complete() && end == run.end() ? "event %d / %d+" : "event %d / %d", c.model().getPosition(), end)
                    + (c.model().finishedProperty().get() ? words.get(" (ended)") : ""));
        }
    }

    private static Button button(String id, String text, String tip) {
        Button b = new Button(text);
        b.setId(id);
        b.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);   // never "…": the toolbar moves what does not fit to its » menu
        tip(b, tip);
        return b;
    }

    /** Gives {@code c} a tooltip, made when the mouse first comes over it ({@link Tips}). */
    static void tip(Control c, String text) { Tips.set(c, text); }

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
