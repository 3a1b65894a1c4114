package org.gmplab.scenario.gosrc;

import java.nio.file.Path;
import java.util.Locale;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.ScenarioJson;

/** Loads a scenario file of either kind, by its extension: {@code .go} source or {@code .json}. */
public final class ScenarioFiles {
    private ScenarioFiles() { }

    public static Scenario load(Path path) throws ScenarioException {
        Path name = path.getFileName();
        String lower = name == null ? "" : name.toString().toLowerCase(Locale.ROOT);
        if (lower.endsWith(".go")) return GoSource.load(path);
        if (lower.endsWith(".json")) return ScenarioJson.load(path);
        throw new ScenarioException(path.toString(), 0, "", "unknown kind of scenario file: expected a .go or .json file");
    }
}
