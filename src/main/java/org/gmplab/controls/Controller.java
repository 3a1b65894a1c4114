package org.gmplab.controls;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

import org.gmplab.engine.Action;
import org.gmplab.engine.Engine;
import org.gmplab.history.History;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.Snapshot;

/**
 * The transport over a {@link History}: go to start, step back, step one event, play, run to the next
 * breakpoint, go to the end, jump to any position, inject actions. One background thread owns the history
 * (it alone calls it); the FX thread sees the result through read-only properties and the list of the
 * branch's events, updated with {@code Platform.runLater} in the order the driver thread posts them.
 *
 * <p>The history keeps snapshots, not events, so the controller keeps every event of the current branch by
 * {@code seq}: the log shows all of them, and a breakpoint can be checked on positions revisited from the
 * snapshot ring (where {@link History#lastEvents()} is empty). Injecting at a past position drops the
 * events after it, as the history drops that future.
 *
 * <p>Each command returns a future completed after its result was posted to the FX thread. Failures never
 * escape: a refused action (IllegalArgumentException) sets {@link #refusalProperty()}; anything else, and a
 * run that ends in a fatal error or an engine crash, sets {@link #errorProperty()}.
 *
 * <p><b>Live mode</b> ({@link #setMode}): beside the history, a {@link LiveRun} runs the same scenario from
 * its start on real threads; the driver thread takes its exact frames {@link LiveRun#FPS} times a second and
 * posts them through the same properties (the snapshot, the events, playing, finished, status, error).
 * Play/pause then let the live world go and hold it stopped; a breakpoint that matches a frame's events
 * pauses it. The commands that need the recorded history (stepping, jumping, running to a breakpoint,
 * injecting) are refused in live mode ({@link #stepOnly}); switching back to step mode shows the history
 * where it was left, which the live run never touched.
 */
public final class Controller implements AutoCloseable {
    /** A run to the next breakpoint gives up after this many positions. */
    public static final int MAX_RUN = 2_000_000;

    private volatile History history;        // replaced only by load(), on the driver thread
    private final ScheduledExecutorService thread;

    // driver thread only
    private final TreeMap<Long, Event> branch = new TreeMap<>();
    private long postedUpTo;                 // the highest seq posted to the FX list
    private ScheduledFuture<?> ticking;
    private double speed = 4;
    private volatile List<Breakpoint> bps = List.of();
    private volatile boolean cancel;
    private volatile boolean running;        // a run to the next breakpoint is queued or under way
    private volatile LiveRun live;           // set and cleared by the driver thread; close() may end it
    private ScheduledFuture<?> liveTicking;   // driver thread only
    private Snapshot liveShown;              // driver thread only: the live frame shown last
    private String liveStatus = "";          // driver thread only

    // FX thread only
    private final ReadOnlyObjectWrapper<Snapshot> snapshot = new ReadOnlyObjectWrapper<>(this, "snapshot");
    private final ReadOnlyLongWrapper position = new ReadOnlyLongWrapper(this, "position");
    private final ReadOnlyLongWrapper end = new ReadOnlyLongWrapper(this, "end");
    private final ReadOnlyBooleanWrapper playing = new ReadOnlyBooleanWrapper(this, "playing");
    private final ReadOnlyBooleanWrapper finished = new ReadOnlyBooleanWrapper(this, "finished");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyStringWrapper refusal = new ReadOnlyStringWrapper(this, "refusal", "");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ObservableList<Event> events = FXCollections.observableArrayList();
    private final ObservableList<Breakpoint> breakpoints = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Engine.Mode> mode = new ReadOnlyObjectWrapper<>(this, "mode", Engine.Mode.STEP);
    private final ReadOnlyObjectWrapper<org.gmplab.engine.program.Scenario> scenario = new ReadOnlyObjectWrapper<>(this, "scenario");
    private volatile long start;

    public Controller(History history) {
        this.history = history;
        this.start = history.position();
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gmplab-controls");
            t.setDaemon(true);
            return t;
        });
        breakpoints.addListener((ListChangeListener<Breakpoint>) c -> bps = List.copyOf(breakpoints));
        scenario.set(history.scenario());
        run(() -> post(null, ""));
    }

    // ---- FX side ----------------------------------------------------------------------------------

    public ReadOnlyObjectProperty<Snapshot> snapshotProperty() { return snapshot.getReadOnlyProperty(); }
    public Snapshot getSnapshot() { return snapshot.get(); }
    public ReadOnlyLongProperty positionProperty() { return position.getReadOnlyProperty(); }
    public long getPosition() { return position.get(); }
    public ReadOnlyLongProperty endProperty() { return end.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty playingProperty() { return playing.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty finishedProperty() { return finished.getReadOnlyProperty(); }
    /** What the last command did, in words (e.g. which breakpoint stopped the run). */
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    /** The last refused action's message ("" after a later action applied). */
    public ReadOnlyStringProperty refusalProperty() { return refusal.getReadOnlyProperty(); }
    /** The last error (engine crash, fatal error, failed replay); "" when dismissed. */
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public void dismissError() { error.set(""); }
    /** FX thread: shows {@code message} as a refusal (e.g. input that does not make an action). */
    public void refuse(String message) { refusal.set(message == null ? "" : message); }
    /** The scenario being run (immutable; any thread). */
    public org.gmplab.engine.program.Scenario scenario() { return history.scenario(); }
    /** The scenario being run, for the FX thread to follow {@link #load}. */
    public ReadOnlyObjectProperty<org.gmplab.engine.program.Scenario> scenarioProperty() { return scenario.getReadOnlyProperty(); }
    /** The position of the start of the run. */
    public long start() { return start; }
    /** Every event of the current branch, in seq order (FX thread, read-only for callers). */
    public ObservableList<Event> events() { return FXCollections.unmodifiableObservableList(events); }
    /** Step (the recorded history) or live (real threads); follows {@link #setMode}. */
    public ReadOnlyObjectProperty<Engine.Mode> modeProperty() { return mode.getReadOnlyProperty(); }
    /** The breakpoints; edit on the FX thread. */
    public ObservableList<Breakpoint> breakpoints() { return breakpoints; }

    // ---- commands (any thread) ----------------------------------------------------------------------

    /** Events a live run keeps in the list: the latest ones. */
    public static final int LIVE_EVENTS = 20_000;

    /**
     * Switches between step mode (the recorded history, where it was left) and live mode (the scenario from
     * its start on real threads; a live engine cannot continue a step-mode moment).
     */
    public CompletableFuture<Void> setMode(Engine.Mode m) {
        if (m == Engine.Mode.LIVE) cancel = true; // a run to the next breakpoint under way stops
        return run(() -> {
            if (m == Engine.Mode.LIVE) startLive(); else stopLive();
        });
    }

    public CompletableFuture<Void> toStart() { return move(history::toStart); }
    public CompletableFuture<Void> toEnd() { return move(history::toEnd); }
    public CompletableFuture<Void> stepBack() { return move(history::stepBack); }
    /** Jumps to position {@code n}; in live mode nothing happens (selecting a live event only shows its why). */
    public CompletableFuture<Void> jumpTo(long n) { return live != null ? idle() : move(() -> history.jumpTo(n)); }

    /**
     * To the position that includes event {@code n}, then on in virtual time to {@code time} if it is ≥ 0 (a
     * moment between events, as a lesson's time step ends). Forward, the positions are walked one by one so
     * the log gets every event passed; back, it jumps.
     */
    public CompletableFuture<Void> forwardTo(long n, long time) { return forwardTo(null, n, time).thenApply(ok -> null); }

    /**
     * {@link #forwardTo(long, long)} if the run shown is still {@code expected} (null: whatever it is); false,
     * and nothing done, if another was loaded meanwhile (e.g. by the editor). Live mode ends first: a moment of
     * the history is a step-mode moment.
     */
    public CompletableFuture<Boolean> forwardTo(History expected, long n, long time) {
        boolean[] ok = {false};
        return run(() -> {
            if (expected != null && history != expected) return;
            ok[0] = true;
            stopLive();
            stopTicking();
            List<Event> all = new ArrayList<>();
            if (n < history.position()) history.jumpTo(n);
            while (history.position() < n) {
                List<Event> passed = forward();
                if (passed == null) break;
                all.addAll(passed);
            }
            if (time >= 0) {
                history.waitUntil(time);
                for (Event e : history.lastEvents()) branch.put(e.seq(), e);
                all.addAll(history.lastEvents());
            }
            post(all, "");
        }).thenApply(v -> ok[0]);
    }

    /** Forward one position (one event, and the minor ones the engine emits before its next safe point). */
    public CompletableFuture<Void> stepEvent() {
        return run(stepOnly(() -> {
            stopTicking();
            Snapshot before = history.snapshot();
            List<Event> passed = forward();
            String hit = passed == null ? null : Breakpoint.firstHit(bps, passed, before, history.snapshot());
            post(passed, passed == null ? "at the end of the run" : hit == null ? "" : "breakpoint: " + hit);
        }));
    }

    /** Forward until the next position that matches a breakpoint (or the end of the run). */
    public CompletableFuture<Void> runToBreakpoint() {
        if (live != null) return run(stepOnly(() -> { }));
        cancel = false;
        running = true;
        Platform.runLater(() -> status.set("running to the next breakpoint… (Space stops)"));
        return run(() -> {
            try {
                stepOnly(this::runToBreakpointNow).run(); // live mode may have begun since it was asked
            } finally {
                running = false;
            }
        });
    }

    private void runToBreakpointNow() {
        {
            stopTicking();
            if (bps.isEmpty()) { post(List.of(), "no breakpoints set: add one in the Breakpoints panel"); return; }
            List<Event> all = new ArrayList<>();
            String hit = null;
            for (int i = 0; i < MAX_RUN && hit == null && !cancel; i++) {
                Snapshot before = history.snapshot();
                List<Event> passed = forward();
                if (passed == null) break;
                all.addAll(passed);
                hit = Breakpoint.firstHit(bps, passed, before, history.snapshot());
            }
            post(all, hit != null ? "breakpoint: " + hit : cancel ? "stopped" : "no breakpoint matched before the end of the run");
        }
    }

    /** Plays at the speed set: one major step per tick, stopping at a breakpoint or the end. */
    public CompletableFuture<Void> play() {
        if (running) { cancel = true; return idle(); }
        return run(() -> {
            if (live != null) { livePlay(true); return; }
            if (ticking == null) startTicking();
            post(List.of(), "playing");
        });
    }

    public CompletableFuture<Void> pause() {
        cancel = true;
        return run(() -> {
            if (live != null) { livePlay(false); return; }
            stopTicking();
            post(List.of(), "paused");
        });
    }

    /** Plays if paused; pauses if playing; also stops a run to the next breakpoint that is under way. */
    public CompletableFuture<Void> togglePlay() {
        if (running) { cancel = true; return idle(); }
        return run(() -> {
            if (live != null) { livePlay(live.paused()); return; }
            if (ticking == null) { startTicking(); post(List.of(), "playing"); }
            else { stopTicking(); post(List.of(), "paused"); }
        });
    }

    /** Major steps a second while playing, 0.1 to 1000; in live mode, ms of Go time a second ({@link LiveRun#speedFor}). */
    public CompletableFuture<Void> setSpeed(double perSecond) {
        double s = Math.max(0.1, Math.min(1000, perSecond));
        return run(() -> {
            speed = s;
            if (live != null) live.setSpeed(s);
            if (ticking != null) { stopTicking(); startTicking(); }
        });
    }

    /** Applies {@code a} at the current position (recorded by the history); a refusal goes to {@link #refusalProperty()}. */
    public CompletableFuture<Void> inject(Action a) {
        return run(stepOnly(() -> {
            stopTicking();
            try {
                history.inject(a);
            } catch (IllegalArgumentException | IllegalStateException e) {
                String m = e.getMessage() == null ? e.toString() : e.getMessage();
                Platform.runLater(() -> refusal.set(m));
                post(List.of(), "refused: " + m);
                return;
            }
            long pos = history.position();
            List<Event> evs = history.lastEvents();
            // a new branch: the future after the position where it applied is gone
            long from = evs.isEmpty() ? pos : evs.get(0).seq() - 1;
            branch.tailMap(from, false).clear();
            if (postedUpTo > from) {
                long keep = from;
                Platform.runLater(() -> events.removeIf(e -> e.seq() > keep));
                postedUpTo = from;
            }
            for (Event e : evs) branch.put(e.seq(), e);
            Platform.runLater(() -> refusal.set(""));
            post(evs, "injected: " + a);
        }));
    }

    /**
     * Replaces the run: stops playing, closes the old history and shows {@code next} from its current position
     * with its events. Breakpoints stay; they are about the scheduler, not about one program.
     */
    public CompletableFuture<Void> load(History next) {
        cancel = true;
        return run(() -> {
            stopLive();
            stopTicking();
            History old = history;
            history = next;
            start = next.position();
            branch.clear();
            postedUpTo = 0;
            for (Event e : next.lastEvents()) branch.put(e.seq(), e);
            Platform.runLater(() -> {
                events.clear();
                refusal.set("");
                error.set("");
                scenario.set(next.scenario());
            });
            post(List.of(), "loaded " + next.scenario().name());
            cancel = false;
            old.close();
        });
    }

    /** The run shown, as a session to save: its scenario, injected actions and position (completes on the driver thread). */
    public CompletableFuture<org.gmplab.history.Session> session(java.util.Map<String, String> settings) {
        CompletableFuture<org.gmplab.history.Session> f = new CompletableFuture<>();
        run(() -> {
            try {
                f.complete(org.gmplab.history.Session.of(history, settings));
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        return f;
    }

    /** Completes (on the FX thread) once every command queued before it is done and shown. */
    public CompletableFuture<Void> idle() { return run(() -> { }); }

    @Override
    public void close() {
        cancel = true;
        LiveRun l = live;
        if (l != null) l.close(); // its threads end at once, paused or not; a frame under way returns
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        history.close();
    }

    // ---- driver thread ------------------------------------------------------------------------------

    /** One position forward; the events it passed, or null at the end of the run. */
    private List<Event> forward() {
        long before = history.position();
        if (!history.stepEvent()) return null;
        for (Event e : history.lastEvents()) branch.put(e.seq(), e);
        return new ArrayList<>(branch.subMap(before, false, history.position(), true).values());
    }

    private void startTicking() {
        long period = Math.max(1_000_000L, (long) (1_000_000_000L / speed));
        ticking = thread.scheduleAtFixedRate(this::tick, period, period, TimeUnit.NANOSECONDS);
    }

    private void stopTicking() {
        if (ticking != null) { ticking.cancel(false); ticking = null; }
    }

    private void tick() {
        try {
            List<Event> all = new ArrayList<>();
            String hit = null;
            boolean major = false;
            while (!major && hit == null) {
                Snapshot before = history.snapshot();
                List<Event> passed = forward();
                if (passed == null) { stopTicking(); break; }
                all.addAll(passed);
                major = passed.stream().anyMatch(e -> e.kind().major());
                hit = Breakpoint.firstHit(bps, passed, before, history.snapshot());
            }
            if (hit != null) stopTicking();
            post(all, hit != null ? "breakpoint: " + hit : ticking == null ? "at the end of the run" : "playing");
        } catch (RuntimeException e) {
            stopTicking();
            report(e);
        }
    }

    private CompletableFuture<Void> move(Runnable r) {
        return run(stepOnly(() -> {
            stopTicking();
            r.run();
            for (Event e : history.explored()) branch.put(e.seq(), e);   // a jump forward: the log shows the way
            post(List.of(), "");
        }));
    }

    /** {@code r}, or in live mode a status saying it needs step mode. */
    private Runnable stepOnly(Runnable r) {
        return () -> {
            if (live == null) { r.run(); return; }
            Platform.runLater(() -> status.set("step mode only: a live run cannot step, go back, jump or inject through the history — switch to Step"));
        };
    }

    // ---- live mode (driver thread) -------------------------------------------------------------------

    private static final String LIVE_RUNNING = "live: the program runs from its start on real threads (a live run cannot continue a step-mode moment); Space pauses";

    private void startLive() {
        if (live != null) return;
        stopTicking();
        live = new LiveRun(history.scenario(), speed);
        if (thread.isShutdown()) {   // closed meanwhile: close() did not see this run
            LiveRun l = live;
            live = null;
            l.close();
            return;
        }
        liveShown = null;
        liveStatus = LIVE_RUNNING;
        Platform.runLater(() -> {
            events.clear();
            refusal.set("");
            mode.set(Engine.Mode.LIVE);
        });
        startLiveTicking();
    }

    private void stopLive() {
        LiveRun l = live;
        if (l == null) return;
        stopLiveTicking();
        live = null;
        l.close();
        List<Event> shown = new ArrayList<>(branch.headMap(postedUpTo, true).values());
        Platform.runLater(() -> {
            events.setAll(shown);
            mode.set(Engine.Mode.STEP);
        });
        post(List.of(), "step mode: back at event " + history.position() + ", where it was left");
    }

    /** Lets the live world go ({@code run}) or holds it stopped. */
    private void livePlay(boolean run) {
        LiveRun l = live;
        if (l.ended()) {
            liveStatus = "the live run has ended: switch to Step and back to Live to run it again";
        } else if (run && l.paused()) {
            l.resume();
            liveStatus = LIVE_RUNNING;
            startLiveTicking();
            return;
        } else if (!run && !l.paused()) {
            holdLive(l, "paused");
            return;
        }
        postLive(l.frame(liveShown), List.of());
    }

    /** Holds the live world, shows it (one more frame, of the held moment), and stops taking frames. */
    private void holdLive(LiveRun l, String why) {
        stopLiveTicking();
        String verdict = l.pause();
        liveStatus = verdict == null ? "the live run has ended" : why + ": the world is stopped, every M at a safe point; " + verdict + " (Space resumes)";
        liveTick();
    }

    private void startLiveTicking() {
        if (liveTicking == null)
            liveTicking = thread.scheduleWithFixedDelay(this::liveTick, 0, 1_000_000_000L / LiveRun.FPS, TimeUnit.NANOSECONDS);
    }

    private void stopLiveTicking() {
        if (liveTicking != null) { liveTicking.cancel(false); liveTicking = null; }
    }

    /** Takes one live frame and posts it; a matching breakpoint holds the world. */
    private void liveTick() {
        LiveRun l = live;
        if (l == null) return;
        try {
            Snapshot before = liveShown;
            LiveRun.Frame f = l.frame(liveShown);
            String hit = f.paused() || f.last() || before == null || f.events().isEmpty() ? null
                    : Breakpoint.firstHit(bps, f.events(), before, f.snapshot());
            if (f.last()) {
                stopLiveTicking();
                liveStatus = f.outcome() != null && f.outcome().kind() == org.gmplab.engine.Outcome.Kind.EXITED
                        ? "the live run ended: main returned (switch to Step and back to Live to run it again)"
                        : "the live run stopped";
            }
            postLive(f, f.events());
            if (hit != null) holdLive(l, "breakpoint: " + hit + " (the live world is held at the next frame)");
        } catch (RuntimeException e) {
            stopLiveTicking();
            report(e);
        }
    }

    private void postLive(LiveRun.Frame f, List<Event> fresh) {
        liveShown = f.snapshot();
        Snapshot s = f.snapshot();
        boolean play = !f.paused() && !f.last(), fin = f.last();
        String what = liveStatus;
        org.gmplab.engine.Outcome o = f.outcome();
        String err = o == null || o.kind() == org.gmplab.engine.Outcome.Kind.EXITED ? null
                : o.kind() == org.gmplab.engine.Outcome.Kind.CRASHED ? "The engine failed: " + o.message().lines().findFirst().orElse("")
                : "The program stopped with a fatal error: " + o.message();
        Platform.runLater(() -> {
            if (!fresh.isEmpty()) {
                events.addAll(fresh);
                int extra = events.size() - LIVE_EVENTS;
                if (extra > 0) events.remove(0, extra);
            }
            snapshot.set(s);
            playing.set(play);
            finished.set(fin);
            status.set(what);
            if (err != null) error.set(err);
        });
    }

    /** Posts the current moment, and the events not yet in the FX list, to the FX thread. */
    private void post(List<Event> passed, String what) {
        List<Event> fresh = new ArrayList<>(branch.tailMap(postedUpTo, false).values());
        if (!fresh.isEmpty()) postedUpTo = fresh.get(fresh.size() - 1).seq();
        String fatal = null;
        if (passed != null)
            for (Event e : passed) if (e.kind() == EventKind.FATAL) fatal = e.why();
        Snapshot s = history.snapshot();
        long pos = history.position(), e = history.end();
        boolean fin = history.finished() && pos == e, play = ticking != null;
        String err = fatal == null ? null
                : fatal.startsWith("engine failure") ? "The engine failed: " + fatal : "The program stopped with a fatal error: " + fatal;
        Platform.runLater(() -> {
            if (!fresh.isEmpty()) events.addAll(fresh);
            snapshot.set(s);
            position.set(pos);
            end.set(e);
            playing.set(play);
            finished.set(fin);
            status.set(what);
            if (err != null) error.set(err);
        });
    }

    private CompletableFuture<Void> run(Runnable r) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        try {
            thread.execute(() -> {
                try {
                    r.run();
                } catch (RuntimeException e) {
                    stopTicking();
                    report(e);
                }
                Platform.runLater(() -> f.complete(null));
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            f.complete(null);   // closed
        }
        return f;
    }

    private void report(RuntimeException e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        String line = m.lines().findFirst().orElse(m);
        Platform.runLater(() -> error.set("Error in the engine driver: " + line));
    }
}
