package org.gmplab.scenario;

import org.gmplab.scenario.JsonTree.Node;
import org.gmplab.scenario.JsonTree.Obj;
import org.gmplab.scenario.JsonTree.Str;
import org.gmplab.scenario.ScenarioReader.Kind;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads statements and expressions of function bodies for {@link ScenarioReader}.
 *
 * <p>Scope is deliberately simple: a function's variables are its parameters, loop variables and the
 * variables that {@code set}, {@code make} and {@code recv} (also in a select case) assign, each usable in
 * any statement after the one that declares it (in document order, whatever the nesting). That catches
 * typos and use-before-set without modelling Go's block scopes. The package-level objects (wait groups,
 * mutexes, channels) are visible everywhere; no variable may reuse one of their names.
 *
 * <p>Objects are values (handles), as {@code &wg} or a {@code chan int} is in Go, so an op's object is
 * an expression: a package-level name, whose kind is checked here, or a variable holding one, whose
 * kind only the run can tell. A package-level name may stand alone where a value is passed on (an
 * argument, a {@code set} value, a sent value) but is never a number: not a duration, count or
 * condition, and not an operand of arithmetic, which Go does not allow on them either.
 */
final class StatementReader {

    static final List<String> OPS = List.of(
            "work", "go", "call", "gosched", "for", "while", "if", "set", "return", "wg.add", "wg.done", "wg.wait",
            "lock", "unlock", "syscall", "sleep", "netread", "make", "send", "recv", "close", "select", "gomaxprocs");

    /** Allowed keys per op, in the order {@link ScenarioJson#toJson} writes them, and the required ones. */
    private static final Map<String, List<String>> KEYS = Map.ofEntries(
            Map.entry("work", List.of("op", "d")),
            Map.entry("go", List.of("op", "fn", "args")),
            Map.entry("call", List.of("op", "fn", "args")),
            Map.entry("gosched", List.of("op")),
            Map.entry("for", List.of("op", "var", "n", "body")),
            Map.entry("while", List.of("op", "cond", "body")),
            Map.entry("if", List.of("op", "cond", "then", "else")),
            Map.entry("set", List.of("op", "var", "value")),
            Map.entry("return", List.of("op")),
            Map.entry("wg.add", List.of("op", "wg", "n")),
            Map.entry("wg.done", List.of("op", "wg")),
            Map.entry("wg.wait", List.of("op", "wg")),
            Map.entry("lock", List.of("op", "mu")),
            Map.entry("unlock", List.of("op", "mu")),
            Map.entry("syscall", List.of("op", "d", "blocking")),
            Map.entry("sleep", List.of("op", "d")),
            Map.entry("netread", List.of("op", "d")),
            Map.entry("make", List.of("op", "var", "cap")),
            Map.entry("send", List.of("op", "ch", "value")),
            Map.entry("recv", List.of("op", "ch", "var")),
            Map.entry("close", List.of("op", "ch")),
            Map.entry("select", List.of("op", "cases", "default")),
            Map.entry("gomaxprocs", List.of("op", "n")));
    private static final Map<String, List<String>> REQUIRED = Map.ofEntries(
            Map.entry("work", List.of("d")),
            Map.entry("go", List.of("fn")),
            Map.entry("call", List.of("fn")),
            Map.entry("gosched", List.of()),
            Map.entry("for", List.of("n", "body")),
            Map.entry("while", List.of("cond", "body")),
            Map.entry("if", List.of("cond", "then")),
            Map.entry("set", List.of("var", "value")),
            Map.entry("return", List.of()),
            Map.entry("wg.add", List.of("wg", "n")),
            Map.entry("wg.done", List.of("wg")),
            Map.entry("wg.wait", List.of("wg")),
            Map.entry("lock", List.of("mu")),
            Map.entry("unlock", List.of("mu")),
            Map.entry("syscall", List.of("d")),
            Map.entry("sleep", List.of("d")),
            Map.entry("netread", List.of("d")),
            Map.entry("make", List.of("var")),
            Map.entry("send", List.of("ch", "value")),
            Map.entry("recv", List.of("ch")),
            Map.entry("close", List.of("ch")),
            Map.entry("select", List.of("cases")),
            Map.entry("gomaxprocs", List.of("n")));

    /** Keys of a select case, by kind, in the order {@link ScenarioJson#toJson} writes them. */
    static final List<String> SEND_CASE_KEYS = List.of("send", "value", "body");
    static final List<String> RECV_CASE_KEYS = List.of("recv", "var", "body");

    static final String EXPECTED_EXPR = "an integer or an integer expression like \"n - 1\"";
    static final String EXPECTED_DURATION = "a duration like \"2ms\" or an integer expression";
    static final String CASE_FORMS = "{\"recv\": \"ch\", \"var\": \"v\", \"body\": [...]} or {\"send\": \"ch\", \"value\": 1, \"body\": [...]}";

    /** Where an expression stands, which decides what it may be. */
    private enum Use {
        /** an integer: a count, condition, delta, capacity */
        NUMBER,
        /** a number of nanoseconds, not a negative constant */
        DURATION,
        /** a value passed on (argument, set value, sent value): also a package-level object on its own */
        VALUE
    }

    private final ScenarioReader r;
    private final Map<String, List<String>> signatures;
    private final Map<String, Kind> objects;

    StatementReader(ScenarioReader r, Map<String, List<String>> signatures, Map<String, Kind> objects) {
        this.r = r;
        this.signatures = signatures;
        this.objects = objects;
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

    /** An optional body: absent is empty. */
    private List<Stmt> optionalStatements(Node n, Set<String> scope) throws ScenarioException {
        return n == null ? List.of() : statements(n, scope);
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
            case "work": return new Stmt.Work(expr(m.get("d"), scope, Use.DURATION));
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
                Expr count = expr(m.get("n"), scope, Use.NUMBER);
                String var = "_";
                if (m.containsKey("var")) var = declare(scope, m.get("var"), "a loop variable");
                return new Stmt.For(var, count, statements(m.get("body"), scope));
            }
            case "while": {
                Expr cond = expr(m.get("cond"), scope, Use.NUMBER);
                return new Stmt.While(cond, statements(m.get("body"), scope));
            }
            case "if": {
                Expr cond = expr(m.get("cond"), scope, Use.NUMBER);
                List<Stmt> then = statements(m.get("then"), scope);
                List<Stmt> otherwise = optionalStatements(m.get("else"), scope);
                return new Stmt.If(cond, then, otherwise);
            }
            case "set": {
                // The value first: "x = x + 1" needs an earlier x. The name is checked before the value
                // all the same, so that a bad name is reported as such.
                String var = r.identifier(m.get("var"), "a variable name");
                Expr value = expr(m.get("value"), scope, Use.VALUE);
                declare(scope, m.get("var"), "a variable");
                return new Stmt.Set(var, value);
            }
            case "return": return new Stmt.Return();
            case "wg.add": return new Stmt.WgAdd(object(m.get("wg"), scope, Kind.WAIT_GROUP), expr(m.get("n"), scope, Use.NUMBER));
            case "wg.done": return new Stmt.WgDone(object(m.get("wg"), scope, Kind.WAIT_GROUP));
            case "wg.wait": return new Stmt.WgWait(object(m.get("wg"), scope, Kind.WAIT_GROUP));
            case "lock": return new Stmt.Lock(object(m.get("mu"), scope, Kind.MUTEX));
            case "unlock": return new Stmt.Unlock(object(m.get("mu"), scope, Kind.MUTEX));
            case "syscall": {
                Expr d = expr(m.get("d"), scope, Use.DURATION);
                boolean blocking = m.containsKey("blocking") && r.bool(m.get("blocking"));
                return new Stmt.Syscall(d, blocking);
            }
            case "sleep": return new Stmt.Sleep(expr(m.get("d"), scope, Use.DURATION));
            case "netread": return new Stmt.NetRead(expr(m.get("d"), scope, Use.DURATION));
            case "make": {
                String var = r.identifier(m.get("var"), "a variable name");
                Expr cap = Expr.of(0);
                if (m.containsKey("cap")) {
                    Node capNode = m.get("cap");
                    cap = expr(capNode, scope, Use.NUMBER);
                    Long c = ConstEval.value(cap); // no overflow: expr has checked that
                    if (c != null) r.channelCapacity(capNode, BigInteger.valueOf(c));
                }
                declare(scope, m.get("var"), "a variable");
                return new Stmt.MakeChan(var, cap);
            }
            case "send": return new Stmt.Send(object(m.get("ch"), scope, Kind.CHANNEL), expr(m.get("value"), scope, Use.VALUE));
            case "recv": {
                Expr ch = object(m.get("ch"), scope, Kind.CHANNEL);
                String var = m.containsKey("var") ? declare(scope, m.get("var"), "a variable") : null;
                return new Stmt.Recv(ch, var);
            }
            case "close": return new Stmt.Close(object(m.get("ch"), scope, Kind.CHANNEL));
            case "select": {
                List<Stmt.SelectCase> cases = new ArrayList<>();
                for (Node c : r.array(m.get("cases"), "an array of select cases").items()) cases.add(selectCase(c, scope));
                boolean hasDefault = m.containsKey("default");
                return new Stmt.Select(cases, optionalStatements(m.get("default"), scope), hasDefault);
            }
            case "gomaxprocs": return new Stmt.Gomaxprocs(expr(m.get("n"), scope, Use.NUMBER));
            default: throw new AssertionError(op); // KEYS covers every op
        }
    }

    /** {@code {"send": CH, "value": EXPR, "body": [...]}} or {@code {"recv": CH, "var": "v", "body": [...]}}. */
    private Stmt.SelectCase selectCase(Node n, Set<String> scope) throws ScenarioException {
        Obj c = r.object(n, "a select case like " + CASE_FORMS);
        Map<String, Node> m = c.members();
        boolean send = m.containsKey("send"), recv = m.containsKey("recv");
        if (send && recv) {
            String second = null;
            for (String key : m.keySet()) if (key.equals("send") || key.equals("recv")) second = key; // the later one
            throw new ScenarioException(r.file, c.keyLines().get(second), JsonTree.child(c.path(), second),
                    "a select case either sends or receives: it has both \"send\" and \"recv\"");
        }
        if (!send && !recv) {
            // Unknown keys are reported first, naming what a case may hold.
            List<String> all = List.of("send", "recv", "value", "var", "body");
            r.checkKeys(c, all, List.of(), " in a select case");
            throw r.error(c, "a select case needs \"send\" or \"recv\", like " + CASE_FORMS);
        }
        if (send) {
            r.checkKeys(c, SEND_CASE_KEYS, List.of("send", "value"), " in a send case");
            Expr ch = object(m.get("send"), scope, Kind.CHANNEL);
            Expr value = expr(m.get("value"), scope, Use.VALUE);
            return new Stmt.SelectCase(ch, value, null, optionalStatements(m.get("body"), scope));
        }
        r.checkKeys(c, RECV_CASE_KEYS, List.of("recv"), " in a receive case");
        Expr ch = object(m.get("recv"), scope, Kind.CHANNEL);
        String var = m.containsKey("var") ? declare(scope, m.get("var"), "a variable") : null;
        return new Stmt.SelectCase(ch, null, var, optionalStatements(m.get("body"), scope));
    }

    /**
     * Reads a variable name and puts it in scope ({@code _} declares nothing). {@code what} names it in
     * the message if it would hide a package-level object.
     */
    private String declare(Set<String> scope, Node n, String what) throws ScenarioException {
        String var = r.identifier(n, what + " name");
        Kind kind = objects.get(var);
        if (kind != null) throw r.error(n, ScenarioReader.reusesObject(var, kind, what));
        if (!var.equals("_")) scope.add(var);
        return var;
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
            for (Node a : r.array(argsNode, "an array of argument expressions").items()) args.add(expr(a, scope, Use.VALUE));
        List<String> params = signatures.get(fn);
        if (params.size() != args.size()) {
            String takes = params.isEmpty() ? "no arguments"
                    : params.size() + (params.size() == 1 ? " argument (" : " arguments (") + String.join(", ", params) + ")";
            throw r.error(argsNode != null ? argsNode : o, fn + " takes " + takes + ", got " + args.size());
        }
        return args;
    }

    /**
     * The object an op works on ({@code "wg"}, {@code "mu"}, {@code "ch"}): a package-level object of the
     * right kind, a variable (which may hold one; the run will tell), or an expression over variables.
     * A constant is refused: no integer is an object.
     */
    private Expr object(Node n, Set<String> scope, Kind kind) throws ScenarioException {
        String expected = "a " + kind.what + " name like " + JsonTree.quote(kind.example) + " or a variable holding one";
        if (!(n instanceof Str s)) {
            throw r.error(n, "expected " + expected + ", got " + JsonTree.describe(n));
        }
        Expr e = parse(n, s.value(), false);
        if (e instanceof Expr.Var v && !v.name().equals("_") && !scope.contains(v.name())) {
            Kind found = objects.get(v.name());
            if (found == kind) return e;
            if (found != null)
                throw r.error(n, JsonTree.quote(v.name()) + " is a " + found.type + ", not a " + kind.type);
            throw r.error(n, unknownObject(v.name(), kind));
        }
        checkNames(e, n, scope, false);
        if (constant(e, n) != null) throw r.error(n, "expected " + expected + ", got " + JsonTree.describe(n));
        return e;
    }

    private String unknownObject(String name, Kind kind) {
        List<String> declared = new ArrayList<>();
        objects.forEach((k, v) -> { if (v == kind) declared.add(k); });
        String message = "unknown " + kind.what + " " + JsonTree.quote(name);
        if (!declared.isEmpty()) return message + "; declared in " + kind.declaredIn + ": " + String.join(", ", declared);
        String q = JsonTree.quote(name);
        return message + switch (kind) {
            case WAIT_GROUP -> "; declare it in $.waitGroups, e.g. \"waitGroups\": [" + q + "]";
            case MUTEX -> "; declare it in $.mutexes, e.g. \"mutexes\": [" + q + "]";
            case CHANNEL -> "; declare it in $.channels, e.g. \"channels\": {" + q + ": 0}, or make it with"
                    + " {\"op\": \"make\", \"var\": " + q + "}";
        };
    }

    /**
     * An EXPR or DURATION value: a JSON integer, or a string for {@link ExprParser}. Then checked as a
     * Go compiler would: variables in scope, no constant division by zero or overflow, and for a
     * duration, not a negative constant.
     */
    private Expr expr(Node n, Set<String> scope, Use use) throws ScenarioException {
        boolean duration = use == Use.DURATION;
        Expr e;
        if (n instanceof Str s) {
            e = parse(n, s.value(), duration);
        } else {
            BigInteger v = ScenarioReader.integer(n);
            if (v == null) throw r.error(n, "expected " + (duration ? EXPECTED_DURATION : EXPECTED_EXPR) + ", got " + JsonTree.describe(n));
            e = new Expr.Const(r.checkedLong(n, v));
        }
        checkNames(e, n, scope, use == Use.VALUE);
        Long value = constant(e, n);
        if (duration && value != null && value < 0) {
            String shown = JsonTree.describe(n);
            String literal = ExprFormat.duration(value);
            boolean plain = shown.equals(JsonTree.quote(literal)) || shown.equals(Long.toString(value));
            throw r.error(n, "a duration cannot be negative, got " + shown + (plain ? "" : " (= " + literal + ")"));
        }
        return e;
    }

    private Expr parse(Node n, String text, boolean duration) throws ScenarioException {
        try {
            return ExprParser.parse(text);
        } catch (ExprParser.SyntaxError err) {
            throw r.error(n, "invalid " + (duration ? "duration " : "expression ") + JsonTree.quote(text) + ": " + err.getMessage());
        }
    }

    /** The value of a variable-free expression, or null; overflow is an error. */
    private Long constant(Expr e, Node n) throws ScenarioException {
        try {
            return ConstEval.value(e);
        } catch (ArithmeticException overflow) {
            throw r.error(n, "constant overflow: " + JsonTree.describe(n) + " does not fit in 64 bits");
        }
    }

    /**
     * Checks every name {@code e} uses: a variable in scope, or a package-level object where one may
     * stand ({@code objectAllowed}: only as the whole expression); and no constant division by zero.
     */
    private void checkNames(Expr e, Node n, Set<String> scope, boolean objectAllowed) throws ScenarioException {
        if (e instanceof Expr.Var v) {
            if (v.name().equals("_")) throw r.error(n, "cannot use _ as a value");
            if (scope.contains(v.name())) return;
            Kind kind = objects.get(v.name());
            if (kind != null) {
                if (objectAllowed) return;
                String q = JsonTree.quote(v.name());
                String shown = JsonTree.describe(n);
                throw r.error(n, q + " is a " + kind.type + ", not an integer" + (shown.equals(q) ? "" : "; it cannot be used in " + shown));
            }
            throw r.error(n, "undefined variable " + JsonTree.quote(v.name()) + (scope.isEmpty()
                    ? "; no variables are in scope here"
                    : "; in scope here: " + String.join(", ", scope)));
        } else if (e instanceof Expr.Unary u) {
            checkNames(u.operand(), n, scope, false);
        } else if (e instanceof Expr.Binary b) {
            checkNames(b.left(), n, scope, false);
            checkNames(b.right(), n, scope, false);
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
