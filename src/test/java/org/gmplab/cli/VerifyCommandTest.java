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

    @Test
    void everyReferenceSolutionPasses() {
        RunCommandTest.Result r = RunCommandTest.run("verify", "--solutions", "homework/");
        assertThat(r.out()).contains("ok   global-129 (homework: homework/solutions/01-global-129.go passes)", "5 passed, 0 failed");
        assertThat(r.code()).isEqualTo(0);
    }
}
