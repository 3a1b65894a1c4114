package org.gmplab.model;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.gmplab.engine.Engine;
import org.gmplab.engine.program.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;

/**
 * Runs a scenario in live mode and publishes an exact world ({@link Engine#snapshotStopped}, a brief
 * stop-the-world) at most {@link #MAX_FPS} times a second, with the events recorded since the previous
 * one — and only when the FX thread has taken the previous frame, so the rate falls to what the screen
 * shows. Stops publishing after the final frame once the program has ended.
 */
public final class LiveDriver implements AutoCloseable {
    public static final int MAX_FPS = 60;

    private final Engine engine;
    private final LatestSlot slot;
    private final boolean recordEvents;
    private final ScheduledExecutorService thread;
    private volatile boolean done;

    public LiveDriver(Scenario scenario, double speed, boolean recordEvents, LatestSlot slot) {
        this.slot = slot;
        this.recordEvents = recordEvents;
        this.engine = Engine.live(scenario, speed, recordEvents);
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gmplab-live-driver");
            t.setDaemon(true);
            return t;
        });
        // Fixed delay, not rate: a slow stop-the-world never makes snapshots pile up.
        thread.scheduleWithFixedDelay(this::publishOnce, 0, 1_000_000_000L / MAX_FPS, TimeUnit.NANOSECONDS);
    }

    public Engine engine() { return engine; }

    /** Whether the final frame (after the program ended) has been published. */
    public boolean done() { return done; }

    private void publishOnce() {
        if (done) return;
        boolean over = engine.outcome() != null;
        // The FX side has not taken the previous frame: it is behind (a slow frame, or the Ms starve it of CPU).
        // A new world now would only replace that one, and its stop-the-world would pause the Ms for nothing;
        // skip this tick. No event is lost: the engine keeps them until the next frame takes them.
        if (!over && slot.pending()) return;
        // the snapshot and the events up to it, read in one stop of the world: each event exactly once
        Engine.LiveFrame f = engine.takeFrame(false);
        Snapshot s = f.snapshot();
        List<Event> fresh = recordEvents ? f.events() : List.of();
        slot.publish(new Frame(s, fresh, s.events(), s.events(), !over, over, false));
        if (over) {
            done = true;
            thread.shutdown();
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        engine.close();
    }
}
