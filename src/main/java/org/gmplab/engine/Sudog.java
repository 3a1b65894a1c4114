package org.gmplab.engine;

/**
 * Go's {@code sudog}: a goroutine waiting in a channel's send or receive queue. A sender's value travels
 * in {@link #value}; a receiver's value is written straight into its frame ({@link #frame}, {@link #slot}),
 * as Go copies into the receiver's stack. In a {@code select} one G has a sudog on several channels and
 * only the first waker wins (Go's {@code selectDone} CAS on the G).
 */
final class Sudog {
    Goroutine g;                // (g and c change only when a plain channel operation's sudog is reused: Interpreter.acquireSudog)
    Channel c;
    final boolean isSelect;
    final int caseIndex;
    long value;                 // the value sent, or received
    Goroutine.CallFrame frame;      // receiver's frame, or null
    int slot = -1;              // receiver's local, or -1 to discard
    /** True if woken by a successful communication, false if woken because the channel was closed. */
    boolean success;

    Sudog(Goroutine g, Channel c, boolean isSelect, int caseIndex) {
        this.g = g;
        this.c = c;
        this.isSelect = isSelect;
        this.caseIndex = caseIndex;
    }

    /** Makes a reused sudog (never a select's) as new, for {@code g} on {@code c}. */
    Sudog reset(Goroutine g, Channel c) {
        this.g = g;
        this.c = c;
        value = 0;
        frame = null;
        slot = -1;
        success = false;
        return this;
    }

    /** Delivers a received value into the waiting goroutine's local. */
    void deliver(long v) {
        value = v;
        if (frame != null && slot >= 0) frame.locals[slot] = v;
    }
}
