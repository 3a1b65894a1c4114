package org.gmplab.app;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

import org.gmplab.engine.Engine;
import org.gmplab.engine.program.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;

/**
 * One step-mode engine run, driven from a single background thread so the FX thread never waits for the
 * scheduler. Each step publishes the new snapshot and its events to {@code sink} (the canvas's latest-wins
 * inbox). Play steps at a fixed rate; reset starts the scenario again from the beginning.
 */
final class Session implements AutoCloseable {
    private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "gmplab-session");
        t.setDaemon(true);
        return t;
    });
    private final Scenario scenario;
    private final BiConsumer<Snapshot, List<Event>> sink;
    private Engine engine;            // touched only on the worker thread
    private ScheduledFuture<?> playing;
    private volatile boolean ended;

    Session(Scenario scenario, BiConsumer<Snapshot, List<Event>> sink) {
        this.scenario = scenario;
        this.sink = sink;
        worker.execute(this::start);
    }

    Scenario scenario() { return scenario; }

    boolean ended() { return ended; }

    private void start() {
        if (engine != null) engine.close();
        engine = Engine.step(scenario);
        ended = false;
        engine.drainEvents();
        sink.accept(engine.snapshot(), List.of());
    }

    /** One major event. */
    void step() { worker.execute(this::stepNow); }

    private void stepNow() {
        if (ended) return;
        Engine.Stop stop = engine.step();
        if (stop != Engine.Stop.EVENT) ended = true;
        sink.accept(engine.snapshot(), engine.drainEvents());
    }

    /** Steps {@code perSecond} times a second until paused or the program ends. */
    synchronized void play(double perSecond) {
        pause();
        long period = Math.max(1, (long) (1_000_000 / perSecond));
        playing = worker.scheduleAtFixedRate(this::stepNow, 0, period, TimeUnit.MICROSECONDS);
    }

    synchronized void pause() {
        if (playing != null) playing.cancel(false);
        playing = null;
    }

    synchronized boolean isPlaying() { return playing != null; }

    void reset() {
        pause();
        worker.execute(this::start);
    }

    @Override
    public void close() {
        pause();
        worker.execute(() -> { if (engine != null) engine.close(); });
        worker.shutdown();
    }

}
