package org.gmplab.scenario;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.gmplab.io.TextFile;

/**
 * Scenario files: JSON in, {@link Scenario} out, and back. The format is described in
 * {@code docs/scenario-format.md}. Reading is strict and every error carries the file, line and JSON
 * path of the value at fault (see {@link ScenarioException}); {@link #toJson} writes the one canonical
 * layout, and {@code parse(toJson(s))} equals {@code s} for every valid scenario.
 */
public final class ScenarioJson {

    /** Files bigger than this are refused rather than read into memory; real scenarios are a few KB. */
    static final long MAX_FILE_BYTES = 4L << 20;

    private ScenarioJson() { }

    /** Parses scenario JSON; {@code fileName} is only used in error messages. */
    public static Scenario parse(String json, String fileName) throws ScenarioException {
        Objects.requireNonNull(json, "json");
        String file = fileName == null ? "<input>" : fileName;
        String text = json.startsWith("\uFEFF") ? json.substring(1) : json; // editors on Windows add a BOM
        return ScenarioReader.read(JsonTree.read(text, file), file);
    }

    /** Reads and parses a UTF-8 scenario file; read failures are reported as a ScenarioException too. */
    public static Scenario load(Path path) throws ScenarioException {
        String file = path.toString();
        String text = readText(path);
        return parse(text, file);
    }

    /**
     * Writes {@code s} in the canonical layout: two-space indentation, every top-level key present, one
     * statement per line with nested bodies indented below the statement that owns them, and optional
     * statement keys left out when they hold their default. Constant durations become the shortest
     * exact literal ("1ms", "250us", "1500ns"), and other durations strings in which whole microseconds
     * are literals too ("d * 1us", see {@link ExprFormat#formatDuration}); constant expressions become
     * JSON integers; anything else is a string in {@link ExprFormat}'s syntax.
     *
     * @throws IllegalArgumentException if an expression cannot be written (see {@link ExprFormat#format})
     */
    /** Reads a scenario embedded as a JSON object inside another file (a lesson), keeping its lines and paths. */
    public static Scenario read(JsonTree.Node node, String fileName) throws ScenarioException {
        return ScenarioReader.read(node, fileName);
    }

    /**
     * The UTF-8 text of a scenario file (JSON or Go), read by {@link TextFile}: refusing files over
     * {@link #MAX_FILE_BYTES}, anything but a regular file, and text that is not UTF-8; every failure is
     * one ScenarioException naming the file.
     */
    public static String readText(Path path) throws ScenarioException {
        try {
            return TextFile.read(path, MAX_FILE_BYTES, "a scenario file");
        } catch (TextFile.Unreadable e) {
            throw new ScenarioException(path.toString(), 0, "", e.getMessage());
        }
    }

    public static String toJson(Scenario s) {
        StringBuilder out = new StringBuilder();
        out.append("{\n");
        out.append("  \"name\": ").append(jsonString(s.name())).append(",\n");
        out.append("  \"gomaxprocs\": ").append(s.gomaxprocs()).append(",\n");
        out.append("  \"seed\": ").append(s.seed()).append(",\n");
        out.append("  \"runqSize\": ").append(s.runqSize()).append(",\n");
        if (s.scheduler() != Scenario.Scheduler.GMP) out.append("  \"scheduler\": ").append(jsonString(s.scheduler().key)).append(",\n");
        if (s.go() != Scenario.GoVersion.GO123) out.append("  \"go\": ").append(jsonString(s.go().key)).append(",\n");
        if (!s.runtimeGoroutines()) out.append("  \"runtimeGoroutines\": false,\n");
        out.append("  \"waitGroups\": ").append(stringArray(s.program().waitGroups())).append(",\n");
        out.append("  \"mutexes\": ").append(stringArray(s.program().mutexes())).append(",\n");
        out.append("  \"channels\": ").append(channels(s.program().channels())).append(",\n");
        out.append("  \"functions\": {\n");
        int i = 0;
        Map<String, Function> fns = s.program().functions();
        for (Function f : fns.values()) {
            out.append("    ").append(jsonString(f.name())).append(": {\n");
            out.append("      \"params\": ").append(stringArray(f.params())).append(",\n");
            out.append("      \"body\": ");
            block(f.body(), 6, out);
            out.append("\n    }").append(++i < fns.size() ? ",\n" : "\n");
        }
        out.append("  }\n}\n");
        return out.toString();
    }

    /** Writes {@code [` + one statement per line + `]}, the closing bracket at {@code indent}. */
    private static void block(List<Stmt> body, int indent, StringBuilder out) {
        if (body.isEmpty()) {
            out.append("[]");
            return;
        }
        out.append("[\n");
        for (int i = 0; i < body.size(); i++) {
            out.append(" ".repeat(indent + 2));
            statement(body.get(i), indent + 2, out);
            out.append(i + 1 < body.size() ? ",\n" : "\n");
        }
        out.append(" ".repeat(indent)).append(']');
    }

    private static void statement(Stmt st, int indent, StringBuilder out) {
        out.append("{ \"op\": ");
        if (st instanceof Stmt.Work w) {
            out.append("\"work\", \"d\": ").append(duration(w.nanos()));
        } else if (st instanceof Stmt.Go g) {
            out.append("\"go\", \"fn\": ").append(jsonString(g.fn()));
            args(g.args(), out);
        } else if (st instanceof Stmt.Call c) {
            out.append("\"call\", \"fn\": ").append(jsonString(c.fn()));
            args(c.args(), out);
        } else if (st instanceof Stmt.Gosched) {
            out.append("\"gosched\"");
        } else if (st instanceof Stmt.For f) {
            out.append("\"for\"");
            if (!f.var().equals("_")) out.append(", \"var\": ").append(jsonString(f.var()));
            out.append(", \"n\": ").append(expr(f.count())).append(", \"body\": ");
            block(f.body(), indent, out);
        } else if (st instanceof Stmt.If f) {
            out.append("\"if\", \"cond\": ").append(expr(f.cond())).append(", \"then\": ");
            block(f.then(), indent, out);
            if (!f.otherwise().isEmpty()) {
                out.append(", \"else\": ");
                block(f.otherwise(), indent, out);
            }
        } else if (st instanceof Stmt.Set set) {
            out.append("\"set\", \"var\": ").append(jsonString(set.var())).append(", \"value\": ").append(expr(set.value()));
        } else if (st instanceof Stmt.Return) {
            out.append("\"return\"");
        } else if (st instanceof Stmt.WgAdd a) {
            out.append("\"wg.add\", \"wg\": ").append(expr(a.wg())).append(", \"n\": ").append(expr(a.delta()));
        } else if (st instanceof Stmt.WgDone d) {
            out.append("\"wg.done\", \"wg\": ").append(expr(d.wg()));
        } else if (st instanceof Stmt.WgWait w) {
            out.append("\"wg.wait\", \"wg\": ").append(expr(w.wg()));
        } else if (st instanceof Stmt.While w) {
            out.append("\"while\", \"cond\": ").append(expr(w.cond())).append(", \"body\": ");
            block(w.body(), indent, out);
        } else if (st instanceof Stmt.Lock l) {
            out.append("\"lock\", \"mu\": ").append(expr(l.mu()));
        } else if (st instanceof Stmt.Unlock u) {
            out.append("\"unlock\", \"mu\": ").append(expr(u.mu()));
        } else if (st instanceof Stmt.Syscall sc) {
            out.append("\"syscall\", \"d\": ").append(duration(sc.nanos()));
            if (sc.blocking()) out.append(", \"blocking\": true");
        } else if (st instanceof Stmt.Sleep sl) {
            out.append("\"sleep\", \"d\": ").append(duration(sl.nanos()));
        } else if (st instanceof Stmt.NetRead nr) {
            out.append("\"netread\", \"d\": ").append(duration(nr.nanos()));
        } else if (st instanceof Stmt.MakeChan mk) {
            out.append("\"make\", \"var\": ").append(jsonString(mk.var()));
            if (!mk.capacity().equals(Expr.of(0))) out.append(", \"cap\": ").append(expr(mk.capacity()));
        } else if (st instanceof Stmt.Send snd) {
            out.append("\"send\", \"ch\": ").append(expr(snd.ch())).append(", \"value\": ").append(expr(snd.value()));
        } else if (st instanceof Stmt.Recv rcv) {
            out.append("\"recv\", \"ch\": ").append(expr(rcv.ch()));
            if (rcv.var() != null) out.append(", \"var\": ").append(jsonString(rcv.var()));
        } else if (st instanceof Stmt.Close cl) {
            out.append("\"close\", \"ch\": ").append(expr(cl.ch()));
        } else if (st instanceof Stmt.Select sel) {
            select(sel, indent, out);
        } else if (st instanceof Stmt.Gomaxprocs g) {
            out.append("\"gomaxprocs\", \"n\": ").append(expr(g.n()));
        } else {
            throw new IllegalArgumentException("unknown statement: " + st); // Stmt is sealed; a new kind needs a case
        }
        out.append(" }");
    }

    /**
     * {@code "select", "cases": [} + one case per line + {@code ]}, then {@code , "default": [...]} when
     * the select has one; each case's body is nested below it like a statement's.
     */
    private static void select(Stmt.Select sel, int indent, StringBuilder out) {
        if (!sel.hasDefault() && !sel.otherwise().isEmpty())
            throw new IllegalArgumentException("select without a default has default statements: " + sel);
        out.append("\"select\", \"cases\": ");
        List<Stmt.SelectCase> cases = sel.cases();
        if (cases.isEmpty()) {
            out.append("[]");
        } else {
            out.append("[\n");
            for (int i = 0; i < cases.size(); i++) {
                Stmt.SelectCase c = cases.get(i);
                out.append(" ".repeat(indent + 2)).append("{ ");
                if (c.isSend()) {
                    if (c.var() != null) throw new IllegalArgumentException("a send case cannot receive into a variable: " + c);
                    out.append("\"send\": ").append(expr(c.ch())).append(", \"value\": ").append(expr(c.value()));
                } else {
                    out.append("\"recv\": ").append(expr(c.ch()));
                    if (c.var() != null) out.append(", \"var\": ").append(jsonString(c.var()));
                }
                if (!c.body().isEmpty()) {
                    out.append(", \"body\": ");
                    block(c.body(), indent + 2, out);
                }
                out.append(" }").append(i + 1 < cases.size() ? ",\n" : "\n");
            }
            out.append(" ".repeat(indent)).append(']');
        }
        if (sel.hasDefault()) {
            out.append(", \"default\": ");
            block(sel.otherwise(), indent, out);
        }
    }

    /** {@code {"ch": 0, "jobs": 16}} on one line. */
    private static String channels(Map<String, Long> channels) {
        StringBuilder out = new StringBuilder("{");
        int i = 0;
        for (var e : channels.entrySet())
            out.append(i++ > 0 ? ", " : "").append(jsonString(e.getKey())).append(": ").append(e.getValue());
        return out.append('}').toString();
    }

    private static void args(List<Expr> args, StringBuilder out) {
        if (args.isEmpty()) return;
        out.append(", \"args\": [");
        for (int i = 0; i < args.size(); i++) out.append(i > 0 ? ", " : "").append(expr(args.get(i)));
        out.append(']');
    }

    private static String expr(Expr e) {
        return e instanceof Expr.Const c ? Long.toString(c.value()) : jsonString(ExprFormat.format(e));
    }

    private static String duration(Expr e) {
        return e instanceof Expr.Const c ? jsonString(ExprFormat.duration(c.value())) : jsonString(ExprFormat.formatDuration(e));
    }

    private static String stringArray(List<String> items) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < items.size(); i++) out.append(i > 0 ? ", " : "").append(jsonString(items.get(i)));
        return out.append(']').toString();
    }

    /**
     * A JSON string literal. Written by hand rather than with Gson's JsonWriter, which escapes
     * {@code < > & = '} for HTML and would turn {@code "depth > 0"} into {@code "depth \u003e 0"}.
     */
    static String jsonString(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    // Control chars must be escaped; U+2028/9 too, so the output is also valid JavaScript.
                    if (c < 0x20 || c == 0x7f || c == '\u2028' || c == '\u2029') out.append(String.format("\\u%04x", (int) c));
                    else out.append(c);
                }
            }
        }
        return out.append('"').toString();
    }
}
