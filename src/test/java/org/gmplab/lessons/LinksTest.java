package org.gmplab.lessons;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gmplab.scenario.ScenarioException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Lessons and steps named as a teacher names them: by number, file name or id, and step number or declared id. */
class LinksTest {
    static List<Lesson> lessons = new ArrayList<>();

    @BeforeAll
    static void load() throws Exception {
        for (Path f : LessonLoader.files(Path.of("lessons"))) lessons.add(LessonLoader.load(f));
    }

    @Test
    void aLessonIsNamedByItsNumberItsFileNameOrItsId() throws Exception {
        for (String name : List.of("08", "8", "08-work-stealing", "work-stealing"))
            assertThat(Links.lesson(lessons, name).id()).as(name).isEqualTo("work-stealing");
        assertThat(Links.resolve(lessons, "01").lesson().id()).isEqualTo("gmp-who-is-who");
        assertThat(Links.resolve(lessons, "01").step()).isZero();
    }

    @Test
    void aStepIsNamedByItsNumberFromOneOrTheIdItDeclares() throws Exception {
        assertThat(Links.resolve(lessons, "08#3")).isEqualTo(new Links.Target(Links.lesson(lessons, "08"), 2));
        assertThat(Links.resolve(lessons, "work-stealing#steal-half").step()).isEqualTo(1);
        Lesson l = Links.lesson(lessons, "08");
        assertThat(Links.of(l, 1)).isEqualTo("work-stealing#steal-half");
        assertThat(Links.resolve(lessons, Links.of(l, 1)).step()).isEqualTo(1);   // a link names its step again
        Lesson first = Links.lesson(lessons, "01");   // declares no ids: its steps are named by number
        assertThat(Links.of(first, 2)).isEqualTo("gmp-who-is-who#3");
        assertThat(Links.resolve(lessons, "gmp-who-is-who#3").step()).isEqualTo(2);
    }

    @Test
    void aNameThatNamesNothingIsOneLineListingWhatThereIs() {
        assertThatThrownBy(() -> Links.resolve(lessons, "99#1")).isInstanceOf(Links.NotFound.class)
                .hasMessageStartingWith("no lesson \"99\"; the lessons are 01-gmp-who-is-who, ")   // in the recommended order
                .hasMessageContaining("08-work-stealing")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThatThrownBy(() -> Links.resolve(lessons, "08#9")).isInstanceOf(Links.NotFound.class)
                .hasMessage("lesson work-stealing has no step \"9\"; its steps are 1 to 6, or by id seven-goroutines, steal-half,"
                        + " steal-again, steal-last, steal-runnext, end");
        assertThatThrownBy(() -> Links.resolve(lessons, "01#0")).hasMessage("lesson gmp-who-is-who has no step \"0\"; its steps are 1 to 6");
    }

    @Test
    void aStepIdIsLowerCaseStartsWithALetterAndIsTheStepsOwn() throws Exception {
        String good = Files.readString(Path.of("lessons/08-work-stealing.json"));
        int line = lineOf(good, "\"id\": \"steal-again\"");   // found, not hard-coded: notes and steps move it
        assertThatThrownBy(() -> LessonLoader.parse(good.replace("\"id\": \"steal-again\"", "\"id\": \"3\""), "x.json", Path.of("lessons")))
                .isInstanceOf(ScenarioException.class)
                .hasMessage("x.json:" + line + ": $.steps[2].id: expected a step id of up to 40 lower-case letters, digits and dashes, starting with a letter, got \"3\"");
        assertThatThrownBy(() -> LessonLoader.parse(good.replace("\"id\": \"steal-again\"", "\"id\": \"steal-half\""), "x.json", Path.of("lessons")))
                .isInstanceOf(ScenarioException.class)
                .hasMessage("x.json:" + line + ": $.steps[2].id: the step id \"steal-half\" is taken by step 2; each step's id is its own");
    }

    static int lineOf(String text, String what) {
        int at = text.indexOf(what);
        assertThat(at).as(what).isNotNegative();
        return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }
}
