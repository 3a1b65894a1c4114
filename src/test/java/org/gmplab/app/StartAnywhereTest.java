package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.gmplab.cli.Main;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The program started as a person would, in a process of its own, from an empty folder and without a display:
 * it finds its bundled lessons, and a window it cannot open is one line and exit code 2, never a stack trace.
 * JavaFX is put on the module path, as the installed app's runtime has it (and {@code mvn javafx:run}).
 */
@Tag("process")
class StartAnywhereTest {
    @TempDir Path tmp;

    record Exit(int code, String out, String err) {}

    private Exit gmplab(Map<String, String> env, String... args) throws IOException, InterruptedException {
        return gmplab(List.of(), env, args);
    }

    private Exit gmplab(List<String> jvmOptions, Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> modules = new ArrayList<>(), classes = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator))
            (e.matches(".*javafx-[a-z]+-[0-9.]+-[a-z]+\\.jar") ? modules : classes).add(e);   // the platform jars of JavaFX
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--module-path", String.join(File.pathSeparator, modules), "--add-modules", "javafx.controls"));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", String.join(File.pathSeparator, classes), Launcher.class.getName()));
        cmd.addAll(List.of(args));
        Path out = tmp.resolve("out.txt"), err = tmp.resolve("err.txt"), work = Files.createDirectories(tmp.resolve("empty"));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("gmplab " + String.join(" ", args) + " still ran after 120 s");
        }
        try (Stream<Path> left = Files.list(work)) {
            assertThat(left).as("the working folder is left as it was").isEmpty();
        }
        return new Exit(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void verifyWithNoFolderFromAnEmptyDirectoryVerifiesEveryBundledLesson() throws Exception {
        long lessons;
        try (Stream<Path> s = Files.list(Path.of("lessons"))) {
            lessons = s.filter(p -> p.toString().endsWith(".json")).count();
        }
        Exit e = gmplab(Map.of(), "verify");
        assertThat(e.err()).isEmpty();
        assertThat(e.out()).startsWith("lessons in ").endsWith(lessons + " passed, 0 failed\n");
        assertThat(e.out().lines().filter(l -> l.startsWith("ok   "))).hasSize((int) lessons);
        assertThat(e.code()).isZero();
    }

    /**
     * lessons/ and homework/ named where there are none are the ones the program carries, both in one call: every
     * lesson verifies and every exercise's reference solution passes. With no folder, --solutions grades the homework.
     */
    @Test
    void verifyLessonsAndHomeworkFromAnEmptyDirectoryFindsTheBundledOnes() throws Exception {
        long lessons = org.gmplab.lessons.LessonLoader.files(Path.of("lessons")).size(), homework = org.gmplab.lessons.LessonLoader.files(Path.of("homework")).size();
        Exit e = gmplab(Map.of(), "verify", "--solutions", "lessons/", "homework/");
        assertThat(e.err()).isEmpty();
        assertThat(e.out()).startsWith("lessons in ").contains("\nhomework in ").endsWith((lessons + homework) + " passed, 0 failed\n");
        assertThat(e.out().lines().filter(l -> l.startsWith("ok   ") && l.contains("(homework: "))).hasSize((int) homework);
        assertThat(e.code()).isZero();
        // the learner's starting scenarios are not solutions yet: each exercise says what is still to do
        Exit todo = gmplab(Map.of(), "verify", "homework");
        assertThat(todo.out()).startsWith("homework in ").endsWith("0 passed, " + homework + " failed\n");
        assertThat(todo.out().lines().filter(l -> l.startsWith("TODO "))).hasSize((int) homework);
        assertThat(todo.code()).isEqualTo(1);
    }

    @Test
    void aBadInvariantsSettingIsOneLineAndExitCode2() throws Exception {
        Exit e = gmplab(List.of("-Dgmplab.invariants=sometimes"), Map.of(), "run", "x.json");
        assertThat(e.err()).isEqualTo("gmplab: -Dgmplab.invariants must be sampled, every or off, not sometimes\n");
        assertThat(e.out()).isEmpty();
        assertThat(e.code()).isEqualTo(Main.BAD_INPUT);
    }

    @Test
    void aBadStepPinSettingIsOneLineAndExitCode2() throws Exception {
        Exit e = gmplab(List.of("-Dgmplab.step.pin=flase"), Map.of(), "run", "x.json");
        assertThat(e.err()).isEqualTo("gmplab: -Dgmplab.step.pin must be true or false, not flase\n");
        assertThat(e.out()).isEmpty();
        assertThat(e.code()).isEqualTo(Main.BAD_INPUT);
    }

    @Test
    void aBadSparesAheadSettingIsOneLineAndExitCode2() throws Exception {
        Exit e = gmplab(List.of("-Dgmplab.spares.ahead=-1"), Map.of(), "run", "x.json");
        assertThat(e.err()).isEqualTo("gmplab: -Dgmplab.spares.ahead=-1: allowed 0–1024\n");
        assertThat(e.out()).isEmpty();
        assertThat(e.code()).isEqualTo(Main.BAD_INPUT);
        e = gmplab(List.of("-Dgmplab.spares.ahead=all"), Map.of(), "run", "x.json");
        assertThat(e.err()).isEqualTo("gmplab: -Dgmplab.spares.ahead=all: allowed 0–1024\n");
        assertThat(e.code()).isEqualTo(Main.BAD_INPUT);
    }

    @Test
    void theWindowWithoutADisplayIsOneLineAndExitCode2() throws Exception {
        Exit e = gmplab(Map.of());
        assertThat(e.err()).isEqualTo("gmplab: no display to open the window on (DISPLAY is not set); " + Launcher.HEADLESS + "\n");
        assertThat(e.out()).isEmpty();
        assertThat(e.code()).isEqualTo(Main.BAD_INPUT);
    }

    /** JavaFX itself finds no X server there (glass's own check): the same one line, not its stack trace. */
    @Test
    void theWindowOnADisplayThatCannotBeOpenedIsOneLineAndExitCode2() throws Exception {
        Exit e = gmplab(Map.of("DISPLAY", ":4242"));
        assertThat(e.err()).isEqualTo("gmplab: no display to open the window on (cannot open DISPLAY :4242); " + Launcher.HEADLESS + "\n");
        assertThat(e.code()).isEqualTo(Main.BAD_INPUT);
    }

    /** gmplab lesson with a name that names nothing: one line listing what there is, before any window (no display needed to say so). */
    @Test
    void aLessonThatIsNotThereIsOneLineListingTheLessonsAndExitCode2() throws Exception {
        Exit e = gmplab(Map.of(), "lesson", "99", "--step", "3");
        assertThat(e.err()).startsWith("gmplab: no lesson \"99\"; the lessons are 01-gmp-who-is-who, ").hasLineCount(1);
        assertThat(e.out()).isEmpty();
        assertThat(e.code()).isEqualTo(Main.BAD_INPUT);
        Exit noDisplay = gmplab(Map.of(), "lesson", "08", "--step", "3");
        assertThat(noDisplay.err()).isEqualTo("gmplab: no display to open the window on (DISPLAY is not set); " + Launcher.HEADLESS + "\n");
        assertThat(noDisplay.code()).isEqualTo(Main.BAD_INPUT);
    }

    @Test
    void aLessonsFolderThatIsNotThereIsOneLineAndExitCode2() throws Exception {
        Exit e = gmplab(Map.of(), "--lessons", "no-such-folder");
        assertThat(e.err()).isEqualTo("gmplab: --lessons: no folder no-such-folder\n");
        assertThat(e.code()).isEqualTo(Main.BAD_INPUT);
    }
}
