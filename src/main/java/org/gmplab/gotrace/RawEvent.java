package org.gmplab.gotrace;

/**
 * An event as decoded from a batch, before ordering (Go's baseEvent): its type, its time in nanoseconds,
 * its arguments after the timestamp, and where in the file it starts (for messages). One per M cursor,
 * overwritten as the cursor moves.
 */
final class RawEvent {
    int type;
    long time;
    final long[] args = new long[5];
    long offset;
}
