package org.gmplab.view;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import javafx.animation.AnimationTimer;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ChangeListener;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.Region;
import javafx.stage.Window;

import org.gmplab.model.GmpModel;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.i18n.Wording;

/**
 * The scheduler canvas. Snapshots arrive through {@link #publish} (any thread, latest wins) or {@link #show}
 * (FX thread); one {@link AnimationTimer} — running only while the canvas is in a showing window — picks
 * them up and glides the tokens from the old layout to the new one. When a snapshot arrives before the
 * previous glide has ended, the view snaps to it instead: it never lags behind the engine.
 *
 * <p>The canvas never lies: a glide's last frame is painted however late the pulse that ends it comes, a
 * moment that cannot be a glide (a step back, a jump) is painted at rest at once, and a click or the tooltip
 * asks the frame painted last what is where ({@link Picture#hit}), so they agree with the picture mid-glide too.
 * An exception in layout or paint stops at this class's edge: it is reported through {@link #errorProperty()}
 * and the next moment is drawn as usual.
 */
public final class SchedulerView extends Region {
    /** Snapshot plus the events that led to it, waiting for the next frame. */
    private record Update(Snapshot snap, List<Event> events) {}

    /**
     * A moment may glide from the one shown only when it comes after it by at most this many events (a step,
     * or the next frame of a run); anything else — going back, a jump, another run — is drawn at rest.
     */
    public static final int MAX_GLIDE_EVENTS = 500;

    private final Canvas canvas = new Canvas();
    private final List<Painter> painters;
    private final Backdrop backdrop = new Backdrop();
    private final AtomicReference<Update> inbox = new AtomicReference<>();
    private final AnimationTimer timer;
    private Theme theme = Theme.named("light");
    private String caption = "";
    private java.util.Set<Long> pending = java.util.Set.of();
    private Wording wording = Wording.ENGLISH;
    private double animationMillis = 450;
    /** Presenter mode: readable sizes, and marks held until the next moment. */
    private boolean presenting;
    /** The Ps in focus, enlarged (at most two; the newest last). */
    private final javafx.collections.ObservableList<Integer> focus = javafx.collections.FXCollections.observableArrayList();
    /** The glide's length now: {@link #animationMillis}, or longer while a replay plays it slowly. */
    private double glideMillis = 450;
    /** What the last glide went from, and the events between: a replay lays them out again (the layout may have changed since). */
    private Snapshot replayFrom;
    private List<Event> replayEvents = List.of();
    private java.util.Map<Integer, Integer> replayHeld = java.util.Map.of();
    private Snapshot replayTo;

    private Snapshot snap;
    private Layout layout;
    private Transition transition;
    private long startNanos;
    private long markNanos;
    private long lastNanos;
    private boolean dirty = true;
    private boolean running;
    private boolean manualClock;   // tests drive frame() with their own timestamps
    /** The frame on the canvas now, and the raw progress it was painted at: what a click or a tooltip reads. */
    private Picture painted;
    private double paintedT;
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private Layout.Hit selected;
    private final javafx.beans.property.ReadOnlyObjectWrapper<Layout.Hit> selectedHit = new javafx.beans.property.ReadOnlyObjectWrapper<>(this, "selected");
    private final Holders holders = new Holders();
    private final Viewport viewport = new Viewport();
    private final HoverTips tips;
    private final ReadOnlyStringWrapper selection = new ReadOnlyStringWrapper(this, "selection", "");

    public SchedulerView() {
        this(List.of(new CardPainter(), new RingPainter(), new TokenPainter(), new PendingPainter(), new LabelPainter(), new MarkPainter()));
    }

    /** With these painters, in order (tests add one that records or fails). */
    SchedulerView(List<Painter> painters) {
        this.painters = List.copyOf(painters);
        setId("scheduler-view");
        canvas.setId("scheduler-canvas");
        getChildren().add(canvas);
        setMinSize(320, 200);
        setPrefSize(1280, 720);
        timer = new AnimationTimer() {
            @Override public void handle(long now) { frame(now); }
        };
        canvas.setOnMouseClicked(e -> {
            if (!e.isStillSincePress() || e.getButton() != MouseButton.PRIMARY) return;
            Layout.Hit h = hit(e.getX(), e.getY());
            select(h);
            if (e.getClickCount() == 2 && h != null && h.kind() == Layout.Hit.Kind.P) toggleFocus((int) h.id());   // a double-click on a P card
        });
        new Navigation(canvas, viewport, this::repaint);
        tips = new HoverTips(canvas, (x, y) -> Inspector.brief(hit(x, y), snap, wording));
        ChangeListener<Boolean> showing = (o, a, b) -> updateTimer();
        ChangeListener<Window> windowL = (o, a, b) -> {
            if (a != null) a.showingProperty().removeListener(showing);
            if (b != null) b.showingProperty().addListener(showing);
            updateTimer();
        };
        sceneProperty().addListener((o, oldScene, newScene) -> {
            if (oldScene != null) {
                oldScene.windowProperty().removeListener(windowL);
                if (oldScene.getWindow() != null) oldScene.getWindow().showingProperty().removeListener(showing);
            }
            if (newScene != null) {
                newScene.windowProperty().addListener(windowL);
                if (newScene.getWindow() != null) newScene.getWindow().showingProperty().addListener(showing);
            }
            updateTimer();
        });
    }

    /** Starts the frame clock while the canvas is in a showing window, stops it otherwise. */
    private void updateTimer() {
        if (manualClock) return;
        Scene sc = getScene();
        boolean shown = sc != null && sc.getWindow() != null && sc.getWindow().isShowing();
        if (shown && !running) { timer.start(); running = true; }
        else if (!shown && running) { timer.stop(); running = false; }
    }

    /** What was clicked last (a G, an M, a P or a pool), or null. */
    public ReadOnlyObjectProperty<Layout.Hit> selectedProperty() { return selectedHit.getReadOnlyProperty(); }

    /** A line about what was clicked last (a G, an M, a P or a pool), kept up to date as snapshots arrive. */
    public ReadOnlyStringProperty selectionProperty() { return selection.getReadOnlyProperty(); }

    /** Selects {@code h} (null clears): the inspector line describes it and its token is outlined. */
    public void select(Layout.Hit h) {
        selected = h;
        selectedHit.set(h);
        selection.set(snap == null ? "" : Inspector.describe(h, snap, wording));
        repaint();
    }

    /**
     * What is drawn under canvas point ({@code x}, {@code y}) — a mouse position — through the zoom and pan, or
     * null: a token where it is on the canvas now, mid-glide too.
     */
    public Layout.Hit hit(double x, double y) {
        double lx = viewport.layoutX(x), ly = viewport.layoutY(y);
        return painted != null ? painted.hit(lx, ly) : layout == null ? null : layout.hit(lx, ly);
    }

    /** What the canvas's tooltip says now (empty when the mouse is over nothing). */
    public String tooltipText() { return tips.text(); }

    /** The zoom and pan; change it through {@link #zoomBy}, {@link #panBy} and {@link #resetZoom}. */
    public Viewport viewport() { return viewport; }

    /** Zooms by {@code factor} about the canvas centre (the keys). */
    public void zoomBy(double factor) {
        viewport.zoomAbout(factor, width() / 2, height() / 2);
        repaint();
    }

    public void panBy(double dx, double dy) {
        viewport.panBy(dx, dy);
        repaint();
    }

    /** Back to scale 1, no pan. */
    public void resetZoom() {
        viewport.reset();
        repaint();
    }

    /** Draws the moment on the canvas again now (a zoom, a selection), at the progress it shows. */
    private void repaint() {
        dirty = true;
        if (painted != null) paint(paintedT, painted.markAlpha());
    }

    /** How often the backdrop was rendered (for tests). */
    int backdropRenders() { return backdrop.renders(); }

    /** True while the frame clock runs (for tests). */
    public boolean isAnimating() { return running; }

    public Canvas canvas() { return canvas; }
    public Theme theme() { return theme; }
    public Snapshot snapshot() { return snap; }
    public Layout layoutNow() { return layout; }

    public void setTheme(Theme t) {
        theme = t;
        relayout();
    }

    public void setCaption(String c) { caption = c; dirty = true; }

    /**
     * Presenter mode: type of at least {@link Layout.Options#PRESENTER_FONT} px and ring slots of at least
     * {@link Layout.Options#PRESENTER_SLOT} (a ring too big for them shows a window of rows from its head), and
     * the marks of a step (a steal's arc, a hand-off) held until the next moment instead of fading.
     */
    public void setPresenting(boolean on) {
        if (on == presenting) return;
        presenting = on;
        backdrop.invalidate();
        relayout();
    }

    public boolean presenting() { return presenting; }

    /**
     * Puts P {@code p} in focus, or takes it out: the Ps in focus (at most two; a third replaces the oldest) are
     * drawn large, the others shrunk to a strip under them, for a steal or a hand-off told between two Ps.
     */
    public void toggleFocus(int p) {
        if (focus.contains(p)) focus.remove(Integer.valueOf(p));
        else {
            if (focus.size() == 2) focus.remove(0);
            focus.add(p);
        }
        relayout();
    }

    /** No P in focus: every P alike again (Esc). */
    public void clearFocus() {
        if (focus.isEmpty()) return;
        focus.clear();
        relayout();
    }

    /** The Ps in focus, oldest first (read only). */
    public javafx.collections.ObservableList<Integer> focus() { return javafx.collections.FXCollections.unmodifiableObservableList(focus); }

    /**
     * Plays the last glide again, four times slower, with its marks: from the moment before it to the one shown,
     * laid out as the canvas is now. False when there is none (nothing glided yet, or the moment shown since was
     * not a glide).
     */
    public boolean replay() {
        if (replayFrom == null || replayTo != snap || layout == null) return false;
        try {
            Layout before = Layout.compute(replayFrom, width(), height(), options());
            transition = new Transition(before, layout, replayEvents, replayHeld);
        } catch (RuntimeException e) {
            failed("lay out", e);
            return false;
        }
        long now = running && lastNanos != 0 ? lastNanos : System.nanoTime();
        glideMillis = Math.max(animationMillis, 300) * REPLAY_SLOWER;
        startNanos = now;
        markNanos = now;
        dirty = true;
        draw(now);
        return true;
    }

    /** How much slower a replay glides than a step. */
    static final double REPLAY_SLOWER = 4;

    /** How the moment is laid out now: the theme's type, presenter mode, the focus. */
    private Layout.Options options() {
        return Layout.Options.of(theme.typeScale).presenting(presenting).focus(focus);
    }

    /**
     * What went wrong the last time the canvas could not lay out or paint a moment ("" when nothing did, or
     * since {@link #dismissError}); the window shows it in its error bar.
     */
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }

    public void dismissError() { error.set(""); }

    /** The words and font the canvas paints with (English by default). */
    public void setWording(Wording w) {
        wording = w == null ? Wording.ENGLISH : w;
        backdrop.invalidate();   // the legend is in the backdrop
        if (selected != null && snap != null) selection.set(Inspector.describe(selected, snap, wording));
        dirty = true;
    }

    public Wording wording() { return wording; }

    /** Glide duration in ms; 0 snaps every time. */
    public void setAnimationMillis(double ms) { animationMillis = glideMillis = Math.max(0, ms); }

    /**
     * FX thread: from now on the canvas shows the moment of {@code model}, in the pulse the model takes it (no
     * inbox, no second clock): its world, gliding from the one before when it follows it closely (with the
     * arcs of the events passed, from the model's log), and the Gs with an injected action pending.
     */
    public void follow(GmpModel model) {
        model.pendingProperty().addListener((o, a, p) -> setPending(p));   // the model sets it before the world
        model.snapshotProperty().addListener((o, a, s) -> { if (s != null) show(s, passed(model.eventLog(), a, s)); });
        setPending(model.pendingProperty().get());
        if (model.getSnapshot() != null) show(model.getSnapshot(), List.of());
    }

    /** The events of {@code log} (in seq order) between the moment {@code before} and {@code s}, if it follows it closely (for the arcs). */
    static List<Event> passed(List<Event> log, Snapshot before, Snapshot s) {
        if (before == null || s.events() <= before.events()) return List.of();
        if (s.events() - before.events() > MAX_GLIDE_EVENTS) return List.of();   // a jump, not a step: no arcs to draw
        long want = before.events() + 1;
        int lo = 0, hi = log.size();
        while (lo < hi) {   // the first index whose seq is ≥ want
            int mid = (lo + hi) >>> 1;
            if (log.get(mid).seq() < want) lo = mid + 1; else hi = mid;
        }
        List<Event> out = new ArrayList<>();
        for (int i = lo; i < log.size() && log.get(i).seq() <= s.events(); i++) out.add(log.get(i));
        return out;
    }

    /** FX thread: marks the Gs {@code goids} as having an injected action pending (at their next scheduling point). */
    public void setPending(java.util.Set<Long> goids) {
        java.util.Set<Long> next = goids == null ? java.util.Set.of() : java.util.Set.copyOf(goids);
        if (next.equals(pending)) return;
        pending = next;
        repaint();
    }

    /** The Gs marked as having an injected action pending. */
    public java.util.Set<Long> pendingMarks() { return pending; }

    /** The frame on the canvas now: what was painted last, and where (tests). */
    Picture painted() { return painted; }

    /** From any thread: the newest snapshot wins; events of skipped snapshots are kept (up to 500). */
    public void publish(Snapshot s, List<Event> events) {
        inbox.updateAndGet(old -> {
            if (old == null) return new Update(s, List.copyOf(events));
            List<Event> all = new ArrayList<>(old.events());
            all.addAll(events);
            if (all.size() > 500) all = all.subList(all.size() - 500, all.size());
            return new Update(s, List.copyOf(all));
        });
    }

    /** Any thread: whether a published snapshot still waits for the next frame (a publisher can skip making another). */
    public boolean pending() { return inbox.get() != null; }

    /** FX thread: shows {@code s}, animating from the current picture unless a glide is still running. */
    public void show(Snapshot s, List<Event> events) {
        // the pulse's time while the frame clock runs; otherwise now (a pulse time from before the window was
        // hidden would have the marks of this moment faded out before its first frame)
        show(s, events, running && lastNanos != 0 ? lastNanos : System.nanoTime());
    }

    private void show(Snapshot s, List<Event> events, long now) {
        long dur = (long) (glideMillis * 1e6);
        glideMillis = animationMillis;   // a replay's slow glide ends with the next moment
        boolean busy = transition != null && now - startNanos < dur;
        boolean glides = layout != null && snap != null && s.events() >= snap.events()
                && s.events() - snap.events() <= MAX_GLIDE_EVENTS;
        Snapshot before = snap;
        snap = s;
        dirty = true;
        try {
            Layout next = Layout.compute(s, width(), height(), options());
            transition = glides ? new Transition(layout, next, events, holders.copy()) : null;
            layout = next;
            replayFrom = glides ? before : null;
            replayEvents = glides ? List.copyOf(events) : List.of();
            replayHeld = glides ? holders.copy() : java.util.Map.of();
            replayTo = s;
        } catch (RuntimeException e) {
            layout = null;
            transition = null;
            failed("lay out", e);
        }
        holders.note(s);
        startNanos = busy || dur == 0 ? now - (long) (animationMillis * 1e6) : now;   // snap when the previous glide has not ended
        markNanos = now;                                    // marks show in full even when the tokens snap
        draw(now);
        if (selected != null) selection.set(Inspector.describe(selected, s, wording));
        tips.refresh();
    }

    /**
     * Takes what {@code earlier} noted of snapshots not shown here into the memory of which M held each P: lets
     * a caller that shows only the last two snapshots (screenshots) still slide a P retaken from a syscall off
     * the right M.
     */
    public void remember(Holders earlier) { holders.addAll(earlier); }

    /**
     * Marks stay at full strength this long (at least the glide), then fade out over {@link #MARK_FADE_NS}; in
     * presenter mode they stay until the next moment, for the teacher to talk over.
     */
    private long markHoldNanos() { return presenting ? Long.MAX_VALUE : Math.max((long) (glideMillis * 1e6), 400_000_000L); }
    private static final long MARK_FADE_NS = 400_000_000L;

    /**
     * One pulse at {@code now} (ns): takes the newest published snapshot, if any, and draws the moment at
     * {@code now}. Package-private so tests can drive it with pulses as sparse as a slow machine's.
     */
    void frame(long now) {
        lastNanos = now;
        try {
            Update u = inbox.getAndSet(null);
            if (u != null) show(u.snap(), u.events(), now);
            else draw(now);
        } catch (RuntimeException e) {   // the last line: the frame clock must live on to draw the next moment
            failed("draw", e);
        }
    }

    /** Tests: stop the frame clock for good; from now on only explicit {@link #frame} calls draw. */
    void takeClock() {
        manualClock = true;
        timer.stop();
        running = true;
    }

    /**
     * Paints the moment at {@code now} unless the canvas already shows it: while the tokens glide and the marks
     * fade, each pulse paints; the pulse that finds the glide over paints its last frame, whenever it comes;
     * then nothing, until something changes. Without a frame clock there is no glide: the moment is painted
     * where the glide ends (and {@link #paintAt} can still paint any point of it).
     */
    private void draw(long now) {
        if (snap == null) return;
        double dur = glideMillis * 1e6;
        double t = !running || dur <= 0 ? 1 : Math.min(1, Math.max(0, (now - startNanos) / dur));
        // Only marks and slides fade: a transition without them is over once the tokens have arrived.
        boolean fades = transition != null && (!transition.marks.isEmpty() || !transition.slides.isEmpty());
        long sinceMarks = now - markNanos;
        double alpha = !fades ? 0 : !running || sinceMarks < markHoldNanos() ? 1
                : Math.max(0, 1 - (double) (sinceMarks - markHoldNanos()) / MARK_FADE_NS);
        // over: at rest from now on (without a clock the transition stays, for paintAt)
        if (running && transition != null && t >= 1 && alpha <= 0) transition = null;
        if (transition == null) { t = 1; alpha = 0; }
        boolean shown = painted != null && painted.snap() == snap && painted.layout() == layout
                && painted.transition() == transition && paintedT == t && painted.markAlpha() == alpha;
        if (dirty || !shown) paint(t, alpha);
    }

    /** Paints the current transition at {@code progress} (0..1) with marks at full strength: for screenshots and tests. */
    public void paintAt(double progress) {
        paint(progress, transition == null ? 0 : 1);
    }

    private void paint(double progress, double markAlpha) {
        GraphicsContext g = canvas.getGraphicsContext2D();
        dirty = false;
        if (snap == null || layout == null) {
            painted = null;
            if (snap != null) {   // a moment that could not be laid out: an empty canvas, not the moment before
                g.setFill(theme.background);
                g.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
            }
            return;
        }
        Picture f = new Picture(snap, layout, theme, transition, Transition.ease(progress), markAlpha, caption, wording, pending);
        painted = f;   // before painting: what is hit is what this frame puts where, even if a painter fails
        paintedT = progress;
        boolean done = false;
        g.save();
        try {
            g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());   // a full clear also drops the canvas's queued commands
            backdrop.paint(g, f, viewport, canvas.getWidth(), canvas.getHeight());
            if (!viewport.isIdentity()) g.setTransform(viewport.scale(), 0, 0, viewport.scale(), viewport.tx(), viewport.ty());
            for (Painter p : painters) p.paint(g, f);
            outlineSelection(g, f);
            done = true;
        } catch (RuntimeException e) {
            failed("draw", e);
        } finally {
            g.restore();
        }
        if (!done && transition != null) {   // perhaps only the glide or its marks cannot be drawn: the moment at rest
            transition = null;
            paint(1, 0);
        }
    }

    /**
     * Reports an exception of layout or paint ({@code what} failed) through {@link #errorProperty()}, with where
     * it was thrown, and on standard error with its stack for whoever fixes it; the view goes on.
     */
    private void failed(String what, RuntimeException e) {
        StackTraceElement at = e.getStackTrace().length > 0 ? e.getStackTrace()[0] : null;
        String message = "The canvas could not " + what + " the moment at event " + (snap == null ? "?" : snap.events())
                + " (" + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage())
                + (at == null ? "" : " at " + at.getFileName() + ":" + at.getLineNumber()) + "); it goes on with the next one.";
        if (!message.equals(error.get())) {
            System.err.println("gmplab: " + message);
            e.printStackTrace();
        }
        error.set(message);
    }

    private void outlineSelection(GraphicsContext g, Picture f) {
        if (selected == null) return;
        Rect r = switch (selected.kind()) {
            case G -> f.token(selected.id());
            case M -> layout.ms.get((int) selected.id());
            case P -> layout.cards.containsKey((int) selected.id()) ? layout.cards.get((int) selected.id()).card() : null;
            case POOL -> layout.pools.containsKey(selected.pool()) ? layout.pools.get(selected.pool()).rect() : null;
        };
        if (r == null) return;
        double lw = theme.lineWidth * 1.5;
        g.setStroke(theme.text);
        g.setLineWidth(lw);
        g.setLineDashes(lw * 2, lw * 1.5);
        g.strokeRect(r.x() - lw, r.y() - lw, r.w() + 2 * lw, r.h() + 2 * lw);
        g.setLineDashes((double[]) null);
    }

    private double width() { return Math.max(1, canvas.getWidth()); }
    private double height() { return Math.max(1, canvas.getHeight()); }

    private void relayout() {
        transition = null;   // a resize mid-glide snaps: the old rectangles mean nothing now
        if (snap != null) {
            try {
                layout = Layout.compute(snap, width(), height(), options());
            } catch (RuntimeException e) {   // in the middle of the FX layout pass: report, never throw
                layout = null;
                failed("lay out", e);
            }
        }
        paint(1, 0);
    }

    /** Sets the canvas size directly (screenshots, tests without a scene). */
    public void setCanvasSize(double w, double h) {
        canvas.setWidth(w);
        canvas.setHeight(h);
        relayout();
    }

    @Override
    protected void layoutChildren() {
        double w = Math.floor(getWidth()), h = Math.floor(getHeight());
        if (w != canvas.getWidth() || h != canvas.getHeight()) {
            canvas.setWidth(w);
            canvas.setHeight(h);
            relayout();
        }
    }
}
