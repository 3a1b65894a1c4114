package org.gmplab.model;

import javafx.animation.AnimationTimer;

/**
 * The frame clock between the driver and the views: one {@link AnimationTimer} that, each pulse (about 60 a
 * second), takes the latest moment from the slot, applies it to the model and then runs what waited for it to
 * be shown — a command's completion among them, so whoever waits on a command sees its result in the model.
 * The timer is made on the first {@link #start()} (it needs the JavaFX toolkit), so the pump can be built on
 * any thread. FX thread only, after construction.
 */
public final class FramePump {
    private final GmpModel model;
    private final LatestSlot slot;
    private AnimationTimer timer;
    private Runnable eachPulse = () -> { };

    public FramePump(GmpModel model, LatestSlot slot) {
        this.model = model;
        this.slot = slot;
    }

    /**
     * The work of one pulse; the timer calls it, tests and a closing driver (to show its last frame) may too.
     * Returns whether a frame was applied.
     */
    public boolean pulse() {
        Moment f = slot.take();
        if (f == null) return false;
        model.apply(f);
        for (Runnable r : f.whenShown()) {
            try {
                r.run();
            } catch (RuntimeException e) {   // one failing action must not leave the later commands waiting
                Thread t = Thread.currentThread();
                t.getUncaughtExceptionHandler().uncaughtException(t, e);
            }
        }
        return true;
    }

    /** Also runs {@code r} at every pulse of the clock, after the frame (one clock for everything the window shows). */
    public void eachPulse(Runnable r) { eachPulse = java.util.Objects.requireNonNull(r); }

    public void start() {
        if (timer == null) {
            timer = new AnimationTimer() {
                @Override
                public void handle(long now) {
                    pulse();
                    eachPulse.run();
                }
            };
        }
        timer.start();
    }

    public void stop() {
        if (timer != null) timer.stop();
    }
}
