package org.gmplab.scenario.gosrc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.trace.EventsJson;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A program compiled from Go and saved as JSON reloads to the same program, and so to the same run —
 * also with the names the compiler makes up for function literals (main.func1) and renamed variables (x·1).
 */
class GoJsonRoundTripTest {
    static Stream<Path> goScenarios() throws Exception {
        try (var s = Files.list(Path.of("scenarios"))) {
            return s.filter(p -> p.toString().endsWith(".go")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goScenarios")
    void compiledGoSurvivesJson(Path file) throws Exception {
        Scenario fromGo = GoSource.load(file);
        Scenario back = ScenarioJson.parse(ScenarioJson.toJson(fromGo), file + ".json");
        assertThat(back).isEqualTo(fromGo);
        try (Engine a = Engine.step(fromGo); Engine b = Engine.step(back)) {
            a.run(20_000_000L);
            b.run(20_000_000L);
            assertThat(b.drainEvents().stream().map(EventsJson::line).toList())
                    .isEqualTo(a.drainEvents().stream().map(EventsJson::line).toList());
        }
    }
}
