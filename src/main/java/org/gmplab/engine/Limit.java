package org.gmplab.engine;

/**
 * A bound on what a step run may use — events, memory, or anything a caller wants to watch (a wall-clock
 * deadline, a Cancel button). The engine asks each of its limits at every safe point, on the engine thread
 * holding the token; the first that answers ends the run there, frozen and consistent, with
 * {@link Outcome.Kind#STOPPED} and the answer as its message.
 *
 * <p>Asked millions of times per second: an answer must be cheap (read a counter or a volatile flag).
 */
@FunctionalInterface
public interface Limit {
    /**
     * Null while the run is within this limit; otherwise one line saying what stopped the run and how to
     * raise the limit ("stopped after 10000000 events: raise the budget with --max-events N").
     */
    String exceeded(Engine e);

    /** A limit on the number of events a run emits; {@code raise} says how to raise it, e.g. "with --max-events N". */
    static Limit events(long max, String raise) {
        if (max < 1) throw new IllegalArgumentException("an event budget must be at least 1, got " + max);
        return e -> e.eventCount() <= max ? null
                : "stopped after " + max + " events, the event budget of a run: raise it " + raise;
    }
}
