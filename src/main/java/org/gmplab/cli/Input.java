package org.gmplab.cli;

import java.nio.file.Path;
import java.util.List;

import org.gmplab.engine.Action;
import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.history.Replay;
import org.gmplab.history.Session;
import org.gmplab.history.SessionException;
import org.gmplab.history.SessionFile;
import org.gmplab.io.TextFile;
import org.gmplab.snapshot.Event;

/**
 * What a command was given: a scenario file, or a session file (recognised by its {@code "format"}) with
 * its actions and position. Problems become {@link Main.BadInput} (one line, exit code 2).
 *
 * @param position the session's position, or {@link Replay#TO_END} for a scenario
 */
record Input(Scenario scenario, List<Action.AppliedAction> actions, long position) {

    static Input load(Path file) {
        if (looksLikeSession(file)) return fromSession(file);
        try {
            return new Input(org.gmplab.scenario.gosrc.ScenarioFiles.load(file), List.of(), Replay.TO_END);
        } catch (ScenarioException e) {
            throw new Main.BadInput(e.getMessage());
        }
    }

    static Input fromSession(Path file) {
        try {
            Session s = SessionFile.read(file);
            return new Input(s.scenario(), s.actions(), s.position());
        } catch (SessionException e) {
            throw new Main.BadInput(e.getMessage());
        }
    }

    /** This input's scenario under {@code --go V} (for a scenario file: a session replays the run it recorded). */
    Input withGo(String v) { return new Input(Main.withGo(scenario, v), actions, position); }

    /**
     * A quick look at the start of the file, before a strict parse either way; a file that cannot be read,
     * or is not a regular file, is left to the scenario reader to report properly.
     */
    static boolean looksLikeSession(Path file) {
        return TextFile.head(file, 256).contains("\"" + SessionFile.FORMAT + "\"");
    }

    /** The engine frozen at {@code at} (or this input's own position when null), events handed to {@code sink}. */
    Engine replay(Long at, long timeLimit, java.util.function.Consumer<Event> sink, org.gmplab.engine.Limit... limits) {
        long pos = at != null ? at : position;
        if (at != null && at < 0) throw new Main.BadInput("--at must be an event index ≥ 0, got " + at);
        try {
            return Replay.to(scenario, actions, pos, timeLimit, sink, limits);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new Main.BadInput("cannot replay to " + (pos < 0 ? "the end" : "event " + pos) + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
