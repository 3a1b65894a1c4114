package org.gmplab.scenario.gosrc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import org.gmplab.cli.Main;
import org.gmplab.engine.Engine;
import org.gmplab.engine.Outcome;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.gosrc.ScenarioFiles;
import org.gmplab.scenario.Stmt;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reference programs rewritten in Go in scenarios/: each runs to a clean exit; and loading them from the CLI. */
class GoScenariosTest {

    private static final Path DIR = Path.of("scenarios");

    private static List<Path> goFiles() throws IOException {
        try (Stream<Path> files = Files.list(DIR)) {
            return files.filter(p -> p.toString().endsWith(".go")).sorted().toList();
        }
    }

    @Test
    void everyReferenceProgramHasItsScenario() throws IOException {
        // go-programs/a_spawn1000 .. g_timeslice
        assertThat(goFiles()).extracting(p -> p.getFileName().toString()).contains(
                "spawn.go", "cpubound.go", "syscall.go", "pingpong.go", "gosched.go", "retake.go", "timeslice.go");
    }

    @Test
    void everyGoScenarioRunsToACleanExit() throws Exception {
        for (Path file : goFiles()) {
            Scenario s = ScenarioFiles.load(file);
            List<Event> events = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> JsonTwinTest.run(s), file.toString());
            assertThat(events).as(file.toString()).isNotEmpty();
        }
    }

    @Test
    void spawnStartsAThousandGoroutinesFromALiftedLiteral() throws Exception {
        Scenario s = ScenarioFiles.load(DIR.resolve("spawn.go"));
        assertThat(s.name()).isEqualTo("spawn 1000 goroutines");
        assertThat(s.gomaxprocs()).isEqualTo(2);
        assertThat(s.program().waitGroups()).containsExactly("wg");
        assertThat(s.program().mutexes()).containsExactly("mu");
        assertThat(s.program().function("main.func1").params()).containsExactly("id");
        List<Event> events = JsonTwinTest.run(s);
        assertThat(events.stream().filter(e -> e instanceof org.gmplab.snapshot.Event.Go go && !go.system())).hasSize(1 + 1000); // main, and the spawned
    }

    @Test
    void retakeRunsOnOnePAndCapturesThePerIterationChannel() throws Exception {
        Scenario s = ScenarioFiles.load(DIR.resolve("retake.go"));
        assertThat(s.gomaxprocs()).isEqualTo(1);
        assertThat(s.program().function("main.func1").params()).containsExactly("res", "i");
        assertThat(s.program().function("main").body().get(0)).isInstanceOf(Stmt.For.class);
        assertThat(JsonTwinTest.run(s).stream().filter(e -> e.kind() == EventKind.HANDOFFP)).isNotEmpty();
    }

    @Test
    void theExampleInTheDocumentRuns() throws Exception {
        String doc = Files.readString(Path.of("docs", "go-scenarios.md"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("```go\n(.*?)```", java.util.regex.Pattern.DOTALL).matcher(doc);
        assertThat(m.find()).isTrue();
        Scenario s = GoSource.parse(m.group(1), "docs/go-scenarios.md");
        assertThat(s.name()).isEqualTo("spawn 1000 goroutines");
        assertThat(JsonTwinTest.run(s).stream().filter(e -> e instanceof org.gmplab.snapshot.Event.Go go && !go.system())).hasSize(1 + 1000);
    }

    @Test
    void scenarioFilesDispatchesOnTheExtension(@TempDir Path tmp) throws Exception {
        assertThat(ScenarioFiles.load(DIR.resolve("spawn1000.json")).name()).isEqualTo("spawn 1000");
        assertThat(ScenarioFiles.load(DIR.resolve("pingpong.go")).name()).isEqualTo("channel ping-pong");
        Path other = Files.writeString(tmp.resolve("x.txt"), "func main() {}");
        assertThat(assertThrows(ScenarioException.class, () -> ScenarioFiles.load(other)).getMessage())
                .isEqualTo(other + ": unknown kind of scenario file: expected a .go or .json file");
    }

    @Test
    void theGoSettingPicksGo126sRules() throws Exception {
        Scenario s = GoSource.parse("// gmplab: gomaxprocs=2 go=1.26\npackage main\n\nfunc main() {}\n", "t.go");
        assertThat(s.go()).isEqualTo(Scenario.GoVersion.GO126);
        assertThat(GoSource.parse("package main\n\nfunc main() {}\n", "t.go").go()).isEqualTo(Scenario.GoVersion.GO123);
    }

    /** {@code --go 1.26}: the summary lines take Go 1.26's shape; a bad version is one line and exit code 2. */
    @Test
    void theRunCommandTakesGo() {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.execute(new String[] {"run", "scenarios/spawn.go", "--go", "1.26", "--schedtrace", "1", "--until", "2ms"},
                new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).isZero();
        assertThat(out.toString().lines()).hasSize(3).allMatch(l -> l.matches("SCHED .* runqueue=\\d+ \\[ (\\d+ )+\\] schedticks=\\[ (\\d+ )+\\]"));
        StringWriter out2 = new StringWriter(), err2 = new StringWriter();
        code = Main.execute(new String[] {"run", "scenarios/spawn.go", "--go", "1.25"}, new PrintWriter(out2, true), new PrintWriter(err2, true));
        assertThat(code).isEqualTo(Main.BAD_INPUT);
        assertThat(err2.toString()).isEqualTo("gmplab: --go: go must be 1.23 or 1.26, got \"1.25\"\n");
    }

    @Test
    void theRunCommandRunsGoScenariosWithSchedtrace() {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.execute(new String[] {"run", "scenarios/spawn.go", "--schedtrace", "1", "--until", "5ms"},
                new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(err.toString()).isEqualTo("gmplab: stopped at --until 5ms (the program had not ended)\n");
        assertThat(code).isZero();
        assertThat(out.toString().lines()).hasSize(6).allMatch(l -> l.startsWith("SCHED ") && l.contains("gomaxprocs=2"));
    }

    @Test
    void theRunCommandPrintsAGoErrorWithItsSourceLineAndCaret(@TempDir Path tmp) throws IOException {
        Path bad = Files.writeString(tmp.resolve("bad.go"), "package main\n\nfunc main() {\n\twork(2 * time.Millisecond\n}\n");
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.execute(new String[] {"run", bad.toString()}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString()).isEqualTo("gmplab: " + bad + ":4:27: expected ')' after argument list, found newline\n"
                + "\twork(2 * time.Millisecond\n"
                + "\t                         ^\n");
    }

    @Test
    void aProgramThatDeadlocksIsAGoFatalErrorNotACrash() {
        Scenario s = Go.scenario("func main() {\n\tch := make(chan int)\n\t<-ch\n}");
        try (Engine e = Engine.step(s)) {
            e.run(Long.MAX_VALUE);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.FATAL);
            assertThat(e.outcome().message()).contains("deadlock");
        }
    }
}
