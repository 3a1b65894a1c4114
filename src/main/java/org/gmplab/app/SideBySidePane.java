package org.gmplab.app;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javafx.geometry.Insets;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;

import org.gmplab.engine.Engine;
import org.gmplab.gotrace.RealRun;
import org.gmplab.gotrace.SchedTraceRun;
import org.gmplab.snapshot.QueueSeries;
import org.gmplab.view.QueuePlot;
import org.gmplab.history.Comparison;
import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.view.SchedulerView;
import org.gmplab.view.Theme;

/**
 * A scenario's engine run above a real Go run of the same program, on one time axis: the two canvases show
 * the moment the time slider chooses in each run (the engine's the last safe point at or before it, the real
 * run's the last event at or before it), each P's utilisation strip of both runs under them with the chosen
 * time marked, and the figures of both ({@link Comparison}); under them the queues' lengths over time
 * ({@link QueuePlot}): the engine's own schedtrace, and the real run's when its {@code GODEBUG=schedtrace} output
 * sits beside the trace (as {@code gmplab real} writes it, {@code schedtrace.txt}). The real run's runnable goroutines are in one
 * pool, "queue unknown": its canvas shows only what the trace records.
 *
 * <p>Made off the FX thread ({@link #compute}: both runs are read whole), shown on it.
 */
public final class SideBySidePane extends VBox {
    /** Moments of the engine run kept for the slider, evenly spread over the axis. */
    static final int ENGINE_MOMENTS = 400;

    /**
     * Both runs, read: what the pane shows. {@code engineQueues}: the engine's own schedtrace, its queues' lengths at
     * each kept moment; {@code realQueues}: the real run's {@code GODEBUG=schedtrace} output, when it sits beside
     * the trace (null otherwise: an execution trace records no queues).
     */
    public record Runs(Scenario scenario, RealRun real, Comparison.Side engineSide, Comparison.Side realSide, long axis,
                       List<Snapshot> engineMoments, QueueSeries engineQueues, QueueSeries realQueues) { }

    final SchedulerView engineView = new SchedulerView(), realView = new SchedulerView();
    final Slider time = new Slider(0, 1, 0);
    final Label figures = new Label();
    final Label at = new Label();
    /** The queues' lengths over time: the real run's schedtrace (solid, when there is one) and the engine's (dashed). */
    final QueuePlot queues = new QueuePlot();
    private final Canvas strips = new Canvas(1200, 10);
    private final Runs runs;

    /** Reads both runs whole (any thread; seconds for a long engine run). */
    public static Runs compute(Scenario sc, RealRun real) {
        return compute(sc, real, null);
    }

    /**
     * Reads both runs whole, and the real run's schedtrace output {@code schedtrace} (null: none) for the queue plot.
     *
     * @throws java.io.UncheckedIOException schedtrace output that cannot be read (its one line)
     */
    public static Runs compute(Scenario sc, RealRun real, java.nio.file.Path schedtrace) {
        Comparison.Side e = Comparison.engine(sc), r = Comparison.real(real);
        long axis = Math.max(1, Math.max(e.duration(), r.duration()));
        List<Snapshot> moments = new ArrayList<>();
        try (Engine eng = Engine.step(sc)) {
            for (int i = 0; i < ENGINE_MOMENTS; i++) {
                if (eng.outcome() == null) eng.runUntil(axis * i / (ENGINE_MOMENTS - 1), ev -> false, ev -> { });
                moments.add(eng.snapshot());
            }
        }
        QueueSeries realQueues = null;
        if (schedtrace != null) {
            try {
                realQueues = SchedTraceRun.read(schedtrace).series();
            } catch (java.io.IOException ex) {
                throw new java.io.UncheckedIOException(schedtrace + ": " + ex.getMessage(), ex);
            }
        }
        return new Runs(sc, real, e, r, axis, List.copyOf(moments), QueueSeries.of(moments), realQueues);
    }

    /** FX thread. */
    public SideBySidePane(Runs runs) {
        super(4);
        this.runs = runs;
        setId("sideBySide");
        setPadding(new Insets(4));
        engineView.setAnimationMillis(0);
        realView.setAnimationMillis(0);
        engineView.setCaption("engine: " + runs.scenario().name());
        realView.setCaption("real Go: " + runs.real().name());
        VBox.setVgrow(engineView, Priority.ALWAYS);
        VBox.setVgrow(realView, Priority.ALWAYS);
        time.setId("sideTime");
        time.setMax(runs.axis() / 1e6);
        time.valueProperty().addListener((o, a, b) -> show((long) (b.doubleValue() * 1e6)));
        HBox.setHgrow(time, Priority.ALWAYS);
        at.setMinWidth(120);
        figures.setId("sideFigures");
        figures.setFont(Font.font("Monospaced", 12));
        int rows = runs.engineSide().ps().size() + runs.realSide().ps().size();
        strips.setHeight(Math.max(STRIP * rows + GAP + 4, 96));
        figures.setText(figuresText());
        figures.setMinWidth(FIGURES_WIDTH);
        // the strips and the slider share one width, so the slider's time is the strips' line; the figures beside them
        strips.widthProperty().bind(widthProperty().subtract(FIGURES_WIDTH + 16));
        strips.widthProperty().addListener(o -> drawStrips());
        HBox slider = new HBox(8, new Label("time (ms)"), time, at);
        slider.setPadding(new Insets(0, 0, 0, 0));
        VBox left = new VBox(2, strips, slider);
        HBox.setHgrow(left, Priority.ALWAYS);
        queues.setSeries(runs.realQueues(), runs.engineQueues());
        queues.setTheme(engineView.theme());
        queues.setPrefHeight(150);
        getChildren().addAll(engineView, realView, new HBox(8, left, figures), queues);
        show(0);
    }

    /** Shows the moment {@code t} (ns from the start) in both runs. */
    public void show(long t) {
        long clamped = Math.max(0, Math.min(runs.axis(), t));
        int i = (int) Math.floor((double) clamped / runs.axis() * (ENGINE_MOMENTS - 1));   // the last kept moment at or before t
        engineView.show(runs.engineMoments().get(i), List.of());
        realView.show(runs.real().snapshot(positionAt(clamped)), List.of());
        at.setText(String.format(Locale.ROOT, "%.1f ms", clamped / 1e6));
        queues.setCursor(clamped);
        drawStrips();
    }

    /** The real run's last position at or before {@code t}. */
    long positionAt(long t) {
        RealRun r = runs.real();
        long lo = 0, hi = r.end();
        while (lo < hi) {
            long mid = (lo + hi + 1) >>> 1;
            if (r.time(mid) <= t) lo = mid; else hi = mid - 1;
        }
        return lo;
    }

    private static final double STRIP = 12, GAP = 6, LABEL = 110, FIGURES_WIDTH = 560;

    /** Each P's utilisation, the engine's above the real run's, darker for busier; the chosen time as a line. */
    private void drawStrips() {
        GraphicsContext g = strips.getGraphicsContext2D();
        double w = strips.getWidth(), h = strips.getHeight();
        Theme th = engineView.theme();
        g.setFill(th.background);
        g.fillRect(0, 0, w, h);
        int bins = (int) Math.max(1, w - LABEL);
        double y = 2;
        g.setFont(Font.font(10));
        g.setTextBaseline(VPos.CENTER);
        for (Comparison.Side side : List.of(runs.engineSide(), runs.realSide())) {
            String who = side == runs.engineSide() ? "engine" : "real Go";
            for (int p : side.ps()) {
                double[] u = side.utilisation(p, bins, runs.axis());
                g.setFill(th.text);
                g.fillText(who + " P" + p, 2, y + STRIP / 2, LABEL - 6);
                for (int k = 0; k < bins; k++) {
                    g.setGlobalAlpha(Math.min(1, u[k]));
                    g.setFill(th.running);
                    g.fillRect(LABEL + k, y, 1, STRIP - 2);
                }
                g.setGlobalAlpha(1);
                y += STRIP;
            }
            y += GAP;
        }
        double x = LABEL + time.getValue() * 1e6 / runs.axis() * bins;
        g.setStroke(th.text);
        g.setLineWidth(1.5);
        g.strokeLine(x, 0, x, h);
    }

    /** The figures of both runs, in two columns. */
    String figuresText() {
        Comparison.Figures e = runs.engineSide().figures(), r = runs.realSide().figures();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-46s %12s %10s%n", "", "engine", "real Go"));
        row(sb, "duration (ms)", String.format(Locale.ROOT, "%.1f", runs.engineSide().duration() / 1e6) + (runs.engineSide().cut() ? " (cut)" : ""),
                String.format(Locale.ROOT, "%.1f", runs.realSide().duration() / 1e6));
        row(sb, "goroutines created", e.created(), r.created());
        row(sb, "migrations (runnable on one P, ran on another)", e.migrations(), r.migrations());
        row(sb, "retakes (P taken from a syscall)", e.retakes(), r.retakes());
        row(sb, "syscalls", e.syscalls(), r.syscalls());
        row(sb, "max runnable at once" + (e.sampled() ? " (engine: sampled)" : ""), e.maxRunnable(), r.maxRunnable());
        return sb.toString().stripTrailing();
    }

    private static void row(StringBuilder sb, String name, Object e, Object r) {
        sb.append(String.format(Locale.ROOT, "%-46s %12s %10s%n", name, e, r));
    }
}
