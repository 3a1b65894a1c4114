package org.gmplab.engine.program;

import org.gmplab.engine.program.JsonTree.Arr;
import org.gmplab.engine.program.JsonTree.Node;
import org.gmplab.engine.program.JsonTree.Num;
import org.gmplab.engine.program.JsonTree.Obj;
import org.gmplab.engine.program.JsonTree.Str;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntConsumer;
import java.util.regex.Pattern;

/**
 * Turns a {@link JsonTree} into a {@link Scenario}, checking everything a Go compiler would (names,
 * argument counts, variables in scope, wait groups) and reporting each problem at the JSON path and
 * line of the value at fault. Statement-level checks live in {@link StatementReader}.
 */
final class ScenarioReader {

    static final List<String> TOP_KEYS = List.of("name", "gomaxprocs", "seed", "runqSize", "waitGroups", "functions");
    static final int DEFAULT_PROCS = 4;
    static final long DEFAULT_SEED = 1;

    private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");

    final String file;

    private ScenarioReader(String file) { this.file = file; }

    static Scenario read(Node root, String file) throws ScenarioException {
        return new ScenarioReader(file).scenario(root);
    }

    private Scenario scenario(Node root) throws ScenarioException {
        Obj top = object(root, "a scenario object {\"name\": ..., \"functions\": {...}}");
        checkKeys(top, TOP_KEYS, List.of("name", "functions"), "");
        String name = string(top.members().get("name"));
        int procs = optionalInt(top, "gomaxprocs", DEFAULT_PROCS, Scenario::checkProcs);
        long seed = top.members().containsKey("seed") ? longValue(top.members().get("seed")) : DEFAULT_SEED;
        int runq = optionalInt(top, "runqSize", Scenario.DEFAULT_RUNQ, Scenario::checkRunqSize);
        List<String> waitGroups = waitGroups(top.members().get("waitGroups"));

        Obj fns = object(top.members().get("functions"), "an object of functions, e.g. {\"main\": {\"body\": []}}");
        Map<String, List<String>> signatures = signatures(fns);
        if (!signatures.containsKey("main"))
            throw error(fns, "no function named \"main\"; a scenario starts by running main");
        StatementReader statements = new StatementReader(this, signatures, waitGroups);
        Map<String, Function> functions = new LinkedHashMap<>();
        for (var e : fns.members().entrySet()) {
            Obj fn = (Obj) e.getValue();
            List<String> params = signatures.get(e.getKey());
            functions.put(e.getKey(), new Function(e.getKey(), params, statements.body(fn, "body", params)));
        }
        try {
            return new Scenario(name, procs, seed, runq, new Program(functions, waitGroups));
        } catch (IllegalArgumentException | NullPointerException e) {
            // Every rule of Scenario's constructor is checked above; this only guards against new ones.
            throw new ScenarioException(file, top.line(), "$", String.valueOf(e.getMessage()), e);
        }
    }

    /** Reads every function's name and parameters first, so that bodies may call functions declared later. */
    private Map<String, List<String>> signatures(Obj fns) throws ScenarioException {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (var e : fns.members().entrySet()) {
            String fname = e.getKey();
            Node value = e.getValue();
            if (!ExprParser.isIdentifier(fname) || fname.equals("_"))
                throw new ScenarioException(file, fns.keyLines().get(fname), value.path(),
                        "function name " + JsonTree.quote(fname) + " is not a Go identifier");
            Obj fn = object(value, "a function object {\"params\": [...], \"body\": [...]}");
            checkKeys(fn, List.of("params", "body"), List.of("body"), "");
            List<String> params = new ArrayList<>();
            Node paramsNode = fn.members().get("params");
            if (paramsNode != null) {
                for (Node p : array(paramsNode, "an array of parameter names").items()) {
                    String param = identifier(p, "a parameter name");
                    if (params.contains(param) && !param.equals("_"))
                        throw error(p, "duplicate parameter " + JsonTree.quote(param));
                    params.add(param);
                }
                if (fname.equals("main") && !params.isEmpty())
                    throw error(paramsNode, "main takes no parameters, as in Go");
            }
            out.put(fname, List.copyOf(params));
        }
        return out;
    }

    private List<String> waitGroups(Node n) throws ScenarioException {
        if (n == null) return List.of();
        Set<String> out = new LinkedHashSet<>();
        for (Node item : array(n, "an array of wait group names, e.g. [\"wg\"]").items()) {
            String wg = identifier(item, "a wait group name");
            if (wg.equals("_")) throw error(item, "a wait group cannot be named _");
            if (!out.add(wg)) throw error(item, "duplicate wait group " + JsonTree.quote(wg));
        }
        return List.copyOf(out);
    }

    private int optionalInt(Obj o, String key, int defaultValue, IntConsumer rangeCheck) throws ScenarioException {
        Node n = o.members().get(key);
        if (n == null) return defaultValue;
        long v = longValue(n);
        // Values beyond int are clamped so the range check fails; the message then shows the value as written.
        int clamped = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
        try {
            rangeCheck.accept(clamped);
            return clamped;
        } catch (IllegalArgumentException e) {
            String m = String.valueOf(e.getMessage());
            int cut = m.lastIndexOf(", got ");
            throw error(n, (cut >= 0 ? m.substring(0, cut) : m) + ", got " + JsonTree.describe(n));
        }
    }

    // ---- typed access; each failure names the expected shape and the value found ----

    /** Unknown keys first (naming the allowed ones), then missing ones. {@code context} qualifies the message. */
    void checkKeys(Obj o, List<String> allowed, List<String> required, String context) throws ScenarioException {
        for (String key : o.members().keySet()) {
            if (!allowed.contains(key))
                throw new ScenarioException(file, o.keyLines().get(key), JsonTree.child(o.path(), key),
                        "unknown key " + JsonTree.quote(key) + context + "; allowed keys: " + String.join(", ", allowed));
        }
        List<String> missing = new ArrayList<>();
        for (String key : required) if (!o.members().containsKey(key)) missing.add(JsonTree.quote(key));
        if (!missing.isEmpty())
            throw error(o, "missing required key" + (missing.size() > 1 ? "s " : " ") + String.join(", ", missing) + context);
    }

    Obj object(Node n, String expected) throws ScenarioException {
        if (n instanceof Obj o) return o;
        throw error(n, "expected " + expected + ", got " + JsonTree.describe(n));
    }

    Arr array(Node n, String expected) throws ScenarioException {
        if (n instanceof Arr a) return a;
        throw error(n, "expected " + expected + ", got " + JsonTree.describe(n));
    }

    String string(Node n) throws ScenarioException {
        if (n instanceof Str s) return s.value();
        throw error(n, "expected a string, got " + JsonTree.describe(n));
    }

    /** A string that is a Go identifier ({@code _} allowed; callers reject it where Go would). */
    String identifier(Node n, String what) throws ScenarioException {
        if (n instanceof Str s && ExprParser.isIdentifier(s.value())) return s.value();
        throw error(n, "expected " + what + " (a Go identifier such as \"i\"), got " + JsonTree.describe(n));
    }

    long longValue(Node n) throws ScenarioException {
        BigInteger v = integer(n);
        if (v == null) throw error(n, "expected an integer, got " + JsonTree.describe(n));
        return checkedLong(n, v);
    }

    /** The value of a JSON number written as an integer, or null if {@code n} is anything else. */
    static BigInteger integer(Node n) {
        if (!(n instanceof Num num) || !INTEGER.matcher(num.text()).matches()) return null;
        // Any value with this many digits is out of range; skip converting a possibly huge string.
        return num.text().length() > 40 ? BigInteger.ONE.shiftLeft(64) : new BigInteger(num.text());
    }

    long checkedLong(Node n, BigInteger v) throws ScenarioException {
        if (v.bitLength() > 63) throw error(n, "integer " + JsonTree.describe(n) + " does not fit in 64 bits");
        return v.longValue();
    }

    ScenarioException error(Node n, String message) {
        return new ScenarioException(file, n.line(), n.path(), message);
    }
}
