package org.gmplab.lessons;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.gmplab.scenario.ScenarioException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every lesson in lessons/ checks itself against the engine, in CI, so it can never drift from it. */
@Tag("lessons")
class LessonsTest {

    static Stream<Path> lessons() throws Exception { return LessonLoader.files(Path.of("lessons")).stream(); }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lessons")
    void lessonVerifies(Path file) throws Exception {
        Lesson lesson = LessonLoader.load(file);
        assertThat(LessonRunner.verify(lesson)).as(file.toString()).isNull();
        assertThat(lesson.steps()).hasSizeBetween(4, 15);
    }

    @Test
    void aBrokenCheckFailsWithLessonStepAndCheck() throws Exception {
        String text = Files.readString(Path.of("lessons/01-gmp-who-is-who.json"))
                .replace("\"P0.runnext == G4\", \"P0.runq.size == 2\"", "\"P0.runnext == G4\", \"P0.runq.size == 3\"");
        Lesson broken = LessonLoader.parse(text, "lessons/broken.json", Path.of("lessons"));
        assertThat(LessonRunner.verify(broken)).isEqualTo("lessons/broken.json: step 2: check \"P0.runq.size == 3\" failed: P0.runq.size is 2");
    }

    @Test
    void aQuizWithAWrongAnswerFails() throws Exception {
        String text = Files.readString(Path.of("lessons/01-gmp-who-is-who.json")).replace("\"answer\": 2", "\"answer\": 0");
        Lesson broken = LessonLoader.parse(text, "lessons/quiz.json", Path.of("lessons"));
        assertThat(LessonRunner.verify(broken)).startsWith("lessons/quiz.json: step 2: the quiz answer (choice 0) says \"P0.runnext == G2\"");
    }

    /** A check that held before its step proves nothing about the step: one of them must turn from false to true. */
    @Test
    void aStepWhoseChecksAllHeldBeforeItIsRefusedUnlessItSaysNothingChanges() throws Exception {
        String good = Files.readString(Path.of("lessons/01-gmp-who-is-who.json"));
        String stale = "\"checks\": [\"G4.status == dead\", \"P0.gfreecnt == 1\"]";
        assertThat(good).contains(stale);
        // given step 4 (G4 finishes) checked only by what was so before it
        String text = good.replace(stale, "\"checks\": [\"gomaxprocs == 1\", \"M0.p == P0\"]");
        assertThat(LessonRunner.verify(LessonLoader.parse(text, "lessons/stale.json", Path.of("lessons"))))
                .isEqualTo("lessons/stale.json: step 4: no check turned from false to true across the step, each held already before it:"
                        + " check what the step did, or declare \"nothingChanges\": true if that is its point");
        // or by none at all
        String none = good.replace(stale, "\"checks\": []");
        assertThat(LessonRunner.verify(LessonLoader.parse(none, "lessons/none.json", Path.of("lessons"))))
                .startsWith("lessons/none.json: step 4: no check turned from false to true across the step (it has none)");
        // when the step says that nothing changing is its point, its checks holding is enough
        String declared = good.replace(stale, "\"nothingChanges\": true, \"checks\": [\"gomaxprocs == 1\", \"M0.p == P0\"]");
        assertThat(LessonRunner.verify(LessonLoader.parse(declared, "lessons/ok.json", Path.of("lessons")))).isNull();
        // but it still needs a check to show it, and the flag is true or false
        String empty = good.replace(stale, "\"nothingChanges\": true, \"checks\": []");
        assertThat(LessonRunner.verify(LessonLoader.parse(empty, "lessons/empty.json", Path.of("lessons"))))
                .isEqualTo("lessons/empty.json: step 4: the step says nothing changes, but has no check to show it");
        String notBool = good.replace(stale, "\"nothingChanges\": \"yes\", " + stale);
        assertThatThrownBy(() -> LessonLoader.parse(notBool, "x.json", Path.of("lessons")))
                .isInstanceOf(ScenarioException.class)
                .hasMessageEndingWith("nothingChanges: expected true or false, got \"yes\"");
    }

    /** The right answer's place on screen tells nothing: no place holds it in more than half of the quizzes. */
    @Test
    void noPlaceOnScreenHoldsTheRightAnswerInMoreThanHalfTheQuizzes() throws Exception {
        int[] all = new int[10], threeOrMore = new int[10];
        int quizzes = 0, bigger = 0;
        for (Path f : LessonLoader.files(Path.of("lessons"))) {
            Lesson l = LessonLoader.load(f);
            for (int i = 0; i < l.steps().size(); i++) {
                Lesson.Quiz q = l.steps().get(i).quiz();
                if (q == null) continue;
                int place = QuizOrder.answerPlace(l, i);
                assertThat(QuizOrder.of(l.id(), i, q.choices().size())).as(f + " step " + (i + 1))
                        .containsExactlyInAnyOrderElementsOf(java.util.stream.IntStream.range(0, q.choices().size()).boxed().toList())
                        .isEqualTo(QuizOrder.of(l.id(), i, q.choices().size()));   // a permutation, the same every time
                all[place]++;
                quizzes++;
                if (q.choices().size() >= 3) {
                    threeOrMore[place]++;
                    bigger++;
                }
            }
        }
        assertThat(quizzes).isGreaterThan(20);
        for (int p = 0; p < all.length; p++) {
            assertThat(2 * all[p]).as("quizzes with the answer at place %d of %d", p + 1, quizzes).isLessThanOrEqualTo(quizzes);
            assertThat(2 * threeOrMore[p]).as("quizzes of 3+ choices with the answer at place %d of %d", p + 1, bigger).isLessThanOrEqualTo(bigger);
        }
    }

    @Test
    void malformedLessonsNameFileLinePathAndWhatWasExpected() throws Exception {
        String good = Files.readString(Path.of("lessons/01-gmp-who-is-who.json"));
        record Case(String from, String to, String message) {}
        List<Case> cases = List.of(
                new Case("\"format\": 1", "\"format\": 2", "x.json:2: $.format: this lesson needs a newer GMP Lab (format 2; this version reads format 1)"),
                new Case("\"level\": \"beginner\"", "\"level\": \"easy\"", "x.json:9: $.level: expected one of beginner, intermediate, advanced, got \"easy\""),
                new Case("\"G1.status == running\"", "\"G1.state == running\"", "unknown field \"state\" of G1; fields: status, where, waitreason, m"),
                new Case("\"M0.p == P0\", \"gomaxprocs == 1\"", "\"M0.p == P0\", \"P5.runq.size == 1\"", "unknown object P5: the scenario has GOMAXPROCS=1 (P0..P0)"),
                new Case("\"until\": {\"event\": \"GOEXIT\"}", "\"until\": {\"event\": \"GOEXITS\"}", "unknown event kind \"GOEXITS\""),
                new Case("\"zh\": \"G3\", \"check\"", "\"zh\": \"\", \"check\"", "the Chinese text is empty"),
                new Case("\"answer\": 2", "\"answer\": 7", "expected the index of the right choice, 0 to 2, got 7"),
                new Case("\"G1.status == waiting\"", "\"G1.status == asleep\"", "G1.status is one of runnable, running, syscall, waiting, dead, not asleep"),
                new Case("\"highlight\": [\"P0\"]", "\"highlight\": [\"P0\", \"queue\"]", "expected P<n>, M<n>, G<n>, global, idle, netpoll, timers or sysmon, got \"queue\""),
                new Case("{ \"op\": \"work\", \"d\": \"1ms\" }", "{ \"op\": \"wrk\", \"d\": \"1ms\" }", "$.scenario.functions.worker.body[0].op: unknown op \"wrk\""));
        for (Case c : cases) {
            assertThat(good).as(c.from()).contains(c.from());
            String text = good.replaceFirst(java.util.regex.Pattern.quote(c.from()), java.util.regex.Matcher.quoteReplacement(c.to()));
            assertThatThrownBy(() -> LessonLoader.parse(text, "x.json", Path.of("lessons"))).as(c.to())
                    .isInstanceOf(ScenarioException.class)
                    .hasMessageStartingWith("x.json:")
                    .hasMessageContaining(c.message())
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    /** A step's teacher note is a text in both languages, like the narration; a malformed one is one line naming where. */
    @Test
    void aTeacherNoteIsATextInBothLanguagesAndAMalformedOneIsOneLine() throws Exception {
        String good = Files.readString(Path.of("lessons/01-gmp-who-is-who.json"));
        Lesson lesson = LessonLoader.parse(good, "x.json", Path.of("lessons"));
        assertThat(lesson.steps().get(0).teacher()).isNull();
        assertThat(lesson.steps().get(1).teacher().en()).startsWith("Answer: G4");
        assertThat(lesson.steps().get(1).teacher().zh()).startsWith("答案：G4");
        java.util.regex.Pattern note = java.util.regex.Pattern.compile("\"teacher\": \\{[^}]*\\}");
        int line = good.substring(0, good.indexOf("\"teacher\"")).split("\n", -1).length;
        record Case(String to, String message) {}
        for (Case c : List.of(
                new Case("\"teacher\": \"G4, the newest\"",
                        "x.json:" + line + ": $.steps[1].teacher: expected a text in both languages, {\"en\": \"...\", \"zh\": \"...\"}, got"),
                new Case("\"teacher\": {\"en\": \"G4, the newest\"}", "x.json:" + line + ": $.steps[1].teacher: missing required key \"zh\""),
                new Case("\"teacher\": {\"en\": \"G4\", \"zh\": \" \"}", "x.json:" + line + ": $.steps[1].teacher.zh: the Chinese text is empty"))) {
            String text = note.matcher(good).replaceFirst(java.util.regex.Matcher.quoteReplacement(c.to()));
            assertThat(text).isNotEqualTo(good);
            assertThatThrownBy(() -> LessonLoader.parse(text, "x.json", Path.of("lessons"))).as(c.to())
                    .isInstanceOf(ScenarioException.class)
                    .hasMessageStartingWith(c.message())
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    /** A {@code time} or {@code within} longer than any other step may run is refused with the limit, not run for hours. */
    @Test
    void aStepWaitsAtMostSixtySecondsOfVirtualTime() throws Exception {
        String good = Files.readString(Path.of("lessons/14-sysmon-preemption.json"));
        assertThat(good).contains("\"until\": {\"time\": \"5ms\"}");
        String text = good.replace("\"until\": {\"time\": \"5ms\"}", "\"until\": {\"time\": \"120s\"}");
        int line = good.substring(0, good.indexOf("\"until\": {\"time\": \"5ms\"}")).split("\n", -1).length;
        assertThatThrownBy(() -> LessonLoader.parse(text, "x.json", Path.of("lessons")))
                .isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("x.json:" + line + ": $.steps[1].until.time: ")
                .hasMessageEndingWith("a step may wait at most 60s of virtual time, got \"120s\"");
        String within = good.replace("\"until\": {\"time\": \"5ms\"}", "\"until\": {\"when\": \"G1.status == running\", \"within\": \"61s\"}");
        assertThatThrownBy(() -> LessonLoader.parse(within, "x.json", Path.of("lessons")))
                .hasMessageEndingWith("a step may wait at most 60s of virtual time, got \"61s\"");
        LessonLoader.parse(good.replace("\"until\": {\"time\": \"5ms\"}", "\"until\": {\"time\": \"60s\"}"), "x.json", Path.of("lessons"));
    }

    @Test
    void aRestartStepRunsTheSameScenarioAgainUnderTheOtherScheduler() throws Exception {
        // given lesson 17: Go 1.0 first, then "restart": "gmp"
        Lesson lesson = LessonLoader.load(Path.of("lessons/17-why-p.json"));
        int restart = 0;
        while (lesson.steps().get(restart).restart() == null) restart++;
        assertThat(lesson.steps().get(restart).restart()).isEqualTo(org.gmplab.scenario.Scenario.Scheduler.GMP);
        try (LessonRunner r = new LessonRunner(lesson)) {
            LessonRunner.StepResult before = null;
            for (int i = 0; i < restart; i++) before = r.runStep();
            // when the restart step runs
            LessonRunner.StepResult after = r.runStep();
            // then the world is a new run, from the start, with Ps
            assertThat(before.snapshot().go10()).isTrue();
            assertThat(after.snapshot().go10()).isFalse();
            assertThat(after.snapshot().ps()).hasSize(4);
            assertThat(after.snapshot().time()).isLessThan(before.snapshot().time());
        }
    }

    @Test
    void restartNamesAKnownSchedulerAndChecksOnPsAreRefusedUnderGo10() throws Exception {
        String good = Files.readString(Path.of("lessons/17-why-p.json"));
        String badName = good.replace("\"restart\": \"gmp\"", "\"restart\": \"go1.1\"");
        assertThatThrownBy(() -> LessonLoader.parse(badName, "x.json", Path.of("lessons")))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("restart: scheduler must be \"gmp\" or \"go1.0\", got \"go1.1\"");
        String pCheck = good.replace("\"sched.mcpu == 4\", \"threads == 4\"", "\"sched.mcpu == 4\", \"P0.runq.size == 0\"");
        assertThat(pCheck).isNotEqualTo(good);
        assertThatThrownBy(() -> LessonLoader.parse(pCheck, "x.json", Path.of("lessons")))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("unknown object P0: the Go 1.0 scheduler has no Ps");
    }

    /** A lesson is a document from anywhere: it may name scenario files beside it, never other files on the machine. */
    @Test
    void aScenarioPathStaysInsideTheLessonFolder(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        Path lessons = Files.createDirectory(tmp.resolve("lessons"));
        Files.createDirectory(lessons.resolve("sc"));
        Files.copy(Path.of("scenarios/spawn.go"), lessons.resolve("sc/spawn.go"));
        Files.copy(Path.of("scenarios/spawn.go"), tmp.resolve("outside.go"));
        Files.createSymbolicLink(lessons.resolve("link.go"), tmp.resolve("outside.go"));
        String good = Files.readString(Path.of("lessons/01-gmp-who-is-who.json"));
        int start = good.indexOf("\"scenario\": {"), end = good.indexOf("\"steps\"");
        java.util.function.Function<String, String> withPath = path ->
                good.substring(0, start) + "\"scenario\": " + new com.google.gson.Gson().toJson(path) + ",\n  " + good.substring(end);

        Path ok = Files.writeString(lessons.resolve("ok.json"), withPath.apply("sc/spawn.go"));
        assertThat(LessonLoader.load(ok).scenario().program().functions()).containsKey("main");

        for (String bad : List.of("../outside.go", tmp.resolve("outside.go").toString(), "sc/../../outside.go", "link.go", "a\u0000b.go", ".")) {
            Path f = Files.writeString(lessons.resolve("bad.json"), withPath.apply(bad));
            assertThatThrownBy(() -> LessonLoader.load(f)).as(bad)
                    .isInstanceOf(ScenarioException.class)
                    .hasMessageStartingWith(f + ":")
                    .hasMessageContaining("$.scenario: expected the path of a scenario file inside the lesson's folder " + lessons.toRealPath())
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").doesNotContain("\u0000").doesNotContain("func main"));
        }
    }

    private static List<String> names(List<Path> files) {
        return files.stream().map(p -> p.getFileName().toString()).toList();
    }

    /** lessons/order.txt is the recommended order: it names every shipped lesson once, with "why P" second, as the articles put it. */
    @Test
    void theShippedOrderNamesEveryLessonWithWhyPEarly() throws Exception {
        List<String> ordered = names(LessonLoader.files(Path.of("lessons")));
        List<String> named = Files.readAllLines(Path.of("lessons", LessonLoader.ORDER)).stream()
                .map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        assertThat(named).as("every lesson named, none left to the end by accident").isEqualTo(ordered);
        assertThat(ordered).containsExactlyInAnyOrderElementsOf(names(LessonLoader.byName(Path.of("lessons"))));
        assertThat(ordered).startsWith("01-gmp-who-is-who.json", "17-why-p.json").hasSizeGreaterThanOrEqualTo(26);
    }

    @Test
    void anOrderFileListsItsLessonsFirstThenTheOthersByNameAndNamesOnlyLessonsOfItsFolder(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        for (String n : List.of("01-a.json", "02-b.json", "03-c.json")) Files.writeString(tmp.resolve(n), "{}");
        // without an order file: by name
        assertThat(names(LessonLoader.files(tmp))).containsExactly("01-a.json", "02-b.json", "03-c.json");
        // with one: its lessons first, as it lists them, then the others by name
        Path order = Files.writeString(tmp.resolve(LessonLoader.ORDER), "# the order\n03-c.json\n\n  01-a.json\n");
        assertThat(names(LessonLoader.files(tmp))).containsExactly("03-c.json", "01-a.json", "02-b.json");
        // a name that is no lesson of the folder, or one listed twice, is one line naming the line
        Files.writeString(order, "03-c.json\n04-d.json\n");
        assertThatThrownBy(() -> LessonLoader.files(tmp)).isInstanceOf(ScenarioException.class)
                .hasMessage(order + ":2: expected the file name of a lesson in this folder, like 01-a.json, got \"04-d.json\"");
        Files.writeString(order, "03-c.json\n01-a.json\n03-c.json\n");
        assertThatThrownBy(() -> LessonLoader.files(tmp)).isInstanceOf(ScenarioException.class)
                .hasMessage(order + ":3: 03-c.json is listed already, on line 1");
    }

    /** A bundled lesson is read from inside the jar (a zip file system): the scenario file it names is found there too. */
    @Test
    void aLessonInsideAJarReadsItsScenarioFileFromTheJar(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        try (java.nio.file.FileSystem jar = java.nio.file.FileSystems.newFileSystem(tmp.resolve("x.jar"), java.util.Map.of("create", "true"))) {
            Files.createDirectories(jar.getPath("/lessons/programs"));
            Files.copy(Path.of("lessons/24-preemption.json"), jar.getPath("/lessons/24-preemption.json"));
            Files.copy(Path.of("lessons/programs/24-preemption.go"), jar.getPath("/lessons/programs/24-preemption.go"));
            Lesson lesson = LessonLoader.load(jar.getPath("/lessons/24-preemption.json"));
            assertThat(lesson.scenario().gomaxprocs()).isEqualTo(2);
            assertThat(LessonRunner.verify(lesson)).isNull();
        }
    }

    @Test
    void objectNumbersBeyondAnIntAreOneLineNotACrash() throws Exception {
        String good = Files.readString(Path.of("lessons/04-fill-local-queue.json"));
        for (String[] c : new String[][] {
                {"P99999999999.runq.size == 1", "unknown object P99999999999: the number after P, M or G has at most 9 digits"},
                {"M99999999999.spinning == true", "unknown object M99999999999: the number after P, M or G has at most 9 digits"},
                {"global.size == 99999999999999999999", "the value 99999999999999999999 in \"global.size == 99999999999999999999\" does not fit in 64 bits"}}) {
            String text = good.replaceFirst("\"checks\": \\[", "\"checks\": [\"" + c[0] + "\", ");
            assertThat(text).isNotEqualTo(good);
            assertThatThrownBy(() -> LessonLoader.parse(text, "x.json", Path.of("lessons"))).as(c[0])
                    .isInstanceOf(ScenarioException.class)
                    .hasMessageStartingWith("x.json:")
                    .hasMessageEndingWith(c[1]);
        }
        String minutes = good.replaceFirst("\"minutes\": [0-9]+", "\"minutes\": 4294967301");
        assertThatThrownBy(() -> LessonLoader.parse(minutes, "x.json", Path.of("lessons")))
                .hasMessageEndingWith("$.minutes: expected an integer from 1 to 600, got 4294967301");
    }
}
