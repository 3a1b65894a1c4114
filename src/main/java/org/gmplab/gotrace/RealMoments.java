package org.gmplab.gotrace;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;

/**
 * A real Go run as moments a transport walks: position 0 is the start, position N the moment after the N-th
 * event. Read from an execution trace ({@link RealRun}: one position per state transition) or from
 * {@code GODEBUG=schedtrace} output ({@link SchedTraceRun}: one position per SCHED line). Immutable once
 * read; any thread.
 */
public interface RealMoments {
    /** The file the run was read from (its name). */
    String name();

    /** GOMAXPROCS as the run gives it (0 if it does not). */
    int gomaxprocs();

    /** The last position. */
    long end();

    /** The time of position {@code pos}, in ns from the start. */
    long time(long pos);

    /** The world at position {@code pos} (0 ≤ pos ≤ {@link #end()}). */
    Snapshot snapshot(long pos);

    /** The event that position {@code pos} (1 ≤ pos ≤ {@link #end()}) is the moment after. */
    Event event(long pos);
}
