package org.gmplab.scenario;

import org.gmplab.scenario.JsonTree.Arr;
import org.gmplab.scenario.JsonTree.Node;
import org.gmplab.scenario.JsonTree.Num;
import org.gmplab.scenario.JsonTree.Obj;
import org.gmplab.scenario.JsonTree.Str;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import java.util.regex.Pattern;

/**
 * Turns a {@link JsonTree} into a {@link Scenario}, checking everything a Go compiler would (names,
 * argument counts, variables in scope, package-level wait groups, mutexes and channels) and reporting
 * each problem at the JSON path and line of the value at fault. Statement-level checks live in {@link StatementReader}.
 */
final class ScenarioReader {

    static final List<String> TOP_KEYS = List.of(
            "name", "gomaxprocs", "seed", "runqSize", "scheduler", "go", "runtimeGoroutines", "waitGroups", "mutexes", "channels", "functions");
    static final int DEFAULT_PROCS = 4;
    static final long DEFAULT_SEED = 1;
    /** Largest channel capacity accepted for a package-level channel or a constant {@code make} size. */
    static final long MAX_CHANNEL_CAP = Scenario.MAX_CHANNEL_CAP;

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
        Scenario.Scheduler scheduler = Scenario.Scheduler.GMP;
        if (top.members().containsKey("scheduler")) {
            Node n = top.members().get("scheduler");
            try {
                scheduler = Scenario.Scheduler.of(string(n));
            } catch (IllegalArgumentException e) {
                throw error(n, e.getMessage());
            }
        }
        Scenario.GoVersion go = Scenario.GoVersion.GO123;
        if (top.members().containsKey("go")) {
            Node n = top.members().get("go");
            try {
                go = Scenario.GoVersion.of(string(n));
            } catch (IllegalArgumentException e) {
                throw error(n, e.getMessage());
            }
            if (scheduler == Scenario.Scheduler.GO10 && go != Scenario.GoVersion.GO123)
                throw error(n, "go=" + go.key + " applies to the G-M-P scheduler, not to scheduler=go1.0");
        }
        boolean runtimeGoroutines = !top.members().containsKey("runtimeGoroutines") || bool(top.members().get("runtimeGoroutines"));
        // Package-level objects by name, in declaration order; each name is used once across all kinds.
        Map<String, Kind> objects = new LinkedHashMap<>();
        List<String> waitGroups = names(top.members().get("waitGroups"), Kind.WAIT_GROUP, objects);
        List<String> mutexes = names(top.members().get("mutexes"), Kind.MUTEX, objects);
        Map<String, Long> channels = channels(top.members().get("channels"), objects);

        Obj fns = object(top.members().get("functions"), "an object of functions, e.g. {\"main\": {\"body\": []}}");
        Map<String, List<String>> signatures = signatures(fns, objects);
        if (!signatures.containsKey("main"))
            throw error(fns, "no function named \"main\"; a scenario starts by running main");
        StatementReader statements = new StatementReader(this, signatures, objects);
        Map<String, Function> functions = new LinkedHashMap<>();
        for (var e : fns.members().entrySet()) {
            Obj fn = (Obj) e.getValue();
            List<String> params = signatures.get(e.getKey());
            functions.put(e.getKey(), new Function(e.getKey(), params, statements.body(fn, "body", params)));
        }
        try {
            return new Scenario(name, procs, seed, runq, new Program(functions, waitGroups, mutexes, channels), scheduler, go, runtimeGoroutines);
        } catch (IllegalArgumentException | NullPointerException e) {
            // Every rule of Scenario's constructor is checked above; this only guards against new ones.
            throw new ScenarioException(file, top.line(), "$", String.valueOf(e.getMessage()), e);
        }
    }

    /** Reads every function's name and parameters first, so that bodies may call functions declared later. */
    private Map<String, List<String>> signatures(Obj fns, Map<String, Kind> objects) throws ScenarioException {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (var e : fns.members().entrySet()) {
            String fname = e.getKey();
            Node value = e.getValue();
            if (!ExprParser.isFunctionName(fname) || fname.equals("_"))
                throw new ScenarioException(file, fns.keyLines().get(fname), value.path(),
                        "function name " + JsonTree.quote(fname) + " is not a Go identifier");
            if (objects.containsKey(fname))
                throw new ScenarioException(file, fns.keyLines().get(fname), value.path(),
                        "function name " + JsonTree.quote(fname) + " is already " + declaredAs(objects.get(fname)));
            Obj fn = object(value, "a function object {\"params\": [...], \"body\": [...]}");
            checkKeys(fn, List.of("params", "body"), List.of("body"), "");
            List<String> params = new ArrayList<>();
            Node paramsNode = fn.members().get("params");
            if (paramsNode != null) {
                for (Node p : array(paramsNode, "an array of parameter names").items()) {
                    String param = identifier(p, "a parameter name");
                    if (objects.containsKey(param))
                        throw error(p, reusesObject(param, objects.get(param), "a parameter"));
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

    /** The names in {@code $.waitGroups} or {@code $.mutexes}, added to {@code objects}. */
    private List<String> names(Node n, Kind kind, Map<String, Kind> objects) throws ScenarioException {
        if (n == null) return List.of();
        String one = kind.what;
        List<String> out = new ArrayList<>();
        for (Node item : array(n, "an array of " + one + " names, e.g. [" + JsonTree.quote(kind.example) + "]").items()) {
            String name = identifier(item, "a " + one + " name");
            if (name.equals("_")) throw error(item, "a " + one + " cannot be named _");
            Kind before = objects.putIfAbsent(name, kind);
            if (before == kind) throw error(item, "duplicate " + one + " " + JsonTree.quote(name));
            if (before != null) throw error(item, JsonTree.quote(name) + " is already " + declaredAs(before));
            out.add(name);
        }
        return List.copyOf(out);
    }

    /** {@code $.channels}: name to capacity, added to {@code objects}. */
    private Map<String, Long> channels(Node n, Map<String, Kind> objects) throws ScenarioException {
        if (n == null) return Map.of();
        Obj o = object(n, "an object of channel capacities, e.g. {\"ch\": 0, \"jobs\": 16}");
        Map<String, Long> out = new LinkedHashMap<>();
        for (var e : o.members().entrySet()) {
            String name = e.getKey();
            Node cap = e.getValue();
            if (!ExprParser.isIdentifier(name) || name.equals("_"))
                throw new ScenarioException(file, o.keyLines().get(name), cap.path(),
                        "channel name " + JsonTree.quote(name) + " is not a Go identifier");
            Kind before = objects.putIfAbsent(name, Kind.CHANNEL);
            if (before != null)
                throw new ScenarioException(file, o.keyLines().get(name), cap.path(),
                        JsonTree.quote(name) + " is already " + declaredAs(before));
            BigInteger v = integer(cap);
            if (v == null) throw error(cap, "expected a channel capacity (an integer, 0 for unbuffered), got " + JsonTree.describe(cap));
            out.put(name, channelCapacity(cap, v));
        }
        return out;
    }

    /** Checks a constant channel capacity: 0 (unbuffered) up to {@link #MAX_CHANNEL_CAP}. */
    long channelCapacity(Node n, BigInteger v) throws ScenarioException {
        if (v.signum() < 0) throw error(n, "a channel capacity cannot be negative, got " + JsonTree.describe(n));
        if (v.compareTo(BigInteger.valueOf(MAX_CHANNEL_CAP)) > 0)
            throw error(n, "a channel capacity must be at most " + MAX_CHANNEL_CAP + ", got " + JsonTree.describe(n));
        return v.longValue();
    }

    /** "declared as a package-level sync.Mutex in $.mutexes" */
    static String declaredAs(Kind kind) {
        return "declared as a package-level " + kind.type + " in " + kind.declaredIn;
    }

    /** The message for a local that would hide a package-level object. */
    static String reusesObject(String name, Kind kind, String what) {
        return JsonTree.quote(name) + " is already " + declaredAs(kind) + "; " + what + " cannot reuse its name";
    }

    /** The kinds of package-level objects, as messages name them. */
    enum Kind {
        WAIT_GROUP("wait group", "sync.WaitGroup", "$.waitGroups", "wg"),
        MUTEX("mutex", "sync.Mutex", "$.mutexes", "mu"),
        CHANNEL("channel", "channel", "$.channels", "ch");

        /** In prose ("unknown mutex"), as a Go type ("a sync.Mutex"), where declared, a typical name. */
        final String what, type, declaredIn, example;

        Kind(String what, String type, String declaredIn, String example) {
            this.what = what;
            this.type = type;
            this.declaredIn = declaredIn;
            this.example = example;
        }
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
    boolean bool(Node n) throws ScenarioException {
        if (n instanceof JsonTree.Bool b) return b.value();
        throw error(n, "expected true or false, got " + JsonTree.describe(n));
    }

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
