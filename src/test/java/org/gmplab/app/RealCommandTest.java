package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.gmplab.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gmplab real} without a Go toolchain (tests never need one; the build and run were checked by hand with
 * Go 1.23.5): one line and exit code 2; the Go files it ships are in the jar, and a scenario's main becomes realMain.
 */
class RealCommandTest {

    static int run(StringWriter err, String... args) {
        return Main.execute(args, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), RealCommand.class);
    }

    @Test
    void withoutAGoCommandItSaysSoInOneLineAndHowToGetTheTraceElsewhere(@TempDir Path dir) {
        StringWriter err = new StringWriter();
        int rc = run(err, "real", "scenarios/spawn.go", "--go", dir.resolve("go").toString());
        assertThat(rc).isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString().strip()).doesNotContain("\n").doesNotContain("Exception")
                .contains("is not an executable go command").contains("docs/real-go.md").contains("gmplab scenarios/spawn.go TRACE");
    }

    @Test
    void aScenarioThatIsNotGoOrNotThereIsOneLine() {
        StringWriter err = new StringWriter();
        assertThat(run(err, "real", "scenarios/spawn1000.json")).isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString()).contains("takes a Go scenario (.go)");
        err = new StringWriter();
        assertThat(run(err, "real", "scenarios/nope.go")).isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString()).contains("no such file");
    }

    @Test
    void theIntrinsicsAndTheTracingMainShipInTheJarAndMainIsRenamed() throws Exception {
        String intrinsics = new String(RealCommand.class.getResourceAsStream("realgo/intrinsics.go").readAllBytes());
        assertThat(intrinsics).contains("func work(d time.Duration)").contains("func syscall(d time.Duration)")
                .contains("func netread(d time.Duration)").contains("sys.Nanosleep");
        String tracing = new String(RealCommand.class.getResourceAsStream("realgo/trace_main.go").readAllBytes());
        assertThat(tracing).contains("trace.Start(f)").contains("realMain()").contains("TRACE_OUT");
        String src = Files.readString(Path.of("scenarios/spawn.go"));
        assertThat(RealCommand.MAIN.matcher(src).replaceFirst("func realMain()")).contains("func realMain() {").doesNotContain("func main()");
    }

    @Test
    void aTraceOpensTheWindowOnItAndAScenarioWithATraceSideBySide() {
        String trace = "src/test/resources/gotrace/a_spawn1000.p2.trace";
        assertThat(Launcher.windowArgs(new String[] {trace})).containsExactly(trace);
        assertThat(Launcher.windowArgs(new String[] {"import", trace, "--window"})).containsExactly(trace);
        assertThat(Launcher.windowArgs(new String[] {"import", trace})).isNull();   // the summary, printed
        assertThat(Launcher.windowArgs(new String[] {"scenarios/spawn.go", trace})).containsExactly("scenarios/spawn.go", trace);
        assertThat(Launcher.windowArgs(new String[] {"import", "nope.trace", "--window"})).isNull();
        StringWriter err = new StringWriter();
        int rc = Main.execute(new String[] {"import", "nope.trace", "--window"}, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(rc).isEqualTo(Main.BAD_INPUT);
        assertThat(err.toString().strip()).isEqualTo("gmplab: nope.trace: no such file");
    }
}
