package org.gmplab.view;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;

import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.PStatus;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.i18n.Wording;

/** All text: the title bar, card headers, M and g0 tags, ring counts, pool titles and "+N" (the legend is in the backdrop). */
public final class LabelPainter implements Painter {

    @Override
    public void paint(GraphicsContext g, Picture f) {
        Theme th = f.theme();
        Layout l = f.layout();
        Snapshot s = f.snap();
        Wording w = f.wording();
        double fs = l.font;
        Font bold = Font.font(w.family(), FontWeight.BOLD, fs);
        Font plain = Font.font(w.family(), FontWeight.NORMAL, fs * 0.9);
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.LEFT);

        g.setFill(th.text);
        g.setFont(bold);
        String title = (f.caption() == null ? "" : f.caption() + "   ")
                + (s.go10()
                ? w.format("Go 1.0 scheduler: one global queue, no Ps   t=%.3f ms   events %d   mcpu=%d of %d threads=%d runqueue=%d sched.lock taken %d (waited %d)",
                        s.time() / 1e6, s.events(), s.mcpu(), s.gomaxprocs(), s.threads(), s.globalQueue().size(), s.lock().acquisitions(), s.lock().contended())
                : s.isSampled()
                ? w.format("real Go, sampled every %d ms: queues as counts   t=%d ms   gomaxprocs=%d idleprocs=%d threads=%d spinning=%d runqueue=%d",
                        s.sampled().everyMs(), s.time() / 1_000_000, s.gomaxprocs(), s.npidle(), s.threads(), s.nmspinning(), s.sampled().runqueue())
                : s.real()
                ? w.format("real Go run   t=%.3f ms   events %d   gomaxprocs=%d idleprocs=%d threads=%d runnable=%d (queues not in the trace)",
                        s.time() / 1e6, s.events(), s.gomaxprocs(), s.npidle(), s.threads(),
                        s.gs().stream().filter(x -> x.where() instanceof Place.Pool).count())
                : w.format("t=%.3f ms   events %d   gomaxprocs=%d idleprocs=%d threads=%d spinning=%d runqueue=%d",
                        s.time() / 1e6, s.events(), s.gomaxprocs(), s.npidle(), s.threads(), s.nmspinning(), s.globalQueue().size()));
        TextFit.fill(g, title, l.title.x(), l.title.cy(), l.title.w());

        for (Snapshot.Proc p : s.ps()) {
            Layout.Card c = l.cards.get(p.id());
            if (c == null) continue;
            double hf = l.titleFont(c);   // the card's name and status are in the backdrop (cardWords)
            g.setFont(Font.font(w.family(), FontWeight.NORMAL, hf * 0.85));
            g.setFill(th.muted);
            g.setTextAlign(TextAlignment.RIGHT);
            if (!s.real()) TextFit.fill(g, w.format("tick %d free %d", p.schedtick(), p.gfreecnt()), c.header().right(), c.header().cy(), c.header().w() * 0.44);
            else if (s.isSampled() && s.sampled().detail()) TextFit.fill(g, w.format("tick %d", p.schedtick()), c.header().right(), c.header().cy(), c.header().w() * 0.44);
            g.setTextAlign(TextAlignment.LEFT);
            double rf = rowFont(l, c);
            g.setFont(Font.font(w.family(), FontWeight.BOLD, rf));
            g.setFill(th.text);
            if (p.m() >= 0) {
                g.setTextAlign(TextAlignment.CENTER);
                TextFit.fill(g, "M" + p.m(), c.mChip().cx(), c.mChip().cy(), c.mChip().w() * 0.9);
                g.setTextAlign(TextAlignment.LEFT);
                Snapshot.Thread m = CardPainter.thread(s, p.m());
                if (m != null && m.spinning()) {
                    g.setFill(th.steal);
                    TextFit.fill(g, w.of("spinning"), c.curg().right() + fs * 0.3, c.thread().cy(), Math.max(1, c.thread().right() - c.curg().right() - fs * 0.3));
                }
            } else {
                g.setFill(th.muted);
                TextFit.fill(g, w.of(p.status() == PStatus.SYSCALL ? "no M (in syscall)" : "no M"), c.thread().x(), c.thread().cy(), c.thread().w());
            }
            g.setFont(Font.font(w.family(), FontWeight.NORMAL, rf * 0.9));
            g.setFill(th.text);
            Rect info = c.ringInfo();
            if (info.w() > fs && s.isSampled()) {
                TextFit.fill(g, "runqsize " + s.sampled().runqsize(p.id()), info.x(), info.cy(), info.w());   // Go's count: no Gs named
            } else if (info.w() > fs && p.capacity() == 0) {
                TextFit.fill(g, "runq ?", info.x(), info.cy(), info.w());   // a real run: its queues are not in the trace
            } else if (info.w() > fs) {
                // a window of the ring says which slots it shows, and how many queued Gs are outside it
                String window = "";
                if (c.windowed()) {
                    int from = c.firstRow() * c.cols(), to = Math.floorMod(from + c.shownRows() * c.cols() - 1, c.capacity());
                    int hidden = hidden(c, p);
                    window = "  " + w.format("slots %d–%d", from, to) + (hidden > 0 ? "  +" + hidden : "");
                }
                TextFit.fill(g, "runq " + p.runq().size() + "/" + p.capacity() + window, info.x(), info.cy(), info.w());
            }
            if (c.compact()) {
                g.setFont(Font.font(w.family(), FontWeight.NORMAL, Math.min(fs * 0.8, c.ring().h() * 0.8)));
                g.setFill(th.text);
                String bar = s.isSampled() ? w.format("%d queued: a count, the Gs not named", s.sampled().runqsize(p.id()))
                        : p.capacity() == 0 ? w.of("queue not in the trace") : "h=" + p.head() + " t=" + p.tail();
                TextFit.fill(g, bar, c.ring().x() + 2, c.ring().cy(), c.ring().w() - 4);
            }
        }

        for (Layout.Pool pool : l.pools.values()) {
            Rect r = pool.rect();
            int count = pool.key().equals("free") ? freeCount(s) : pool.total();
            String name = w.of(pool.title());
            int chars = name.length() * (w.family() == null ? 1 : 2) + 2 + Integer.toString(count).length();   // CJK glyphs are about twice as wide
            double pf = Math.min(Math.min(fs * 0.9, (pool.body().y() - r.y()) * 0.8), (r.w() - fs * 0.6) / (chars * 0.56));
            g.setFont(Font.font(w.family(), FontWeight.BOLD, pf));
            g.setFill(th.text);
            TextFit.fill(g, name + "  " + count, r.x() + fs * 0.3, (r.y() + pool.body().y()) / 2 + pf * 0.15, r.w() - fs * 0.6);
            g.setTextAlign(TextAlignment.CENTER);
            for (Layout.Chip chip : pool.chips()) {
                g.setFont(Font.font(w.family(), FontWeight.BOLD, Math.min(fs * 0.9, chip.rect().h() * 0.6)));
                TextFit.fill(g, chip.label(), chip.rect().cx(), chip.rect().cy(), chip.rect().w() * 0.9);
            }
            if (pool.more() != null) {
                g.setFont(plain);
                int hidden = pool.total() - pool.shown().size() - (pool.chips().isEmpty() ? 0 : pool.chips().size());
                TextFit.fill(g, "+" + hidden, pool.more().cx(), pool.more().cy(), pool.more().w());
            }
            if (pool.key().equals("free")) {
                g.setFont(plain);
                g.setFill(th.muted);
                TextFit.fill(g, w.format("global %d · on Ps %d", s.globalFree(), freeCount(s) - s.globalFree()), pool.body().cx(), pool.body().cy(), pool.body().w());
            }
            g.setTextAlign(TextAlignment.LEFT);
        }
    }

    /** How many of {@code p}'s queued Gs sit in rows outside its card's window. */
    static int hidden(Layout.Card c, Snapshot.Proc p) {
        int n = 0;
        for (int i = 0; i < p.runq().size(); i++) if (c.slot(Math.floorMod(p.head() + i, c.capacity())) == null) n++;
        return n;
    }

    private static int freeCount(Snapshot s) {
        int n = s.globalFree();
        for (Snapshot.Proc p : s.ps()) n += p.gfreecnt();
        return n;
    }

    /**
     * The words of P {@code p}'s card that change only with its status or its M's presence: its name and status
     * ({@code header}), its M's "g0" tag and "next" by the runnext slot. They are in the backdrop (drawn again only
     * when the card is), because every {@code fillText} costs the render thread a text layout at every frame.
     */
    static void cardWords(GraphicsContext g, Picture f, Snapshot.Proc p, Layout.Card c, String header) {
        Theme th = f.theme();
        Wording w = f.wording();
        double rf = rowFont(f.layout(), c);
        g.save();   // the legend, drawn after, keeps the text settings it had
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.LEFT);
        g.setFont(Font.font(w.family(), FontWeight.BOLD, f.layout().titleFont(c)));
        g.setFill(th.text);
        TextFit.fill(g, header, c.header().x(), c.header().cy(), c.header().w() * 0.55);
        if (p.m() >= 0) {
            g.setFont(Font.font(w.family(), FontWeight.NORMAL, rf * 0.85));
            g.setTextAlign(TextAlignment.CENTER);
            TextFit.fill(g, "g0", c.g0().cx(), c.g0().cy(), c.g0().w() * 0.9);
            g.setTextAlign(TextAlignment.LEFT);
        }
        g.setFont(Font.font(w.family(), FontWeight.NORMAL, rf * 0.9));
        g.setFill(th.muted);
        TextFit.fill(g, w.of("next"), c.runnextRow().x(), c.runnextRow().cy(), c.runnext().x() - c.runnextRow().x() - 2);
        g.restore();
    }

    /** The font size of a card's rows (its M, "g0", "next"): the frame's labels and the backdrop's words agree. */
    static double rowFont(Layout l, Layout.Card c) { return Math.min(l.font * 0.9, c.thread().h() * 0.5); }

    /** The card's name and status as its header shows it ("P3 running"). */
    static String header(Picture f, Snapshot.Proc p) {
        return "P" + p.id() + " " + f.wording().of(f.snap().statusWord(p));
    }

    /** The legend: it never changes with the snapshot, so the backdrop draws it. */
    static void legend(GraphicsContext g, Picture f) {
        Theme th = f.theme();
        Layout l = f.layout();
        Rect r = l.legend;
        Wording w = f.wording();
        double ts = Math.min(r.h() * 0.85, l.font * 1.3);
        double x = r.x();
        String[] names = {w.of("runnable"), w.of("running"), w.of("syscall"), w.of("waiting"), w.of("dead")};
        double wide = w.family() == null ? 1 : 2;   // CJK glyphs are about twice as wide
        GStatus[] status = {GStatus.RUNNABLE, GStatus.RUNNING, GStatus.SYSCALL, GStatus.WAITING, GStatus.DEAD};
        g.setFont(Font.font(w.family(), FontWeight.NORMAL, l.font * 0.9));
        g.setTextAlign(TextAlignment.LEFT);
        for (int i = 0; i < names.length; i++) {
            TokenPainter.draw(g, new Rect(x, r.cy() - ts / 2, ts, ts), status[i], -1, th);
            g.setFill(th.text);
            g.fillText(names[i], x + ts * 1.25, r.cy());
            x += ts * 1.25 + names[i].length() * wide * l.font * 0.55 + l.font * 1.2;
        }
        double m = Math.max(2, th.lineWidth * 2);
        g.setFill(th.head);
        g.fillRect(x, r.cy() - ts / 2, m, ts);
        g.setFill(th.text);
        g.fillText(w.of("head"), x + m + 4, r.cy());
        x += m + 4 + l.font * 3;
        g.setFill(th.tail);
        g.fillRect(x, r.cy() - ts / 2, m, ts);
        g.setFill(th.text);
        g.fillText(w.of("tail"), x + m + 4, r.cy());
        x += m + 4 + l.font * 2.6;
        g.setFill(th.steal);
        g.fillRect(x, r.cy() - th.lineWidth, ts * 1.2, th.lineWidth * 2);
        g.setFill(th.text);
        g.fillText(w.of("steal / spinning M"), x + ts * 1.4, r.cy());
        x += ts * 1.4 + l.font * 9;
        String hint = w.of("numbers in tokens are goroutine ids");
        if (r.right() - x > hint.length() * wide * l.font * 0.5) {   // only when it fits unsqueezed
            g.setFill(th.muted);
            g.fillText(hint, x, r.cy());
        }
    }
}
