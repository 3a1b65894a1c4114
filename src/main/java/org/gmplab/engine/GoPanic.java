package org.gmplab.engine;

/** A Go panic or fatal error raised by a goroutine's program; it ends the run, as in Go. */
public final class GoPanic extends RuntimeException {
    public GoPanic(String message) { super(message, null, false, false); }
}
