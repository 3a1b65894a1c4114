package org.gmplab.engine;

/**
 * How a run ended, if it did.
 *
 * @param message what Go would print ("fatal error: all goroutines are asleep - deadlock!"), or the
 *                engine failure with its cause
 */
public record Outcome(Kind kind, String message) {
    public enum Kind {
        /** main returned: the program exited normally. */
        EXITED,
        /** the Go program failed: panic, or a fatal error such as a deadlock. */
        FATAL,
        /** the engine itself failed (a bug, or a broken invariant); the message says where. */
        CRASHED,
        /**
         * a {@link Limit} (events, memory) stopped the run, or the Java heap ran out; the message is one
         * line saying which and how to raise it.
         */
        STOPPED
    }
}
