package org.gmplab.scenario;

import org.gmplab.scenario.gosrc.ScenarioFiles;

import org.gmplab.engine.Engine;
import org.gmplab.engine.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.scenario.ScenarioJsonTest.bin;
import static org.gmplab.scenario.ScenarioJsonTest.c;
import static org.gmplab.scenario.ScenarioJsonTest.v;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The example files in scenarios/ (loaded, and run in the engine's step mode), the format document's examples, and loading from disk. */
class ScenarioFilesTest {

    private static final Path DIR = Path.of("scenarios"); // surefire runs in the project directory

    private static List<Path> scenarioFiles() throws IOException {
        try (Stream<Path> files = Files.list(DIR)) {
            return files.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    @Test
    void everyFileLoadsAndIsInCanonicalLayout() throws Exception {
        List<Path> files = scenarioFiles();
        assertThat(files).extracting(p -> p.getFileName().toString())
                .contains("spawn1000.json", "fanout.json", "gosched.json", "cpubound.json", "syscall.json",
                        "pingpong.json", "mutex.json", "select.json", "gomaxprocs.json");
        for (Path file : files) {
            Scenario s = ScenarioJson.load(file);
            // Files are kept exactly as toJson writes them, so a save from the app never reformats one.
            assertThat(ScenarioJson.toJson(s)).as(file.toString()).isEqualTo(Files.readString(file));
        }
    }

    /** Every example file runs to a normal exit in step mode (no deadlock, panic or engine failure). */
    @Test
    void everyFileRunsToACleanExit() throws Exception {
        for (Path file : scenarioFiles()) {
            Run run = run(ScenarioJson.load(file));
            assertThat(run.outcome).as(file.toString()).isNotNull();
            assertThat(run.outcome.kind()).as("%s: %s", file, run.outcome.message()).isEqualTo(Outcome.Kind.EXITED);
        }
    }

    @Test
    void examplesInTheFormatDocumentLoad() throws Exception {
        List<String> blocks = jsonBlocks();
        assertThat(blocks).hasSize(2);
        assertThat(blocks.get(0)).isEqualTo(Files.readString(DIR.resolve("spawn1000.json")));
        for (String json : blocks) {
            Scenario s = ScenarioJson.parse(json, "docs/scenario-format.md");
            // Not compared with toJson's text: the doc writes time.Millisecond, which toJson gives back as 1ms.
            assertThat(ScenarioJson.parse(ScenarioJson.toJson(s), "again.json")).isEqualTo(s);
        }
        // The example with every statement holds every kind of statement.
        Scenario every = ScenarioJson.parse(blocks.get(1), "docs/scenario-format.md");
        Set<Class<?>> kinds = new HashSet<>();
        for (Function f : every.program().functions().values()) collectKinds(f.body(), kinds);
        assertThat(kinds).containsExactlyInAnyOrder(Stmt.class.getPermittedSubclasses());
    }

    private static void collectKinds(List<Stmt> body, Set<Class<?>> kinds) {
        for (Stmt st : body) {
            kinds.add(st.getClass());
            if (st instanceof Stmt.For f) collectKinds(f.body(), kinds);
            else if (st instanceof Stmt.While w) collectKinds(w.body(), kinds);
            else if (st instanceof Stmt.If i) {
                collectKinds(i.then(), kinds);
                collectKinds(i.otherwise(), kinds);
            } else if (st instanceof Stmt.Select sel) {
                for (Stmt.SelectCase c : sel.cases()) collectKinds(c.body(), kinds);
                collectKinds(sel.otherwise(), kinds);
            }
        }
    }

    @Test
    void theFormatDocumentsFirstExampleRuns() throws Exception {
        Run run = run(ScenarioJson.parse(jsonBlocks().get(0), "docs/scenario-format.md"));
        assertThat(run.outcome.kind()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(run.goroutines).isEqualTo(1000L);
    }

    @Test
    void theFormatDocumentsExampleWithEveryStatementRuns() throws Exception {
        Run run = run(ScenarioJson.parse(jsonBlocks().get(1), "docs/scenario-format.md"));
        assertThat(run.outcome.kind()).as(run.outcome.message()).isEqualTo(Outcome.Kind.EXITED);
    }

    /** Each op of the "Blocking ops, one by one" table, in the context that section describes. */
    @Test
    void theBlockingOpsTableOfTheFormatDocumentLoads() throws Exception {
        String doc = Files.readString(Path.of("docs", "scenario-format.md"));
        int from = doc.indexOf("### Blocking ops, one by one");
        String section = doc.substring(from, doc.indexOf("\n#", from + 1));
        Matcher row = Pattern.compile("(?m)^\\| `(\\{\"op\".*?)` \\| (.*) \\|$").matcher(section);
        Set<String> ops = new HashSet<>();
        int rows = 0;
        while (row.find()) {
            rows++;
            String json = """
                    {"name": "t", "waitGroups": ["wg"], "mutexes": ["mu"], "channels": {"ch": 0, "jobs": 16},
                     "functions": {"main": {"body": []}, "f": {"params": ["i", "c"], "body": [%s]}}}
                    """.formatted(row.group(1));
            Scenario s = ScenarioJson.parse(json, "table row " + rows);
            Stmt st = s.program().function("f").body().get(0);
            ops.add(st.getClass().getSimpleName());
            assertThat(ScenarioJson.parse(ScenarioJson.toJson(s), "again.json")).isEqualTo(s);
        }
        assertThat(ops).containsExactlyInAnyOrder("While", "WgAdd", "WgDone", "WgWait", "Lock", "Unlock", "Syscall",
                "Sleep", "NetRead", "MakeChan", "Send", "Recv", "Close", "Select", "Gomaxprocs");
    }

    @Test
    void spawn1000() throws ScenarioException {
        Scenario s = ScenarioJson.load(DIR.resolve("spawn1000.json"));
        assertThat(s.gomaxprocs()).isEqualTo(2);
        assertThat(s.program().function("main").body()).containsExactly(
                new Stmt.WgAdd(new Expr.Var("wg"), c(1000)),
                new Stmt.For("i", c(1000), List.of(new Stmt.Go("worker", List.of(v("i"))))),
                new Stmt.WgWait(new Expr.Var("wg")));
        assertThat(s.program().function("worker").body()).containsExactly(
                new Stmt.Work(c(1_000_000)), new Stmt.WgDone(new Expr.Var("wg")));
    }

    @Test
    void fanoutCountsEveryNodeOfTheTree() throws ScenarioException {
        Scenario s = ScenarioJson.load(DIR.resolve("fanout.json"));
        assertThat(s.program().function("main").body()).containsExactly(
                new Stmt.WgAdd(new Expr.Var("wg"), c(1)), new Stmt.Go("tree", List.of(c(10))), new Stmt.WgWait(new Expr.Var("wg")));
        Expr child = bin("-", v("depth"), c(1));
        assertThat(s.program().function("tree").body()).containsExactly(
                new Stmt.Work(c(10_000)),
                new Stmt.If(bin(">", v("depth"), c(0)), List.of(
                        new Stmt.WgAdd(new Expr.Var("wg"), c(2)), new Stmt.Go("tree", List.of(child)), new Stmt.Go("tree", List.of(child))), List.of()),
                new Stmt.WgDone(new Expr.Var("wg")));
        assertThat(run(s).goroutines).isEqualTo((1L << 11) - 1); // 2^(d+1) - 1 nodes for d = 10
    }

    @Test
    void goroutineCountsOfTheExampleFiles() throws Exception {
        Map<String, Long> expected = Map.of("spawn1000.json", 1000L, "gosched.json", 8L, "cpubound.json", 4L,
                "syscall.json", 10L, "pingpong.json", 2L, "mutex.json", 4L, "select.json", 2L, "gomaxprocs.json", 8L);
        for (var e : expected.entrySet())
            assertThat(run(ScenarioJson.load(DIR.resolve(e.getKey()))).goroutines).as(e.getKey()).isEqualTo(e.getValue());
    }

    @Test
    void blockingExampleFiles() throws ScenarioException {
        Scenario sys = ScenarioJson.load(DIR.resolve("syscall.json"));
        assertThat(sys.gomaxprocs()).isEqualTo(2);
        assertThat(sys.program().function("reader").body().get(0)).isEqualTo(new Stmt.Syscall(c(1_000_000_000L), false));
        Scenario ping = ScenarioJson.load(DIR.resolve("pingpong.json"));
        assertThat(ping.gomaxprocs()).isEqualTo(1);
        assertThat(ping.program().channels()).isEqualTo(Map.of("ping", 0L, "pong", 0L, "done", 0L));
        assertThat(ping.program().function("ponger").body()).containsExactly(new Stmt.For("_", c(10_000), List.of(
                new Stmt.Recv(v("ping"), "v"), new Stmt.Send(v("pong"), bin("+", v("v"), c(1))))));
        Scenario mutex = ScenarioJson.load(DIR.resolve("mutex.json"));
        assertThat(mutex.program().mutexes()).containsExactly("mu");
        Scenario procs = ScenarioJson.load(DIR.resolve("gomaxprocs.json"));
        assertThat(procs.program().function("main").body()).contains(new Stmt.Gomaxprocs(c(4)), new Stmt.Gomaxprocs(c(1)));
    }

    @Test
    void goschedAndCpubound() throws ScenarioException {
        Scenario g = ScenarioJson.load(DIR.resolve("gosched.json"));
        assertThat(g.program().function("spinner").body().get(0)).isEqualTo(
                new Stmt.For("_", c(50), List.of(new Stmt.Work(c(20_000)), new Stmt.Gosched())));
        Scenario cpu = ScenarioJson.load(DIR.resolve("cpubound.json"));
        assertThat(cpu.program().function("burn").body().get(0)).isEqualTo(new Stmt.Work(c(200_000_000)));
    }

    private static List<String> jsonBlocks() throws IOException {
        String doc = Files.readString(Path.of("docs", "scenario-format.md"));
        List<String> blocks = new ArrayList<>();
        Matcher m = Pattern.compile("```json\n(.*?)```", Pattern.DOTALL).matcher(doc);
        while (m.find()) blocks.add(m.group(1));
        return blocks;
    }

    /** How a step-mode run ended, and how many goroutines the program's {@code go} statements started. */
    private record Run(Outcome outcome, long goroutines) { }

    /**
     * Runs {@code s} in the engine's step mode to its end. A crash of the engine itself fails at once with
     * its message; a Go-level failure (deadlock, panic) is returned for the caller to judge.
     */
    private static Run run(Scenario s) {
        try (Engine e = Engine.step(s)) {
            e.run(Long.MAX_VALUE);
            Outcome o = e.outcome();
            assertThat(o).as("%s: the run did not end (nothing could run, and main had not returned)", s.name()).isNotNull();
            if (o.kind() == Outcome.Kind.CRASHED) throw new AssertionError(s.name() + ": " + o.message());
            long started = e.drainEvents().stream().filter(ev -> ev instanceof org.gmplab.snapshot.Event.Go go && ev.g() != 1 && !go.system()).count();
            return new Run(o, started);
        }
    }

    @Test
    void loadReportsUnreadableFiles(@TempDir Path tmp) throws IOException {
        Path missing = tmp.resolve("nope.json");
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioJson.load(missing));
        assertThat(e.getMessage()).isEqualTo(missing + ": cannot read: no such file");
        assertThat(e.line()).isZero();

        Path binary = tmp.resolve("binary.json");
        Files.write(binary, new byte[] {'{', (byte) 0xff, (byte) 0xfe, '}'});
        e = assertThrows(ScenarioException.class, () -> ScenarioJson.load(binary));
        assertThat(e.getMessage()).isEqualTo(binary + ": not a UTF-8 text file");

        e = assertThrows(ScenarioException.class, () -> ScenarioJson.load(tmp));
        assertThat(e.getMessage()).startsWith(tmp + ": cannot read: ");
    }

    @Test
    void loadNamesTheFileInSemanticErrors(@TempDir Path tmp) throws IOException {
        Path file = tmp.resolve("bad.json");
        Files.writeString(file, "{\n  \"name\": \"t\",\n  \"functions\": {\"main\": {\"body\": [{\"op\": \"nap\"}]}}\n}\n", StandardCharsets.UTF_8);
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioJson.load(file));
        assertThat(e.getMessage()).startsWith(file + ":3: $.functions.main.body[0].op: unknown op \"nap\"");
    }
}
