package org.gmplab.controls;

import java.util.function.Supplier;

import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Slider;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;

import org.gmplab.history.RunOutline;
import org.gmplab.snapshot.EventKind;
import org.gmplab.view.Theme;

/**
 * The strip under the timeline slider: a tick for every steal, hand-off, retake and preemption of the whole run
 * ({@link RunOutline#marks()}), in the colours the canvas draws them with, each where the slider's thumb stands
 * at that event; and under the ticks a line, dark over the part of the run explored so far and light over the
 * rest (a jump there runs the engine forward first).
 */
final class TimelineMarks extends Region {
    /** Height of the strip: the ticks, then the explored line. */
    static final double HEIGHT = 12, LINE = 3;
    private final Canvas canvas = new Canvas();
    private final Slider timeline;
    private final Supplier<Theme> theme;
    private RunOutline outline;
    private long explored;

    TimelineMarks(Slider timeline, Supplier<Theme> theme) {
        this.timeline = timeline;
        this.theme = theme;
        setId("timelineMarks");
        setMinHeight(HEIGHT);
        setPrefHeight(HEIGHT);
        setMaxHeight(HEIGHT);
        getChildren().add(canvas);
        timeline.minProperty().addListener(o -> draw());
        timeline.maxProperty().addListener(o -> draw());
        timeline.widthProperty().addListener(o -> requestLayout());
    }

    /** Shows {@code o}'s marks (null: none known yet) and the run explored up to position {@code exploredTo}. */
    void show(RunOutline o, long exploredTo) {
        if (o == outline && exploredTo == explored) return;
        outline = o;
        explored = exploredTo;
        draw();
    }

    @Override
    protected void layoutChildren() {
        canvas.setWidth(getWidth());
        canvas.setHeight(getHeight());
        draw();
    }

    /**
     * The x in this strip of the centre of the slider's thumb at {@code value}, as the slider's skin places it:
     * the track runs from half a thumb inside its left inset to half a thumb inside its right one.
     */
    double xOf(double value) { return axis().x(value); }

    /** Where the slider's values lie along this strip (the same for every mark of one drawing). */
    private record Axis(double x0, double len, double min, double range) {
        double x(double value) { return x0 + (range <= 0 ? 0 : Math.max(0, Math.min(1, (value - min) / range))) * len; }
    }

    private Axis axis() {
        Node thumb = timeline.lookup(".thumb");
        double tw = thumb == null ? 0 : thumb.getLayoutBounds().getWidth();
        double left = timeline.snappedLeftInset(), len = timeline.getWidth() - left - timeline.snappedRightInset() - tw;
        Point2D p = sceneToLocal(timeline.localToScene(left + tw / 2, 0));
        return new Axis(p == null ? 0 : p.getX(), len, timeline.getMin(), timeline.getMax() - timeline.getMin());
    }

    /** The colour of a mark of {@code kind}: the canvas's steal and hand-off colours; a retake is about a syscall. */
    static Color colour(Theme t, EventKind kind) {
        return switch (kind) {
            case STEAL -> t.steal;
            case HANDOFFP -> t.handoff;
            case RETAKE -> t.syscall;
            default -> t.preempt;
        };
    }

    void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth(), h = canvas.getHeight();
        g.clearRect(0, 0, w, h);
        if (w <= 0 || getScene() == null) return;
        Theme t = theme.get();
        Axis a = axis();
        double x0 = a.x(timeline.getMin()), xe = a.x(explored), x1 = a.x(timeline.getMax());
        g.setFill(t.slot);
        g.fillRect(x0, h - LINE, x1 - x0, LINE);
        g.setFill(t.muted);
        g.fillRect(x0, h - LINE, Math.max(1, xe - x0), LINE);
        if (outline == null) return;
        for (RunOutline.Mark m : outline.marks()) {
            g.setFill(colour(t, m.kind()));
            g.fillRect(Math.round(a.x(m.seq())) - 1, 0, 2, h - LINE - 1);
        }
    }
}
