package org.gmplab.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.ScenarioFiles;
import org.gmplab.snapshot.Event;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The recorded causes enter the JSON event log and the Perfetto export only as additions: a log written before
 * them ({@code src/test/resources/golden/before-causes}, two of {@link EventFormatsGoldenTest}'s files as they
 * were) is, line for line, what a reader that ignores {@code cause} and {@code batch} reads in today's, and the
 * Perfetto events are the same but for the flows ({@code "cat": "cause"}) added to them. When the engine's events
 * change on purpose (not their format), the two files are derived again from the re-recorded golden files by
 * removing {@code cause}, {@code batch} and the flows: exactly what the writer before causes wrote for them.
 */
class CauseFormatCompatTest {

    @ParameterizedTest(name = "{0} under Go {1}")
    @CsvSource({"pingpong.json, 1.23", "spawn1000.json, 1.23"})
    void aLogWrittenBeforeCausesReadsTheSameWithoutThem(String file, String rules) throws Exception {
        Scenario sc = ScenarioFiles.load(Path.of("scenarios", file));
        sc = rules.equals("1.0") ? sc.withScheduler(Scenario.Scheduler.GO10)
                : sc.withScheduler(Scenario.Scheduler.GMP).withGo(Scenario.GoVersion.GO123);
        List<Event> events = EventFormatsGoldenTest.run(sc);
        String before;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(
                Path.of("src/test/resources/golden/before-causes", file.replace('.', '_') + "-" + rules + ".txt.gz")))) {
            before = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String[] parts = before.split("----\n", 2);
        List<String> oldLines = parts[0].lines().toList();
        assertThat(events).hasSameSizeAs(oldLines);
        int caused = 0, batches = 0;
        for (int i = 0; i < oldLines.size(); i++) {
            JsonObject now = JsonParser.parseString(EventsJson.line(events.get(i))).getAsJsonObject();
            if (now.remove("cause") != null) caused++;
            if (now.remove("batch") != null) batches++;
            assertThat(now).as("line %d", i + 1).isEqualTo(JsonParser.parseString(oldLines.get(i)));
        }
        assertThat(caused).as("events with a cause").isPositive();
        if (file.startsWith("spawn")) assertThat(batches).as("steals, overflows, global batches").isPositive();

        JsonArray was = JsonParser.parseString(parts[1]).getAsJsonObject().getAsJsonArray("traceEvents");
        JsonArray is = JsonParser.parseString(PerfettoTrace.toJson(events)).getAsJsonObject().getAsJsonArray("traceEvents");
        List<JsonElement> withoutFlows = new ArrayList<>();
        int flows = 0;
        for (JsonElement e : is) {
            JsonElement cat = e.getAsJsonObject().get("cat");
            if (cat != null && cat.getAsString().equals("cause")) flows++;
            else withoutFlows.add(e);
        }
        assertThat(withoutFlows).isEqualTo(was.asList());
        assertThat(flows).isPositive();
    }
}
