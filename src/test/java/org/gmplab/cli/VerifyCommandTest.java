package org.gmplab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code gmplab verify homework/}: per exercise, what passes and what does not yet, in words a learner reads. */
@Tag("lessons")
class VerifyCommandTest {

    @Test
    void homeworkAsShippedIsNotYetDoneAndEachExerciseSaysWhatIsLeft() {
        RunCommandTest.Result r = RunCommandTest.run("verify", "homework/");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains(
                "TODO global-129: At GOMAXPROCS=1, make the global run queue hold exactly 129 goroutines at some moment.\n"
                        + "     edit homework/scenarios/01-global-129.go\n",
                "TODO steal-3: ", "TODO retake-fast: ", "TODO retake-slow: ", "TODO fairness-122: ",
                "       ✗ P1.runq.size == 2  (the run shows P1.runq.size = 0)\n",
                "     step 2: not yet\n",
                "0 passed, 5 failed");
        assertThat(r.err()).isEmpty();
    }

    /** A lessons folder's order.txt naming a lesson it does not hold: one line naming the file and line, exit code 2. */
    @Test
    void anOrderFileNamingNoLessonIsOneLineAndExitCode2(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Files.copy(java.nio.file.Path.of("lessons/01-gmp-who-is-who.json"), dir.resolve("01-gmp-who-is-who.json"));
        java.nio.file.Files.writeString(dir.resolve("order.txt"), "01-gmp-who-is-who.json\n17-why-p.json\n");
        RunCommandTest.Result r = RunCommandTest.run("verify", dir.toString());
        assertThat(r.err()).isEqualTo("gmplab: " + dir.resolve("order.txt") + ":2: expected the file name of a lesson in this folder, "
                + "like 01-gmp-who-is-who.json, got \"17-why-p.json\"\n");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        // named in it, the lesson is there: the folder verifies in that order
        java.nio.file.Files.copy(java.nio.file.Path.of("lessons/17-why-p.json"), dir.resolve("17-why-p.json"));
        java.nio.file.Files.writeString(dir.resolve("order.txt"), "17-why-p.json\n");
        RunCommandTest.Result ok = RunCommandTest.run("verify", dir.toString());
        assertThat(ok.out()).startsWith("ok   why-p ").contains("\nok   gmp-who-is-who ").endsWith("2 passed, 0 failed\n");
        assertThat(ok.code()).isZero();
    }

    @Test
    void everyReferenceSolutionPasses() {
        RunCommandTest.Result r = RunCommandTest.run("verify", "--solutions", "homework/");
        assertThat(r.out()).contains("ok   global-129 (homework: homework/solutions/01-global-129.go passes)", "5 passed, 0 failed");
        assertThat(r.code()).isEqualTo(0);
    }
}
