package org.gmplab.model;

import javafx.animation.AnimationTimer;

/**
 * The frame clock: one {@link AnimationTimer} on the FX thread that, each pulse (about 60 a second),
 * takes the latest frame from the slot into the model — never one {@code Platform.runLater} per event.
 * The timer is created on {@link #start()} (it needs the JavaFX toolkit), so the pump can be built
 * anywhere. FX thread only.
 */
public final class FramePump {
    private final GmpModel model;
    private final LatestSlot slot;
    private AnimationTimer timer;
    private Runnable afterFrame = () -> { };

    public FramePump(GmpModel model, LatestSlot slot) {
        this.model = model;
        this.slot = slot;
    }

    /** Called after each pulse that applied a frame (e.g. to redraw a canvas). */
    public void onFrame(Runnable r) { this.afterFrame = r == null ? () -> { } : r; }

    /** The work of one pulse; the timer calls it, tests may too. Returns whether a frame was applied. */
    public boolean pulse() {
        if (!model.poll(slot)) return false;
        afterFrame.run();
        return true;
    }

    public void start() {
        if (timer == null) {
            timer = new AnimationTimer() {
                @Override
                public void handle(long now) { pulse(); }
            };
        }
        timer.start();
    }

    public void stop() {
        if (timer != null) timer.stop();
    }
}
