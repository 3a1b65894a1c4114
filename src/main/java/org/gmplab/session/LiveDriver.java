package org.gmplab.session;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.gmplab.engine.Action;
import org.gmplab.engine.Engine;
import org.gmplab.engine.Outcome;
import org.gmplab.history.History;
import org.gmplab.model.Moment;
import org.gmplab.model.Moment.Say;
import org.gmplab.snapshot.Snapshot;

/**
 * The {@link Driver}'s live mode: it owns the {@link LiveRun} and drives it from the driver's driver
 * thread. It takes the run's exact frames up to {@link LiveRun#FPS} times a second (fewer when the FX side has
 * not taken the last one) and publishes them through the driver's latest-wins slot, as the driver
 * does the history's moments; the log then keeps the newest {@link Driver#LIVE_EVENTS}. Play and pause
 * let the live world go and hold it stopped; a breakpoint that matches a frame's events holds it; an action
 * from outside applies to the world while it is held, not recorded. The history is never touched: its position
 * and end ride on each live frame, so step mode finds it where it was left.
 *
 * <p>Its words about a moment — status, refusal, error — ride on the moment they are about ({@link Say}), as
 * the driver's do.
 *
 * <p>Calling contract: the driver thread only, except {@link #on} and {@link #close}, which any thread may
 * call; {@code close} ends a live run at once, paused or not (a frame under way returns).
 */
final class LiveDriver {
    /** What the live driver needs of the driver. */
    interface Host {
        // driver thread
        /** The frame published last: what the FX side shows, or soon will. */
        Moment shown();
        /** Publishes {@code f} to the latest-wins slot. */
        void publish(Moment f);
        /** True while the frame published last has not been taken by the FX side yet: it is behind. */
        boolean framePending();
        /** The breakpoints now. */
        List<Breakpoint> breakpoints();
        /** Shows a failure of the driver in the error bar. */
        void report(Throwable e);
        /** The mode the driver's own moments are of from now on. */
        void mode(Engine.Mode m);
    }

    private static final String RUNNING = "live: the program runs from its start on real threads (a live run cannot continue a step-mode moment); Space pauses";

    private final ScheduledExecutorService thread;   // the driver's driver thread
    private final Host host;
    private volatile LiveRun run;            // set and cleared by the driver thread; close() may end it

    // driver thread only
    private History history;                 // the step-mode history, left where it was; not touched
    private ScheduledFuture<?> ticking;
    private Snapshot lastShown;              // the live frame shown last
    private String status = "";

    LiveDriver(ScheduledExecutorService thread, Host host) {
        this.thread = thread;
        this.host = host;
    }

    /** Whether live mode is on (any thread). */
    boolean on() { return run != null; }

    /**
     * Starts {@code history}'s scenario from its start on real threads, at {@code speed} (the speed control's
     * value); nothing if live mode is on already.
     */
    void start(History history, double speed) {
        if (run != null) return;
        run = new LiveRun(history.scenario(), speed);
        if (thread.isShutdown()) {   // closed meanwhile: close() did not see this run
            LiveRun l = run;
            run = null;
            l.close();
            return;
        }
        this.history = history;
        lastShown = null;
        status = RUNNING;
        // the log starts afresh with the live run's events, the newest LIVE_EVENTS of them; the run plays from
        // this frame on (shown as not playing, it would let Inject act before the first live frame)
        host.mode(Engine.Mode.LIVE);
        Moment now = host.shown();
        host.publish(new Moment(now.snapshot(), List.of(), true, Driver.LIVE_EVENTS, now.position(), now.end(), true, false,
                Engine.Mode.LIVE, history.scenario(), Set.of(), new Say(null, "", null), List.of()));
        startTicking();
    }

    /** Ends the live run; whether there was one (the driver then shows the history again). */
    boolean stop() {
        LiveRun l = run;
        if (l == null) return false;
        stopTicking();
        run = null;
        history = null;
        l.close();
        host.mode(Engine.Mode.STEP);
        return true;
    }

    /** Lets the live world go ({@code go}) or holds it stopped. */
    void play(boolean go) {
        LiveRun l = run;
        if (l.ended()) {
            status = "the live run has ended: switch to Step and back to Live to run it again";
        } else if (go && l.paused()) {
            l.resume();
            status = RUNNING;
            startTicking();
            return;
        } else if (!go && !l.paused()) {
            hold(l, "paused");
            return;
        }
        post(l.update(lastShown), null);   // the update took its events from the engine: they go to the log
    }

    /** Lets the live world go if it is held; holds it if it runs. */
    void toggle() { play(run.paused()); }

    /** The live clock's speed for the speed control's value ({@link LiveRun#speedFor}). */
    void setSpeed(double perSecond) {
        LiveRun l = run;
        if (l != null) l.setSpeed(perSecond);
    }

    /** Applies {@code a} to the held world and shows it, with the action's events; refused while it runs. */
    void inject(Action a) {
        LiveRun l = run;
        try {
            l.inject(a);
        } catch (IllegalArgumentException | IllegalStateException e) {
            String m = e.getMessage() == null ? e.toString() : e.getMessage();
            host.publish(host.shown().again(new Say("refused: " + m, m, null), null));
            return;
        }
        LiveRun.Update f = l.update(lastShown);
        String held = status;
        status = String.format("%s — the world is still held (Space lets it go on)", Pending.says(a, lastShown));
        post(f, "");
        status = held;
    }

    /** Any thread: ends the live run's threads at once, paused or not; a frame under way returns. */
    void close() {
        LiveRun l = run;
        if (l != null) l.close();
    }

    // ---- ticking and publishing --------------------------------------------------------------------

    /** Holds the live world, shows it (one more frame, of the held moment), and stops taking frames. */
    private void hold(LiveRun l, String why) {
        stopTicking();
        String verdict = l.pause();
        status = verdict == null ? "the live run has ended" : why + ": the world is stopped, every M at a safe point; " + verdict + " (Space resumes)";
        tick();
    }

    private void startTicking() {
        // A frame not yet taken means the FX side is behind (a slow frame, or the Ms starve it of CPU): a new
        // world now would only replace that one, and its stop of the world would pause the Ms for nothing, so
        // that tick is skipped. No event is lost: the engine keeps them until the next frame takes them.
        if (ticking == null)
            ticking = thread.scheduleWithFixedDelay(() -> { if (!host.framePending()) tick(); },
                    0, 1_000_000_000L / LiveRun.FPS, TimeUnit.NANOSECONDS);
    }

    private void stopTicking() {
        if (ticking != null) { ticking.cancel(false); ticking = null; }
    }

    /** Takes one live frame and posts it; a matching breakpoint holds the world. */
    private void tick() {
        LiveRun l = run;
        if (l == null) return;
        try {
            Snapshot before = lastShown;
            LiveRun.Update f = l.update(lastShown);
            String hit = f.paused() || f.last() || before == null || f.events().isEmpty() ? null
                    : Breakpoint.firstHit(host.breakpoints(), f.events(), before, f.snapshot());
            if (f.last()) {
                stopTicking();
                status = f.outcome() != null && f.outcome().kind() == Outcome.Kind.EXITED
                        ? "the live run ended: main returned (switch to Step and back to Live to run it again)"
                        : "the live run stopped";
            }
            post(f, null);
            if (hit != null) hold(l, "breakpoint: " + hit + " (the live world is held at the next frame)");
        } catch (RuntimeException | Error e) {   // an Error too: a periodic task that throws is never run again
            stopTicking();
            host.report(e);
        }
    }

    /**
     * Publishes a live frame: its world and its events for the log (the history stays where step mode left it);
     * {@code refusal} as {@link Say#refusal}.
     */
    private void post(LiveRun.Update f, String refusal) {
        lastShown = f.snapshot();
        boolean play = !f.paused() && !f.last(), fin = f.last();
        String what = status;
        Outcome o = f.outcome();
        String err = o == null || o.kind() == Outcome.Kind.EXITED ? null
                : o.kind() == Outcome.Kind.CRASHED ? "The engine failed: " + o.message().lines().findFirst().orElse("")
                : o.kind() == Outcome.Kind.STOPPED ? "The run was " + o.message()
                : "The program stopped with a fatal error: " + o.message();
        host.publish(new Moment(f.snapshot(), f.events(), false, Driver.LIVE_EVENTS, history.position(), history.end(), play, fin,
                Engine.Mode.LIVE, history.scenario(), Set.of(), new Say(what, refusal, err), List.of()));
    }
}
