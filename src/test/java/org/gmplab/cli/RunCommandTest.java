package org.gmplab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gmplab run} on good and bad input. */
class RunCommandTest {
    @TempDir Path tmp;

    record Result(int code, String out, String err) {}

    static Result run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    static final Pattern HEADER = Pattern.compile(
            "SCHED \\d+ms: gomaxprocs=\\d+ idleprocs=\\d+ threads=\\d+ spinningthreads=\\d+ needspinning=[01] idlethreads=\\d+ runqueue=\\d+");
    static final Pattern SUMMARY = Pattern.compile(HEADER.pattern() + " \\[\\d+( \\d+)*]");
    static final Pattern DETAIL_HEADER = Pattern.compile(HEADER.pattern() + " gcwaiting=(true|false) nmidlelocked=\\d+ stopwait=\\d+ sysmonwait=(true|false)");
    static final Pattern P_LINE = Pattern.compile("  P\\d+: status=\\d schedtick=\\d+ syscalltick=\\d+ m=(nil|\\d+) runqsize=\\d+ gfreecnt=\\d+ timerslen=\\d+");
    static final Pattern M_LINE = Pattern.compile("  M\\d+: p=(nil|\\d+) curg=(nil|\\d+) mallocing=\\d+ throwing=\\d+ preemptoff=\\S* locks=\\d+ dying=\\d+ spinning=(true|false) blocked=(true|false) lockedg=(nil|\\d+)");
    static final Pattern G_LINE = Pattern.compile("  G\\d+: status=\\d+\\(.*\\) m=(nil|\\d+) lockedm=(nil|\\d+)");

    @Test
    void schedtraceLinesFallOnExactMultiplesAndRepeat() {
        Result r = run("run", "scenarios/spawn1000.json", "--schedtrace", "5", "--until", "20ms");
        assertThat(r.code()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines).hasSize(5);
        for (int i = 0; i < lines.size(); i++) {
            assertThat(lines.get(i)).matches(SUMMARY).startsWith("SCHED " + 5 * i + "ms: gomaxprocs=2 ");
        }
        assertThat(run("run", "scenarios/spawn1000.json", "--schedtrace", "5", "--until", "20ms").out()).isEqualTo(r.out());
    }

    /** The summary and detail shapes are checked against real Go 1.23 output first, then against ours. */
    @Test
    void scheddetailHasGoShape() throws IOException {
        Path ref = Path.of("../shared/reference/go-traces/a_spawn1000_p2_detail.txt");
        if (Files.exists(ref)) {
            // (the reference files also hold the program's own RESULT lines)
            for (String line : Files.readAllLines(ref))
                if (!line.startsWith("RESULT")) assertThat(isDetailLine(line)).as("reference line: %s", line).isTrue();
            for (String line : Files.readAllLines(Path.of("../shared/reference/go-traces/a_spawn1000_p2_summary.txt")))
                if (!line.startsWith("RESULT")) assertThat(line).matches(SUMMARY);
        }
        Result r = run("run", "scenarios/spawn1000.json", "--schedtrace", "2", "--scheddetail", "--until", "4ms");
        assertThat(r.code()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.stream().filter(l -> l.startsWith("SCHED"))).hasSize(3);
        for (String line : lines) assertThat(isDetailLine(line)).as(line).isTrue();
        assertThat(lines).anyMatch(l -> l.matches("  G1: status=4\\(semacquire\\) m=nil lockedm=nil"));
    }

    private static boolean isDetailLine(String l) {
        return DETAIL_HEADER.matcher(l).matches() || P_LINE.matcher(l).matches() || M_LINE.matcher(l).matches() || G_LINE.matcher(l).matches();
    }

    @Test
    void eventsAreWrittenAsJsonLines() throws IOException {
        Path file = tmp.resolve("events.jsonl");
        Result r = run("run", "scenarios/fanout.json", "--events", file.toString());
        assertThat(r.code()).as(r.err()).isZero();
        List<com.google.gson.JsonObject> events = Files.readAllLines(file).stream().map(l -> com.google.gson.JsonParser.parseString(l).getAsJsonObject()).toList();
        assertThat(events).hasSizeGreaterThan(100);
        // written like every other saved file: readable by others, not owner-only as a temporary file is
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-r--r--");
        for (int i = 0; i < events.size(); i++) assertThat(events.get(i).get("seq").getAsLong()).isEqualTo(i + 1);
        assertThat(events.get(events.size() - 1).get("why").getAsString()).contains("main returned");
        assertThat(tmp.toFile().list()).containsExactly("events.jsonl"); // no temporary file left behind
    }

    @Test
    void liveModeRunsToTheEnd() {
        Result r = run("run", "scenarios/fanout.json", "--mode", "live", "--until", "30s");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
    }

    @Test
    void aDeadlockIsReportedAsGoDoesWithExitCode2() throws IOException {
        Path f = tmp.resolve("deadlock.json");
        Files.writeString(f, """
                {"name": "deadlock", "waitGroups": ["wg"], "functions": {"main": {"params": [], "body": [
                  {"op": "wg.add", "wg": "wg", "n": 1}, {"op": "wg.wait", "wg": "wg"}]}}}
                """);
        Result r = run("run", f.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("fatal error: all goroutines are asleep - deadlock!");
    }

    @Test
    void badInputGetsOneLineAndExitCode2() throws IOException {
        Path bad = tmp.resolve("bad.json");
        Files.writeString(bad, "{\n  \"name\": \"x\",\n  \"gomaxprocs\": 999,\n  \"functions\": {}\n}\n");
        String[][] cases = {
                {"run", "no/such/file.json"},
                {"run", bad.toString()},
                {"run", "scenarios/spawn1000.json", "--gomaxprocs", "0"},
                {"run", "scenarios/spawn1000.json", "--gomaxprocs", "many"},
                {"run", "scenarios/spawn1000.json", "--until", "soon"},
                {"run", "scenarios/spawn1000.json", "--mode", "fast"},
                {"run", "scenarios/spawn1000.json", "--scheddetail"},
                {"run", "scenarios/spawn1000.json", "--schedtrace", "0"},
                {"run", "scenarios/spawn1000.json", "--mode", "live", "--speed", "0"},
                {"run", "scenarios/spawn1000.json", "--frobnicate"},
                {"run"},
        };
        String[] expected = {
                "no/such/file.json",
                "bad.json:3: $.gomaxprocs: ",
                "--gomaxprocs must be between 1 and 256, got 0",
                "--gomaxprocs",
                "--until: expected a positive duration",
                "--mode must be step or live",
                "--scheddetail needs --schedtrace",
                "--schedtrace must be between 1 and 3600000",
                "--speed must be between",
                "Unknown option: '--frobnicate'",
                "Missing required parameter",
        };
        for (int i = 0; i < cases.length; i++) {
            Result r = run(cases[i]);
            assertThat(r.code()).as(String.join(" ", cases[i])).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", cases[i])).startsWith("gmplab: ").contains(expected[i]).doesNotContain("\tat ");
            assertThat(r.err().lines().count()).as(r.err()).isLessThanOrEqualTo(2);
        }
    }
}
