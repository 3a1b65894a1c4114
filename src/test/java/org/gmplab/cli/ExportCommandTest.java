package org.gmplab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonParser;

import org.gmplab.cli.RunCommandTest.Result;
import org.gmplab.engine.Action;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.history.History;
import org.gmplab.history.Session;
import org.gmplab.history.SessionFile;
import org.gmplab.trace.SchedTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gmplab export} and {@code gmplab run --session}, on good and bad input. */
class ExportCommandTest {
    @TempDir Path tmp;

    static Result run(String... args) { return RunCommandTest.run(args); }

    Path session(long at, boolean withAction) throws Exception {
        try (History h = new History(ScenarioJson.load(Path.of("scenarios/fanout.json")))) {
            h.jumpTo(at);
            if (withAction) {
                h.inject(new Action.SetGomaxprocs(2));
                for (int i = 0; i < 200; i++) h.stepEvent();
            }
            Path f = tmp.resolve("s.gmpsession");
            SessionFile.write(f, Session.of(h, Map.of()));
            return f;
        }
    }

    /** {@code --go 1.26} runs a scenario file under Go 1.26's rules; a session keeps the rules it recorded. */
    @Test
    void goVersionAppliesToAScenarioAndIsRefusedForASession() throws Exception {
        Result summary = run("export", "scenarios/fanout.json", "--go", "1.26", "--format", "schedtrace", "--at", "500");
        assertThat(summary.code()).as(summary.err()).isZero();
        assertThat(summary.out()).matches("SCHED .* runqueue=\\d+ \\[ (\\d+ )+\\] schedticks=\\[ (\\d+ )+\\]\n");
        Path f = session(100, false);
        Result refused = run("export", f.toString(), "--go", "1.26", "--format", "schedtrace");
        assertThat(refused.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(refused.err()).isEqualTo("gmplab: --go does not apply to a session: it replays the run it recorded\n");
    }

    @Test
    void schedtraceExportHasTheSameLineFormatsAsRunAndMatchesTheHistorySnapshot() throws Exception {
        Path f = session(1_000, true);
        Result r = run("export", f.toString(), "--format", "schedtrace", "--detail");
        assertThat(r.code()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0)).matches(RunCommandTest.DETAIL_HEADER);
        for (String l : lines.subList(1, lines.size()))
            assertThat(l).matches(s -> RunCommandTest.P_LINE.matcher(s).matches() || RunCommandTest.M_LINE.matcher(s).matches()
                    || RunCommandTest.G_LINE.matcher(s).matches(), "a P, M or G line");
        // the same text as the session's own world, and as run --session prints it
        try (History h = SessionFile.read(f).open()) {
            assertThat(r.out()).isEqualTo(SchedTrace.format(h.snapshot(), true));
        }
        assertThat(run("run", "--session", f.toString()).out()).isEqualTo(r.out());

        Result summary = run("export", "scenarios/fanout.json", "--format", "schedtrace", "--at", "500");
        assertThat(summary.out().lines().toList()).singleElement().satisfies(l -> assertThat(l).matches(RunCommandTest.SUMMARY));
    }

    @Test
    void runSessionAtNPrintsTheWorldAtEventN() throws Exception {
        Path f = session(3_000, false);
        Result r = run("run", "--session", f.toString(), "--at", "777");
        assertThat(r.code()).as(r.err()).isZero();
        try (History h = new History(ScenarioJson.load(Path.of("scenarios/fanout.json")))) {
            h.jumpTo(777);
            assertThat(r.out()).isEqualTo(SchedTrace.format(h.snapshot(), true));
        }
    }

    @Test
    void jsonlExportIsTheEventLogUpToTheMoment() throws Exception {
        Path f = session(900, true);
        Path out = tmp.resolve("ev.jsonl");
        Result r = run("export", f.toString(), "--format", "jsonl", "-o", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        List<com.google.gson.JsonObject> evs = Files.readAllLines(out).stream().map(l -> JsonParser.parseString(l).getAsJsonObject()).toList();
        long pos = SessionFile.read(f).position();
        assertThat(evs).hasSize((int) pos);
        for (int i = 0; i < evs.size(); i++) assertThat(evs.get(i).get("seq").getAsLong()).isEqualTo(i + 1);
        assertThat(evs).anyMatch(e -> e.get("why").getAsString().contains("GOMAXPROCS(2)"));
    }

    @Test
    void perfettoExportOfAScenarioIsJsonWithTraceEvents() {
        Result r = run("export", "scenarios/fanout.json", "--format", "perfetto");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(JsonParser.parseString(r.out()).getAsJsonObject().getAsJsonArray("traceEvents").size()).isGreaterThan(100);
    }

    @Test
    void badInputIsOneLineAndExitCode2() throws Exception {
        Path damaged = tmp.resolve("bad.gmpsession");
        Files.writeString(damaged, "{\"format\": \"gmplab-session\", \"version\": 9}");
        for (String[] args : new String[][] {
                {"export", damaged.toString(), "--format", "jsonl"},
                {"export", "scenarios/fanout.json", "--format", "svg"},
                {"export", "no/such.json", "--format", "jsonl"},
                {"export", "scenarios/fanout.json", "--format", "jsonl", "--at", "-3"},
                {"run", "--session", damaged.toString()},
                {"run", "--session", damaged.toString(), "scenarios/fanout.json"},
                {"run"},
        }) {
            Result r = run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err().lines().count()).as(r.err()).isEqualTo(1);
            assertThat(r.err()).startsWith("gmplab: ").doesNotContain("Exception");
        }
        assertThat(run("export", damaged.toString(), "--format", "jsonl").err()).contains(damaged.toString()).contains("newer GMP Lab");
    }
}
