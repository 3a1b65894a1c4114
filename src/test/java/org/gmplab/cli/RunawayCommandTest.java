package org.gmplab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runaway programs end within a deadline with one clear line, in a JVM of 512 MB as a learner starts it
 * ({@code java -Xmx512m}); each case runs in its own process, killed and failed if it outlives the deadline.
 */
@Tag("process")
class RunawayCommandTest {
    @TempDir Path tmp;

    record Exit(int code, String out, String err) {}

    private Exit gmplab(long deadlineSeconds, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        Path out = tmp.resolve("out.txt"), err = tmp.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(deadlineSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("gmplab " + String.join(" ", args) + " still ran after " + deadlineSeconds + " s");
        }
        return new Exit(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    private Path file(String name, String text) throws IOException {
        Path f = tmp.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    @Test
    void endlessGoschedStopsAtTheEventBudget() throws Exception {
        Path f = file("gosched.go", "package main\n\nimport \"runtime\"\n\nfunc main() {\n\tfor {\n\t\truntime.Gosched()\n\t}\n}\n");
        Exit e = gmplab(60, "run", f.toString(), "--max-events", "100000", "--events", tmp.resolve("ev.jsonl").toString());
        assertThat(e.err()).isEqualTo("gmplab: stopped after 100000 events, the event budget of a run: raise it with --max-events N\n");
        assertThat(e.code()).isEqualTo(Main.STOPPED);
        assertThat(Files.lines(tmp.resolve("ev.jsonl")).count()).isBetween(100_001L, 100_020L);   // streamed, and kept
    }

    @Test
    void endlessRecursionIsAStackOverflow() throws Exception {
        Path f = file("recur.go", "package main\n\nfunc f(n int) {\n\tf(n + 1)\n}\n\nfunc main() {\n\tf(0)\n}\n");
        Exit e = gmplab(60, "run", f.toString());
        assertThat(e.err()).isEqualTo("runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow\n");
        assertThat(e.code()).isEqualTo(2);   // as Go exits on a fatal error
    }

    @Test
    void hugeChannelsAreRefusedOrCostOnlyWhatTheyHold() throws Exception {
        Path f = file("big.go", "package main\n\nfunc main() {\n\tch := make(chan int, 1000000000)\n\tch <- 1\n}\n");
        Exit e = gmplab(60, "run", f.toString());
        assertThat(e.err()).isEqualTo("panic: makechan: size out of range (capacity 1000000000; gmplab allows 0..1000000)\n");
        assertThat(e.code()).isEqualTo(2);
        // 1000 channels of capacity 10^6 in a 17 KB file (8 GB if allocated up front).
        StringBuilder chans = new StringBuilder();
        for (int i = 0; i < 1000; i++) chans.append(i == 0 ? "" : ", ").append("\"c").append(i).append("\": 1000000");
        Path json = file("chans.json", "{\"name\": \"big channels\", \"channels\": {" + chans
                + "}, \"functions\": {\"main\": {\"params\": [], \"body\": [{\"op\": \"send\", \"ch\": \"c1\", \"value\": 1}]}}}");
        assertThat(Files.size(json)).isLessThan(20_000);
        Exit ok = gmplab(60, "run", json.toString());
        assertThat(ok.err()).isEmpty();
        assertThat(ok.code()).isZero();
    }

    @Test
    void exportStopsAtTheEventBudgetAndWritesNoFile() throws Exception {
        Path f = file("gosched.go", "package main\n\nimport \"runtime\"\n\nfunc main() {\n\tfor {\n\t\truntime.Gosched()\n\t}\n}\n");
        Path out = tmp.resolve("out.jsonl");
        RunCommandTest.Result r = RunCommandTest.run("export", f.toString(), "--format", "jsonl", "--max-events", "20000", "-o", out.toString());
        assertThat(r.err()).isEqualTo("gmplab: stopped after 20000 events, the event budget of a run: raise it with --max-events N\n");
        assertThat(r.code()).isEqualTo(Main.STOPPED);
        assertThat(out).doesNotExist();
        assertThat(RunCommandTest.run("run", f.toString(), "--max-events", "0").err()).isEqualTo("gmplab: --max-events must be at least 1, got 0\n");
    }
}
