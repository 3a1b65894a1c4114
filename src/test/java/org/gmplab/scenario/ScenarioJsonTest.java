package org.gmplab.scenario;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reading every statement and expression form, defaults, and writing back (round trip and layout). */
class ScenarioJsonTest {

    static final String EVERYTHING = """
            {
              "name": "everything",
              "gomaxprocs": 3,
              "seed": 42,
              "runqSize": 8,
              "waitGroups": ["wg", "other"],
              "functions": {
                "main": {
                  "params": [],
                  "body": [
                    { "op": "set", "var": "n", "value": 3 },
                    { "op": "wg.add", "wg": "wg", "n": "n + 1" },
                    { "op": "for", "var": "i", "n": "n", "body": [
                      { "op": "go", "fn": "worker", "args": ["i", "i * 2"] }
                    ] },
                    { "op": "go", "fn": "worker", "args": [-1, "0"] },
                    { "op": "call", "fn": "helper" },
                    { "op": "call", "fn": "helper", "args": [] },
                    { "op": "for", "n": 2, "body": [
                      { "op": "gosched" }
                    ] },
                    { "op": "if", "cond": "n > 2 && !(n == 5)", "then": [
                      { "op": "work", "d": "2 * time.Millisecond" }
                    ], "else": [
                      { "op": "return" }
                    ] },
                    { "op": "if", "cond": 1, "then": [] },
                    { "op": "wg.add", "wg": "other", "n": -1 },
                    { "op": "wg.wait", "wg": "wg" }
                  ]
                },
                "worker": {
                  "params": ["id", "d"],
                  "body": [
                    { "op": "work", "d": "d * time.Microsecond + 1.5ms" },
                    { "op": "work", "d": 250 },
                    { "op": "work", "d": "3s" },
                    { "op": "wg.done", "wg": "wg" }
                  ]
                },
                "helper": {
                  "body": [
                    { "op": "work", "d": "10µs" },
                    { "op": "return" }
                  ]
                }
              }
            }
            """;

    static Expr c(long v) { return new Expr.Const(v); }
    static Expr v(String n) { return new Expr.Var(n); }
    static Expr bin(String op, Expr l, Expr r) { return new Expr.Binary(op, l, r); }

    static Scenario scenario(String name, int procs, long seed, int runq, List<String> wgs, Function... fns) {
        Map<String, Function> m = new LinkedHashMap<>();
        for (Function f : fns) m.put(f.name(), f);
        return new Scenario(name, procs, seed, runq, new Program(m, wgs));
    }

    @Test
    void readsEveryStatementAndExpressionForm() throws ScenarioException {
        Function main = new Function("main", List.of(), List.of(
                new Stmt.Set("n", c(3)),
                new Stmt.WgAdd(new Expr.Var("wg"), bin("+", v("n"), c(1))),
                new Stmt.For("i", v("n"), List.of(new Stmt.Go("worker", List.of(v("i"), bin("*", v("i"), c(2)))))),
                new Stmt.Go("worker", List.of(c(-1), c(0))),
                new Stmt.Call("helper", List.of()),
                new Stmt.Call("helper", List.of()),
                new Stmt.For("_", c(2), List.of(new Stmt.Gosched())),
                new Stmt.If(bin("&&", bin(">", v("n"), c(2)), new Expr.Unary("!", bin("==", v("n"), c(5)))),
                        List.of(new Stmt.Work(bin("*", c(2), c(1_000_000)))),
                        List.of(new Stmt.Return())),
                new Stmt.If(c(1), List.of(), List.of()),
                new Stmt.WgAdd(new Expr.Var("other"), c(-1)),
                new Stmt.WgWait(new Expr.Var("wg"))));
        Function worker = new Function("worker", List.of("id", "d"), List.of(
                new Stmt.Work(bin("+", bin("*", v("d"), c(1000)), c(1_500_000))),
                new Stmt.Work(c(250)),
                new Stmt.Work(c(3_000_000_000L)),
                new Stmt.WgDone(new Expr.Var("wg"))));
        Function helper = new Function("helper", List.of(), List.of(new Stmt.Work(c(10_000)), new Stmt.Return()));
        Scenario expected = scenario("everything", 3, 42, 8, List.of("wg", "other"), main, worker, helper);

        Scenario s = ScenarioJson.parse(EVERYTHING, "everything.json");
        assertThat(s).isEqualTo(expected);
        assertThat(s.program().functions().keySet()).containsExactly("main", "worker", "helper"); // declaration order
    }

    @Test
    void optionalKeysTakeTheirDefaults() throws ScenarioException {
        Scenario s = ScenarioJson.parse("{\"name\": \"tiny\", \"functions\": {\"main\": {\"body\": []}}}", "tiny.json");
        assertThat(s).isEqualTo(new Scenario("tiny", 4, 1, 256,
                new Program(Map.of("main", new Function("main", List.of(), List.of())), List.of())));
    }

    @Test
    void schedulerDefaultsToGmpAndGo10RoundTrips() throws ScenarioException {
        Scenario gmp = ScenarioJson.parse("{\"name\": \"tiny\", \"functions\": {\"main\": {\"body\": []}}}", "tiny.json");
        assertThat(gmp.scheduler()).isEqualTo(Scenario.Scheduler.GMP);
        assertThat(ScenarioJson.toJson(gmp)).doesNotContain("scheduler");
        Scenario go10 = ScenarioJson.parse("{\"name\": \"tiny\", \"scheduler\": \"go1.0\", \"functions\": {\"main\": {\"body\": []}}}", "tiny.json");
        assertThat(go10.scheduler()).isEqualTo(Scenario.Scheduler.GO10);
        assertThat(ScenarioJson.toJson(go10)).contains("\"scheduler\": \"go1.0\"");
        assertThat(ScenarioJson.parse(ScenarioJson.toJson(go10), "again.json")).isEqualTo(go10);
    }

    @Test
    void goVersionDefaultsTo123And126RoundTrips() throws ScenarioException {
        Scenario old = ScenarioJson.parse("{\"name\": \"tiny\", \"functions\": {\"main\": {\"body\": []}}}", "tiny.json");
        assertThat(old.go()).isEqualTo(Scenario.GoVersion.GO123);
        assertThat(ScenarioJson.toJson(old)).doesNotContain("\"go\"");
        Scenario go126 = ScenarioJson.parse("{\"name\": \"tiny\", \"go\": \"1.26\", \"functions\": {\"main\": {\"body\": []}}}", "tiny.json");
        assertThat(go126.go()).isEqualTo(Scenario.GoVersion.GO126);
        assertThat(ScenarioJson.toJson(go126)).contains("\"go\": \"1.26\"");
        assertThat(ScenarioJson.parse(ScenarioJson.toJson(go126), "again.json")).isEqualTo(go126);
        // Go 1.0's scheduler has one set of rules
        assertThat(go126.withScheduler(Scenario.Scheduler.GO10).go()).isEqualTo(Scenario.GoVersion.GO123);
    }

    @Test
    void acceptsByteOrderMarkAndCrLf() throws ScenarioException {
        String json = "\uFEFF{\r\n  \"name\": \"crlf\",\r\n  \"functions\": {\"main\": {\"body\": []}}\r\n}\r\n";
        assertThat(ScenarioJson.parse(json, "crlf.json").name()).isEqualTo("crlf");
    }

    @Test
    void roundTripsEveryStatementKind() throws ScenarioException {
        Expr negated = new Expr.Unary("-", c(5));
        Function main = new Function("main", List.of(), List.of(
                new Stmt.Work(c(1_000_000)),
                new Stmt.Work(c(1500)),
                new Stmt.Work(c(0)),
                new Stmt.Work(bin("*", c(2), c(1_000_000))),
                new Stmt.Go("f", List.of(c(1), c(-7))),
                new Stmt.Call("f", List.of(negated, bin("-", c(1), bin("-", c(2), c(3))))),
                new Stmt.Go("g", List.of()),
                new Stmt.Call("g", List.of()),
                new Stmt.Gosched(),
                new Stmt.For("i", c(10), List.of(new Stmt.Set("x", bin("%", v("i"), c(3))))),
                new Stmt.For("_", bin("+", v("x"), c(1)), List.of()),
                new Stmt.If(bin("||", v("x"), new Expr.Unary("!", v("i"))),
                        List.of(new Stmt.Gosched()),
                        List.of(new Stmt.If(c(0), List.of(new Stmt.Return()), List.of()))),
                new Stmt.Set("y", bin("<=", bin("/", v("x"), c(2)), bin(">=", c(Long.MIN_VALUE), c(Long.MAX_VALUE)))),
                new Stmt.WgAdd(new Expr.Var("wg"), c(2)),
                new Stmt.WgAdd(new Expr.Var("wg"), c(-1)),
                new Stmt.WgDone(new Expr.Var("wg")),
                new Stmt.WgWait(new Expr.Var("wg")),
                new Stmt.Return()));
        Function f = new Function("f", List.of("a", "b"), List.of(
                new Stmt.Work(bin("*", v("a"), c(1000))),
                new Stmt.If(bin("!=", v("a"), v("b")), List.of(new Stmt.Call("g", List.of())), List.of())));
        Function g = new Function("g", List.of(), List.of());
        Scenario s = scenario("round \"trip\"\n\ttab", 256, -3, 2, List.of("wg"), main, f, g);

        String json = ScenarioJson.toJson(s);
        assertThat(ScenarioJson.parse(json, "rt.json")).isEqualTo(s);
        assertThat(ScenarioJson.toJson(ScenarioJson.parse(json, "rt.json"))).isEqualTo(json);
    }

    @Test
    void writesTheCanonicalLayout() {
        Function main = new Function("main", List.of(), List.of(
                new Stmt.WgAdd(new Expr.Var("wg"), c(1)),
                new Stmt.For("i", c(3), List.of(new Stmt.Go("w", List.of(v("i"), c(7))))),
                new Stmt.If(bin(">", v("i"), c(0)), List.of(new Stmt.Work(c(250_000))), List.of(new Stmt.Gosched())),
                new Stmt.WgWait(new Expr.Var("wg"))));
        Function w = new Function("w", List.of("id", "n"), List.of(
                new Stmt.Work(bin("*", v("n"), c(1_000_000))),
                new Stmt.For("_", c(2), List.of()),
                new Stmt.WgDone(new Expr.Var("wg"))));
        assertThat(ScenarioJson.toJson(scenario("demo <&>", 2, 1, 256, List.of("wg"), main, w))).isEqualTo("""
                {
                  "name": "demo <&>",
                  "gomaxprocs": 2,
                  "seed": 1,
                  "runqSize": 256,
                  "waitGroups": ["wg"],
                  "mutexes": [],
                  "channels": {},
                  "functions": {
                    "main": {
                      "params": [],
                      "body": [
                        { "op": "wg.add", "wg": "wg", "n": 1 },
                        { "op": "for", "var": "i", "n": 3, "body": [
                          { "op": "go", "fn": "w", "args": ["i", 7] }
                        ] },
                        { "op": "if", "cond": "i > 0", "then": [
                          { "op": "work", "d": "250us" }
                        ], "else": [
                          { "op": "gosched" }
                        ] },
                        { "op": "wg.wait", "wg": "wg" }
                      ]
                    },
                    "w": {
                      "params": ["id", "n"],
                      "body": [
                        { "op": "work", "d": "n * 1ms" },
                        { "op": "for", "n": 2, "body": [] },
                        { "op": "wg.done", "wg": "wg" }
                      ]
                    }
                  }
                }
                """);
    }

    @Test
    void writesAnEmptyProgramCompactly() {
        Scenario s = scenario("empty", 4, 1, 256, List.of(), new Function("main", List.of(), List.of()));
        assertThat(ScenarioJson.toJson(s)).isEqualTo("""
                {
                  "name": "empty",
                  "gomaxprocs": 4,
                  "seed": 1,
                  "runqSize": 256,
                  "waitGroups": [],
                  "mutexes": [],
                  "channels": {},
                  "functions": {
                    "main": {
                      "params": [],
                      "body": []
                    }
                  }
                }
                """);
    }

    @Test
    void everythingFileRoundTrips() throws ScenarioException {
        Scenario s = ScenarioJson.parse(EVERYTHING, "everything.json");
        assertThat(ScenarioJson.parse(ScenarioJson.toJson(s), "again.json")).isEqualTo(s);
    }

    /** Every blocking statement, package-level objects passed as values, in the canonical layout. */
    static final String BLOCKING = """
            {
              "name": "blocking",
              "gomaxprocs": 2,
              "seed": 3,
              "runqSize": 16,
              "waitGroups": ["wg"],
              "mutexes": ["mu", "other"],
              "channels": {"jobs": 16, "done": 0},
              "functions": {
                "main": {
                  "params": [],
                  "body": [
                    { "op": "make", "var": "results", "cap": 4 },
                    { "op": "make", "var": "signal" },
                    { "op": "wg.add", "wg": "wg", "n": 2 },
                    { "op": "go", "fn": "worker", "args": ["wg", "mu", "results"] },
                    { "op": "go", "fn": "worker", "args": ["wg", "other", "results"] },
                    { "op": "set", "var": "n", "value": 0 },
                    { "op": "while", "cond": "n < 2", "body": [
                      { "op": "recv", "ch": "results", "var": "v" },
                      { "op": "set", "var": "n", "value": "n + v" }
                    ] },
                    { "op": "select", "cases": [
                      { "send": "jobs", "value": "n * 2", "body": [
                        { "op": "gosched" }
                      ] },
                      { "recv": "done", "var": "x" },
                      { "recv": "signal" },
                      { "send": "signal", "value": "x" }
                    ], "default": [] },
                    { "op": "select", "cases": [
                      { "recv": "jobs", "body": [
                        { "op": "close", "ch": "signal" }
                      ] }
                    ] },
                    { "op": "select", "cases": [], "default": [
                      { "op": "set", "var": "ch2", "value": "jobs" },
                      { "op": "send", "ch": "ch2", "value": "done" }
                    ] },
                    { "op": "gomaxprocs", "n": "n + 1" },
                    { "op": "close", "ch": "done" },
                    { "op": "wg.wait", "wg": "wg" }
                  ]
                },
                "worker": {
                  "params": ["group", "m", "out"],
                  "body": [
                    { "op": "lock", "mu": "m" },
                    { "op": "syscall", "d": "1ms" },
                    { "op": "syscall", "d": "2500us", "blocking": true },
                    { "op": "unlock", "mu": "m" },
                    { "op": "sleep", "d": "(group + 1) * 500us" },
                    { "op": "netread", "d": "3s" },
                    { "op": "send", "ch": "out", "value": 1 },
                    { "op": "wg.done", "wg": "group" }
                  ]
                }
              }
            }
            """;

    static Scenario blockingScenario() {
        Function main = new Function("main", List.of(), List.of(
                new Stmt.MakeChan("results", c(4)),
                new Stmt.MakeChan("signal", c(0)),
                new Stmt.WgAdd(v("wg"), c(2)),
                new Stmt.Go("worker", List.of(v("wg"), v("mu"), v("results"))),
                new Stmt.Go("worker", List.of(v("wg"), v("other"), v("results"))),
                new Stmt.Set("n", c(0)),
                new Stmt.While(bin("<", v("n"), c(2)), List.of(
                        new Stmt.Recv(v("results"), "v"),
                        new Stmt.Set("n", bin("+", v("n"), v("v"))))),
                new Stmt.Select(List.of(
                        new Stmt.SelectCase(v("jobs"), bin("*", v("n"), c(2)), null, List.of(new Stmt.Gosched())),
                        new Stmt.SelectCase(v("done"), null, "x", List.of()),
                        new Stmt.SelectCase(v("signal"), null, null, List.of()),
                        new Stmt.SelectCase(v("signal"), v("x"), null, List.of())), List.of(), true),
                new Stmt.Select(List.of(
                        new Stmt.SelectCase(v("jobs"), null, null, List.of(new Stmt.Close(v("signal"))))), List.of(), false),
                new Stmt.Select(List.of(), List.of(
                        new Stmt.Set("ch2", v("jobs")),
                        new Stmt.Send(v("ch2"), v("done"))), true),
                new Stmt.Gomaxprocs(bin("+", v("n"), c(1))),
                new Stmt.Close(v("done")),
                new Stmt.WgWait(v("wg"))));
        Function worker = new Function("worker", List.of("group", "m", "out"), List.of(
                new Stmt.Lock(v("m")),
                new Stmt.Syscall(c(1_000_000), false),
                new Stmt.Syscall(c(2_500_000), true),
                new Stmt.Unlock(v("m")),
                new Stmt.Sleep(bin("*", bin("+", v("group"), c(1)), c(500_000))),
                new Stmt.NetRead(c(3_000_000_000L)),
                new Stmt.Send(v("out"), c(1)),
                new Stmt.WgDone(v("group"))));
        Map<String, Function> fns = new LinkedHashMap<>();
        fns.put("main", main);
        fns.put("worker", worker);
        Map<String, Long> channels = new LinkedHashMap<>();
        channels.put("jobs", 16L);
        channels.put("done", 0L);
        return new Scenario("blocking", 2, 3, 16, new Program(fns, List.of("wg"), List.of("mu", "other"), channels));
    }

    @Test
    void readsEveryBlockingStatement() throws ScenarioException {
        Scenario s = ScenarioJson.parse(BLOCKING, "blocking.json");
        assertThat(s).isEqualTo(blockingScenario());
        assertThat(s.program().channels().keySet()).containsExactly("jobs", "done"); // declaration order
    }

    @Test
    void writesBlockingStatementsInTheCanonicalLayout() {
        assertThat(ScenarioJson.toJson(blockingScenario())).isEqualTo(BLOCKING);
    }

    @Test
    void blockingStatementsTakeTheirDefaults() throws ScenarioException {
        String json = """
                {"name": "defaults", "channels": {"ch": 0}, "functions": {"main": {"body": [
                  {"op": "syscall", "d": "1ms", "blocking": false},
                  {"op": "make", "var": "a"},
                  {"op": "make", "var": "b", "cap": 0},
                  {"op": "recv", "ch": "ch"},
                  {"op": "select", "cases": [{"recv": "ch"}, {"send": "a", "value": 1, "body": []}]},
                  {"op": "select", "cases": [], "default": []},
                  {"op": "while", "cond": 1, "body": []}
                ]}}}
                """;
        Scenario s = ScenarioJson.parse(json, "defaults.json");
        assertThat(s.program().function("main").body()).containsExactly(
                new Stmt.Syscall(c(1_000_000), false),
                new Stmt.MakeChan("a", c(0)),
                new Stmt.MakeChan("b", c(0)),
                new Stmt.Recv(v("ch"), null),
                new Stmt.Select(List.of(new Stmt.SelectCase(v("ch"), null, null, List.of()),
                        new Stmt.SelectCase(v("a"), c(1), null, List.of())), List.of(), false),
                new Stmt.Select(List.of(), List.of(), true),
                new Stmt.While(c(1), List.of()));
        assertThat(s.program().waitGroups()).isEmpty();
        assertThat(s.program().mutexes()).isEmpty();
        assertThat(s.program().channels()).containsExactly(Map.entry("ch", 0L));
        String written = ScenarioJson.toJson(s);
        assertThat(written).contains("""
                        { "op": "syscall", "d": "1ms" },
                        { "op": "make", "var": "a" },
                        { "op": "make", "var": "b" },
                        { "op": "recv", "ch": "ch" },
                        { "op": "select", "cases": [
                          { "recv": "ch" },
                          { "send": "a", "value": 1 }
                        ] },
                        { "op": "select", "cases": [], "default": [] },
                        { "op": "while", "cond": 1, "body": [] }
                """);
        assertThat(ScenarioJson.parse(written, "again.json")).isEqualTo(s);
    }

    @Test
    void objectsAreVisibleInEveryFunctionAndTravelAsValues() throws ScenarioException {
        String json = """
                {"name": "values", "waitGroups": ["wg"], "mutexes": ["mu"], "channels": {"ch": 1},
                 "functions": {
                  "main": {"body": [
                    {"op": "set", "var": "w", "value": "wg"},
                    {"op": "go", "fn": "f", "args": ["w", "mu", "ch"]},
                    {"op": "send", "ch": "ch", "value": "mu"},
                    {"op": "wg.wait", "wg": "wg"}
                  ]},
                  "f": {"params": ["g", "m", "c"], "body": [
                    {"op": "recv", "ch": "c", "var": "m2"},
                    {"op": "lock", "mu": "m2"},
                    {"op": "unlock", "mu": "mu"},
                    {"op": "wg.add", "wg": "wg", "n": "m - m"},
                    {"op": "wg.done", "wg": "g"}
                  ]}}}
                """;
        Scenario s = ScenarioJson.parse(json, "values.json");
        assertThat(s.program().function("main").body().get(1)).isEqualTo(new Stmt.Go("f", List.of(v("w"), v("mu"), v("ch"))));
        assertThat(s.program().function("f").body().get(1)).isEqualTo(new Stmt.Lock(v("m2")));
        assertThat(ScenarioJson.parse(ScenarioJson.toJson(s), "again.json")).isEqualTo(s);
    }

    @Test
    void roundTripsEveryBlockingStatementKind() throws ScenarioException {
        Expr negated = new Expr.Unary("-", c(5));
        Function main = new Function("main", List.of(), List.of(
                new Stmt.While(bin("&&", c(1), c(0)), List.of(new Stmt.While(c(0), List.of()), new Stmt.Return())),
                new Stmt.Lock(v("mu")),
                new Stmt.Unlock(v("mu")),
                new Stmt.Syscall(c(0), false),
                new Stmt.Syscall(c(1500), true),
                new Stmt.Syscall(bin("*", c(3), c(1_000_000_000L)), true),
                new Stmt.Sleep(c(7)),
                new Stmt.Sleep(bin("-", c(2_000_000), c(1000))),
                new Stmt.NetRead(c(250_000)),
                new Stmt.MakeChan("c", c(0)),
                new Stmt.MakeChan("d", bin("+", c(0), c(0))),
                new Stmt.MakeChan("e", c(1_000_000)),
                new Stmt.MakeChan("_", c(1)),
                new Stmt.Send(v("c"), negated),
                new Stmt.Send(bin("+", v("c"), c(0)), v("ch")),
                new Stmt.Recv(v("ch"), null),
                new Stmt.Recv(v("d"), "x"),
                new Stmt.Recv(v("d"), "_"),
                new Stmt.Close(v("e")),
                new Stmt.Select(List.of(), List.of(), false),
                new Stmt.Select(List.of(new Stmt.SelectCase(v("c"), null, "_", List.of(
                        new Stmt.Select(List.of(new Stmt.SelectCase(v("d"), c(-1), null, List.of(new Stmt.Gosched()))),
                                List.of(new Stmt.Gosched()), true)))), List.of(), false),
                new Stmt.Gomaxprocs(c(0)),
                new Stmt.Gomaxprocs(c(-1)),
                new Stmt.Gomaxprocs(bin("%", v("x"), c(4))),
                new Stmt.WgAdd(v("wg"), c(1)),
                new Stmt.WgDone(v("wg")),
                new Stmt.WgWait(v("wg"))));
        Map<String, Long> channels = new LinkedHashMap<>();
        channels.put("ch", 1_000_000L);
        channels.put("zero", 0L);
        Scenario s = new Scenario("rt", 1, 0, 2, new Program(Map.of("main", main), List.of("wg"), List.of("mu"), channels));
        String json = ScenarioJson.toJson(s);
        assertThat(ScenarioJson.parse(json, "rt.json")).isEqualTo(s);
        assertThat(ScenarioJson.toJson(ScenarioJson.parse(json, "rt.json"))).isEqualTo(json);
    }

    @Test
    void refusesToWriteSelectsThatCannotBeReadBack() {
        Function bad = new Function("main", List.of(), List.of(
                new Stmt.Select(List.of(), List.of(new Stmt.Gosched()), false)));
        assertThatThrownBy(() -> ScenarioJson.toJson(scenario("bad", 1, 1, 2, List.of(), bad)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("select without a default has default statements");
        Function bad2 = new Function("main", List.of(), List.of(new Stmt.Select(List.of(
                new Stmt.SelectCase(v("c"), c(1), "x", List.of())), List.of(), false)));
        assertThatThrownBy(() -> ScenarioJson.toJson(scenario("bad", 1, 1, 2, List.of(), bad2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("a send case cannot receive into a variable");
    }
}
