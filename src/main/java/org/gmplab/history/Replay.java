package org.gmplab.history;

import java.util.List;
import java.util.function.Consumer;

import org.gmplab.engine.Action;
import org.gmplab.engine.Engine;
import org.gmplab.engine.Limit;
import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;

/**
 * A one-way replay for exports and the CLI: a step-mode engine run from the start, with the recorded
 * actions re-applied at their safe points, to a position (as {@link History} defines it) or to the end,
 * handing every event on the way to a sink. No snapshots are kept, so it is the cheap way to a far moment.
 */
public final class Replay {
    private Replay() { }

    /** Run to the end (or {@code timeLimit} ns of virtual time) when passed as the position. */
    public static final long TO_END = -1;

    /**
     * Returns the engine frozen at the first position ≥ {@code position} ({@link #TO_END}: where the run
     * ended or reached {@code timeLimit}); the caller closes it.
     *
     * @throws IllegalArgumentException if an action does not apply where it was recorded
     * @throws IllegalStateException    if the replay diverges from the recorded run
     */
    public static Engine to(Scenario sc, List<Action.AppliedAction> actions, long position, long timeLimit, Consumer<Event> sink,
                            Limit... limits) {
        int k = 0;
        while (k < actions.size() && (position == TO_END || actions.get(k).event() < position)) k++;
        Engine e = Engine.replay(sc, actions.subList(0, k), limits);
        try {
            e.drainEvents().forEach(sink);
            // The events go to the sink as the run makes them: a long replay holds none of them.
            if (position == TO_END) {
                e.runUntil(timeLimit, null, sink);
            } else if (e.eventCount() < position) {
                e.runUntil(timeLimit, ev -> ev.seq() == position, sink);
            }
            e.drainEvents().forEach(sink);
            return e;
        } catch (RuntimeException ex) {
            e.close();
            throw ex;
        }
    }
}
