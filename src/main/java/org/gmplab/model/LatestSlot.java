package org.gmplab.model;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The one place where the driver thread hands moments to the FX thread: a single "latest wins" slot. The
 * driver {@link #publish}es as often as it likes (each step while playing fast, each live frame); the FX thread
 * {@link #take}s once per video frame ({@link FramePump}). A frame not yet taken is merged into the next one
 * ({@link Moment#after}): the older world is dropped, its log lines and what waits on it are kept — so the FX
 * thread gets one update a video frame, never a flood of {@code Platform.runLater}, and loses nothing the log
 * would have kept.
 *
 * <p>Thread-safety: any number of publishers, one taker. {@code updateAndGet} is a CAS loop (volatile write,
 * release) that pairs with the taker's {@code getAndSet} (acquire): the taker sees the frame fully built.
 */
public final class LatestSlot {
    private final AtomicReference<Moment> slot = new AtomicReference<>();

    /** Any thread: offers {@code f} for the next video frame. */
    public void publish(Moment f) { slot.updateAndGet(f::after); }

    /** The taker (FX thread): the latest moment, with everything published since the last take merged in; null if none. */
    public Moment take() { return slot.getAndSet(null); }

    /**
     * Any thread: whether a frame waits to be taken — the FX side is behind, so a driver may skip making a new
     * one (approximate: the taker may take it right after).
     */
    public boolean pending() { return slot.get() != null; }
}
