package org.gmplab.lessons;

import org.junit.jupiter.api.Tag;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.gmplab.history.History;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The window shows a lesson through its transport: each step's moment is reached on a {@link History} of the
 * lesson's scenario by jumping to the runner's event count (and, after a {@code time} step, waiting until that time). That is only honest if the history's snapshot there
 * is the very snapshot the lesson's checks looked at.
 */
@Tag("lessons")
class LessonHistoryTest {
    static java.util.List<Path> lessons() throws Exception { return LessonLoader.files(Path.of("lessons")); }

    @ParameterizedTest
    @MethodSource("lessons")
    void everyStepsMomentIsAPositionOfTheHistory(Path file) throws Exception {
        Lesson lesson = LessonLoader.load(file);
        History h = new History(lesson.scenario());
        try (LessonRunner r = new LessonRunner(lesson)) {
            while (!r.done()) {
                LessonRunner.StepResult res = r.runStep();
                if (r.scenario() != h.scenario()) {   // a restart: a history of the new run
                    h.close();
                    h = new History(r.scenario());
                }
                h.jumpTo(r.engine().eventCount());
                if (r.waitedUntil() >= 0) h.waitUntil(r.waitedUntil());
                assertThat(h.position()).as("%s step %d", file, res.index() + 1).isEqualTo(r.engine().eventCount());
                assertThat(h.snapshot()).as("%s step %d", file, res.index() + 1).isEqualTo(res.snapshot());
            }
        } finally {
            h.close();
        }
    }
}
