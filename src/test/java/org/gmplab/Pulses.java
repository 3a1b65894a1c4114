package org.gmplab;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javafx.application.Platform;
import javafx.scene.Scene;

/**
 * Waits for frames, not for time: a pulse runs every animation timer (the canvas's frame clock paints there),
 * then CSS and layout, so after {@code n} whole pulses everything asked before the wait has been drawn, however
 * slow the machine is.
 */
public final class Pulses {
    private Pulses() {}

    /** From a test thread: returns once {@code scene} has had {@code n} pulses that began after this call. */
    public static void await(Scene scene, int n) throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        Platform.runLater(() -> {
            int[] left = {n};   // a runLater runs between pulses: every pulse counted began after the call
            Runnable[] each = new Runnable[1];
            each[0] = () -> {
                if (--left[0] > 0) {
                    Platform.requestNextPulse();
                    return;
                }
                scene.removePostLayoutPulseListener(each[0]);
                done.countDown();
            };
            scene.addPostLayoutPulseListener(each[0]);
            Platform.requestNextPulse();
        });
        if (!done.await(60, TimeUnit.SECONDS)) throw new AssertionError(n + " pulses did not come within 60 s");
    }
}
