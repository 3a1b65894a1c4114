package org.gmplab.view;

import java.util.ArrayList;
import java.util.List;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.gmplab.i18n.Wording;

/**
 * What just happened, drawn over everything: a steal as an arc from victim to thief with the count, a
 * hand-off or retake as a thick outline around the P, an overflow (runqputslow's 128+1) as a sweep to the
 * global queue, a preemption and the 61st-tick pull as arrows with a label; a P that changes M slides, as a
 * ghost, from the old M to the new one; a batch (a steal, a global-queue batch, an overflow) also draws an
 * unlabelled arrow to each G it moved. Every label is drawn last, over the arcs and tokens.
 */
public final class MarkPainter implements Painter {
    @Override
    public void paint(GraphicsContext g, Picture f) {
        Transition tr = f.transition();
        if (tr == null || f.markAlpha() <= 0) return;
        Theme th = f.theme();
        double lw = th.lineWidth * 2.2;
        g.save();
        g.setGlobalAlpha(Math.min(1, f.markAlpha()));
        g.setFont(Font.font(f.wording().family(), FontWeight.BOLD, f.layout().font * 1.05));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        // the shapes first, then every label over them all: no arc or token hides a label
        List<Transition.Mark> marks = new ArrayList<>();
        for (Transition.Mark mark : tr.marks) marks.add(new Transition.Mark(mark.kind(), mark.from(), mark.to(), words(mark.label(), f.wording())));
        for (Transition.Mark m : marks) {
            double w = m.label().isEmpty() ? lw * 0.35 : lw;   // an arrow to one G of a batch: fine, under its batch's arc
            switch (m.kind()) {
                case STEAL -> arc(g, m.from(), m.to(), th.steal, w, f.progress());
                case OVERFLOW -> arc(g, m.from(), m.to(), th.overflow, w, f.progress());
                case PREEMPT -> arc(g, m.from(), m.to(), th.preempt, w, f.progress());
                case FAIRNESS -> arc(g, m.from(), m.to(), th.handoff, w, f.progress());
                case RETAKE -> {
                    outline(g, m.to(), th.handoff, lw);
                    arc(g, m.from(), m.to(), th.handoff, lw, f.progress());
                }
                case HANDOFF -> outline(g, m.to(), th.handoff, lw);
            }
        }
        for (Transition.Slide sl : tr.slides) slide(g, sl, f, th, lw);
        for (Transition.Mark m : marks) {
            Color c = switch (m.kind()) {
                case STEAL -> th.steal;
                case OVERFLOW -> th.overflow;
                case PREEMPT -> th.preempt;
                case FAIRNESS, RETAKE, HANDOFF -> th.handoff;
            };
            if (m.label().isEmpty()) continue;   // an arrow to one G of a batch: its batch's mark is labelled
            if (m.kind() == Transition.MarkKind.HANDOFF) label(g, m.label(), m.to().cx(), m.to().y() + m.to().h() * 0.62, c, th);
            else {
                double[] at = labelAt(m.from(), m.to());
                label(g, m.label(), at[0], at[1], c, th);
            }
        }
        g.restore();
    }

    /**
     * A hand-off: a ghost of the P, in the hand-off colour, travels the straight path from its old M to its new
     * one with the tokens' easing; a dashed trail shows where it came from. Font, alignment and alpha are set.
     */
    static void slide(GraphicsContext g, Transition.Slide sl, Picture f, Theme th, double lw) {
        Rect ghost = ghost(sl, f.progress(), f.layout().font);
        Rect start = ghost(sl, 0, f.layout().font);
        g.setStroke(th.handoff);
        g.setLineWidth(lw * 0.6);
        g.setLineDashes(lw * 2, lw * 2);
        g.strokeLine(start.cx(), start.cy(), ghost.cx(), ghost.cy());
        g.setLineDashes((double[]) null);
        double arc = ghost.h() * 0.5;
        g.setFill(th.handoff);
        g.fillRoundRect(ghost.x(), ghost.y(), ghost.w(), ghost.h(), arc, arc);
        g.setFill(Theme.ink(th.handoff));
        TextFit.fill(g, "P" + sl.p(), ghost.cx(), ghost.cy(), ghost.w() * 0.8);
    }

    /** The ghost of a sliding P at eased progress {@code e}, sized from the layout's font. */
    static Rect ghost(Transition.Slide sl, double e, double font) {
        return sl.ghost(e, font * 2.8, font * 1.6);
    }

    /** The control point of the curve from {@code a} to {@code b}: above both ends, or beside them when they are one over the other. */
    static double[] control(Rect a, Rect b) {
        double x0 = a.cx(), y0 = a.cy(), x1 = b.cx(), y1 = b.cy();
        double bend = Math.min(Math.hypot(x1 - x0, y1 - y0) * 0.35, 140);
        if (Math.abs(y1 - y0) > Math.abs(x1 - x0)) return new double[] {Math.max(x0, x1) + bend, (y0 + y1) / 2};
        return new double[] {(x0 + x1) / 2, Math.min(y0, y1) - bend};
    }

    /** Where the label of the curve from {@code a} to {@code b} goes: the curve's middle. */
    static double[] labelAt(Rect a, Rect b) {
        double[] m = control(a, b);
        return new double[] {0.25 * a.cx() + 0.5 * m[0] + 0.25 * b.cx(), 0.25 * a.cy() + 0.5 * m[1] + 0.25 * b.cy()};
    }

    /** A curved arrow from the centre of {@code a} to the centre of {@code b}, drawn up to progress {@code t}. */
    static void arc(GraphicsContext g, Rect a, Rect b, Color c, double lw, double t) {
        double x0 = a.cx(), y0 = a.cy(), x1 = b.cx(), y1 = b.cy();
        double[] ctl = control(a, b);
        double mx = ctl[0], my = ctl[1];
        g.setStroke(c);
        g.setLineWidth(lw);
        g.beginPath();
        g.moveTo(x0, y0);
        g.quadraticCurveTo(mx, my, x1, y1);
        g.stroke();
        // the arrow head at the end, along the tangent (control point → end)
        double ang = Math.atan2(y1 - my, x1 - mx), hl = lw * 5;
        g.setFill(c);
        g.fillPolygon(new double[] {x1, x1 - hl * Math.cos(ang - 0.45), x1 - hl * Math.cos(ang + 0.45)},
                new double[] {y1, y1 - hl * Math.sin(ang - 0.45), y1 - hl * Math.sin(ang + 0.45)}, 3);
        g.fillOval(x0 - lw * 1.5, y0 - lw * 1.5, lw * 3, lw * 3);
        // a dot travelling along the curve shows the direction while the tokens glide
        if (t < 1) {
            double u = Math.max(0, t);
            double px = (1 - u) * (1 - u) * x0 + 2 * (1 - u) * u * mx + u * u * x1;
            double py = (1 - u) * (1 - u) * y0 + 2 * (1 - u) * u * my + u * u * y1;
            g.fillOval(px - lw * 2.5, py - lw * 2.5, lw * 5, lw * 5);
        }
    }

    /** A mark's label in the canvas's words: its first word ("steal 57", "preempt G5", "61st tick: G3", "3 → global"). */
    static String words(String label, Wording w) {
        if (label.endsWith(" → global")) return label.substring(0, label.length() - "global".length()) + w.of("global");
        for (String head : new String[] {"61st tick", "steal", "retake", "preempt"})
            if (label.startsWith(head)) return w.of(head) + label.substring(head.length());
        return label;
    }

    static void outline(GraphicsContext g, Rect r, Color c, double lw) {
        g.setStroke(c);
        g.setLineWidth(lw * 1.5);
        g.strokeRect(r.x() + lw, r.y() + lw, r.w() - 2 * lw, r.h() - 2 * lw);
    }

    /** Text on a filled pill, so it reads over anything. */
    static void label(GraphicsContext g, String s, double x, double y, Color c, Theme th) {
        double fs = g.getFont().getSize();
        double w = s.codePoints().map(ch -> ch > 0x2e80 ? 2 : 1).sum() * fs * 0.62 + fs;   // CJK glyphs are about twice as wide
        g.setFill(c);
        g.fillRoundRect(x - w / 2, y - fs * 0.8, w, fs * 1.6, fs, fs);
        g.setFill(Theme.ink(c));
        TextFit.fill(g, s, x, y, w - fs * 0.5);
    }
}
