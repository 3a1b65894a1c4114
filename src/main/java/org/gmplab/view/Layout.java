package org.gmplab.view;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;

/**
 * Where everything goes on the canvas, computed from a snapshot and the canvas size only — no JavaFX,
 * so it is unit-tested. Painters read it; the animation interpolates between two of them.
 *
 * <pre>
 *  ┌ title bar ──────────────────────────────────────────────────────────────┐
 *  │ global run queue (lane, head at the left) │ idle Ps │ idle Ms │ sysmon  │  top band
 *  ├───────────────────────────────────────────────────────────────────────────┤
 *  │ P cards in a grid: header · thread row (M, g0, curg) · runnext row · ring │  middle
 *  ├───────────────────────────────────────────────────────────────────────────┤
 *  │ Ms in syscalls │ other Ms │ timers │ netpoll │ chan │ mutex │ wg │ … │ free │  bottom band
 *  └ legend ───────────────────────────────────────────────────────────────────┘
 * </pre>
 *
 * Geometry rules: every box is inside the canvas and no two boxes of the same level overlap (cards,
 * pools, bars); tokens drawn one by one never overlap each other. Gs that have no room of their own (a
 * compact ring, a pool's overflow, the free lists) get the rectangle of their group as an anchor, so the
 * animation still knows where they went.
 */
public final class Layout {
    /** M1 is sysmon: runtime.main starts it right after M0, without a P. */
    public static final int SYSMON_M = 1;
    /** Below this slot size (px) a ring is drawn as a bar with its count. */
    public static final double MIN_SLOT = 4;

    /**
     * A P's card. {@code ring} holds the grid of {@code cols × rows} slots, or the bar when {@code compact}. A ring
     * too big to show whole at the least readable slot size (presenter mode) shows a window of {@code shownRows}
     * rows, the head's row first ({@code firstRow}), going on round the ring; the slots of other rows are not drawn.
     */
    public record Card(int p, Rect card, Rect header, Rect thread, Rect mChip, Rect g0, Rect curg, Rect runnextRow,
                       Rect runnext, Rect ringInfo, Rect ring, int capacity, int cols, int rows, double slot, boolean compact,
                       int firstRow, int shownRows) {
        /** The rectangle of ring slot {@code i} (0 ≤ i < capacity), or null when its row is outside the window; only in grid mode. */
        public Rect slot(int i) {
            int r = Math.floorMod(i / cols - firstRow, rows), c = i % cols;
            if (r >= shownRows) return null;
            return new Rect(ring.x() + c * slot, ring.y() + r * slot, slot, slot);
        }

        /** Whether the ring shows only a window of its rows. */
        public boolean windowed() { return !compact && shownRows < rows; }
    }

    /**
     * A ring's grid: {@code cols × rows} slots of {@code slot} px, of which {@code shown} rows are drawn (all of
     * them unless the ring is too big for the least readable slot size).
     */
    public record RingGrid(int cols, int rows, double slot, int shown) {
        /**
         * The grid that makes a ring of {@code capacity} slots as large as a {@code w × h} area allows, slots of at most
         * {@code maxSlot} px: every column count is tried, so a wider (or taller) area never gives smaller slots. When the
         * whole ring would have slots under {@code minSlot} (presenter mode's readable size; 0: none), its slots are
         * {@code minSlot} and as many whole rows of them are shown as fit.
         */
        public static RingGrid best(int capacity, double w, double h, double maxSlot, double minSlot) {
            int cap = Math.max(1, capacity);
            int bestCols = 1;
            double best = 0;
            for (int c = 1; c <= cap; c++) {
                int r = (cap + c - 1) / c;
                double sl = Math.floor(Math.min(w / c, h / r) * 4) / 4;
                if (sl > best) { best = sl; bestCols = c; }
            }
            best = Math.min(best, maxSlot);
            int rows = (cap + bestCols - 1) / bestCols;
            if (minSlot <= 0 || best >= minSlot || w < minSlot || h < minSlot) return new RingGrid(bestCols, rows, best, rows);
            int cols = Math.min(cap, (int) Math.floor(w / minSlot));
            int all = (cap + cols - 1) / cols;
            return new RingGrid(cols, all, minSlot, Math.min(all, (int) Math.floor(h / minSlot)));
        }
    }

    /**
     * How to lay out beyond the canvas's size: the theme's type scale; presenter mode's least font and ring slot
     * sizes (0: none); the Ps in focus, enlarged, with the others in a strip under them (none: every P alike).
     */
    public record Options(double typeScale, double minFont, double minSlot, List<Integer> focus) {
        /** Presenter mode's least sizes, in px: readable from the back of a room on a 1280×720 projector. */
        public static final double PRESENTER_FONT = 20, PRESENTER_SLOT = 28;

        public Options {
            focus = List.copyOf(focus);
        }

        public static Options of(double typeScale) { return new Options(typeScale, 0, 0, List.of()); }

        /** These options in presenter mode (or not). */
        public Options presenting(boolean on) {
            return new Options(typeScale, on ? PRESENTER_FONT : 0, on ? PRESENTER_SLOT : 0, focus);
        }

        /** These options with the Ps {@code ps} in focus. */
        public Options focus(List<Integer> ps) { return new Options(typeScale, minFont, minSlot, ps); }
    }

    /** A labelled chip for a P or an M outside the P grid (idle lists, sysmon, Ms in syscalls). */
    public record Chip(String label, Rect rect, int id, boolean isM) {}

    /** A box with a title and a body: the global queue, the idle lists, the waiting places, the free lists. */
    public record Pool(String key, String title, Rect rect, Rect body, List<Chip> chips, List<Long> shown, int total,
                       Rect more) {}

    /** The pools in the order they are laid out; each has a stable key. */
    public static final List<String> TOP_POOLS = List.of("global", "idleP", "idleM", "sysmon");
    /**
     * The title of the top band's first pool in a real run ({@link Snapshot#real()}): every runnable G, in one
     * pool, for the trace does not say which queue each waits in. The pool keeps the key "global", where the
     * engine's global queue is, so marks towards the global queue still have a place to point to.
     */
    public static final String QUEUE_UNKNOWN = "runnable: queue unknown (not in the trace)";
    /**
     * The title of the top band's first pool for a moment of schedtrace output ({@link Snapshot#isSampled()}): Go
     * printed the global queue's length, not the goroutines in it, so the pool holds the count and no tokens.
     */
    public static final String QUEUE_COUNT = "global run queue: a count (schedtrace)";

    public static final List<String> BOTTOM_POOLS =
            List.of("syscall", "otherM", "timer", "netpoll", "chan", "mutex", "wg", "blocked", "free");

    private static final Map<String, String> TITLES = Map.ofEntries(
            Map.entry("global", "global run queue (head →)"), Map.entry("idleP", "idle Ps"),
            Map.entry("idleM", "idle Ms"), Map.entry("sysmon", "sysmon"),
            Map.entry("syscall", "Ms in syscalls"), Map.entry("otherM", "Ms without P"),
            Map.entry("timer", "timers"), Map.entry("netpoll", "netpoll"), Map.entry("chan", "channels"),
            Map.entry("mutex", "mutexes"), Map.entry("wg", "WaitGroups"), Map.entry("blocked", "blocked"),
            Map.entry("free", "free Gs"));

    public final double width, height;
    /** Base font size in px; painters scale from it. */
    public final double font;
    public final Rect title, legend, grid;
    public final Map<Integer, Card> cards = new LinkedHashMap<>();
    public final Map<String, Pool> pools = new LinkedHashMap<>();
    /** Gs drawn one by one: goid → token rectangle. */
    public final Map<Long, Rect> tokens = new HashMap<>();
    /** Every G that is somewhere on screen: goid → its token, or its group's rectangle. */
    public final Map<Long, Rect> anchors = new HashMap<>();
    /** For Ms drawn as chips or in cards: M id → rectangle. */
    public final Map<Integer, Rect> ms = new HashMap<>();
    /** P id → the M holding it (see {@link Holders#of}); a hand-off is a change here. */
    public final Map<Integer, Integer> holders = new HashMap<>();

    /** The least ring slot size (presenter mode), or 0. */
    private final double minSlot;

    private Layout(double width, double height, double font, Rect title, Rect legend, Rect grid, double minSlot) {
        this.minSlot = minSlot;
        this.width = width;
        this.height = height;
        this.font = font;
        this.title = title;
        this.legend = legend;
        this.grid = grid;
    }

    /** Lays out {@code s} on a {@code width × height} canvas; {@code typeScale} enlarges type (projector theme). */
    public static Layout compute(Snapshot s, double width, double height, double typeScale) {
        return compute(s, width, height, Options.of(typeScale));
    }

    /** Lays out {@code s} on a {@code width × height} canvas with options {@code o} (presenter mode, focus). */
    public static Layout compute(Snapshot s, double width, double height, Options o) {
        double f = Math.max(o.minFont(), clamp(Math.min(height / 46, width / 80), 10, 22) * o.typeScale());
        double m = Math.max(4, f * 0.4);          // outer margin and gap between boxes
        Rect all = new Rect(m, m, Math.max(0, width - 2 * m), Math.max(0, height - 2 * m));
        double titleH = f * 1.5, legendH = f * 1.6;
        double topH = clamp(height * 0.14, f * 4.2, f * 6);
        double bottomH = clamp(height * 0.19, f * 5, f * 8);
        Rect title = all.top(titleH);
        Rect top = new Rect(all.x(), title.bottom() + m, all.w(), topH);
        Rect legend = new Rect(all.x(), all.bottom() - legendH, all.w(), legendH);
        Rect bottom = new Rect(all.x(), legend.y() - m - bottomH, all.w(), bottomH);
        Rect grid = new Rect(all.x(), top.bottom() + m, all.w(), Math.max(0, bottom.y() - m - top.bottom() - m));
        Layout l = new Layout(width, height, f, title, legend, grid, o.minSlot());
        l.placeCards(s, m, o.focus());
        l.placeTop(s, top, m);
        l.placeBottom(s, bottom, m);
        l.placeGs(s);
        l.holders.putAll(Holders.of(s));
        return l;
    }

    // ---- P cards ----------------------------------------------------------------------------------

    /**
     * The P cards in the grid; with Ps in {@code focus}, those share the grid but for a strip along its bottom,
     * where the others lie side by side, shrunk (a steal or a hand-off between two Ps, told large).
     */
    private void placeCards(Snapshot s, double gap, List<Integer> focus) {
        List<Snapshot.Proc> in = new ArrayList<>(), out = new ArrayList<>();
        for (Snapshot.Proc p : s.ps()) (focus.contains(p.id()) ? in : out).add(p);
        if (in.isEmpty() || out.isEmpty()) {
            placeGrid(s.ps(), grid, gap);
            return;
        }
        double stripH = Math.min(grid.h() * 0.3, font * 3.2);
        placeGrid(in, grid.top(Math.max(0, grid.h() - stripH - gap)), gap);
        placeGrid(out, new Rect(grid.x(), grid.bottom() - stripH, grid.w(), stripH), gap);
    }

    /**
     * {@code ps}' cards in {@code area}, in the number of columns that gives the largest ring slots (then the most
     * slots shown, then the squarest cards): the picture's tokens are what must read. Cards keep the width of a
     * thread row (M, g0, curg) where more than one column is tried.
     */
    private void placeGrid(List<Snapshot.Proc> ps, Rect area, double gap) {
        int n = ps.size();
        if (n == 0) return;
        int bestCols = 1;
        double[] best = null;
        for (int cols = 1; cols <= n; cols++) {
            int rows = (n + cols - 1) / cols;
            double gx = Math.min(gap, area.w() / (4.0 * cols)), gy = Math.min(gap, area.h() / (4.0 * rows));
            double cw = (area.w() - (cols - 1) * gx) / cols, ch = (area.h() - (rows - 1) * gy) / rows;
            if (cols > 1 && cw < font * 6) break;   // narrower cards have no room for a thread row: more columns only narrow them
            Card c = card(ps.get(0), new Rect(area.x(), area.y(), cw, ch));
            double[] score = {c.compact() ? 0 : c.slot(), c.compact() ? 0 : c.shownRows() * c.cols(), Math.min(cw, ch * 1.15)};
            if (best == null || java.util.Arrays.compare(score, best) > 0) { best = score; bestCols = cols; }
        }
        int cols = bestCols, rows = (n + cols - 1) / cols;
        // On a canvas too small for the gaps, the gaps shrink (to a quarter of the room at most): a card may
        // be tiny, never of negative size.
        double gx = Math.min(gap, area.w() / (4.0 * cols)), gy = Math.min(gap, area.h() / (4.0 * rows));
        double cw = (area.w() - (cols - 1) * gx) / cols, ch = (area.h() - (rows - 1) * gy) / rows;
        for (int i = 0; i < n; i++) {
            Snapshot.Proc p = ps.get(i);
            Rect card = new Rect(area.x() + (i % cols) * (cw + gx), area.y() + (i / cols) * (ch + gy), cw, ch);
            cards.put(p.id(), card(p, card));
        }
    }

    private Card card(Snapshot.Proc p, Rect card) {
        double pad = Math.max(2, font * 0.25);
        Rect in = card.inset(pad);
        double headerH = Math.min(in.h() * 0.22, font * 1.35);
        double rowH = clamp(card.h() * 0.2, Math.min(font * 1.6, in.h() * 0.22), font * 2.6);
        Rect header = in.top(headerH);
        Rect rest = in.below(headerH, pad);
        Rect thread = rest.top(rowH);
        rest = rest.below(rowH, pad);
        Rect runnextRow = rest.top(rowH);
        Rect ringArea = rest.below(rowH, pad);
        double tok = Math.max(0, Math.min(rowH - 2, thread.w() / 4));
        double chipW = Math.min(font * 2.6, thread.w() * 0.4);
        Rect mChip = new Rect(thread.x(), thread.y(), chipW, thread.h());
        double g0W = Math.min(font * 1.8, thread.w() * 0.2);
        Rect g0 = new Rect(mChip.right() + pad, thread.y() + thread.h() * 0.2, g0W, thread.h() * 0.6);
        Rect curg = new Rect(g0.right() + pad * 2, thread.cy() - tok / 2, tok, tok);
        double labelW = Math.min(font * 2.6, runnextRow.w() * 0.35);
        Rect runnext = new Rect(runnextRow.x() + labelW, runnextRow.cy() - tok / 2, tok, tok);
        Rect ringInfo = new Rect(runnext.right() + pad, runnextRow.y(),
                Math.max(0, runnextRow.right() - runnext.right() - pad), runnextRow.h());
        int cap = Math.max(1, p.capacity());
        RingGrid rg = RingGrid.best(cap, ringArea.w(), ringArea.h(), font * 2.2, minSlot);
        boolean compact = rg.slot() < MIN_SLOT || rg.shown() < 1 || p.capacity() == 0;   // capacity 0: a real run's ring, not in the trace
        Rect ring;
        if (compact) {
            double bh = Math.min(ringArea.h(), font * 1.3);
            ring = new Rect(ringArea.x(), ringArea.y(), ringArea.w(), bh);
        } else {
            double gw = rg.cols() * rg.slot(), gh = rg.shown() * rg.slot();
            ring = new Rect(ringArea.x() + (ringArea.w() - gw) / 2, ringArea.y(), gw, gh);
        }
        // a window starts at the head's row, so the queue reads from its head on
        int first = rg.shown() < rg.rows() ? Math.floorMod(p.head(), cap) / rg.cols() : 0;
        return new Card(p.id(), card, header, thread, mChip, g0, curg, runnextRow, runnext, ringInfo, ring, cap,
                rg.cols(), rg.rows(), rg.slot(), compact, first, compact ? rg.rows() : rg.shown());
    }

    // ---- pools ------------------------------------------------------------------------------------

    private void placeTop(Snapshot s, Rect top, double gap) {
        double[] share = {0.52, 0.16, 0.16, 0.16};
        List<Rect> boxes = split(top, share, gap);
        if (s.isSampled()) {
            Pool empty = tokenPool("global", boxes.get(0), List.of());
            pools.put("global", new Pool("global", QUEUE_COUNT, empty.rect(), empty.body(), List.of(), List.of(),
                    (int) Math.min(Integer.MAX_VALUE, Math.max(0, s.sampled().runqueue())), null));
        } else if (s.real()) {
            List<Long> runnable = new ArrayList<>();
            for (Snapshot.G g : s.gs()) if (g.where() instanceof Place.Pool) runnable.add(g.goid());
            pools.put("global", titled(tokenPool("global", boxes.get(0), runnable), QUEUE_UNKNOWN));
        } else {
            pools.put("global", tokenPool("global", boxes.get(0), s.globalQueue()));
        }
        List<Chip> idleP = new ArrayList<>();
        for (int id : s.idlePs()) idleP.add(new Chip("P" + id, null, id, false));
        pools.put("idleP", chipPool("idleP", boxes.get(1), idleP, false));
        List<Chip> idleM = new ArrayList<>();
        for (int id : s.idleMs()) idleM.add(new Chip("M" + id, null, id, true));
        pools.put("idleM", chipPool("idleM", boxes.get(2), idleM, false));
        List<Chip> sys = new ArrayList<>();
        for (Snapshot.Thread t : s.ms()) if (isSysmon(s, t)) sys.add(new Chip("M" + t.id(), null, t.id(), true));
        pools.put("sysmon", chipPool("sysmon", boxes.get(3), sys, false));
    }

    private void placeBottom(Snapshot s, Rect bottom, double gap) {
        double[] share = {0.2, 0.13, 0.09, 0.09, 0.09, 0.09, 0.09, 0.09, 0.13};
        List<Rect> boxes = split(bottom, share, gap);
        List<Chip> syscall = new ArrayList<>(), other = new ArrayList<>();
        java.util.Set<Integer> idle = new java.util.HashSet<>(s.idleMs());
        // Go 1.0 (no Ps): an M may hold the G matchmg handed it (m->nextg) before it runs it.
        Map<Integer, Long> nextg = new HashMap<>();
        if (s.go10()) for (Snapshot.G g : s.gs())
            if (g.where() instanceof Place.Nextg n) nextg.put(n.m(), g.goid());
        for (Snapshot.Thread t : s.ms()) {
            if (t.p() >= 0 || idle.contains(t.id()) || isSysmon(s, t)) continue;
            if (t.curg() >= 0) syscall.add(new Chip("M" + t.id(), null, t.id(), true));
            else other.add(new Chip("M" + t.id() + (t.spinning() ? " spin" : t.nextp() >= 0 ? " →P" + t.nextp()
                    : nextg.containsKey(t.id()) ? " →G" + nextg.get(t.id()) : ""), null, t.id(), true));
        }
        pools.put("syscall", titled(chipPool("syscall", boxes.get(0), syscall, true), s.go10() ? "Ms with a G (no Ps)" : null));
        pools.put("otherM", titled(chipPool("otherM", boxes.get(1), other, false), s.go10() ? "Ms between Gs" : null));
        Map<String, List<Long>> waiting = new HashMap<>();
        for (Snapshot.G g : s.gs()) {
            if (g.where() instanceof Place.Parked p) waiting.computeIfAbsent(pool(p.on()), k -> new ArrayList<>()).add(g.goid());
        }
        int i = 2;
        for (String key : List.of("timer", "netpoll", "chan", "mutex", "wg", "blocked"))
            pools.put(key, tokenPool(key, boxes.get(i++), waiting.getOrDefault(key, List.of())));
        pools.put("free", tokenPool("free", boxes.get(i), List.of()));
    }

    /** The pool that shows a G parked {@code on} something: one of its own, or "blocked" for the rest. */
    private static String pool(Place.On on) {
        return switch (on) {
            case TIMER -> "timer";
            case NETPOLL -> "netpoll";
            case CHAN -> "chan";
            case MUTEX -> "mutex";
            case WG -> "wg";
            case FOREVER, INJECTED, WAITING -> "blocked";   // WAITING: a real run's other reasons
        };
    }

    private Pool tokenPool(String key, Rect r, List<Long> goids) {
        Rect body = body(r);
        double ts = Math.min(font * 1.9, Math.max(0, Math.min(body.h() - 2, body.w())));
        double step = ts + Math.max(2, font * 0.2);
        int cols = ts <= 0 ? 0 : Math.max(0, (int) Math.floor((body.w() + step - ts) / step));
        int rows = ts <= 0 ? 0 : Math.max(0, (int) Math.floor((body.h() + step - ts) / step));
        int room = cols * rows;
        int n = goids.size();
        int shownN = n <= room ? n : Math.max(0, room - 2);   // keep two cells for the "+N" label
        List<Long> shown = new ArrayList<>(goids.subList(0, shownN));
        for (int k = 0; k < shownN; k++) {
            Rect t = new Rect(body.x() + (k % cols) * step, body.y() + (k / cols) * step, ts, ts);
            tokens.put(goids.get(k), t);
        }
        Rect more = null;
        if (shownN < n) {
            // the cell after the last token shown, or the body's corner when not one token fits
            more = cell(body, shownN, cols, step, step, 2 * step, ts);
            for (int j = shownN; j < n; j++) anchors.put(goids.get(j), more);
        }
        return new Pool(key, TITLES.get(key), r, body, List.of(), shown, n, more);
    }

    /** Chips flow left to right, top to bottom; {@code withG} leaves room for the G each M holds. */
    private Pool chipPool(String key, Rect r, List<Chip> chips, boolean withG) {
        Rect body = body(r);
        double ch = Math.min(font * 1.6, body.h());
        double cw = Math.max(font * 2.6, chips.stream().mapToDouble(c -> c.label().length()).max().orElse(2) * font * 0.62 + font * 0.6);
        double cellW = withG ? cw + ch + font * 0.3 : cw;
        double step = Math.max(2, font * 0.25);
        int cols = Math.max(0, (int) Math.floor((body.w() + step) / (cellW + step)));
        int rows = ch <= 0 ? 0 : Math.max(0, (int) Math.floor((body.h() + step) / (ch + step)));
        int room = cols * rows;
        int n = chips.size();
        int shownN = n <= room ? n : Math.max(0, room - 1);
        List<Chip> placed = new ArrayList<>();
        for (int k = 0; k < shownN; k++) {
            double x = body.x() + (k % cols) * (cellW + step), y = body.y() + (k / cols) * (ch + step);
            Chip c = chips.get(k);
            Rect cr = new Rect(x, y, Math.min(cw, body.right() - x), ch);
            placed.add(new Chip(c.label(), cr, c.id(), c.isM()));
            if (c.isM()) ms.put(c.id(), cr);
        }
        // the cell after the last chip shown, or the body's corner when not one chip fits (a box narrower
        // than a chip still says how many it holds)
        Rect more = shownN < n ? cell(body, shownN, cols, cellW + step, ch + step, cellW, ch) : null;
        return new Pool(key, TITLES.get(key), r, body, List.copyOf(placed), List.of(), n, more);
    }

    /**
     * Cell {@code k} of a grid of {@code cols} columns ({@code dx}, {@code dy} apart) filling {@code body}
     * from its top-left corner, {@code w × h} and cut to the body; cell 0 when no column fits.
     */
    private static Rect cell(Rect body, int k, int cols, double dx, double dy, double w, double h) {
        int c = Math.max(1, cols);
        double x = body.x() + (k % c) * dx, y = body.y() + (k / c) * dy;
        return new Rect(x, y, Math.max(0, Math.min(w, body.right() - x)), Math.max(0, Math.min(h, body.bottom() - y)));
    }

    /** The pool with another title (Go 1.0 worlds name the M pools differently), or as it is if {@code title} is null. */
    private static Pool titled(Pool p, String title) {
        return title == null ? p : new Pool(p.key(), title, p.rect(), p.body(), p.chips(), p.shown(), p.total(), p.more());
    }

    private Rect body(Rect r) {
        double pad = Math.max(2, font * 0.25);
        double titleH = Math.min(font * 1.3, r.h() / 2);
        return r.inset(pad).below(titleH, 0);
    }

    // ---- goroutines -------------------------------------------------------------------------------

    private void placeGs(Snapshot s) {
        for (Snapshot.Proc p : s.ps()) {
            Card c = cards.get(p.id());
            if (p.m() >= 0) ms.put(p.m(), c.mChip());
            if (p.runnext() >= 0) put(p.runnext(), c.runnext());
            for (int i = 0; i < p.runq().size(); i++) {
                long goid = p.runq().get(i);
                Rect slot = c.compact() ? null : c.slot(Math.floorMod(p.head() + i, c.capacity()));
                if (slot == null) anchors.put(goid, c.ring());   // a bar, or a row outside the window
                else put(goid, slot);
            }
        }
        Pool syscall = pools.get("syscall");
        Map<Integer, Rect> syscallChip = new HashMap<>();
        for (Chip c : syscall.chips()) syscallChip.put(c.id(), c.rect());
        for (Snapshot.Thread t : s.ms()) {
            if (t.curg() < 0) continue;
            if (t.p() >= 0 && cards.containsKey(t.p())) {
                put(t.curg(), cards.get(t.p()).curg());
            } else if (syscallChip.containsKey(t.id())) {
                Rect chip = syscallChip.get(t.id());
                double ts = chip.h();
                put(t.curg(), new Rect(chip.right() + font * 0.3, chip.y(), ts, ts));
            } else if (syscall.more() != null) {
                anchors.put(t.curg(), syscall.more());
            }
        }
        Pool free = pools.get("free");
        for (Snapshot.G g : s.gs()) {
            if (g.where() instanceof Place.Free || (g.status() == GStatus.DEAD && !anchors.containsKey(g.goid()))) anchors.put(g.goid(), free.body());
        }
        for (Map.Entry<Long, Rect> e : tokens.entrySet()) anchors.putIfAbsent(e.getKey(), e.getValue());
    }

    private void put(long goid, Rect r) {
        tokens.put(goid, r);
        anchors.put(goid, r);
    }

    /** The size of a P card's title (P1 running), in px: the base font, or less in a card too short for it. */
    public double titleFont(Card c) { return Math.min(font, c.header().h() * 0.85); }

    // ---- hit testing (the inspector) ----------------------------------------------------------------

    /** What is under a point: a goroutine, an M, a P card or a pool (the most specific first). */
    public record Hit(Kind kind, long id, String pool) {
        public enum Kind { G, M, P, POOL }
    }

    /** The thing at ({@code x}, {@code y}), or null. */
    public Hit hit(double x, double y) {
        for (Map.Entry<Long, Rect> e : tokens.entrySet())
            if (e.getValue().contains(x, y)) return new Hit(Hit.Kind.G, e.getKey(), null);
        return hitPlace(x, y);
    }

    /** The M, P card or pool at ({@code x}, {@code y}), or null: what is under a point when no token is. */
    public Hit hitPlace(double x, double y) {
        for (Map.Entry<Integer, Rect> e : ms.entrySet())
            if (e.getValue().contains(x, y)) return new Hit(Hit.Kind.M, e.getKey(), null);
        for (Card c : cards.values()) if (c.card().contains(x, y)) return new Hit(Hit.Kind.P, c.p(), null);
        for (Pool p : pools.values()) {
            for (Chip c : p.chips()) if (c.rect().contains(x, y)) return new Hit(c.isM() ? Hit.Kind.M : Hit.Kind.P, c.id(), null);
            if (p.rect().contains(x, y)) return new Hit(Hit.Kind.POOL, -1, p.key());
        }
        return null;
    }

    // ---- helpers ----------------------------------------------------------------------------------

    /** As {@link #isSysmon(Snapshot.Thread)} (Go 1.0 worlds have no sysmon: their M1 is an ordinary M). */
    public static boolean isSysmon(Snapshot s, Snapshot.Thread t) {
        return !s.go10() && isSysmon(t);
    }

    /** Is this M sysmon? The snapshot says so ({@link Snapshot.Thread#sysmon}). */
    public static boolean isSysmon(Snapshot.Thread t) {
        return t.sysmon();
    }

    /** Splits {@code r} horizontally into boxes with the given shares, {@code gap} apart. */
    static List<Rect> split(Rect r, double[] share, double gap) {
        double total = 0;
        for (double d : share) total += d;
        double avail = Math.max(0, r.w() - gap * (share.length - 1));
        List<Rect> out = new ArrayList<>();
        double x = r.x();
        for (double d : share) {
            double w = avail * d / total;
            out.add(new Rect(x, r.y(), w, r.h()));
            x += w + gap;
        }
        return out;
    }

    static double clamp(double v, double lo, double hi) { return Math.max(lo, Math.min(hi, v)); }

    /** All boxes that must not overlap each other: cards, pools, title, legend. */
    public List<Rect> boxes() {
        List<Rect> out = new ArrayList<>();
        out.add(title);
        out.add(legend);
        for (Card c : cards.values()) out.add(c.card());
        for (Pool p : pools.values()) out.add(p.rect());
        return out;
    }
}
