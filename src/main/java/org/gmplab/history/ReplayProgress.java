package org.gmplab.history;

/**
 * Told how a long replay is going. Called only once a replay has taken more than a moment
 * ({@link History#PROGRESS_AFTER_NANOS}), then about every thousand events, and once more at the end.
 * Called on an engine thread while the caller of the {@link History} method waits: implementations must be
 * quick and must not call back into the history (a UI hands the numbers to its own thread).
 */
@FunctionalInterface
public interface ReplayProgress {
    ReplayProgress NONE = (done, total) -> { };

    /** {@code done} of {@code total} events replayed so far. */
    void progress(long done, long total);
}
