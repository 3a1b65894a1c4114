package org.gmplab.scenario.gosrc;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gmplab.scenario.Expr;
import org.gmplab.scenario.Function;
import org.gmplab.scenario.Program;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.Stmt;

/** Compiling Go snippets and building the expected program model in tests. */
final class Go {
    private Go() { }

    static final long US = 1_000, MS = 1_000_000;

    static Scenario scenario(String src) {
        try {
            return GoSource.parse(src, "t.go");
        } catch (ScenarioException e) {
            throw new AssertionError("did not compile:\n" + e.getMessage(), e);
        }
    }

    static Program compile(String src) { return scenario(src).program(); }

    /** The body of {@code main} in {@code func main() { body }} (a snippet: runtime, sync, time need no import). */
    static List<Stmt> main(String body) {
        return compile("func main() {\n" + body + "\n}\n").function("main").body();
    }

    /** The whole message of the error {@code src} gets. */
    static String error(String src) {
        return assertThrows(ScenarioException.class, () -> GoSource.parse(src, "t.go")).getMessage();
    }

    /** The first line of the message: {@code t.go:line:col: what}. */
    static String firstLine(String src) {
        return error(src).lines().findFirst().orElseThrow();
    }

    static Function fn(String name, List<String> params, Stmt... body) {
        return new Function(name, params, Arrays.asList(body));
    }

    static Function fn(String name, Stmt... body) { return fn(name, List.of(), body); }

    static Program program(List<String> waitGroups, List<String> mutexes, Map<String, Long> channels, Function... fns) {
        Map<String, Function> m = new LinkedHashMap<>();
        for (Function f : fns) m.put(f.name(), f);
        return new Program(m, waitGroups, mutexes, channels);
    }

    static Program program(Function... fns) { return program(List.of(), List.of(), Map.of(), fns); }

    static Expr v(String name) { return new Expr.Var(name); }

    static Expr c(long value) { return new Expr.Const(value); }

    static Expr bin(String op, Expr l, Expr r) { return new Expr.Binary(op, l, r); }

    static Expr not(Expr e) { return new Expr.Unary("!", e); }

    static Stmt set(String var, Expr value) { return new Stmt.Set(var, value); }

    static Stmt set(String var, long value) { return new Stmt.Set(var, c(value)); }

    static List<Stmt> body(Stmt... s) { return Arrays.asList(s); }
}
