package org.gmplab.gotrace;

import java.io.IOException;

/**
 * A Go execution trace that cannot be read: not a trace, a version GMP Lab does not read, truncated, or
 * corrupt. The message is one line and names the byte offset in the file where the problem was found
 * (when there is one), so a user can look at the bytes or cut the file there.
 */
public final class GoTraceException extends IOException {
    private final long offset;

    /** A problem found at byte {@code offset} of the file ({@code -1}: at no one place, e.g. the trace's end). */
    public GoTraceException(long offset, String message) {
        super(offset >= 0 ? "byte " + offset + ": " + message : message);
        this.offset = offset;
    }

    /** Where in the file the problem was found, or -1. */
    public long offset() { return offset; }
}
