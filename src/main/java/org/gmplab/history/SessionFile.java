package org.gmplab.history;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;

import org.gmplab.engine.Action;
import org.gmplab.scenario.JsonTree;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.io.TextFile;
import org.gmplab.io.AtomicFile;

/**
 * Session files (JSON, read and written with Gson):
 * <pre>{@code
 * {
 *   "format": "gmplab-session",
 *   "version": 1,
 *   "scenario": { ...the scenario, as ScenarioJson writes it... },
 *   "seed": 1,
 *   "settings": { "speed": "1" },
 *   "actions": [ { "safePoint": 812, "event": 700, "time": 35100, "type": "gomaxprocs", "n": 4 } ],
 *   "position": 1101
 * }
 * }</pre>
 * {@code seed} overrides the embedded scenario's. Action types: {@code syscall} (goid, nanos), {@code block}
 * (goid), {@code unblock} (goid), {@code spawn} (fn, count, args), {@code gomaxprocs} (n), {@code netready}
 * (goid), {@code gosched} (goid). Writing is atomic ({@link AtomicFile}). Reading is strict: a damaged file or one of a newer
 * version gets a {@link SessionException} naming the file and what is wrong.
 */
public final class SessionFile {
    public static final String FORMAT = "gmplab-session";
    /** The format version written here, and the newest one read. */
    public static final int VERSION = 1;
    static final long MAX_BYTES = 64L << 20;
    /** The most goroutines one injected spawn may start (as the engine's Actions allow). */
    static final long MAX_SPAWN = 100_000;

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    private SessionFile() { }

    public static void write(Path file, Session s) throws IOException { AtomicFile.write(file, toJson(s)); }

    public static String toJson(Session s) {
        JsonObject o = new JsonObject();
        o.addProperty("format", FORMAT);
        o.addProperty("version", VERSION);
        o.add("scenario", JsonParser.parseString(ScenarioJson.toJson(s.scenario())));
        o.addProperty("seed", s.seed());
        JsonObject settings = new JsonObject();
        s.settings().forEach(settings::addProperty);
        o.add("settings", settings);
        JsonArray acts = new JsonArray();
        for (Action.AppliedAction a : s.actions()) acts.add(action(a));
        o.add("actions", acts);
        o.addProperty("position", s.position());
        return GSON.toJson(o) + "\n";
    }

    public static Session read(Path file) throws SessionException {
        String text;
        try {
            text = TextFile.read(file, MAX_BYTES, "a session file");
        } catch (TextFile.Unreadable e) {
            throw new SessionException(file.toString(), e.getMessage());
        }
        return parse(text, file.toString());
    }

    public static Session parse(String text, String name) throws SessionException {
        JsonObject o;
        try {
            // JsonTree reads strictly (no comments, unquoted keys or trailing commas) and refuses duplicate
            // keys, as the docs promise; Gson's own tree would take the last of two "gomaxprocs" silently.
            JsonElement root = gson(JsonTree.read(text.startsWith("\uFEFF") ? text.substring(1) : text, name), name);
            if (!root.isJsonObject()) throw new SessionException(name, "not a session file (expected a JSON object)");
            o = root.getAsJsonObject();
        } catch (ScenarioException e) { // the file is damaged or cut short
            throw new SessionException(name, e.line(), "damaged: not valid JSON ("
                    + (e.path().isEmpty() || e.path().equals("$") ? "" : e.path() + ": ") + e.detail() + ")");
        }
        if (!o.has("format") || !FORMAT.equals(str(o, "format", name)))
            throw new SessionException(name, "not a GMP Lab session file (\"format\" is not \"" + FORMAT + "\")");
        long version = num(o, "version", name);
        if (version > VERSION)
            throw new SessionException(name, "written by a newer GMP Lab (format version " + version + "; this one reads up to " + VERSION + ")");
        if (version < 1) throw new SessionException(name, "bad format version " + version);
        Scenario sc;
        JsonElement scj = field(o, "scenario", name);
        if (!scj.isJsonObject()) throw new SessionException(name, "\"scenario\" must be an object");
        try {
            sc = ScenarioJson.parse(GSON.toJson(scj), name + " (scenario)");
        } catch (ScenarioException e) {
            throw new SessionException(name, "bad scenario: " + e.detail() + (e.path().isEmpty() ? "" : " at " + e.path()));
        }
        long seed = num(o, "seed", name);
        Map<String, String> settings = new LinkedHashMap<>();
        if (o.has("settings")) {
            if (!o.get("settings").isJsonObject()) throw new SessionException(name, "\"settings\" must be an object");
            for (Map.Entry<String, JsonElement> e : o.getAsJsonObject("settings").entrySet()) {
                if (!e.getValue().isJsonPrimitive()) throw new SessionException(name, "setting \"" + e.getKey() + "\" must be a string or number");
                settings.put(e.getKey(), e.getValue().getAsString());
            }
        }
        JsonElement aj = field(o, "actions", name);
        if (!aj.isJsonArray()) throw new SessionException(name, "\"actions\" must be an array");
        List<Action.AppliedAction> actions = new ArrayList<>();
        int i = 0;
        for (JsonElement e : aj.getAsJsonArray()) {
            String where = "actions[" + i++ + "]";
            if (!e.isJsonObject()) throw new SessionException(name, where + " must be an object");
            actions.add(action(e.getAsJsonObject(), name, where));
        }
        for (int k = 1; k < actions.size(); k++)
            if (actions.get(k).event() < actions.get(k - 1).event())
                throw new SessionException(name, "actions[" + k + "] is at event " + actions.get(k).event() + ", before the action listed ahead of it");
        long position = num(o, "position", name);
        if (position < 0) throw new SessionException(name, "\"position\" must be ≥ 0, not " + position);
        return new Session(sc.withSeed(seed), settings, actions, position);
    }

    // ---- actions ----------------------------------------------------------------------------------

    private static JsonObject action(Action.AppliedAction a) {
        JsonObject o = new JsonObject();
        o.addProperty("safePoint", a.safePoint());
        o.addProperty("event", a.event());
        o.addProperty("time", a.time());
        Action x = a.action();
        if (x instanceof Action.InjectSyscall s) { o.addProperty("type", "syscall"); o.addProperty("goid", s.goid()); o.addProperty("nanos", s.nanos()); }
        else if (x instanceof Action.Block b) { o.addProperty("type", "block"); o.addProperty("goid", b.goid()); }
        else if (x instanceof Action.Unblock u) { o.addProperty("type", "unblock"); o.addProperty("goid", u.goid()); }
        else if (x instanceof Action.Spawn s) {
            o.addProperty("type", "spawn"); o.addProperty("fn", s.fn()); o.addProperty("count", s.count());
            JsonArray args = new JsonArray();
            s.args().forEach(args::add);
            o.add("args", args);
        }
        else if (x instanceof Action.SetGomaxprocs g) { o.addProperty("type", "gomaxprocs"); o.addProperty("n", g.n()); }
        else if (x instanceof Action.NetReady n) { o.addProperty("type", "netready"); o.addProperty("goid", n.goid()); }
        else if (x instanceof Action.Gosched g) { o.addProperty("type", "gosched"); o.addProperty("goid", g.goid()); }
        else throw new IllegalArgumentException("unknown action " + x);
        return o;
    }

    private static Action.AppliedAction action(JsonObject o, String name, String where) throws SessionException {
        long sp = num(o, "safePoint", name, where), ev = num(o, "event", name, where), time = num(o, "time", name, where);
        String type = str(o, "type", name, where);
        Action a = switch (type) {
            case "syscall" -> new Action.InjectSyscall(num(o, "goid", name, where), num(o, "nanos", name, where));
            case "block" -> new Action.Block(num(o, "goid", name, where));
            case "unblock" -> new Action.Unblock(num(o, "goid", name, where));
            case "spawn" -> {
                JsonElement args = field(o, "args", name, where);
                if (!args.isJsonArray()) throw new SessionException(name, where + ".args must be an array of integers");
                List<Long> list = new ArrayList<>();
                for (JsonElement e : args.getAsJsonArray()) list.add(integer(e, name, where + ".args"));
                yield new Action.Spawn(str(o, "fn", name, where), (int) num(o, "count", name, where, 1, MAX_SPAWN), list);
            }
            case "gomaxprocs" -> new Action.SetGomaxprocs((int) num(o, "n", name, where, Scenario.MIN_PROCS, Scenario.MAX_PROCS));
            case "netready" -> new Action.NetReady(num(o, "goid", name, where));
            case "gosched" -> new Action.Gosched(num(o, "goid", name, where));
            default -> throw new SessionException(name, where + ".type: unknown action type \"" + type + "\"");
        };
        if (sp < 0 || ev < 0 || time < 0) throw new SessionException(name, where + ": safePoint, event and time must be ≥ 0");
        return new Action.AppliedAction(sp, ev, time, a);
    }

    // ---- strict field access ----------------------------------------------------------------------

    private static JsonElement field(JsonObject o, String key, String name) throws SessionException { return field(o, key, name, null); }

    private static JsonElement field(JsonObject o, String key, String name, String where) throws SessionException {
        JsonElement e = o.get(key);
        if (e == null || e.isJsonNull()) throw new SessionException(name, "missing \"" + (where == null ? key : where + "." + key) + "\"");
        return e;
    }

    private static long num(JsonObject o, String key, String name) throws SessionException { return num(o, key, name, null); }

    private static long num(JsonObject o, String key, String name, String where) throws SessionException {
        return integer(field(o, key, name, where), name, where == null ? key : where + "." + key);
    }

    private static long integer(JsonElement e, String name, String what) throws SessionException {
        if (e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber()) {
            try {
                return e.getAsJsonPrimitive().getAsBigDecimal().longValueExact();
            } catch (ArithmeticException | NumberFormatException ignored) {
                // reported below
            }
        }
        throw new SessionException(name, "\"" + what + "\" must be an integer, got " + e);
    }

    /** An integer from {@code min} to {@code max}: a wider one is refused, never cut to 32 bits. */
    private static long num(JsonObject o, String key, String name, String where, long min, long max) throws SessionException {
        long v = num(o, key, name, where);
        if (v < min || v > max)
            throw new SessionException(name, "\"" + where + "." + key + "\" must be from " + min + " to " + max + ", got " + v);
        return v;
    }

    private static String str(JsonObject o, String key, String name) throws SessionException { return str(o, key, name, null); }

    private static String str(JsonObject o, String key, String name, String where) throws SessionException {
        JsonElement e = field(o, key, name, where);
        if (e instanceof JsonPrimitive p && p.isString()) return p.getAsString();
        throw new SessionException(name, "\"" + (where == null ? key : where + "." + key) + "\" must be a string, got " + e);
    }

    /** Gson's tree of a strictly read document; numbers keep their exact value (as BigDecimal). */
    private static JsonElement gson(JsonTree.Node n, String name) throws SessionException {
        if (n instanceof JsonTree.Obj obj) {
            JsonObject o = new JsonObject();
            for (Map.Entry<String, JsonTree.Node> e : obj.members().entrySet()) o.add(e.getKey(), gson(e.getValue(), name));
            return o;
        }
        if (n instanceof JsonTree.Arr arr) {
            JsonArray a = new JsonArray();
            for (JsonTree.Node item : arr.items()) a.add(gson(item, name));
            return a;
        }
        if (n instanceof JsonTree.Str str) return new JsonPrimitive(str.value());
        if (n instanceof JsonTree.Num num) {
            try {
                return new JsonPrimitive(new BigDecimal(num.text()));
            } catch (NumberFormatException e) { // an exponent beyond what BigDecimal holds, such as 1e99999999999
                throw new SessionException(name, num.line(), num.path() + ": number out of range: " + JsonTree.describe(num));
            }
        }
        if (n instanceof JsonTree.Bool b) return new JsonPrimitive(b.value());
        return JsonNull.INSTANCE;
    }
}
