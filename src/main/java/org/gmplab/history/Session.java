package org.gmplab.history;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.gmplab.engine.Action;
import org.gmplab.scenario.Scenario;

/**
 * One moment of one run, as a session file keeps it: the scenario (with the seed it ran with), the
 * actions injected from outside with the safe points where they applied, the position (see
 * {@link History}) and the user's settings. Deterministic step mode makes this enough to restore the
 * exact world on any machine: {@link #open()}.
 *
 * @param settings free-form UI settings by name (e.g. {@code speed}); kept as strings, in name order
 */
public record Session(Scenario scenario, Map<String, String> settings, List<Action.AppliedAction> actions, long position) {
    public Session {
        Objects.requireNonNull(scenario);
        settings = java.util.Collections.unmodifiableMap(new TreeMap<>(settings));
        actions = List.copyOf(actions);
        if (position < 0) throw new IllegalArgumentException("position must be ≥ 0, not " + position);
    }

    /** The moment a history is at. */
    public static Session of(History h, Map<String, String> settings) {
        return new Session(h.scenario(), settings, h.actions(), h.position());
    }

    public long seed() { return scenario.seed(); }

    /** A history at this session's moment (replays the run; see {@link History#restore}). */
    public History open(ReplayProgress progress) {
        return History.restore(scenario, actions, position, progress);
    }

    public History open() { return open(ReplayProgress.NONE); }
}
