package org.gmplab.engine.program;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

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
                        { "op": "work", "d": "n * 1000000" },
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
}
