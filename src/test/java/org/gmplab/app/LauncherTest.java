package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.gmplab.cli.Main;
import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** What the jar does with its arguments: the window, or the command line. */
class LauncherTest {
    @Test
    void noArgumentsOrOneScenarioFileOpenTheWindowAnythingElseIsTheCommandLine() {
        assertThat(Launcher.opensWindow(new String[0])).isTrue();
        assertThat(Launcher.opensWindow(new String[] {"scenarios/pingpong.go"})).isTrue();
        assertThat(Launcher.opensWindow(new String[] {"scenarios/spawn1000.json"})).isTrue();
        assertThat(Launcher.opensWindow(new String[] {"scenarios/no-such-file.go"})).isFalse();   // the CLI says what is wrong
        assertThat(Launcher.opensWindow(new String[] {"run", "scenarios/pingpong.go"})).isFalse();
        assertThat(Launcher.opensWindow(new String[] {"verify"})).isFalse();
        assertThat(Launcher.opensWindow(new String[] {"--help"})).isFalse();
    }

    @Test
    void aTextFileOfSchedtraceOutputOpensTheWindowOtherTextDoesNot(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path sched = dir.resolve("run.txt"), notes = dir.resolve("notes.txt");
        java.nio.file.Files.writeString(sched, "hello\nSCHED 0ms: gomaxprocs=2 idleprocs=0 threads=4 runqueue=0 [0 0]\n");
        java.nio.file.Files.writeString(notes, "SCHED is a word\n");
        assertThat(Launcher.windowArgs(new String[] {sched.toString()})).containsExactly(sched.toString());
        assertThat(Launcher.opensWindow(new String[] {notes.toString()})).isFalse();   // the CLI says what is wrong
        assertThat(Launcher.traceName(sched.toString())).isTrue();
    }

    @Test
    void lessonsFolderComesFirstThenAtMostAScenarioFile() {
        assertThat(Launcher.windowArgs(new String[] {"--lessons", "lessons"})).containsExactly("--lessons=lessons");
        assertThat(Launcher.windowArgs(new String[] {"--lessons", "lessons", "scenarios/pingpong.go"}))
                .containsExactly("--lessons=lessons", "scenarios/pingpong.go");
        assertThat(Launcher.windowArgs(new String[] {"scenarios/pingpong.go"})).containsExactly("scenarios/pingpong.go");
        assertThat(Launcher.opensWindow(new String[] {"--lessons"})).isFalse();
        assertThat(Launcher.opensWindow(new String[] {"--lessons", "no-such-folder"})).isFalse();
        assertThat(Launcher.opensWindow(new String[] {"--lessons", "lessons", "verify"})).isFalse();
    }

    /** {@code gmplab lesson ID --step N}: the window's arguments, or one line listing what there is and exit code 2. */
    @Test
    void lessonNamesALessonAndAStepThatExistOrSaysWhatThereIs() {
        assertThat(lessonArgs("08", "--step", "3")).containsExactly("--lesson=work-stealing#steal-again");
        assertThat(lessonArgs("8")).containsExactly("--lesson=work-stealing#seven-goroutines");
        assertThat(lessonArgs("01-gmp-who-is-who#2")).containsExactly("--lesson=gmp-who-is-who#2");
        assertThat(lessonArgs("--lessons", "lessons", "work-stealing", "--step", "steal-last")).containsExactly("--lessons=lessons", "--lesson=work-stealing#steal-last");
        for (String[] bad : List.of(new String[] {"lesson", "99"}, new String[] {"lesson", "08", "--step", "7"},
                new String[] {"lesson", "08#2", "--step", "3"}, new String[] {"lesson", "--lessons", "no-such-folder", "08"})) {
            StringWriter out = new StringWriter(), err = new StringWriter();
            int code = Main.execute(bad, new PrintWriter(out, true), new PrintWriter(err, true), LessonCommand.class);
            assertThat(code).as(String.join(" ", bad)).isEqualTo(Main.BAD_INPUT);
            assertThat(err.toString()).as(String.join(" ", bad)).startsWith("gmplab: ").hasLineCount(1);
            assertThat(out.toString()).isEmpty();
        }
        StringWriter err = new StringWriter();
        Main.execute(new String[] {"lesson", "08", "--step", "7"}, new PrintWriter(new StringWriter()), new PrintWriter(err, true), LessonCommand.class);
        assertThat(err.toString()).isEqualTo("gmplab: lesson work-stealing has no step \"7\"; its steps are 1 to 6, or by id seven-goroutines,"
                + " steal-half, steal-again, steal-last, steal-runnext, end\n");
    }

    private static String[] lessonArgs(String... args) {
        LessonCommand c = new LessonCommand();
        new CommandLine(c).parseArgs(args);
        return c.windowArgs();
    }

    @Test
    void glassFailuresBecomeOneLineSayingWhatToInstallOrWhatWorksWithout() {
        assertThat(Launcher.whyNoWindow("Unable to load glass GTK library.")).contains("libgtk-3-0").contains(Launcher.HEADLESS).doesNotContain("\n");
        assertThat(Launcher.whyNoWindow("Unable to open DISPLAY")).startsWith("no display").contains(Launcher.HEADLESS);
        assertThat(Launcher.whyNoWindow("something else")).isNull();   // not ours to explain: JavaFX's own report stands
        assertThat(Launcher.whyNoWindow(null)).isNull();
    }
}
