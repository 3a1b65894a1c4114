package org.gmplab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.gmplab.scenario.gosrc.ScenarioFiles;
import org.gmplab.history.History;
import org.gmplab.history.Session;
import org.gmplab.history.SessionFile;
import org.gmplab.io.TextFileTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile input, through the command line as a user gives it (in-process, for speed): seeded mutations of
 * the shipped Go scenarios, JSON scenarios, lessons and a session file, and the special cases that once
 * broke the loaders (a link to /dev/zero, a FIFO, a NUL in a path, huge numbers, {@code P99999999999},
 * paths out of the lesson folder, duplicate keys, files over the limits). Each run has a deadline. A refused
 * input must get exactly one line naming the file (a Go error adds its source line and a caret) and exit
 * code 2; whatever is accepted must end without a Java stack trace.
 *
 * <p>Reproducing a failure: its message gives the seed and the whole input; {@code -Dfuzz.seed=N} runs
 * the mutations from seed N, {@code -Dfuzz.count=N} makes N mutants of each shipped file kind.
 */
@Tag("fuzz")
class InputFuzzTest {

    static final long SEED = Long.getLong("fuzz.seed", 20261201L);
    static final int COUNT = Integer.getInteger("fuzz.count", 60);
    static final Duration DEADLINE = Duration.ofSeconds(20);

    /** What no message may look like: a Java stack trace, or an exception's class name. */
    static final Pattern TRACE = Pattern.compile("(?m)^\\s+at [\\w.$]+\\(|Exception in thread|^Caused by:|java\\.\\w+\\.\\w+(Exception|Error)\\b");

    /** Tokens a careless or hostile edit puts into a file. */
    static final List<String> TOKENS = List.of("{", "}", "[", "]", "\"", ",", ":", "(", ")", "\n", "\u0000", "//", "/*", "\\",
            "99999999999999999999", "-9223372036854775808", "9223372036854775807", "4294967299", "-1", "0", "1e9", "1e99999999999", "1.5",
            "1<<63 - 1", "1 << 63", "P99999999999", "G99999999999", "\"../../etc/passwd.go\"", "\"/dev/zero\"", "null", "true",
            "func", "go", "for {", "select {", "chan", "<-", "defer", "\"gomaxprocs\": 4294967299,", "\"format\": 1,", "é", "\uFEFF");

    @TempDir static Path tmp;
    static Path session;

    record Run(int code, String out, String err, Throwable thrown) {}

    static Run cli(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        try {
            int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
            return new Run(code, out.toString(), err.toString(), null);
        } catch (Throwable t) {   // escaping the command line at all is a finding
            return new Run(-1, out.toString(), err.toString(), t);
        }
    }

    @BeforeAll
    static void aSessionToMutate() throws Exception {
        session = tmp.resolve("shipped.gmpsession");
        try (History h = new History(ScenarioFiles.load(Path.of("scenarios/pingpong.json")).withSeed(7))) {
            h.jumpTo(500);
            h.inject(new org.gmplab.engine.Action.SetGomaxprocs(3));
            for (int i = 0; i < 50; i++) h.stepEvent();
            SessionFile.write(session, Session.of(h, Map.of("speed", "1")));
        }
    }

    // ---- mutations of the shipped files ------------------------------------------------------------

    @TestFactory
    Stream<DynamicTest> mutatedGoScenarios() throws IOException { return mutants(shipped("scenarios", ".go"), ".go", 1); }

    @TestFactory
    Stream<DynamicTest> mutatedJsonScenarios() throws IOException { return mutants(shipped("scenarios", ".json"), ".json", 2); }

    @TestFactory
    Stream<DynamicTest> mutatedLessons() throws IOException { return mutants(shipped("lessons", ".json"), ".json", 3); }

    @TestFactory
    Stream<DynamicTest> mutatedSessions() { return mutants(List.of(session), ".gmpsession", 4); }

    private static List<Path> shipped(String dir, String ext) throws IOException {
        try (var s = Files.list(Path.of(dir))) {
            return s.filter(p -> p.toString().endsWith(ext)).sorted().toList();
        }
    }

    private static Stream<DynamicTest> mutants(List<Path> sources, String ext, int kind) {
        long seed = SEED * 31 + kind;
        Random random = new Random(seed);
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            Path from = sources.get(random.nextInt(sources.size()));
            long mutantSeed = random.nextLong();
            int n = i;
            tests.add(DynamicTest.dynamicTest(from.getFileName() + " #" + i, () -> {
                String text = mutate(Files.readString(from), new Random(mutantSeed));
                Path file = Files.createDirectories(tmp.resolve(ext.substring(1) + kind)).resolve("m" + n + ext);
                Files.writeString(file, text);
                String[] args = kind == 3 ? new String[] {"verify", file.toString()}
                        : kind == 4 ? new String[] {"run", "--session", file.toString(), "--until", "20ms"}
                        : new String[] {"run", file.toString(), "--until", "100us"};
                String repro = "fuzz seed " + seed + " (mutant seed " + mutantSeed + ") of " + from + ", input:\n" + text;
                check(args, file, repro, kind == 3 ? 1 : -1);
            }));
        }
        return tests.stream();
    }

    /** One to three edits: a token in, a span out or doubled, a number made huge, a cut. */
    static String mutate(String text, Random r) {
        int edits = 1 + r.nextInt(3);
        for (int k = 0; k < edits && !text.isEmpty(); k++) {
            int at = r.nextInt(text.length()), len = Math.min(text.length() - at, 1 + r.nextInt(40));
            text = switch (r.nextInt(5)) {
                case 0 -> text.substring(0, at) + TOKENS.get(r.nextInt(TOKENS.size())) + text.substring(at);
                case 1 -> text.substring(0, at) + text.substring(at + len);
                case 2 -> text.substring(0, at + len) + text.substring(at, at + len) + text.substring(at + len);
                case 3 -> text.replaceFirst("(?<=[^0-9A-Za-z_])[1-9][0-9]*(?![0-9A-Za-z_])",
                        List.of("4294967299", "99999999999999999999", "9223372036854775807", "0", "-5").get(r.nextInt(5)));
                default -> text.substring(0, at);
            };
        }
        return text;
    }

    // ---- the special cases ---------------------------------------------------------------------------

    @TestFactory
    Stream<DynamicTest> specialFilesAreRefusedUnread() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("special"));
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : List.of("zero.json", "zero.go", "zero.gmpsession", "lesson-zero.json")) {
            Path link = Files.createSymbolicLink(dir.resolve(name), Path.of("/dev/zero"));
            tests.add(refused(name + " -> /dev/zero", args(link), link, "cannot read: not a regular file"));
        }
        for (String name : List.of("fifo.json", "fifo.go", "fifo.gmpsession", "lesson-fifo.json")) {
            tests.add(DynamicTest.dynamicTest(name + " (a FIFO)", () -> {
                Path fifo = TextFileTest.fifo(dir, name);
                check(args(fifo), fifo, name, -1, "cannot read: not a regular file");
            }));
        }
        tests.add(refused("a folder", new String[] {"run", dir.resolve("sub.json").toString()}, dir.resolve("sub.json"), "cannot read: a folder, not a file",
                () -> Files.createDirectories(dir.resolve("sub.json"))));
        tests.add(refused("a 5 MB scenario", new String[] {"run", dir.resolve("big.json").toString()}, dir.resolve("big.json"), "larger than 4 MB",
                () -> sparse(dir.resolve("big.json"), 5L << 20)));
        tests.add(refused("a 65 MB session", new String[] {"run", "--session", dir.resolve("big.gmpsession").toString()}, dir.resolve("big.gmpsession"),
                "larger than 64 MB", () -> sparse(dir.resolve("big.gmpsession"), 65L << 20)));
        tests.add(refused("a 2 MB lesson", new String[] {"verify", dir.resolve("big-lesson.json").toString()}, dir.resolve("big-lesson.json"),
                "larger than 1 MB", () -> sparse(dir.resolve("big-lesson.json"), 2L << 20)));
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> hostileValuesAreRefusedWithOneLine() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("values"));
        String spawn = Files.readString(Path.of("scenarios/spawn1000.json"));
        String go = Files.readString(Path.of("scenarios/spawn.go"));
        String lesson = Files.readString(Path.of("lessons/04-fill-local-queue.json"));
        String sess = Files.readString(session);
        List<DynamicTest> tests = new ArrayList<>();
        tests.add(refusedText(dir, "huge.json", spawn.replaceFirst("\"gomaxprocs\": [0-9]+", "\"gomaxprocs\": 4294967299"), "gomaxprocs"));
        tests.add(refusedText(dir, "dup.json", spawn.replaceFirst("\\{", "{\"seed\": 1, \"seed\": 2,"), "duplicate key \"seed\""));
        tests.add(refusedText(dir, "huge.go", go.replaceFirst("func main\\(\\) \\{", "func main() {\n\tx := 99999999999999999999\n\t_ = x"),
                "integer constant 99999999999999999999 does not fit in 64 bits"));
        tests.add(refusedText(dir, "shift.go", go.replaceFirst("func main\\(\\) \\{", "func main() {\n\tx := 1 << 63\n\t_ = x"), "constant overflow"));
        tests.add(refusedText(dir, "lesson-p.json", lesson.replaceFirst("\"checks\": \\[", "\"checks\": [\"P99999999999.runq.size == 1\", "),
                "unknown object P99999999999"));
        tests.add(refusedText(dir, "lesson-dup.json", lesson.replaceFirst("\\{", "{\"id\": \"a\","), "duplicate key \"id\""));
        tests.add(refusedText(dir, "lesson-nul.json", scenarioPath(lesson, "sc\u0000.go"), "inside the lesson's folder"));
        tests.add(refusedText(dir, "lesson-out.json", scenarioPath(lesson, "../../scenarios/spawn.go"), "inside the lesson's folder"));
        tests.add(refusedText(dir, "lesson-abs.json", scenarioPath(lesson, Path.of("scenarios/spawn.go").toAbsolutePath().toString()), "inside the lesson's folder"));
        tests.add(refusedText(dir, "dup.gmpsession", sess.replaceFirst("\\{", "{\"position\": 0,"), "duplicate key \"position\""));
        tests.add(refusedText(dir, "comment.gmpsession", sess.replaceFirst("\\{", "{ // a comment\n"), "damaged: not valid JSON"));
        tests.add(refusedText(dir, "exponent.gmpsession", sess.replaceFirst("\"seed\": ", "\"seed\": 1e99999999999, \"x\": "), "number out of range"));
        tests.add(refusedText(dir, "procs.gmpsession", sess.replaceFirst("\"n\": 3", "\"n\": 4294967299"), "must be from 1 to 256, got 4294967299"));
        tests.add(DynamicTest.dynamicTest("a NUL in a path on the command line", () ->
                check(new String[] {"run", dir + "/a\u0000b.json"}, null, "NUL path", -1, "not a usable path (Nul character not allowed): " + dir + "/a\\0b.json")));
        tests.add(DynamicTest.dynamicTest("Go's extreme int64 constants compile and run", () -> {
            Path f = Files.writeString(dir.resolve("extremes.go"), go.replaceFirst("func main\\(\\) \\{",
                    "func main() {\n\tlo := -9223372036854775808\n\thi := 1<<63 - 1\n\t_, _ = lo, hi"));
            Run r = assertTimeoutPreemptively(DEADLINE, () -> cli("run", f.toString(), "--until", "1ms"));
            assertThat(r.code()).as(r.err()).isZero();
        }));
        return tests.stream();
    }

    private static String scenarioPath(String lesson, String path) {
        int start = lesson.indexOf("\"scenario\": {"), end = lesson.indexOf("\"steps\"");
        return lesson.substring(0, start) + "\"scenario\": " + new com.google.gson.Gson().toJson(path) + ",\n  " + lesson.substring(end);
    }

    /** The command that reads {@code file} for what its name says it is. */
    private static String[] args(Path file) {
        String name = file.getFileName().toString();
        if (name.startsWith("lesson")) return new String[] {"verify", file.toString()};
        if (name.endsWith(".gmpsession")) return new String[] {"run", "--session", file.toString()};
        return new String[] {"run", file.toString(), "--until", "1ms"};
    }

    private static void sparse(Path file, long size) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(size);
        }
    }

    interface Setup { void run() throws Exception; }

    private static DynamicTest refused(String name, String[] args, Path file, String why) { return refused(name, args, file, why, () -> { }); }

    private static DynamicTest refused(String name, String[] args, Path file, String why, Setup setup) {
        return DynamicTest.dynamicTest(name, () -> {
            setup.run();
            check(args, file, name, -1, why);
        });
    }

    private static DynamicTest refusedText(Path dir, String name, String text, String why) {
        return DynamicTest.dynamicTest(name, () -> {
            Path file = dir.resolve(name);
            Files.writeString(file, text, StandardCharsets.UTF_8);
            check(args(file), file, name + ":\n" + text, -1, why);
        });
    }

    // ---- the oracle ----------------------------------------------------------------------------------

    private static void check(String[] args, Path file, String repro, int alsoAllowed) { check(args, file, repro, alsoAllowed, null); }

    /**
     * Runs the command under the deadline. Exit 2 with "gmplab: " is a refusal: one line naming the file
     * (a Go error may add its source line and caret, both indented by a tab). With {@code mustRefuse}
     * non-null the input must be refused so, with that text in the line.
     *
     * @param alsoAllowed another exit code an accepted input may end with (verify's 1: a check failed), or -1
     */
    private static void check(String[] args, Path file, String repro, int alsoAllowed, String mustRefuse) {
        Run r = assertTimeoutPreemptively(DEADLINE, () -> cli(args), () -> "no answer within " + DEADLINE + ": " + repro);
        String what = String.join(" ", args).replace("\u0000", "\\0") + " -> exit " + r.code() + "\nstderr:\n" + r.err() + "\nstdout (start):\n"
                + r.out().substring(0, Math.min(400, r.out().length())) + "\n" + repro;
        if (r.thrown() != null) throw new AssertionError("an exception escaped the command line: " + r.thrown() + "\n" + what, r.thrown());
        assertThat(TRACE.matcher(r.err() + r.out()).find()).as("a stack trace or exception name in the output:\n%s", what).isFalse();
        boolean refusal = r.code() == Main.BAD_INPUT && r.err().startsWith("gmplab: ");
        if (mustRefuse != null) assertThat(refusal).as("should be refused with exit 2:\n%s", what).isTrue();
        if (refusal) {
            List<String> lines = r.err().lines().toList();
            assertThat(lines.get(0)).as(what).contains(mustRefuse == null ? "" : mustRefuse);
            if (file != null) assertThat(lines.get(0)).as("the line names the file:\n%s", what).contains(file.toString());
            boolean goExcerpt = lines.size() == 3 && file != null && file.toString().endsWith(".go") && lines.get(2).matches("[ \t]*\\^");
            boolean usageHint = lines.size() == 2 && lines.get(1).matches("Try 'gmplab( \\w+)? --help'\\.");   // a command-line error
            assertThat(lines.size() == 1 || goExcerpt || usageHint).as("one line (or a Go error's line and its source excerpt):\n%s", what).isTrue();
            assertThat(lines.get(0)).as(what).doesNotContain("\u0000");
            return;
        }
        // accepted: it ran, as Go would (exit 0, or 2 for a Go fatal error or panic), or a lesson check failed
        boolean goFailure = r.code() == 2 && (r.err().startsWith("fatal error:") || r.err().startsWith("panic:"));
        assertThat(r.code() == 0 || goFailure || r.code() == alsoAllowed).as("an accepted input ended oddly:\n%s", what).isTrue();
    }
}
