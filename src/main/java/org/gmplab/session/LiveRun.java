package org.gmplab.session;

import java.util.List;

import org.gmplab.engine.Engine;
import org.gmplab.engine.Outcome;
import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;

/**
 * The window's live mode: a scenario run from its start on real parallel threads ({@link Engine#live}),
 * watched through exact stopped-world frames ({@link Engine#takeFrame}), each with the events since the one
 * before, so none is seen twice or missed. A {@link LiveDriver}, on the {@link Driver}'s driver thread,
 * takes the frames and publishes them to the model, as the driver does the history's moments in step
 * mode. A live run cannot continue a step-mode moment: its threads really race, so it starts the program
 * afresh.
 *
 * <p>Pause holds the world stopped ({@link Engine#pause}): every M waits at a safe point and the clock
 * stands still, so the picture shown is one consistent moment, and the invariants are checked on it.
 *
 * <p>Calling contract: the driver's driver thread only, except {@link #close}, which any thread may
 * call at any time (a frame under way then ends at once).
 */
final class LiveRun implements AutoCloseable {
    /** Frames a second while running (a stop of the world each). */
    static final int FPS = 30;

    /**
     * The Java priority of the live engine's threads (Ms, sysmon, spares): below the window's own (the FX and
     * render threads are at {@link Thread#NORM_PRIORITY}). On two cores, eight busy Ms, the JIT and the collector
     * competed with the window's threads as equals, and the picture stuttered when the program it shows was busy.
     * A share, not a ban: the Ms still run when the window does not need the cores. Where the JVM maps Java
     * priorities to the OS's (on Linux only with {@code -XX:ThreadPriorityPolicy=1}, which the app image sets:
     * docs/install.md), the Ms run at nice 4. Only on Linux: Windows applies Java priorities without any option
     * and schedules strictly by them (a starved thread is boosted only after seconds), so a lowest-priority M there
     * could hold up the stops of the world each frame waits for; there, and on macOS, the engine keeps normal
     * priority. The CLI's live runs keep equal priorities.
     */
    static final int ENGINE_PRIORITY =
            System.getProperty("os.name", "").startsWith("Linux") ? Thread.MIN_PRIORITY : Thread.NORM_PRIORITY;

    /** What one frame shows: the world, the events up to it not shown before, and how things stand. */
    record Update(Snapshot snapshot, List<Event> events, boolean paused, Outcome outcome, boolean last) {}

    private final Engine engine;
    private boolean over;        // the final frame has been taken

    /** Starts {@code scenario} live; {@code perSecond} as {@link #speedFor}. */
    LiveRun(Scenario scenario, double perSecond) {
        this.engine = Engine.live(scenario, speedFor(perSecond), true, ENGINE_PRIORITY);
    }

    /**
     * The live clock's speed for the speed control's value: that many ms of Go time a second (slow motion:
     * the built-in scenarios take from milliseconds to seconds of Go time).
     */
    static double speedFor(double perSecond) { return Math.max(1e-6, Math.min(1e6, perSecond / 1000)); }

    void setSpeed(double perSecond) { if (!over) engine.setSpeed(speedFor(perSecond)); }

    /** The world now and the events since the last frame; after the final frame, the same world again. */
    Update update(Snapshot lastShown) {
        if (over) return new Update(lastShown, List.of(), false, engine.outcome(), true);
        Outcome ended = engine.outcome();    // read first: if set, this frame sees the whole run
        Engine.LiveFrame f = engine.takeFrame(false);
        over = ended != null;
        return new Update(f.snapshot(), f.events(), engine.paused(), ended, over);
    }

    /**
     * Stops the world and holds it; checks the invariants on it.
     *
     * @return what the check found, in words; null if the program has ended (nothing to hold)
     */
    String pause() {
        if (!engine.pause()) return null;
        try {
            engine.checkInvariants();
            return "every invariant holds";
        } catch (IllegalStateException e) {
            return "invariant broken: " + e.getMessage();
        }
    }

    void resume() { engine.resume(); }

    /**
     * Applies an action from outside to the held world (not recorded: a live run has no history to replay).
     * Held, every M waits at a safe point and no lock is taken, so the scheduler functions an action calls run
     * as from outside the program; a thread it starts or wakes waits at its gate until the world is let go.
     *
     * @throws IllegalStateException if the world is not held (pause first)
     * @throws IllegalArgumentException if the action does not apply to this world
     */
    void inject(org.gmplab.engine.Action a) {
        if (over) throw new IllegalStateException("the live run has ended");
        if (!engine.paused()) throw new IllegalStateException("pause first: in live mode an action applies to the world held stopped (Space)");
        engine.inject(a);
    }

    boolean paused() { return engine.paused(); }

    boolean ended() { return over; }

    @Override
    public void close() { engine.close(); }
}
