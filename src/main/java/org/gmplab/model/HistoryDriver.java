package org.gmplab.model;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.gmplab.engine.Action;
import org.gmplab.history.History;
import org.gmplab.history.Session;
import org.gmplab.snapshot.Event;

/**
 * Runs a step-mode {@link History} on its own thread and publishes each moment into a {@link LatestSlot}:
 * commands from the UI (step, step back, jump, play at a speed, inject) are queued to that thread, which
 * alone touches the history; the FX thread only ever reads the slot. Playing takes one major step per
 * tick at {@code speed} ticks a second and stops by itself at the end of the run.
 *
 * <p>Each command returns a future completed once its frame is published (tests wait on it; the UI may
 * ignore it). A command that fails (an action that does not apply, a replay that diverges) completes its
 * future exceptionally and is reported to {@code onError} with one line; the history is left as it was.
 */
public final class HistoryDriver implements AutoCloseable {
    private final History history;
    private final LatestSlot slot;
    private final ScheduledExecutorService thread;
    private volatile Consumer<String> onError = msg -> { };
    private ScheduledFuture<?> ticking;   // driver thread only
    private double speed = 10;            // driver thread only

    public HistoryDriver(History history, LatestSlot slot) {
        this.history = history;
        this.slot = slot;
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gmplab-history-driver");
            t.setDaemon(true);
            return t;
        });
        run(() -> publish(List.of(), true));
    }

    /** Where failures go, as one line (called on the driver thread). */
    public void onError(Consumer<String> c) { this.onError = c == null ? msg -> { } : c; }

    public CompletableFuture<Void> stepEvent() { return run(() -> { history.stepEvent(); publish(history.lastEvents(), false); }); }

    public CompletableFuture<Void> stepMajor() { return run(() -> { history.stepMajor(); publish(history.lastEvents(), false); }); }

    public CompletableFuture<Void> stepBack() { return run(() -> { history.stepBack(); publish(List.of(), true); }); }

    public CompletableFuture<Void> toStart() { return run(() -> { history.toStart(); publish(List.of(), true); }); }

    public CompletableFuture<Void> toEnd() { return run(() -> { history.toEnd(); publish(List.of(), true); }); }

    public CompletableFuture<Void> jumpTo(long n) { return run(() -> { history.jumpTo(n); publish(List.of(), true); }); }

    public CompletableFuture<Void> inject(Action a) { return run(() -> { history.inject(a); publish(history.lastEvents(), false); }); }

    /** Ticks (major steps) per second while playing; 0.1 to 10,000. */
    public CompletableFuture<Void> setSpeed(double stepsPerSecond) {
        if (!(stepsPerSecond >= 0.1 && stepsPerSecond <= 10_000))
            throw new IllegalArgumentException("speed must be 0.1 to 10000 steps a second, not " + stepsPerSecond);
        return run(() -> {
            speed = stepsPerSecond;
            if (ticking != null) { ticking.cancel(false); ticking = null; startTicking(); }
        });
    }

    public CompletableFuture<Void> play() {
        return run(() -> {
            if (ticking == null && !atFinalMoment()) startTicking();
            publish(List.of(), false);
        });
    }

    public CompletableFuture<Void> pause() { return run(() -> { stopTicking(); publish(List.of(), false); }); }

    /** The current moment as a session (to save). */
    public CompletableFuture<Session> session(Map<String, String> settings) {
        return CompletableFuture.supplyAsync(() -> Session.of(history, settings), thread);
    }

    @Override
    public void close() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        history.close();
    }

    // ---- driver thread ----------------------------------------------------------------------------

    private void startTicking() {
        long period = Math.max(100_000L, (long) (1_000_000_000L / speed));
        ticking = thread.scheduleAtFixedRate(this::tick, period, period, TimeUnit.NANOSECONDS);
    }

    private void stopTicking() {
        if (ticking != null) { ticking.cancel(false); ticking = null; }
    }

    private void tick() {
        try {
            boolean moved = history.stepMajor();
            if (!moved || atFinalMoment()) stopTicking();
            publish(history.lastEvents(), false);
        } catch (RuntimeException e) {
            stopTicking();
            report(e);
            publish(List.of(), false);
        }
    }

    private void publish(List<Event> events, boolean reset) {
        slot.publish(new Frame(history.snapshot(), events, history.position(), history.end(), ticking != null, atFinalMoment(), reset));
    }

    /** At the end of a run that has ended: nothing more to play. */
    private boolean atFinalMoment() { return history.finished() && history.position() == history.end(); }

    private CompletableFuture<Void> run(Runnable r) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        thread.execute(() -> {
            try {
                r.run();
                f.complete(null);
            } catch (RuntimeException e) {
                report(e);
                f.completeExceptionally(e);
            }
        });
        return f;
    }

    private void report(RuntimeException e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        onError.accept(m.lines().findFirst().orElse(m));
    }
}
