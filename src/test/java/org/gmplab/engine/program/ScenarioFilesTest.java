package org.gmplab.engine.program;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.program.ScenarioJsonTest.bin;
import static org.gmplab.engine.program.ScenarioJsonTest.c;
import static org.gmplab.engine.program.ScenarioJsonTest.v;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The example files in scenarios/, and loading from disk. */
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
                .contains("spawn1000.json", "fanout.json", "gosched.json", "cpubound.json");
        for (Path file : files) {
            Scenario s = ScenarioJson.load(file);
            // Files are kept exactly as toJson writes them, so a save from the app never reformats one.
            assertThat(ScenarioJson.toJson(s)).as(file.toString()).isEqualTo(Files.readString(file));
        }
    }

    @Test
    void examplesInTheFormatDocumentLoad() throws Exception {
        String doc = Files.readString(Path.of("docs", "scenario-format.md"));
        List<String> blocks = new ArrayList<>();
        Matcher m = Pattern.compile("```json\n(.*?)```", Pattern.DOTALL).matcher(doc);
        while (m.find()) blocks.add(m.group(1));
        assertThat(blocks).hasSize(2);
        assertThat(blocks.get(0)).isEqualTo(Files.readString(DIR.resolve("spawn1000.json")));
        for (String json : blocks) {
            Scenario s = ScenarioJson.parse(json, "docs/scenario-format.md");
            // Not compared with toJson's text: the doc writes time.Millisecond, which toJson gives back as 1000000.
            assertThat(ScenarioJson.parse(ScenarioJson.toJson(s), "again.json")).isEqualTo(s);
            new DryRun(s).run();
        }
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
        assertThat(new DryRun(s).run().goroutines).isEqualTo((1 << 11) - 1); // 2^(d+1) - 1 nodes for d = 10
    }

    @Test
    void everyFileKeepsItsWaitGroupsBalanced() throws Exception {
        for (Path file : scenarioFiles()) new DryRun(ScenarioJson.load(file)).run(); // throws if a count goes wrong
        assertThat(new DryRun(ScenarioJson.load(DIR.resolve("spawn1000.json"))).run().goroutines).isEqualTo(1000);
        assertThat(new DryRun(ScenarioJson.load(DIR.resolve("gosched.json"))).run().goroutines).isEqualTo(8);
        assertThat(new DryRun(ScenarioJson.load(DIR.resolve("cpubound.json"))).run().goroutines).isEqualTo(4);
    }

    /**
     * Runs a program on one thread, each {@code go} to completion at once. That order is one the real
     * scheduler may choose, so every wg.Wait must then find its counter at zero, and no counter may go
     * negative (Go panics). It checks the example files' bookkeeping, not the scheduler.
     */
    private static final class DryRun {
        private final Program program;
        private final Map<String, Long> counters = new HashMap<>();
        int goroutines;

        DryRun(Scenario s) { this.program = s.program(); }

        DryRun run() {
            call("main", List.of());
            return this;
        }

        private void call(String fn, List<Long> args) {
            Function f = program.function(fn);
            Map<String, Long> env = new HashMap<>();
            for (int i = 0; i < args.size(); i++) env.put(f.params().get(i), args.get(i));
            block(f.body(), env);
        }

        /** Returns false once a return statement ran. */
        private boolean block(List<Stmt> body, Map<String, Long> env) {
            for (Stmt st : body) {
                if (st instanceof Stmt.Go g) {
                    goroutines++;
                    call(g.fn(), g.args().stream().map(a -> eval(a, env)).toList());
                } else if (st instanceof Stmt.Call c) {
                    call(c.fn(), c.args().stream().map(a -> eval(a, env)).toList());
                } else if (st instanceof Stmt.For loop) {
                    long n = eval(loop.count(), env);
                    for (long i = 0; i < n; i++) {
                        env.put(loop.var(), i);
                        if (!block(loop.body(), env)) return false;
                    }
                } else if (st instanceof Stmt.If i) {
                    if (!block(eval(i.cond(), env) != 0 ? i.then() : i.otherwise(), env)) return false;
                } else if (st instanceof Stmt.Set set) {
                    env.put(set.var(), eval(set.value(), env));
                } else if (st instanceof Stmt.Return) {
                    return false;
                } else if (st instanceof Stmt.WgAdd a) {
                    add(a.wg().toString(), eval(a.delta(), env));
                } else if (st instanceof Stmt.WgDone d) {
                    add(d.wg().toString(), -1);
                } else if (st instanceof Stmt.WgWait w) {
                    assertThat(counters.getOrDefault(w.wg().toString(), 0L)).as("%s at Wait", w.wg()).isZero();
                }
            }
            return true;
        }

        private void add(String wg, long delta) {
            long n = counters.merge(wg, delta, Long::sum);
            assertThat(n).as("%s counter", wg).isNotNegative();
        }

        private static long eval(Expr e, Map<String, Long> env) {
            Expr bound = substitute(e, env);
            return ConstEval.value(bound);
        }

        private static Expr substitute(Expr e, Map<String, Long> env) {
            if (e instanceof Expr.Var v) return c(env.get(v.name()));
            if (e instanceof Expr.Unary u) return new Expr.Unary(u.op(), substitute(u.operand(), env));
            if (e instanceof Expr.Binary b) return bin(b.op(), substitute(b.left(), env), substitute(b.right(), env));
            return e;
        }
    }

    @Test
    void goschedAndCpubound() throws ScenarioException {
        Scenario g = ScenarioJson.load(DIR.resolve("gosched.json"));
        assertThat(g.program().function("spinner").body().get(0)).isEqualTo(
                new Stmt.For("_", c(50), List.of(new Stmt.Work(c(20_000)), new Stmt.Gosched())));
        Scenario cpu = ScenarioJson.load(DIR.resolve("cpubound.json"));
        assertThat(cpu.program().function("burn").body().get(0)).isEqualTo(new Stmt.Work(c(200_000_000)));
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
