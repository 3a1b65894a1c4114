package org.gmplab.session;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.collections.ObservableList;

import org.gmplab.engine.Action;
import org.gmplab.engine.Engine;
import org.gmplab.history.History;
import org.gmplab.history.RealHistory;
import org.gmplab.history.Recording;
import org.gmplab.model.Moment;
import org.gmplab.model.Moment.Say;
import org.gmplab.model.FramePump;
import org.gmplab.model.GmpModel;
import org.gmplab.model.LatestSlot;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.Snapshot;

/**
 * One user's run, the heart of the {@code session} package: the transport over a {@link History} (go to start,
 * step back, step one event, play, run to the next breakpoint, go to the end, jump to any position), the live
 * mode, the breakpoints and the actions injected from outside. One background thread, the driver, owns the
 * history (it alone calls it) and the live run. It publishes each moment it reaches as a {@link Moment} into a
 * latest-wins {@link LatestSlot}; a {@link FramePump} on the FX thread takes the latest one each video frame
 * into a {@link GmpModel}, whose read-only properties and event log the views read (through the accessors
 * here). A driver faster than the screen — playing at 1000 steps a second, a live run — so costs the FX thread
 * one update a frame, not a {@code Platform.runLater} per step, and loses no log line: frames not yet taken
 * are merged.
 *
 * <p>The history keeps snapshots, not events, so the driver keeps every event of the current branch by
 * {@code seq}: the log shows all of them, and a breakpoint can be checked on positions revisited from the
 * snapshot ring (where {@link History#lastEvents()} is empty). Injecting at a past position drops the
 * events after it, as the history drops that future.
 *
 * <p>Each command returns a future completed on the FX thread once its result is shown: the driver hangs the
 * completion on a moment ({@link Moment#whenShown}) after the command's own. Its words about a moment —
 * status, refusal, error ({@link Say}) — its mode and scenario, and the Gs with an injected action still to
 * take ride on the moment they are about, so they change in the same pulse as the world they describe.
 * Failures never escape: a refused action (IllegalArgumentException) sets the model's refusal; anything else,
 * and a run that ends in a fatal error or an engine crash, sets its error.
 *
 * <p><b>Live mode</b> ({@link #setMode}): beside the history, a {@link LiveDriver} runs the same scenario from
 * its start on real threads and publishes its frames through the same slot, on the same driver thread; the log
 * then keeps the newest {@link #LIVE_EVENTS}. Play/pause then let the live world go and hold it stopped, and an
 * action from outside applies to it while it is held (paused), not recorded: the commands hand these to the
 * live driver. The commands that need the recorded history (stepping, jumping, running to a breakpoint) are
 * refused in live mode ({@link #stepOnly}); switching back to step mode shows the history where it was left,
 * which the live run never touched.
 *
 * <p><b>Long commands</b> (a jump far ahead, a replay from the start, a run to the next breakpoint, a lesson's
 * wait): once one has run for {@link #BUSY_AFTER_NANOS} {@link #busyProperty()} turns true, for the window to
 * show {@link #progressProperty()} and a Cancel button; {@link #cancel()} stops the command at its next safe
 * point through the history's cancel flag (no thread is interrupted), and the status says where it left the
 * run: at the position reached, or — a replay towards a known position — where it was.
 */
public final class Driver implements AutoCloseable {
    /** A run to the next breakpoint gives up after this many positions. */
    public static final int MAX_RUN = 2_000_000;

    private volatile Recording history;      // replaced only by load(), on the driver thread
    private final ScheduledExecutorService thread;
    /** Futures of commands not yet shown: completed by close() if their frame never will be (any thread). */
    private final java.util.Set<CompletableFuture<Void>> unfinished = java.util.concurrent.ConcurrentHashMap.newKeySet();

    // driver thread only
    private final TreeMap<Long, Event> branch = new TreeMap<>();
    private long postedUpTo;                 // the highest seq published to the log
    private Moment shown;                    // the last moment published: what the FX side shows, or soon will
    private Engine.Mode mode = Engine.Mode.STEP;
    private final Pending pending = new Pending();   // injected actions not yet taken
    private ScheduledFuture<?> ticking;
    private double speed = 4;
    private volatile boolean cancel;
    private volatile boolean running;        // a run to the next breakpoint is queued or under way
    // the command under way (driver thread writes, FX thread and engine threads read)
    private volatile boolean working;        // a command is running on the driver thread
    private volatile long workingSince;      // System.nanoTime() when it began
    private volatile boolean cancelAsked;    // Cancel was pressed while it ran: stop at the next safe point
    private volatile double workDone = -1;   // its progress from 0 to 1, or -1 if unknown (from the history's replays)
    private final LiveDriver live;           // live mode; driver thread, but on() and close() from any

    // driver thread → FX thread
    private final LatestSlot slot = new LatestSlot();

    // FX thread only (the pump applies the moments to the model)
    private final GmpModel model = new GmpModel();
    private final FramePump pump = new FramePump(model, slot);
    // the breakpoints: the list shown edited on the FX thread, each scenario's read by the driver thread
    private final Breakpoints breakpoints;
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", -1);
    private volatile long start;

    /** A command that runs longer than this shows the progress bar (so quick steps do not flash it). */
    public static final long BUSY_AFTER_NANOS = 300_000_000L;

    public Driver(Recording history) {
        this.history = history;
        watch(history);
        this.start = history.position();
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gmplab-session");
            t.setDaemon(true);
            return t;
        });
        live = new LiveDriver(thread, new LiveDriver.Host() {
            @Override public Moment shown() { return shown; }
            @Override public void publish(Moment f) { Driver.this.publish(f); }
            @Override public boolean framePending() { return slot.pending(); }
            @Override public List<Breakpoint> breakpoints() { return bps(); }
            @Override public void report(Throwable e) { Driver.this.report(e); }
            @Override public void mode(Engine.Mode m) { mode = m; }
        });
        breakpoints = new Breakpoints(history.scenario());
        breakpoints.follow(model.scenarioProperty());
        shown = new Moment(null, List.of(), false, Moment.ALL, 0, 0, false, false, List.of());   // the model as made
        pump.eachPulse(this::showBusy);
        onFx(pump::start);
        run(() -> post(null, ""));
    }

    // ---- FX side ----------------------------------------------------------------------------------

    /**
     * The model of this run: what every view binds to (FX thread). The driver's moments reach it through the
     * one frame clock.
     */
    public GmpModel model() { return model; }
    /** The scenario being run (immutable; any thread). */
    public org.gmplab.scenario.Scenario scenario() { return history.scenario(); }
    /** Whether the run shown is a real Go run read from its trace, which cannot be run again under other rules (any thread). */
    public boolean showsRealRun() { return history.real(); }
    /** The position of the start of the run. */
    public long start() { return start; }
    /** Each pulse (FX thread): shows whether a command has been running for more than a moment, and how far it got. */
    private void showBusy() {
        busy.set(working && System.nanoTime() - workingSince > BUSY_AFTER_NANOS);
        progress.set(workDone);
    }

    /** True while a command has been running for more than {@link #BUSY_AFTER_NANOS} (FX thread, updated each video frame). */
    public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }
    /** How far the long command has got, 0 to 1, or -1 when that is not known (a run to the next breakpoint). */
    public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }
    /** The breakpoints of the scenario shown ({@link Breakpoints}); edit on the FX thread. */
    public ObservableList<Breakpoint> breakpoints() { return breakpoints.list(); }

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
            if (m != Engine.Mode.LIVE) { stopLive(); return; }
            if (!(history instanceof History h)) {   // a real run is what Go did: there is nothing to run again
                say("a real Go run has no live mode: it is a recording of what Go did");
                return;
            }
            stopTicking();
            live.start(h, speed);
        });
    }

    public CompletableFuture<Void> toStart() { return move(history::toStart); }
    public CompletableFuture<Void> toEnd() { return move(history::toEnd); }
    public CompletableFuture<Void> stepBack() { return move(history::stepBack); }
    /** Jumps to position {@code n}; in live mode nothing happens (selecting a live event only shows its why). */
    public CompletableFuture<Void> jumpTo(long n) { return live.on() ? idle() : move(() -> history.jumpTo(n)); }

    /**
     * To the position that includes event {@code n}, then on in virtual time to {@code time} if it is ≥ 0 (a
     * moment between events, as a lesson's time step ends). Forward, the positions are walked one by one so
     * the log gets every event passed; back, it jumps.
     */
    public CompletableFuture<Void> forwardTo(long n, long time) { return forwardTo(null, n, time).thenApply(ok -> null); }

    /**
     * {@link #forwardTo(long, long)} if the run shown is still of the scenario {@code expected} (the same object;
     * null: whatever it is); false,
     * and nothing done, if another was loaded meanwhile (e.g. by the editor). Live mode ends first: a moment of
     * the history is a step-mode moment.
     */
    public CompletableFuture<Boolean> forwardTo(org.gmplab.scenario.Scenario expected, long n, long time) {
        boolean[] ok = {false};
        return run(() -> {
            if (expected != null && history.scenario() != expected) return;
            ok[0] = true;
            stopLive();
            stopTicking();
            List<Event> all = new ArrayList<>();
            if (n < history.position()) history.jumpTo(n);
            while (history.position() < n && !cancelAsked) {
                List<Event> passed = forward();
                if (passed == null) break;
                all.addAll(passed);
            }
            if (cancelAsked) { post(all, cancelled()); return; }
            if (time >= 0) {
                try {
                    history.waitUntil(time);
                } catch (IllegalStateException refused) {   // an action is recorded ahead: show the position reached
                    postRefusal(all, refused);
                    return;
                }
                for (Event e : history.lastEvents()) branch.put(e.seq(), e);
                all.addAll(history.lastEvents());
            }
            post(all, cancelAsked ? cancelled() : "");
        }).thenApply(v -> ok[0]);
    }

    /** Forward one position (one event, and the minor ones the engine emits before its next safe point). */
    public CompletableFuture<Void> stepEvent() {
        return run(stepOnly(() -> {
            stopTicking();
            Snapshot before = history.snapshot();
            List<Event> passed = forward();
            String hit = passed == null ? null : Breakpoint.firstHit(bps(), passed, before, history.snapshot());
            post(passed, passed == null ? "at the end of the run" : hit == null ? "" : "breakpoint: " + hit);
        }));
    }

    /** Forward until the next position that matches a breakpoint (or the end of the run). */
    public CompletableFuture<Void> runToBreakpoint() {
        if (live.on()) return run(stepOnly(() -> { }));
        cancel = false;
        running = true;
        return run(() -> {
            try {
                stepOnly(this::runToBreakpointNow).run(); // live mode may have begun since it was asked
            } finally {
                running = false;
            }
        });
    }

    private void runToBreakpointNow() {
        stopTicking();
        if (bps().isEmpty()) { post(List.of(), "no breakpoints set: add one in the Breakpoints panel"); return; }
        say("running to the next breakpoint… (Space stops)");   // shown at the next video frame, while it runs
        List<Event> all = new ArrayList<>();
        String hit = null;
        for (int i = 0; i < MAX_RUN && hit == null && !cancel && !cancelAsked; i++) {
            Snapshot before = history.snapshot();
            List<Event> passed = forward();
            if (passed == null) break;
            all.addAll(passed);
            hit = Breakpoint.firstHit(bps(), passed, before, history.snapshot());
        }
        post(all, hit != null ? "breakpoint: " + hit : cancelAsked ? cancelled() : cancel ? "stopped" : "no breakpoint matched before the end of the run");
    }

    /** Plays at the speed set: one major step per tick, stopping at a breakpoint or the end. */
    public CompletableFuture<Void> play() {
        if (running) { cancel = true; return idle(); }
        return run(() -> {
            if (live.on()) { live.play(true); return; }
            if (ticking == null) startTicking();
            post(List.of(), "playing");
        });
    }

    public CompletableFuture<Void> pause() {
        cancel = true;
        return run(() -> {
            if (live.on()) { live.play(false); return; }
            stopTicking();
            post(List.of(), "paused");
        });
    }

    /** Plays if paused; pauses if playing; also stops a run to the next breakpoint that is under way. */
    public CompletableFuture<Void> togglePlay() {
        if (running) { cancel = true; return idle(); }
        return run(() -> {
            if (live.on()) { live.toggle(); return; }
            if (ticking == null) { startTicking(); post(List.of(), "playing"); }
            else { stopTicking(); post(List.of(), "paused"); }
        });
    }

    /** Major steps a second while playing, 0.1 to 1000; in live mode, ms of Go time a second ({@link LiveRun#speedFor}). */
    public CompletableFuture<Void> setSpeed(double perSecond) {
        double s = Math.max(0.1, Math.min(1000, perSecond));
        return run(() -> {
            speed = s;
            live.setSpeed(s);
            if (ticking != null) { stopTicking(); startTicking(); }
        });
    }

    /**
     * Applies {@code a} at the current position (recorded by the history) and says what it does in words; a G
     * that takes it only at its next scheduling point is pending until then ({@link Pending}). A refusal goes
     * to the model's refusal.
     */
    public CompletableFuture<Void> inject(Action a) {
        return run(() -> {
            if (live.on()) { live.inject(a); return; }
            stopTicking();
            long asked = history.position();
            Snapshot world = history.snapshot();
            try {
                history.inject(a);
            } catch (IllegalArgumentException | IllegalStateException e) {
                postRefusal(List.of(), e);
                return;
            }
            pending.injected(a, asked, history.position());
            long pos = history.position();
            List<Event> evs = history.lastEvents();
            // a new branch: the future after the position where it applied is gone, from the log too
            long from = evs.isEmpty() ? pos : evs.get(0).seq() - 1;
            boolean logShowsLost = postedUpTo > from;
            branch.tailMap(from, false).clear();
            for (Event e : evs) branch.put(e.seq(), e);
            post(evs, Pending.says(a, world), logShowsLost, "");
        });
    }

    /**
     * Replaces the run with a fresh one of {@code sc}, from its start ({@link #load(Recording)}), made on the
     * driver thread. The editor's Run and the lesson screen come this way: the history is the session's to make.
     */
    public CompletableFuture<Void> load(org.gmplab.scenario.Scenario sc) {
        cancel = true;
        return run(() -> replace(new History(sc)));
    }

    /**
     * Replaces the run: stops playing, closes the old history and shows {@code next} from its current position
     * with its events (a session file restored is a history already at its moment). The breakpoints shown
     * become {@code next}'s scenario's ({@link Breakpoints}).
     */
    public CompletableFuture<Void> load(Recording next) {
        cancel = true;
        return run(() -> replace(next));
    }

    /**
     * Replaces the run with a real Go run read from its execution trace ({@link RealHistory}), read on the driver
     * thread with the progress bar; a file that cannot be read leaves the run shown as it was and says why in
     * one line (the error).
     */
    public CompletableFuture<Void> loadRealTrace(java.nio.file.Path file) {
        cancel = true;
        return run(() -> {
            RealHistory next;
            try {
                next = RealHistory.read(file, (done, total) -> workDone = total > 0 ? Math.min(1, (double) done / total) : -1);
            } catch (java.io.IOException e) {
                publish(shown.again(new Say(null, null, file + ": " + (e instanceof java.nio.file.NoSuchFileException
                        ? "no such file" : e.getMessage())), null));
                return;
            }
            replace(next);
        });
    }

    private void replace(Recording next) {
        stopLive();
        stopTicking();
        Recording old = history;
        history = next;
        watch(next);
        start = next.position();
        branch.clear();
        pending.clear();
        for (Event e : next.lastEvents()) branch.put(e.seq(), e);
        post(List.of(), new Say("loaded " + next.scenario().name(), "", ""), true);
        cancel = false;
        old.close();
    }

    /** The run shown, as a session to save: its scenario, injected actions and position (completes on the driver thread). */
    public CompletableFuture<org.gmplab.history.Session> session(java.util.Map<String, String> settings) {
        CompletableFuture<org.gmplab.history.Session> f = new CompletableFuture<>();
        run(() -> {
            try {
                if (!(history instanceof History h))
                    throw new IllegalStateException("a real Go run is not a session: open its trace file again");
                f.complete(org.gmplab.history.Session.of(h, settings));
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        return f;
    }

    /**
     * Stops the command under way at its next safe point (any thread; nothing if none is running). Commands
     * queued after it still run.
     */
    public void cancel() { if (working) cancelAsked = true; }

    /** Completes (on the FX thread) once every command queued before it is done and shown. */
    public CompletableFuture<Void> idle() { return run(() -> { }); }

    /** Whether {@link #close} was called: work done for this driver elsewhere (a scan of its run) may stop. Any thread. */
    public boolean closed() { return thread.isShutdown(); }

    /**
     * Ends the driver thread and the live run, closes the history, then shows the last frame published (so
     * no command that ran is left waiting) and stops the frame clock. Any thread.
     */
    @Override
    public void close() {
        cancel = true;
        // The driver first: a live run it starts from now on sees it shut down and closes itself; one started
        // before is visible to live.close(), whose threads end at once, paused or not (a frame under way returns).
        thread.shutdownNow();
        live.close();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        history.close();
        onFx(() -> {
            pump.pulse();
            pump.stop();
            busy.set(false);
            // commands the driver never ran (dropped by shutdownNow), or whose frame came after this last pulse
            for (CompletableFuture<Void> f : List.copyOf(unfinished)) f.complete(null);
        });
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
                hit = Breakpoint.firstHit(bps(), passed, before, history.snapshot());
            }
            if (hit != null) stopTicking();
            post(all, hit != null ? "breakpoint: " + hit : ticking == null ? "at the end of the run" : "playing");
        } catch (RuntimeException | Error e) {   // an Error too: a periodic task that throws is silently never run again
            stopTicking();
            report(e);
        }
    }

    private CompletableFuture<Void> move(Runnable r) {
        return run(stepOnly(() -> {
            stopTicking();
            r.run();
            for (Event e : history.explored()) branch.put(e.seq(), e);   // a jump forward: the log shows the way
            post(List.of(), cancelAsked ? cancelled() : "");
        }));
    }

    /** Ends live mode, if on, and shows the history where it was left. */
    private void stopLive() {
        if (live.stop()) {
            post(List.of(), Say.status("step mode: back at event " + history.position() + ", where it was left"), true);
        }
    }

    /** {@code r}, or in live mode a status saying it needs step mode. */
    private Runnable stepOnly(Runnable r) {
        return () -> {
            if (!live.on()) { r.run(); return; }
            say("step mode only: a live run cannot step, go back or jump through the history — switch to Step");
        };
    }

    // ---- publishing (driver thread) --------------------------------------------------------------------

    private void post(List<Event> passed, String what) { post(passed, Say.status(what), false); }

    /** Posts the moment reached, saying {@code what} and clearing the refusal shown ({@code refusal} ""), if any. */
    private void post(List<Event> passed, String what, boolean reset, String refusal) { post(passed, new Say(what, refusal, null), reset); }

    /** Posts the moment reached, saying why {@code e} refused what was asked. */
    private void postRefusal(List<Event> passed, RuntimeException e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        post(passed, new Say("refused: " + m, m, null), false);
    }

    /**
     * Publishes the history's moment with the events of the branch not yet in the log, saying {@code say} (and
     * the error, if the events passed end the program); with {@code reset}, the log is rebuilt from the whole
     * branch (another run, an injection in the past, back from live mode).
     */
    private void post(List<Event> passed, Say say, boolean reset) {
        SortedMap<Long, Event> unposted = reset ? branch : branch.tailMap(postedUpTo, false);
        List<Event> fresh = new ArrayList<>(unposted.values());
        if (!fresh.isEmpty()) postedUpTo = fresh.get(fresh.size() - 1).seq();
        else if (reset) postedUpTo = 0;
        String fatal = null;
        if (passed != null)
            for (Event e : passed) if (e.kind() == EventKind.FATAL) fatal = e.why();
        long pos = history.position(), end = history.end();
        String err = fatal == null ? say.error()
                : fatal.startsWith("engine failure") ? "The engine failed: " + fatal
                : fatal.startsWith("stopped") ? "The run was " + fatal     // a limit (the memory budget) stopped it
                : "The program stopped with a fatal error: " + fatal;
        publish(new Moment(history.snapshot(), fresh, reset, Moment.ALL, pos, end, ticking != null, history.finished() && pos == end,
                mode, history.scenario(), pending.at(pos, history.snapshot(), branch), new Say(say.status(), say.refusal(), err), List.of()));
    }

    private void publish(Moment f) {
        shown = f;
        slot.publish(f);
    }

    /** Says {@code what} about what is shown now (no new moment). */
    private void say(String what) { publish(shown.again(Say.status(what), null)); }

    /** Runs {@code r} on the driver thread; the future completes once its result is shown. */
    private CompletableFuture<Void> run(Runnable r) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        unfinished.add(f);
        f.whenComplete((v, e) -> unfinished.remove(f));
        try {
            thread.execute(() -> {
                long from = history.position();
                cancelAsked = false;
                workDone = -1;
                workingSince = System.nanoTime();
                working = true;
                try {
                    r.run();
                } catch (History.Cancelled e) {   // a replay gave up before it got anywhere: the history is where it was
                    post(List.of(), history.position() == from ? "cancelled: still at event " + from + ", where it was" : cancelled());
                } catch (RuntimeException | Error e) {   // an Error too: else the future never completes
                    stopTicking();
                    report(e);
                } finally {
                    working = false;
                }
                publish(shown.again(() -> f.complete(null)));
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            f.complete(null);   // closed
        }
        return f;
    }

    /** Lets the Cancel button stop {@code h}'s long moves, and its replays report how far they got. */
    private void watch(Recording h) {
        h.cancelWhen(() -> cancelAsked);
        h.onProgress((done, total) -> workDone = total > 0 ? Math.min(1, (double) done / total) : -1);
    }

    /** The breakpoints of the run (driver thread). */
    private List<Breakpoint> bps() { return breakpoints.of(history.scenario()); }

    /** The status of a command Cancel stopped on its way (driver thread). */
    private String cancelled() { return "cancelled: stopped at event " + history.position(); }

    private void report(Throwable e) {
        if (e instanceof OutOfMemoryError) {
            // What fills the heap here is the branch's events, kept for the log: let them go, so that the
            // report (and the window) has room to go on. The log shows the events from here on.
            branch.clear();
            publish(shown.again(new Say(null, null, "Out of memory: the run holds more than the Java heap (" + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB) allows; start GMP Lab with a larger heap, e.g. java -Xmx2g -jar gmplab.jar"), null));
            return;
        }
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        String line = m.lines().findFirst().orElse(m);
        publish(shown.again(new Say(null, null, "Error in the engine driver: " + line), null));
    }

    /** Runs {@code r} on the FX thread: now if this is it, else later. */
    private static void onFx(Runnable r) {
        if (Platform.isFxApplicationThread()) r.run(); else Platform.runLater(r);
    }

    // ---- settings a saved session keeps (FX thread) ----------------------------------------------------

    private final javafx.collections.ObservableMap<String, String> settings = javafx.collections.FXCollections.observableHashMap();

    /**
     * The window's settings by name (e.g. {@code "speed"}) that a saved session keeps ({@link #session}'s
     * argument) and an opened one puts back: each control writes its own here and follows changes to it. FX thread.
     */
    public javafx.collections.ObservableMap<String, String> settings() { return settings; }
}
