package org.gmplab.engine;

import java.util.ArrayList;
import java.util.List;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;

/** Runs scenarios in step mode for tests and collects what happened. */
final class StepRuns {
    private StepRuns() { }

    /** A finished step-mode run: its events and how it ended. */
    record Run(List<Event> events, Outcome outcome, long endTime) {
        List<Event> of(EventKind kind) {
            return events.stream().filter(e -> e.kind() == kind).toList();
        }

        /** The events of one kind, as their record: read their numbers by name, as the compiler checks. */
        <T extends Event> List<T> of(Class<T> kind) {
            return events.stream().filter(kind::isInstance).map(kind::cast).toList();
        }
    }

    /** Runs to the end, or 60 s of virtual time (a test whose program never ends fails rather than hangs). */
    static Run run(Scenario sc) { return run(sc, 60_000_000_000L); }

    static Run run(Scenario sc, long until) {
        try (Engine e = Engine.step(sc)) {
            List<Event> all = new ArrayList<>();
            e.run(until);
            all.addAll(e.drainEvents());
            if (e.outcome() != null && e.outcome().kind() == Outcome.Kind.CRASHED)
                throw new AssertionError(e.outcome().message());
            return new Run(all, e.outcome(), e.now());
        }
    }
}
