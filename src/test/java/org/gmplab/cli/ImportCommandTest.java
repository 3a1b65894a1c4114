package org.gmplab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.gmplab.cli.RunCommandTest.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gmplab import}: a real Go trace summarised and listed; bad input gets one line and exit code 2. */
class ImportCommandTest {
    static final Path C_SYSCALL = Path.of("src/test/resources/gotrace/c_syscall.p2.trace");
    @TempDir Path tmp;

    static Result run(String... args) { return RunCommandTest.run(args); }

    @Test
    void summaryCountsWhatGoParserSees() {
        Result r = run("import", C_SYSCALL.toString(), "--summary");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        // Figures checked against go tool trace -d=1 of the same file: 13 NotExist->Runnable, 173 Running->Syscall,
        // 120 Syscall->Runnable, 248 Runnable->Running; 2 Ps, 3 generations (3 Sync events).
        assertThat(r.out().lines()).contains(
                "Go execution trace, format go 1.23 (Go 1.23 or 1.24)",
                "GOMAXPROCS   2",
                "Ps           2",
                "goroutines   18 (created during the trace: 13)",
                "syscalls     173 (120 lost their P: GoSyscallEndBlocked)",
                "  GoStart              248");
        assertThat(r.out()).contains("(3 generations)").contains("retakes      120 (ProcSteal");
        assertThat(run("import", C_SYSCALL.toString()).out()).isEqualTo(r.out()); // the summary is the default
    }

    @Test
    void eventsListsTransitionsInGoOrder() throws Exception {
        Result r = run("import", C_SYSCALL.toString(), "--events");
        assertThat(r.code()).as(r.err()).isZero();
        List<String> transitions = r.out().lines().filter(l -> l.contains(" StateTransition ")).toList();
        assertThat(transitions).isEqualTo(org.gmplab.gotrace.GoTraceReaderTestAccess.expected("c_syscall.p2"));
        assertThat(r.out().lines().filter(l -> l.contains(" Sync "))).hasSize(3);
    }

    @Test
    void exportWritesARealRunAsPerfettoInTheEngineLayout() throws Exception {
        Path json = tmp.resolve("real.json");
        Result r = run("export", C_SYSCALL.toString(), "--format", "perfetto", "-o", json.toString());
        assertThat(r.code()).as(r.err()).isZero();
        com.google.gson.JsonArray events = com.google.gson.JsonParser.parseString(Files.readString(json))
                .getAsJsonObject().getAsJsonArray("traceEvents");
        java.util.Map<String, Long> byCat = new java.util.TreeMap<>();
        for (var e : events) {
            var o = e.getAsJsonObject();
            byCat.merge(o.get("ph").getAsString() + " " + (o.has("cat") ? o.get("cat").getAsString() : "-"), 1L, Long::sum);
        }
        // one syscall slice per GoSyscallBegin (173), one retake per ProcSteal (120), as the summary counts them
        assertThat(byCat).containsEntry("X syscall", 173L).containsEntry("i ProcSteal", 120L).containsEntry("i GoStart", 17L);
        assertThat(byCat.get("X running")).isGreaterThan(2 * 100L);
        assertThat(run("export", C_SYSCALL.toString(), "--format", "perfetto").out().trim()).isEqualTo(Files.readString(json).trim());
        assertOneLine(run("export", C_SYSCALL.toString(), "--format", "jsonl"), "exports as --format perfetto only");
    }

    @Test
    void schedtraceOutputIsSummarisedToo() throws Exception {
        Result r = run("import", "src/test/resources/gotrace/c_syscall_p2_detail.txt");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().lines()).contains("GODEBUG=schedtrace,scheddetail=1 output", "snapshots    20 (0ms to 1945ms)",
                "runqueue         0-4", "P statuses   0,1,2 (0 idle, 1 running, 2 syscall, 3 gcstop, 4 dead)");
        assertOneLine(run("import", "src/test/resources/gotrace/c_syscall_p2_detail.txt", "--events"), "--events is for execution traces");
        Path bad = tmp.resolve("bad.txt");
        Files.writeString(bad, "SCHED 0ms: gomaxprocs=2 idleprocs=0 threads=4 runqueue=0 [0 0]\n  M0: what\n");
        assertOneLine(run("import", bad.toString()), "bad.txt:2: not a schedtrace line as Go prints it");
    }

    @Test
    void badInputGetsOneLineAndExitCode2() throws Exception {
        Path notATrace = tmp.resolve("x.trace");
        Files.writeString(notATrace, "hello, world, this is no trace");
        assertOneLine(run("import", notATrace.toString()), "x.trace: byte 0: not a Go execution trace");

        Path newer = tmp.resolve("new.trace");
        Files.write(newer, "go 1.27 trace\0\0\0".getBytes(StandardCharsets.ISO_8859_1));
        assertOneLine(run("import", newer.toString()), "this trace was written by Go 1.27; GMP Lab reads 1.22–1.25");

        Path old = tmp.resolve("old.trace");
        Files.write(old, "go 1.21 trace\0\0\0".getBytes(StandardCharsets.ISO_8859_1));
        assertOneLine(run("import", old.toString()), "Go 1.21 in the older format");

        byte[] whole = Files.readAllBytes(C_SYSCALL);
        Path cut = tmp.resolve("cut.trace");
        Files.write(cut, Arrays.copyOf(whole, 5000));
        assertOneLine(run("import", cut.toString()), "cut.trace: byte ");

        assertOneLine(run("import", tmp.resolve("missing.trace").toString()), "missing.trace: no such file");
        assertOneLine(run("import", C_SYSCALL.toString(), "--summary", "--events"), "not both");
    }

    private static void assertOneLine(Result r, String part) {
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err().lines()).as(r.err()).singleElement().satisfies(l -> assertThat(l).startsWith("gmplab: ").contains(part));
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }
}
