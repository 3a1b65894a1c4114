package org.gmplab.history;

import java.util.List;
import java.util.function.BooleanSupplier;

import org.gmplab.engine.Action;
import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;

/**
 * A run as the window's transport walks it, position by position (as {@link History} defines positions): an
 * engine run ({@link History}), or a real Go run read from its execution trace ({@link RealHistory}), which
 * can be walked but not changed. The session's driver, and so the canvas, timeline, event log and inspector,
 * see only this. Not thread-safe: one thread owns a recording and calls all its methods.
 */
public interface Recording extends AutoCloseable {
    /** The scenario run; for a real run, one that names it and has its GOMAXPROCS. */
    Scenario scenario();

    /** The current position: the number of events the current snapshot includes. */
    long position();

    /** The world at the current position. */
    Snapshot snapshot();

    /** The last position recorded so far. */
    long end();

    /** True when the program has ended at the end of the recording. */
    boolean finished();

    /** The events the last forward move passed over (empty after moving back or jumping far). */
    List<Event> lastEvents();

    /** The events a jump forward passed over, for a log to show the way; empty after other moves. */
    List<Event> explored();

    /** Forward to the next position. Returns false at the end of the run. */
    boolean stepEvent();

    /** Back to the previous position. Returns false at the start. */
    boolean stepBack();

    /** Back to the start. */
    void toStart();

    /** Forward to the end of what is recorded. */
    void toEnd();

    /** To the first position that includes event {@code n}. */
    void jumpTo(long n);

    /** Forward in time to {@code time} (ns). */
    void waitUntil(long time);

    /**
     * Applies {@code a} at the current position.
     *
     * @throws IllegalArgumentException if the action does not apply here
     * @throws IllegalStateException    if this run cannot be changed
     */
    void inject(Action a);

    /** Asks {@code c} as a long move goes; once it answers true the move stops. */
    void cancelWhen(BooleanSupplier c);

    /** Where long moves report how far they got. */
    void onProgress(ReplayProgress p);

    /** A real Go run, read from a trace (not the engine's): its queues are unknown and it cannot be changed. */
    default boolean real() { return false; }

    @Override
    void close();
}
