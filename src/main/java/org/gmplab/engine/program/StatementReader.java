package org.gmplab.engine.program;

import org.gmplab.engine.program.JsonTree.Node;
import org.gmplab.engine.program.JsonTree.Obj;
import org.gmplab.engine.program.JsonTree.Str;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads statements and expressions of function bodies for {@link ScenarioReader}.
 *
 * <p>Scope is deliberately simple: a function's variables are its parameters, loop variables and
 * {@code set} targets, each usable in any statement after the one that declares it (in document order,
 * whatever the nesting). That catches typos and use-before-set without modelling Go's block scopes.
 */
final class StatementReader {

    static final List<String> OPS = List.of(
            "work", "go", "call", "gosched", "for", "if", "set", "return", "wg.add", "wg.done", "wg.wait");

    /** Allowed keys per op, in the order {@link ScenarioJson#toJson} writes them, and the required ones. */
    private static final Map<String, List<String>> KEYS = Map.ofEntries(
            Map.entry("work", List.of("op", "d")),
            Map.entry("go", List.of("op", "fn", "args")),
            Map.entry("call", List.of("op", "fn", "args")),
            Map.entry("gosched", List.of("op")),
            Map.entry("for", List.of("op", "var", "n", "body")),
            Map.entry("if", List.of("op", "cond", "then", "else")),
            Map.entry("set", List.of("op", "var", "value")),
            Map.entry("return", List.of("op")),
            Map.entry("wg.add", List.of("op", "wg", "n")),
            Map.entry("wg.done", List.of("op", "wg")),
            Map.entry("wg.wait", List.of("op", "wg")));
    private static final Map<String, List<String>> REQUIRED = Map.ofEntries(
            Map.entry("work", List.of("d")),
            Map.entry("go", List.of("fn")),
            Map.entry("call", List.of("fn")),
            Map.entry("gosched", List.of()),
            Map.entry("for", List.of("n", "body")),
            Map.entry("if", List.of("cond", "then")),
            Map.entry("set", List.of("var", "value")),
            Map.entry("return", List.of()),
            Map.entry("wg.add", List.of("wg", "n")),
            Map.entry("wg.done", List.of("wg")),
            Map.entry("wg.wait", List.of("wg")));

    static final String EXPECTED_EXPR = "an integer or an integer expression like \"n - 1\"";
    static final String EXPECTED_DURATION = "a duration like \"2ms\" or an integer expression";

    private final ScenarioReader r;
    private final Map<String, List<String>> signatures;
    private final List<String> waitGroups;

    StatementReader(ScenarioReader r, Map<String, List<String>> signatures, List<String> waitGroups) {
        this.r = r;
        this.signatures = signatures;
        this.waitGroups = waitGroups;
    }

    /** The statements under {@code key} of a function object, with the parameters in scope. */
    List<Stmt> body(Obj fn, String key, List<String> params) throws ScenarioException {
        Set<String> scope = new LinkedHashSet<>(params);
        scope.remove("_");
        return statements(fn.members().get(key), scope);
    }

    private List<Stmt> statements(Node n, Set<String> scope) throws ScenarioException {
        List<Stmt> out = new ArrayList<>();
        for (Node item : r.array(n, "an array of statements").items()) out.add(statement(item, scope));
        return out;
    }

    private Stmt statement(Node n, Set<String> scope) throws ScenarioException {
        Obj o = r.object(n, "a statement object like {\"op\": \"work\", \"d\": \"1ms\"}");
        Node opNode = o.members().get("op");
        if (opNode == null) throw r.error(o, "missing required key \"op\"; ops: " + String.join(", ", OPS));
        String op = r.string(opNode);
        if (op.isEmpty()) throw r.error(opNode, "empty op; ops: " + String.join(", ", OPS));
        if (!KEYS.containsKey(op)) throw r.error(opNode, "unknown op " + JsonTree.quote(op) + "; ops: " + String.join(", ", OPS));
        r.checkKeys(o, KEYS.get(op), REQUIRED.get(op), " for op " + JsonTree.quote(op));
        Map<String, Node> m = o.members();
        switch (op) {
            case "work": return new Stmt.Work(expr(m.get("d"), scope, true));
            case "go": {
                String fn = function(m.get("fn"));
                return new Stmt.Go(fn, args(o, fn, scope));
            }
            case "call": {
                String fn = function(m.get("fn"));
                return new Stmt.Call(fn, args(o, fn, scope));
            }
            case "gosched": return new Stmt.Gosched();
            case "for": {
                Expr count = expr(m.get("n"), scope, false);
                String var = m.containsKey("var") ? r.identifier(m.get("var"), "a loop variable name") : "_";
                declare(scope, var);
                return new Stmt.For(var, count, statements(m.get("body"), scope));
            }
            case "if": {
                Expr cond = expr(m.get("cond"), scope, false);
                List<Stmt> then = statements(m.get("then"), scope);
                List<Stmt> otherwise = m.containsKey("else") ? statements(m.get("else"), scope) : List.of();
                return new Stmt.If(cond, then, otherwise);
            }
            case "set": {
                String var = r.identifier(m.get("var"), "a variable name");
                Expr value = expr(m.get("value"), scope, false); // before declaring: "x = x + 1" needs an earlier x
                declare(scope, var);
                return new Stmt.Set(var, value);
            }
            case "return": return new Stmt.Return();
            case "wg.add": return new Stmt.WgAdd(new Expr.Var(waitGroup(m.get("wg"))), expr(m.get("n"), scope, false));
            case "wg.done": return new Stmt.WgDone(new Expr.Var(waitGroup(m.get("wg"))));
            case "wg.wait": return new Stmt.WgWait(new Expr.Var(waitGroup(m.get("wg"))));
            default: throw new AssertionError(op); // KEYS covers every op
        }
    }

    private static void declare(Set<String> scope, String var) {
        if (!var.equals("_")) scope.add(var);
    }

    private String function(Node n) throws ScenarioException {
        String fn = r.string(n);
        if (!signatures.containsKey(fn))
            throw r.error(n, "unknown function " + JsonTree.quote(fn) + "; functions: " + String.join(", ", signatures.keySet()));
        return fn;
    }

    /** The arguments of a go or call statement, checked against the callee's parameter count. */
    private List<Expr> args(Obj o, String fn, Set<String> scope) throws ScenarioException {
        Node argsNode = o.members().get("args");
        List<Expr> args = new ArrayList<>();
        if (argsNode != null)
            for (Node a : r.array(argsNode, "an array of argument expressions").items()) args.add(expr(a, scope, false));
        List<String> params = signatures.get(fn);
        if (params.size() != args.size()) {
            String takes = params.isEmpty() ? "no arguments"
                    : params.size() + (params.size() == 1 ? " argument (" : " arguments (") + String.join(", ", params) + ")";
            throw r.error(argsNode != null ? argsNode : o, fn + " takes " + takes + ", got " + args.size());
        }
        return args;
    }

    private String waitGroup(Node n) throws ScenarioException {
        String wg = r.string(n);
        if (!waitGroups.contains(wg)) {
            throw r.error(n, "unknown wait group " + JsonTree.quote(wg) + (waitGroups.isEmpty()
                    ? "; declare it in $.waitGroups, e.g. \"waitGroups\": [" + JsonTree.quote(wg) + "]"
                    : "; declared in $.waitGroups: " + String.join(", ", waitGroups)));
        }
        return wg;
    }

    /**
     * An EXPR or DURATION value: a JSON integer, or a string for {@link ExprParser}. Then checked as a
     * Go compiler would: variables in scope, no constant division by zero or overflow, and for a
     * duration, not a negative constant.
     */
    private Expr expr(Node n, Set<String> scope, boolean duration) throws ScenarioException {
        String expected = duration ? EXPECTED_DURATION : EXPECTED_EXPR;
        Expr e;
        if (n instanceof Str s) {
            try {
                e = ExprParser.parse(s.value());
            } catch (ExprParser.SyntaxError err) {
                throw r.error(n, "invalid " + (duration ? "duration " : "expression ") + JsonTree.quote(s.value())
                        + ": " + err.getMessage());
            }
        } else {
            BigInteger v = ScenarioReader.integer(n);
            if (v == null) throw r.error(n, "expected " + expected + ", got " + JsonTree.describe(n));
            e = new Expr.Const(r.checkedLong(n, v));
        }
        checkNames(e, n, scope);
        Long value;
        try {
            value = ConstEval.value(e);
        } catch (ArithmeticException overflow) {
            throw r.error(n, "constant overflow: " + JsonTree.describe(n) + " does not fit in 64 bits");
        }
        if (duration && value != null && value < 0) {
            String shown = JsonTree.describe(n);
            String literal = ExprFormat.duration(value);
            boolean plain = shown.equals(JsonTree.quote(literal)) || shown.equals(Long.toString(value));
            throw r.error(n, "a duration cannot be negative, got " + shown + (plain ? "" : " (= " + literal + ")"));
        }
        return e;
    }

    private void checkNames(Expr e, Node n, Set<String> scope) throws ScenarioException {
        if (e instanceof Expr.Var v) {
            if (v.name().equals("_")) throw r.error(n, "cannot use _ as a value");
            if (!scope.contains(v.name()))
                throw r.error(n, "undefined variable " + JsonTree.quote(v.name()) + (scope.isEmpty()
                        ? "; no variables are in scope here"
                        : "; in scope here: " + String.join(", ", scope)));
        } else if (e instanceof Expr.Unary u) {
            checkNames(u.operand(), n, scope);
        } else if (e instanceof Expr.Binary b) {
            checkNames(b.left(), n, scope);
            checkNames(b.right(), n, scope);
            if (b.op().equals("/") || b.op().equals("%")) {
                Long divisor;
                try {
                    divisor = ConstEval.value(b.right());
                } catch (ArithmeticException overflow) {
                    divisor = null; // reported as an overflow of the whole expression
                }
                if (divisor != null && divisor == 0)
                    throw r.error(n, "division by zero in " + JsonTree.describe(n));
            }
        }
    }
}
