package org.gmplab.cli;

import java.io.PrintWriter;
import java.util.function.Consumer;

import org.gmplab.engine.Engine;
import org.gmplab.snapshot.Event;

/**
 * A progress line for a long step-mode run: on a terminal only (stderr, rewritten in place), so that piped
 * and redirected output stay exactly the run's. The run goes on in slices of virtual time; stopping at a
 * time limit and going on is invisible to the run (the same events, in the same order), so a run with the
 * line is the run without it.
 */
final class Progress {
    /** Slices per run: the line moves at most this many times. */
    static final int SLICES = 200;
    /** Wall time between two prints of the line: often enough to see it move, seldom enough to cost nothing. */
    static final long PRINT_EVERY_NANOS = 250_000_000;

    private final PrintWriter err; // null: not a terminal, no line
    private final long printEvery;
    private long printed = System.nanoTime();
    private boolean shown;

    private Progress(PrintWriter err, long printEvery) {
        this.err = err;
        this.printEvery = printEvery;
    }

    /** A progress line on {@code err} if the program runs on a terminal, else none. */
    static Progress onTerminal(PrintWriter err) { return new Progress(System.console() != null ? err : null, PRINT_EVERY_NANOS); }

    /** For tests: the line on {@code err}, printed after every slice. */
    static Progress everySlice(PrintWriter err) { return new Progress(err, 0); }

    /**
     * Runs {@code e} to virtual time {@code limit} (or its end), handing every event to {@code sink} as the run
     * makes it and showing how far it got; clears the line at the end.
     */
    Engine.Stop run(Engine e, long limit, Consumer<? super Event> sink) {
        if (err == null) return e.runUntil(limit, null, sink);
        long from = e.now();
        long slice = Math.max(1, (limit - from) / SLICES);
        Engine.Stop stop;
        for (long t = Math.min(limit, from + slice); ; t = Math.min(limit, t + slice)) {
            stop = e.runUntil(t, null, sink);
            if (stop != Engine.Stop.TIME_LIMIT || t >= limit) break;
            long now = System.nanoTime();
            if (now - printed >= printEvery) {
                printed = now;
                shown = true;
                err.print("\rgmplab: " + line(e.now(), limit, e.eventCount()));
                err.flush();
            }
        }
        if (shown) {
            err.print("\r\033[K"); // the line was only for while it ran
            err.flush();
        }
        return stop;
    }

    /** "1.25s of 10s virtual time (12%), 9089 events". */
    static String line(long now, long limit, long events) {
        return seconds(now) + " of " + seconds(limit) + " virtual time (" + (int) (100.0 * now / limit) + "%), " + events + " events";
    }

    private static String seconds(long ns) { return String.format(java.util.Locale.ROOT, "%.3gs", ns / 1e9); }
}
