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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every exercise in homework/ is graded in CI twice: its starting scenario must not pass, and the grade must say
 * what is still wrong; its reference solution must pass, under every rule a lesson obeys.
 */
@Tag("lessons")
class HomeworkTest {

    static Stream<Path> homework() throws Exception { return LessonLoader.files(Path.of("homework")).stream(); }

    @Test
    void thereAreAtLeastFourExercisesAndEachIsHomework() throws Exception {
        List<Path> files = homework().toList();
        assertThat(files).hasSizeGreaterThanOrEqualTo(4);
        for (Path f : files) assertThat(LessonLoader.load(f).homework()).as(f.toString()).isNotNull();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("homework")
    void theStartingScenarioFailsAndTheGradeSaysWhatIsStillWrong(Path file) throws Exception {
        Grade grade = Grade.of(LessonLoader.load(file));
        assertThat(grade.passed()).as(file.toString()).isFalse();
        assertThat(grade.lines()).as(file.toString()).anyMatch(l -> l.matches("\\s*✗ .+ \\(the run shows .+\\)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("homework")
    void theReferenceSolutionPasses(Path file) throws Exception {
        Lesson solved = LessonLoader.load(file).withSolution();
        Grade grade = Grade.of(solved);
        assertThat(grade.passed()).as(file + ": " + grade.lines()).isTrue();
        assertThat(grade.lines()).noneMatch(l -> l.contains("✗"));
        assertThat(LessonRunner.verify(solved)).isNull();
    }

    /** runqputslow: 200 goroutines never overflow a ring of 256; the grade names the check and what the run shows. */
    @Test
    void runqputslowExerciseGradesCheckByCheck() throws Exception {
        Grade grade = Grade.of(LessonLoader.load(Path.of("homework/01-global-129.json")));
        assertThat(grade.lines()).containsExactly(
                "the run never got there: \"global.size == 129\" never became true",
                "  ✗ global.size == 129  (the run shows global.size = 0)",
                "  ✓ gomaxprocs == 1");
    }

    /** retake: the steps after a failing one build on it and are not run; virtual time is shown as a duration. */
    @Test
    void retakeExerciseStopsAtTheFirstFailingStep(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("scenarios"));
        Files.createDirectories(dir.resolve("solutions"));
        Files.copy(Path.of("homework/solutions/03-retake-fast.go"), dir.resolve("solutions/03-retake-fast.go"));
        // given a learner whose program makes no system call at all
        Files.writeString(dir.resolve("scenarios/03-retake-fast.go"), "// gmplab: gomaxprocs=2 runtimegoroutines=off\npackage main\n\nimport \"time\"\n\nfunc main() {\n\twork(time.Millisecond)\n}\n");
        Files.copy(Path.of("homework/03-retake-fast.json"), dir.resolve("03-retake-fast.json"));
        Grade grade = Grade.of(LessonLoader.load(dir.resolve("03-retake-fast.json")));
        assertThat(grade.passed()).isFalse();
        assertThat(grade.lines().get(0)).startsWith("step 1: the run never got there: the step waits for the ENTERSYSCALL event, but the program ended first");
        assertThat(grade.lines()).contains("  ✗ P0.status == syscall  (the run shows P0.status = running)",
                "  (the steps after this one are not run until it passes)");
        assertThat(grade.lines()).noneMatch(l -> l.startsWith("step 2"));
        assertThat(Grade.duration(14_196_217)).isEqualTo("14.196 ms");
        assertThat(Grade.duration(99_241)).isEqualTo("99.2 µs");
    }

    /** A learner's run whose checks pass but whose program then fails is not done. */
    @Test
    void passingChecksInAProgramThatDeadlocksIsNotYetSolved(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("s"));
        Files.copy(Path.of("homework/solutions/02-steal-3.go"), dir.resolve("s/solution.go"));
        Files.writeString(dir.resolve("s/mine.go"), Files.readString(Path.of("homework/solutions/02-steal-3.go"))
                .replace("work(2 * time.Millisecond) // main keeps P0 busy: P1 must steal",
                        "work(2 * time.Millisecond)\n\tvar mu sync.Mutex\n\tmu.Lock()\n\tmu.Lock()")
                .replace("import \"time\"", "import (\n\t\"sync\"\n\t\"time\"\n)"));
        Files.writeString(dir.resolve("hw.json"), Files.readString(Path.of("homework/02-steal-3.json"))
                .replace("scenarios/02-steal-3.go", "s/mine.go").replace("solutions/02-steal-3.go", "s/solution.go"));
        Grade grade = Grade.of(LessonLoader.load(dir.resolve("hw.json")));
        assertThat(grade.passed()).isFalse();
        assertThat(grade.lines()).contains("  ✓ P1.runq.size == 2");
        assertThat(grade.lines().get(grade.lines().size() - 1)).startsWith("the checks pass, but then the program fails: ");
    }

    @Test
    void homeworkNeedsItsScenarioAsAFileAndAnExistingSolution(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("scenarios"));
        Files.copy(Path.of("homework/scenarios/02-steal-3.go"), dir.resolve("scenarios/02-steal-3.go"));
        String text = Files.readString(Path.of("homework/02-steal-3.json"));
        assertThatThrownBy(() -> LessonLoader.parse(text, "hw.json", dir))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("hw.json:").hasMessageContaining("no scenario file");
        String inline = Files.readString(Path.of("lessons/08-work-stealing.json"))
                .replaceFirst("\"minutes\": (\\d+),", "\"minutes\": $1, \"homework\": {\"task\": {\"en\": \"t\", \"zh\": \"t\"}, \"solution\": \"scenarios/02-steal-3.go\"},");
        assertThatThrownBy(() -> LessonLoader.parse(inline, "inline.json", dir))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("a homework's scenario is the path of the scenario file the learner edits, got an object");
    }
}
