package org.gmplab.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The program as it is handed out, run in processes of their own from an empty folder with no display: the
 * jar ({@code java -jar target/gmplab.jar}) and the app image's launcher ({@code target/dist/image/gmplab/bin/gmplab},
 * built by {@code mvn verify} when the JDK has jpackage — without it these tests are skipped and the build
 * said which tool it lacks). Run by failsafe after {@code package}.
 */
class PackagedProgramIT {
    static final Path JAR = Path.of("target/gmplab.jar").toAbsolutePath();
    static final Path IMAGE = Path.of("target/dist/image/gmplab").toAbsolutePath();

    @TempDir Path tmp;

    record Exit(int code, String out, String err) {}

    private Exit start(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        Path work = Files.createDirectories(tmp.resolve("empty")), out = tmp.resolve("out.txt"), err = tmp.resolve("err.txt");
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError(String.join(" ", command) + " still ran after 180 s");
        }
        return new Exit(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    private Exit jar(String... args) throws IOException, InterruptedException {
        return jar(Map.of(), args);
    }

    private Exit jar(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString()));
        cmd.addAll(List.of(args));
        return start(cmd, env);
    }

    /** bin/gmplab on Linux, gmplab.exe on Windows, gmplab.app/Contents/MacOS/gmplab on macOS. */
    private Exit image(String... args) throws IOException, InterruptedException {
        return image(Map.of(), args);
    }

    private Exit image(Map<String, String> env, String... args) throws IOException, InterruptedException {
        Path launcher = Stream.of(IMAGE.resolve("bin/gmplab"), IMAGE.resolve("gmplab.exe"), IMAGE.resolveSibling("gmplab.app/Contents/MacOS/gmplab"))
                .filter(Files::isExecutable).findFirst().orElse(null);
        assumeTrue(launcher != null, "no app image in " + IMAGE.getParent() + ": the build says which packaging tool this JDK lacks");
        List<String> cmd = new ArrayList<>(List.of(launcher.toString()));
        cmd.addAll(List.of(args));
        return start(cmd, env);
    }

    private static long shippedLessons() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("lessons"))) {
            return s.filter(p -> p.toString().endsWith(".json")).count();
        }
    }

    private static void verifiedEveryBundledLesson(Exit e, String jarName) throws IOException {
        assertThat(e.err()).isEmpty();
        assertThat(e.out().lines().findFirst().orElseThrow()).startsWith("lessons in /lessons inside ").endsWith(jarName);
        assertThat(e.out()).endsWith(shippedLessons() + " passed, 0 failed\n");
        assertThat(e.code()).isZero();
    }

    @Test
    void theJarFromAnEmptyFolderVerifiesTheLessonsItCarries() throws Exception {
        verifiedEveryBundledLesson(jar("verify"), "gmplab.jar");
    }

    /** The homework travels in the jar too, scenario and solution files with it: --solutions with no folder grades it. */
    @Test
    void theJarFromAnEmptyFolderGradesTheHomeworkItCarries() throws Exception {
        long homework;
        try (Stream<Path> s = Files.list(Path.of("homework"))) {
            homework = s.filter(p -> p.toString().endsWith(".json")).count();
        }
        Exit e = jar("verify", "--solutions");
        assertThat(e.err()).isEmpty();
        assertThat(e.out().lines().findFirst().orElseThrow()).startsWith("homework in /homework inside ").endsWith("gmplab.jar");
        assertThat(e.out()).endsWith(homework + " passed, 0 failed\n");
        assertThat(e.code()).isZero();
    }

    @Test
    void aLessonsFolderInTheWorkingFolderReplacesTheJarsOwn() throws Exception {
        Path lessons = Files.createDirectories(tmp.resolve("empty/lessons"));
        Files.copy(Path.of("lessons/01-gmp-who-is-who.json"), lessons.resolve("01-gmp-who-is-who.json"));
        Exit e = jar("verify");
        assertThat(e.out()).startsWith("lessons in " + lessons.toRealPath()).endsWith("1 passed, 0 failed\n");
        assertThat(e.code()).isZero();
    }

    @Test
    void theAppImageHelps() throws Exception {
        Exit e = image("--help");
        assertThat(e.out()).startsWith("Usage: gmplab").contains("verify").contains("screenshot");
        assertThat(e.err()).isEmpty();
        assertThat(e.code()).isZero();
    }

    /**
     * The image starts from class-data archives: the runtime's base one and the program's, made by the build
     * (which needs the runtime not to patch a module: a patched module turns class-data sharing off).
     */
    @Test
    void theAppImageStartsFromItsClassDataArchives() throws Exception {
        Map<String, String> log = Map.of("JAVA_TOOL_OPTIONS", "-Xlog:class+load:stdout");
        Exit run = image(log, "run", Path.of("scenarios/pingpong.json").toAbsolutePath().toString(), "--until", "1ms");
        assertThat(run.code()).isZero();
        assertThat(run.out()).contains("java.lang.Object source: shared objects file\n")
                .containsPattern("org\\.gmplab\\.app\\.Launcher source: shared objects file \\(top\\)");
        // the help loads few of the window's classes: on Linux the launcher leaves the program's archive out for it
        // (mapping it cost more than it saved), and the runtime's base archive serves it
        Exit help = image(log, "--help");
        assertThat(help.code()).isZero();
        assertThat(help.out()).contains("java.lang.Object source: shared objects file\n");
        if (Files.exists(IMAGE.resolve("bin/gmplab")) && !System.getProperty("os.name").startsWith("Windows"))
            assertThat(help.out()).doesNotContainPattern("org\\.gmplab\\.app\\.Launcher source: shared objects file \\(top\\)");
    }

    /**
     * Linux's launcher (a script in place of jpackage's, which asks rpm and dpkg about itself at every start) finds
     * the image through a link, as the .deb's /usr/bin/gmplab is, and hands each argument on whole.
     */
    @Test
    void theLinuxLauncherFollowsALinkAndKeepsEachArgumentWhole() throws Exception {
        Path launcher = IMAGE.resolve("bin/gmplab");
        assumeTrue(Files.isExecutable(launcher) && System.getProperty("os.name").startsWith("Linux"), "a Linux app image");
        Path link = Files.createSymbolicLink(tmp.resolve("gmplab"), launcher);
        Path dir = Files.createDirectories(tmp.resolve("a folder"));
        Path scenario = Files.copy(Path.of("scenarios/pingpong.json"), dir.resolve("ping pong.json"));
        Exit e = start(List.of(link.toString(), "run", scenario.toString(), "--until", "1ms", "--schedtrace", "1"), Map.of());
        assertThat(e.err()).isEqualTo("gmplab: stopped at --until 1ms (the program had not ended)\n");
        assertThat(e.out()).startsWith("SCHED ");
        assertThat(e.code()).isZero();
    }

    /**
     * Linux's launcher starts the window with the quick compiler only (C1: its live runs hold their frames) and the
     * headless commands with both (C2 for a live run's engine). The JVM says which with its final flags.
     */
    @Test
    void theLinuxLauncherGivesTheWindowTheQuickCompilerAndTheCommandsBoth() throws Exception {
        assumeTrue(Files.isExecutable(IMAGE.resolve("bin/gmplab")) && System.getProperty("os.name").startsWith("Linux"), "a Linux app image");
        Map<String, String> flags = Map.of("JAVA_TOOL_OPTIONS", "-XX:+PrintFlagsFinal", "DISPLAY", ":4242");
        String scenario = Path.of("scenarios/pingpong.json").toAbsolutePath().toString();
        String trace = Path.of("src/test/resources/gotrace/c_syscall.p2.trace").toAbsolutePath().toString();
        // the window's starts: no display to open it on, so one line and exit code 2, after the JVM printed its flags
        for (List<String> args : List.of(List.<String>of(), List.of("lesson", "08"), List.of(trace), List.of("import", trace, "--window"))) {
            Exit window = image(flags, args.toArray(String[]::new));
            assertThat(window.code()).as("gmplab %s", args).isEqualTo(2);
            assertThat(window.err()).as("gmplab %s", args).contains("gmplab: no display to open the window on");
            assertThat(window.out()).as("gmplab %s", args).containsPattern("TieredStopAtLevel += 1 ");
        }
        // the headless commands, which do their work
        for (List<String> args : List.of(List.of("run", scenario, "--until", "1ms"),
                List.of("export", scenario, "--format", "jsonl", "-o", tmp.resolve("events.jsonl").toString()),
                List.of("import", trace))) {
            Exit headless = image(flags, args.toArray(String[]::new));
            assertThat(headless.code()).as("gmplab %s: %s", args, headless.err()).isZero();
            assertThat(headless.out()).as("gmplab %s", args).containsPattern("TieredStopAtLevel += 4 ");
        }
    }

    @Test
    void theAppImageVerifiesTheLessonsInsideIt() throws Exception {
        verifiedEveryBundledLesson(image("verify"), "gmplab.jar");
    }

    /**
     * {@code java -jar}: the jar starts JavaFX as its named modules, in a module layer of its own (JavaFxLayer), so
     * JavaFX does not print "Unsupported JavaFX configuration: classes were loaded from 'unnamed module'" — neither
     * for a screenshot (Monocle joining javafx.graphics there too) nor before the window's one line.
     */
    @Test
    void theJarStartsJavaFxAsNamedModulesWithoutTheUnsupportedConfigurationWarning() throws Exception {
        Path png = tmp.resolve("jar.png");
        Exit shot = jar("screenshot", Path.of("scenarios/pingpong.json").toAbsolutePath().toString(), "--at", "10", "--size", "320x200", "-o", png.toString());
        assertThat(shot.err()).doesNotContain("Unsupported JavaFX configuration").isEmpty();
        assertThat(shot.code()).isZero();
        assertThat(Files.readAllBytes(png)).startsWith(0x89, 'P', 'N', 'G');
        Exit window = jar(Map.of("DISPLAY", ":4242"), "lesson", "08", "--step", "3");
        assertThat(window.err()).doesNotContain("Unsupported JavaFX configuration")
                .isEqualTo("gmplab: no display to open the window on (cannot open DISPLAY :4242); gmplab run, verify, export and screenshot"
                        + " work without it (gmplab --help)\n");
        assertThat(window.code()).isEqualTo(2);
    }

    @Test
    void theAppImageRunsAndExportsAndScreenshotsWithoutADisplay() throws Exception {
        Path scenario = Path.of("scenarios/pingpong.json").toAbsolutePath(), png = tmp.resolve("shot.png"), log = tmp.resolve("trace.json");
        Exit run = image("run", scenario.toString());
        assertThat(run.err()).isEmpty();
        assertThat(run.code()).isZero();
        Exit export = image("export", scenario.toString(), "--format", "perfetto", "-o", log.toString());
        assertThat(export.code()).as(export.err()).isZero();
        assertThat(Files.size(log)).isPositive();
        Exit shot = image("screenshot", scenario.toString(), "--at", "10", "--size", "320x200", "-o", png.toString());
        assertThat(shot.err()).isEmpty();   // Monocle joins javafx.graphics: no warning, no trace
        assertThat(shot.code()).isZero();
        assertThat(Files.readAllBytes(png)).startsWith(0x89, 'P', 'N', 'G');
    }

    /** JavaFX is a module of the image's runtime: no "Unsupported JavaFX configuration" warning before the one line. */
    @Test
    void theAppImageWindowOnADisplayThatCannotBeOpenedIsOneLineAndExitCode2() throws Exception {
        Exit e = image(Map.of("DISPLAY", ":4242"));
        assertThat(e.err()).startsWith("gmplab: no display to open the window on (cannot open DISPLAY :4242); ").doesNotContain("WARNING");
        assertThat(e.err().lines()).hasSize(1);
        assertThat(e.code()).isEqualTo(2);
    }
}
