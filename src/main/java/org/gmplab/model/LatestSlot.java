package org.gmplab.model;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The one place where a driver thread hands frames to the FX thread: a single "latest wins" slot. The
 * driver {@link #publish}es as often as it likes; the FX thread {@link #take}s once per video frame. A
 * frame not yet taken is merged into the next one ({@link Frame#after}): the older world is dropped, its
 * events are kept (up to the cap), so the UI never sees a flood of updates and never loses a log line
 * unless more than the cap arrive within one frame.
 *
 * <p>Thread-safety: any number of publishers, one taker. {@code updateAndGet} is a CAS loop (volatile
 * write, release) that pairs with the taker's {@code getAndSet} (acquire): the taker sees the frame's
 * fields fully built.
 */
public final class LatestSlot {
    private final AtomicReference<Frame> slot = new AtomicReference<>();
    private final int cap;

    public LatestSlot(int eventCap) {
        if (eventCap < 1) throw new IllegalArgumentException("event cap must be ≥ 1");
        this.cap = eventCap;
    }

    /** Any thread: offers {@code f} for the next frame. */
    public void publish(Frame f) { slot.updateAndGet(old -> f.after(old, cap)); }

    /** The taker (FX thread): the latest frame, or null if nothing was published since the last take. */
    public Frame take() { return slot.getAndSet(null); }

    /** Any thread: whether a frame is waiting (for tests and idle detection). */
    public boolean pending() { return slot.get() != null; }
}
