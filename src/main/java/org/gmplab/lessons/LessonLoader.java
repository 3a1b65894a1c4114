package org.gmplab.lessons;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gmplab.scenario.Expr;
import org.gmplab.scenario.ExprParser;
import org.gmplab.scenario.JsonTree;
import org.gmplab.scenario.JsonTree.Node;
import org.gmplab.scenario.JsonTree.Obj;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.gosrc.ScenarioFiles;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.scenario.Stmt;
import org.gmplab.io.TextFile;
import org.gmplab.snapshot.EventKind;
import org.gmplab.i18n.Text;

/**
 * Reads lesson files (JSON, format 1; see docs/lesson-format.md). Every mistake is reported as one line
 * naming the file, the line, the JSON path and what was expected — the same way as scenario files — and a
 * lesson whose checks name objects the scenario cannot have is refused before it runs.
 */
public final class LessonLoader {
    public static final int FORMAT = 1;
    /** The file of a lessons folder that lists its lessons in the order a learner should take them (one file name a line). */
    public static final String ORDER = "order.txt";
    /** Lesson files bigger than this are refused unread; the shipped ones are about 10 KB. */
    static final long MAX_FILE_BYTES = 1L << 20;
    private static final List<String> TOP = List.of("format", "id", "title", "summary", "level", "minutes", "scenario", "steps", "homework");
    private static final List<String> STEP = List.of("narration", "deeper", "until", "highlight", "checks", "quiz", "restart", "nothingChanges", "id", "teacher");
    private static final List<String> LEVELS = List.of("beginner", "intermediate", "advanced");

    private final String file;
    private final Path dir;

    private LessonLoader(String file, Path dir) {
        this.file = file;
        this.dir = dir;
    }

    public static Lesson load(Path path) throws ScenarioException {
        String text;
        try {
            text = TextFile.read(path, MAX_FILE_BYTES, "a lesson file");
        } catch (TextFile.Unreadable e) {
            throw new ScenarioException(path.toString(), 0, "", e.getMessage());
        }
        return parse(text, path.toString(), path.toAbsolutePath().getParent());
    }

    /** @param dir where a scenario named by a relative path is looked for */
    public static Lesson parse(String text, String file, Path dir) throws ScenarioException {
        return new LessonLoader(file, dir).lesson(JsonTree.read(text, file));
    }

    /**
     * Every lesson file (*.json) in {@code dir}, in the recommended order: first those its {@value #ORDER} names, as
     * it lists them, then any others by name (a folder without one is simply by name). A line of {@value #ORDER}
     * that names no lesson file of the folder, or one already listed, is reported as one line naming the line.
     */
    public static List<Path> files(Path dir) throws IOException, ScenarioException {
        List<Path> all = byName(dir);
        Path order = dir.resolve(ORDER);
        if (!Files.isRegularFile(order)) return all;
        String text;
        try {
            text = TextFile.read(order, MAX_FILE_BYTES, "a lesson order file");
        } catch (TextFile.Unreadable e) {
            throw new ScenarioException(order.toString(), 0, "", e.getMessage());
        }
        List<Path> listed = new ArrayList<>();
        Map<Path, Integer> lineOf = new java.util.HashMap<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String name = lines[i].strip();
            if (name.isEmpty() || name.startsWith("#")) continue;
            Path f = all.stream().filter(p -> p.getFileName().toString().equals(name)).findFirst().orElse(null);
            if (f == null)
                throw new ScenarioException(order.toString(), i + 1, "", "expected the file name of a lesson in this folder, like "
                        + (all.isEmpty() ? "01-gmp-who-is-who.json" : all.get(0).getFileName()) + ", got " + JsonTree.quote(name));
            Integer first = lineOf.putIfAbsent(f, i + 1);
            if (first != null) throw new ScenarioException(order.toString(), i + 1, "", name + " is listed already, on line " + first);
            listed.add(f);
        }
        List<Path> files = new ArrayList<>(listed);
        for (Path f : all) if (!lineOf.containsKey(f)) files.add(f);
        return List.copyOf(files);
    }

    /** Every lesson file (*.json) in {@code dir}, by name. */
    public static List<Path> byName(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    private Lesson lesson(Node root) throws ScenarioException {
        Obj top = obj(root, "a lesson object");
        keys(top, TOP, List.of("format", "id", "title", "scenario", "steps"));
        long format = integer(top.members().get("format"));
        if (format > FORMAT) throw error(top.members().get("format"), "this lesson needs a newer GMP Lab (format " + format + "; this version reads format " + FORMAT + ")");
        if (format < 1) throw error(top.members().get("format"), "expected format 1");
        String id = string(top.members().get("id"));
        if (!id.matches("[a-z0-9][a-z0-9-]*")) throw error(top.members().get("id"), "expected an id of lower-case letters, digits and dashes, got " + JsonTree.quote(id));
        Text title = text(top.members().get("title"));
        Text summary = top.members().containsKey("summary") ? text(top.members().get("summary")) : new Text("", "");
        String level = top.members().containsKey("level") ? string(top.members().get("level")) : "beginner";
        if (!LEVELS.contains(level)) throw error(top.members().get("level"), "expected one of " + String.join(", ", LEVELS) + ", got " + JsonTree.quote(level));
        int minutes = top.members().containsKey("minutes") ? (int) integer(top.members().get("minutes"), 1, 600) : 5;
        Scenario scenario = scenario(top.members().get("scenario"));
        List<Lesson.Step> steps = new ArrayList<>();
        JsonTree.Arr arr = arr(top.members().get("steps"), "an array of steps");
        if (arr.items().isEmpty()) throw error(arr, "a lesson needs at least one step");
        Scenario current = scenario; // the scheduler in effect changes at a step with "restart"
        for (Node n : arr.items()) {
            Node restart = n instanceof Obj so ? so.members().get("restart") : null;
            if (restart != null) {
                try {
                    current = scenario.withScheduler(Scenario.Scheduler.of(string(restart)));
                } catch (IllegalArgumentException e) {
                    throw error(restart, "restart: " + e.getMessage());
                }
            }
            Lesson.Step step = step(n, current);
            for (Lesson.Step before : steps)
                if (step.id() != null && step.id().equals(before.id()))
                    throw error(((Obj) n).members().get("id"), "the step id " + JsonTree.quote(step.id()) + " is taken by step " + (steps.indexOf(before) + 1) + "; each step's id is its own");
            steps.add(step);
        }
        Lesson.Homework homework = top.members().containsKey("homework") ? homework(top.members().get("homework"), top.members().get("scenario")) : null;
        return new Lesson(file, id, title, summary, level, minutes, scenario, steps, homework);
    }

    /**
     * {@code "homework": {"task": {...}, "solution": "solutions/x.json"}}. The scenario of a homework is a file, the
     * one the learner edits; the solution is another file in the same folder, loaded here so a broken answer key
     * is reported as any other mistake.
     */
    private Lesson.Homework homework(Node n, Node scenario) throws ScenarioException {
        Obj o = obj(n, "a homework object {\"task\": {\"en\": ..., \"zh\": ...}, \"solution\": \"path of a scenario file\"}");
        keys(o, List.of("task", "solution"), List.of("task", "solution"));
        if (!(scenario instanceof JsonTree.Str start))
            throw error(scenario, "a homework's scenario is the path of the scenario file the learner edits, got " + JsonTree.describe(scenario));
        if (!(o.members().get("solution") instanceof JsonTree.Str solution))
            throw error(o.members().get("solution"), "expected the path of the reference solution's scenario file, got " + JsonTree.describe(o.members().get("solution")));
        Path solutionFile = scenarioFile(solution);
        scenarioFile(start);
        return new Lesson.Homework(text(o.members().get("task")), shown(start), shown(solution), ScenarioFiles.load(solutionFile));
    }

    private Scenario scenario(Node n) throws ScenarioException {
        if (n instanceof JsonTree.Str s) return ScenarioFiles.load(scenarioFile(s)); // .json or .go
        return ScenarioJson.read(obj(n, "a scenario object or the path of a scenario file"), file);
    }

    /**
     * The scenario file a lesson names: a relative path that stays inside the lesson's folder, also once
     * links are followed. A lesson is a document from anywhere; it must not make the program read (and
     * quote in its errors) any other file on the machine.
     */
    private Path scenarioFile(JsonTree.Str s) throws ScenarioException {
        Path folder = (dir == null ? Path.of("") : dir).toAbsolutePath().normalize();
        String inside = "expected the path of a scenario file inside the lesson's folder " + folder + ", got " + JsonTree.quote(s.value());
        Path p;
        try {
            Path given = folder.getFileSystem().getPath(s.value());   // the lesson's own file system: a bundled lesson is in the jar
            p = folder.resolve(given).normalize();
            if (given.isAbsolute() || !p.startsWith(folder) || p.equals(folder)) throw error(s, inside);
        } catch (InvalidPathException e) {
            throw error(s, inside);
        }
        if (!Files.exists(p)) throw error(s, "no scenario file " + p);
        try {
            if (!p.toRealPath().startsWith(folder.toRealPath())) throw error(s, inside + " (a link to a file outside it)");
        } catch (IOException e) {
            throw error(s, "cannot read the scenario file " + p);
        }
        return p;
    }

    private Lesson.Step step(Node n, Scenario sc) throws ScenarioException {
        Obj o = obj(n, "a step object");
        keys(o, STEP, List.of("narration", "until"));
        Text narration = text(o.members().get("narration"));
        Text deeper = o.members().containsKey("deeper") ? text(o.members().get("deeper")) : null;
        Lesson.Until until = until(o.members().get("until"), sc);
        List<String> highlight = new ArrayList<>();
        if (o.members().containsKey("highlight"))
            for (Node h : arr(o.members().get("highlight"), "an array of names like \"P0\", \"G3\", \"global\"").items()) {
                String name = string(h);
                if (!name.matches("[PMG][0-9]{1,9}|global|idle|netpoll|timers|sysmon"))
                    throw error(h, "expected P<n>, M<n>, G<n>, global, idle, netpoll, timers or sysmon, got " + JsonTree.quote(name));
                highlight.add(name);
            }
        List<Check> checks = new ArrayList<>();
        if (o.members().containsKey("checks"))
            for (Node c : arr(o.members().get("checks"), "an array of checks like \"P0.runq.size == 4\"").items()) checks.add(check(c, sc));
        Lesson.Quiz quiz = o.members().containsKey("quiz") ? quiz(o.members().get("quiz"), sc) : null;
        Scenario.Scheduler restart = o.members().containsKey("restart") ? sc.scheduler() : null;
        boolean nothingChanges = o.members().containsKey("nothingChanges") && bool(o.members().get("nothingChanges"));
        String id = null;
        if (o.members().containsKey("id")) {
            id = string(o.members().get("id"));
            // a letter first: a step's number is its name when it declares none, so an id is never a number
            if (!id.matches("[a-z][a-z0-9-]{0,39}"))
                throw error(o.members().get("id"), "expected a step id of up to 40 lower-case letters, digits and dashes, starting with a letter, got " + JsonTree.quote(id));
        }
        Text teacher = o.members().containsKey("teacher") ? text(o.members().get("teacher")) : null;
        return new Lesson.Step(narration, deeper, until, highlight, checks, quiz, restart, nothingChanges, id, teacher);
    }

    /** A path the lesson names, as the learner finds it: beside the lesson file as it was given. */
    private String shown(JsonTree.Str s) {
        return Path.of(file).resolveSibling(s.value()).normalize().toString();
    }

    private Lesson.Until until(Node n, Scenario sc) throws ScenarioException {
        Obj o = obj(n, "an until object such as {\"event\": \"STEAL\"}, {\"events\": 10}, {\"time\": \"2ms\"}, {\"when\": \"P0.runq.size == 4\"} or {\"end\": true}");
        Map<String, Node> m = o.members();
        if (m.containsKey("event")) {
            keys(o, List.of("event", "p", "m", "g", "count"), List.of("event"));
            String k = string(m.get("event"));
            EventKind kind;
            try {
                kind = EventKind.valueOf(k);
            } catch (IllegalArgumentException e) {
                throw error(m.get("event"), "unknown event kind \"" + k + "\"; kinds: " + java.util.Arrays.toString(EventKind.values()));
            }
            int p = m.containsKey("p") ? pIndex(m.get("p"), sc) : -1;
            return new Lesson.Until.OnEvent(kind, p, m.containsKey("m") ? (int) integer(m.get("m"), 0, Integer.MAX_VALUE) : -1,
                    m.containsKey("g") ? integer(m.get("g"), 0, Long.MAX_VALUE) : -1, m.containsKey("count") ? positive(m.get("count")) : 1);
        }
        if (m.containsKey("events")) { keys(o, List.of("events"), List.of()); return new Lesson.Until.Events(positive(m.get("events"))); }
        if (m.containsKey("major")) { keys(o, List.of("major"), List.of()); return new Lesson.Until.Major(positive(m.get("major"))); }
        if (m.containsKey("time")) { keys(o, List.of("time"), List.of()); return new Lesson.Until.Time(stepDuration(m.get("time"))); }
        if (m.containsKey("when")) {
            keys(o, List.of("when", "within"), List.of("when"));
            return new Lesson.Until.When(check(m.get("when"), sc), m.containsKey("within") ? stepDuration(m.get("within")) : 10_000_000_000L);
        }
        if (m.containsKey("end")) { keys(o, List.of("end"), List.of()); return new Lesson.Until.End(); }
        throw error(o, "expected one of the keys event, events, major, time, when, end");
    }

    private Lesson.Quiz quiz(Node n, Scenario sc) throws ScenarioException {
        Obj o = obj(n, "a quiz object");
        keys(o, List.of("question", "choices", "answer", "explain"), List.of("question", "choices", "answer"));
        Text q = text(o.members().get("question"));
        List<Lesson.Choice> choices = new ArrayList<>();
        for (Node c : arr(o.members().get("choices"), "an array of choices").items()) {
            Obj co = obj(c, "a choice object {\"en\": ..., \"zh\": ..., \"check\": ...}");
            keys(co, List.of("en", "zh", "check"), List.of("en", "zh"));
            choices.add(new Lesson.Choice(bilingual(co),
                    co.members().containsKey("check") ? check(co.members().get("check"), sc) : null));
        }
        if (choices.size() < 2) throw error(o.members().get("choices"), "a quiz needs at least two choices");
        long answer = integer(o.members().get("answer"));
        if (answer < 0 || answer >= choices.size())
            throw error(o.members().get("answer"), "expected the index of the right choice, 0 to " + (choices.size() - 1) + ", got " + answer);
        Text explain = o.members().containsKey("explain") ? text(o.members().get("explain")) : null;
        return new Lesson.Quiz(q, choices, (int) answer, explain);
    }

    private Check check(Node n, Scenario sc) throws ScenarioException {
        Check c;
        try {
            c = Check.parse(string(n));
        } catch (IllegalArgumentException e) {
            throw error(n, e.getMessage());
        }
        int i = c.pIndex();
        if (i >= 0 && sc.scheduler() == Scenario.Scheduler.GO10)
            throw error(n, "unknown object P" + i + ": the Go 1.0 scheduler has no Ps");
        if (i >= 0 && i >= maxProcs(sc))
            throw error(n, "unknown object P" + i + ": the scenario has GOMAXPROCS=" + sc.gomaxprocs() + " (P0..P" + (sc.gomaxprocs() - 1) + ")");
        return c;
    }

    private int pIndex(Node n, Scenario sc) throws ScenarioException {
        long i = integer(n);
        if (sc.scheduler() == Scenario.Scheduler.GO10) throw error(n, "unknown object P" + i + ": the Go 1.0 scheduler has no Ps");
        if (i < 0 || i >= maxProcs(sc)) throw error(n, "unknown object P" + i + ": the scenario has GOMAXPROCS=" + sc.gomaxprocs());
        return (int) i;
    }

    /** Ps a check may name: GOMAXPROCS, or any if the program changes it at run time. */
    private static int maxProcs(Scenario sc) {
        boolean resizes = sc.program().functions().values().stream().anyMatch(f -> mentionsGomaxprocs(f.body()));
        return resizes ? Scenario.MAX_PROCS : sc.gomaxprocs();
    }

    private static boolean mentionsGomaxprocs(List<Stmt> body) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Gomaxprocs) return true;
            if (s instanceof Stmt.For f && mentionsGomaxprocs(f.body())) return true;
            if (s instanceof Stmt.While w && mentionsGomaxprocs(w.body())) return true;
            if (s instanceof Stmt.If i && (mentionsGomaxprocs(i.then()) || mentionsGomaxprocs(i.otherwise()))) return true;
            if (s instanceof Stmt.Select sel && (mentionsGomaxprocs(sel.otherwise()) || sel.cases().stream().anyMatch(c -> mentionsGomaxprocs(c.body())))) return true;
        }
        return false;
    }

    // ---- small readers with precise errors ------------------------------------------------------

    private Text text(Node n) throws ScenarioException {
        Obj o = obj(n, "a text in both languages, {\"en\": \"...\", \"zh\": \"...\"}");
        keys(o, List.of("en", "zh"), List.of("en", "zh"));
        return bilingual(o);
    }

    private Text bilingual(Obj o) throws ScenarioException {
        String en = string(o.members().get("en")), zh = string(o.members().get("zh"));
        if (en.isBlank()) throw error(o.members().get("en"), "the English text is empty");
        if (zh.isBlank()) throw error(o.members().get("zh"), "the Chinese text is empty");
        return new Text(en, zh);
    }

    private void keys(Obj o, List<String> allowed, List<String> required) throws ScenarioException {
        for (String k : o.members().keySet())
            if (!allowed.contains(k))
                throw new ScenarioException(file, o.keyLines().get(k), JsonTree.child(o.path(), k),
                        "unknown key " + JsonTree.quote(k) + "; allowed keys: " + String.join(", ", allowed));
        for (String k : required)
            if (!o.members().containsKey(k)) throw error(o, "missing required key " + JsonTree.quote(k));
    }

    private Obj obj(Node n, String expected) throws ScenarioException {
        if (n instanceof Obj o) return o;
        throw error(n, "expected " + expected + ", got " + JsonTree.describe(n));
    }

    private JsonTree.Arr arr(Node n, String expected) throws ScenarioException {
        if (n instanceof JsonTree.Arr a) return a;
        throw error(n, "expected " + expected + ", got " + JsonTree.describe(n));
    }

    private String string(Node n) throws ScenarioException {
        if (n instanceof JsonTree.Str s) return s.value();
        throw error(n, "expected a string, got " + JsonTree.describe(n));
    }

    private boolean bool(Node n) throws ScenarioException {
        if (n instanceof JsonTree.Bool b) return b.value();
        throw error(n, "expected true or false, got " + JsonTree.describe(n));
    }

    private long integer(Node n) throws ScenarioException {
        if (n instanceof JsonTree.Num num && num.text().matches("-?[0-9]{1,18}")) return Long.parseLong(num.text());
        throw error(n, "expected an integer, got " + JsonTree.describe(n));
    }

    private long integer(Node n, long min, long max) throws ScenarioException {
        long v = integer(n);
        if (v < min || v > max) throw error(n, "expected an integer from " + min + " to " + max + ", got " + v);
        return v;
    }

    private int positive(Node n) throws ScenarioException {
        long v = integer(n);
        if (v < 1 || v > 10_000_000) throw error(n, "expected a count from 1 to 10000000, got " + v);
        return (int) v;
    }

    private long duration(Node n) throws ScenarioException {
        String s = n instanceof JsonTree.Num num ? num.text() + "ns" : string(n);
        try {
            Expr e = ExprParser.parse(s);
            if (e instanceof Expr.Const c && c.value() > 0) return c.value();
        } catch (IllegalArgumentException ignored) {
            // reported below
        }
        throw error(n, "expected a positive duration like \"2ms\", got " + JsonTree.describe(n));
    }

    /** How long a step may wait: as every other step, at most {@link LessonRunner#MAX_STEP_NANOS} of virtual time. */
    private long stepDuration(Node n) throws ScenarioException {
        long d = duration(n);
        if (d > LessonRunner.MAX_STEP_NANOS)
            throw error(n, "a step may wait at most " + LessonRunner.MAX_STEP_NANOS / 1_000_000_000 + "s of virtual time, got " + JsonTree.describe(n));
        return d;
    }

    private ScenarioException error(Node n, String message) {
        return new ScenarioException(file, n.line(), n.path(), message);
    }
}
