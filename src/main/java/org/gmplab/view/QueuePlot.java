package org.gmplab.view;

import java.util.ArrayList;
import java.util.List;

import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;

import org.gmplab.snapshot.QueueSeries;

/**
 * The run queues' lengths over time as a small chart, from schedtrace lines ({@link QueueSeries}): the global
 * queue and each P's local queue, time (ms) across, length up; a real run's solid, the engine's own schedtrace of
 * the same scenario (when given) dashed on the same axes; the moment shown as a vertical line. The figures are
 * samples joined by straight lines: what happened between two SCHED lines is not in the output.
 */
public final class QueuePlot extends Region {
    private final Canvas canvas = new Canvas();
    private QueueSeries real, engine;
    private long cursorNs = -1;
    private Theme theme = Theme.named("light");

    public QueuePlot() {
        setId("queuePlot");
        getChildren().add(canvas);
        setMinHeight(80);
        setPrefHeight(180);
        widthProperty().addListener(o -> draw());
        heightProperty().addListener(o -> draw());
    }

    /** The series to draw: a real run's ({@code real}, may be null) and the engine's ({@code engine}, may be null). */
    public void setSeries(QueueSeries real, QueueSeries engine) {
        this.real = real;
        this.engine = engine;
        draw();
    }

    /** The moment shown, ns from the start (-1: none). */
    public void setCursor(long ns) {
        cursorNs = ns;
        draw();
    }

    public void setTheme(Theme t) {
        theme = t;
        draw();
    }

    /** One line of the plot: its name, dashed (the engine's) or not, its points (ns, length). */
    record Line(String name, boolean dashed, List<long[]> points) { }

    /** The lines drawn for a series: its global queue, then each P's local queue. */
    static List<Line> lines(QueueSeries s, String who, boolean dashed) {
        List<Line> out = new ArrayList<>();
        if (s == null) return out;
        out.add(new Line(who + " global", dashed, s.points(-1)));
        for (int p = 0; p < s.procs(); p++) out.add(new Line(who + " P" + p, dashed, s.points(p)));
        return out;
    }

    @Override
    protected void layoutChildren() {
        canvas.setWidth(getWidth());
        canvas.setHeight(getHeight());
        draw();
    }

    private void draw() {
        double w = canvas.getWidth(), h = canvas.getHeight();
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(theme.background);
        g.fillRect(0, 0, w, h);
        if (w < 40 || h < 40) return;
        List<Line> lines = new ArrayList<>(lines(real, "real Go", false));
        lines.addAll(lines(engine, "engine", true));
        double endNs = 1, top = 1;
        for (QueueSeries s : new QueueSeries[] {real, engine}) {
            if (s == null) continue;
            endNs = Math.max(endNs, s.endNs());
            top = Math.max(top, s.max());
        }
        double left = 44, right = w - 8, y0 = h - 20, y1 = 18;
        g.setFont(Font.font(11));
        g.setTextBaseline(VPos.CENTER);
        // axes: length up (0 and the most), time across (0 and the end, ms)
        g.setStroke(theme.border);
        g.setLineWidth(1);
        g.setLineDashes();
        g.strokeLine(left, y1, left, y0);
        g.strokeLine(left, y0, right, y0);
        g.setFill(theme.muted);
        g.setTextAlign(TextAlignment.RIGHT);
        g.fillText(Long.toString((long) top), left - 4, y1);
        g.fillText("0", left - 4, y0);
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText("0 ms", left, y0 + 10);
        g.setTextAlign(TextAlignment.RIGHT);
        g.fillText(String.format(java.util.Locale.ROOT, "%.0f ms", endNs / 1e6), right, y0 + 10);
        g.setTextAlign(TextAlignment.LEFT);
        double legendX = left + 6;
        for (Line line : lines) {
            Color c = colour(line.name());
            g.setStroke(c);
            g.setLineWidth(line.name().endsWith("global") ? 2 : 1.3);
            if (line.dashed()) g.setLineDashes(5, 4); else g.setLineDashes();
            double px = 0, py = 0;
            for (int i = 0; i < line.points().size(); i++) {
                long[] pt = line.points().get(i);
                double x = left + pt[0] / endNs * (right - left), y = y0 - pt[1] / top * (y0 - y1);
                if (i > 0) g.strokeLine(px, py, x, y);
                px = x;
                py = y;
            }
            if (line.points().size() == 1) g.strokeLine(px - 2, py, px + 2, py);
            // the legend along the top
            String name = line.name() + (line.dashed() ? " (dashed)" : "");
            double tw = name.length() * 6.2 + 18;
            if (legendX + tw < right) {
                g.strokeLine(legendX, 8, legendX + 12, 8);
                g.setFill(theme.text);
                g.fillText(name, legendX + 15, 8);
            }
            legendX += tw;
        }
        g.setLineDashes();
        if (cursorNs >= 0) {
            double x = left + Math.min(1, cursorNs / endNs) * (right - left);
            g.setStroke(theme.text);
            g.setLineWidth(1.2);
            g.strokeLine(x, y1, x, y0);
        }
    }

    /** The global queue in the theme's text colour; the Ps in the canvas's state colours, in turn. */
    private Color colour(String name) {
        if (name.endsWith("global")) return theme.text;
        Color[] ps = {theme.running, theme.runnable, theme.syscall, theme.steal, theme.waiting, theme.preempt, theme.handoff, theme.overflow};
        int p = Integer.parseInt(name.substring(name.lastIndexOf('P') + 1));
        return ps[p % ps.length];
    }
}
