package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.gmplab.session.Driver;
import org.gmplab.lessons.player.LessonPlayer;
import org.gmplab.lessons.player.Progress;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.view.SchedulerView;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A lesson in the window: it drives the window's own transport (so the canvas shows exactly the moment the
 * lesson checked), locks it while it drives, and "try it yourself" hands the real controls to the learner.
 * Walked with the keyboard alone, as a learner without a mouse would.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class LessonInWindowTest {
    SchedulerView view;
    GmpLabApp.Content content;
    LessonPlayer player;
    Preferences prefs;

    @Start
    void start(Stage stage) throws Exception {
        prefs = Preferences.userRoot().node("org/gmplab/test/window-" + UUID.randomUUID());
        TestWindow window = TestWindow.show(stage);
        view = window.view();
        content = window.content();
        player = GmpLabApp.lessons(window.root(), content, view, Path.of("lessons"), new Progress(prefs));
    }

    @AfterEach
    void close() throws Exception {
        GmpLabAppTest.forget(player);
        content.driver().close();
        player.close();
        prefs.removeNode();
    }

    Driver c() { return content.driver(); }

    /** Waits until the driver has done what the lesson asked and the canvas shows it. */
    void settle() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        // the lesson's engine steps on its own thread; what it reached then goes to the driver
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !player.busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        c().idle().get(30, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The canvas shows the very moment the lesson's step checked. */
    void showsTheLessonsMoment() throws Exception {
        settle();
        Snapshot checked = player.result().snapshot();
        assertThat(c().model().getSnapshot()).isEqualTo(checked);
        assertThat(view.snapshot()).isEqualTo(checked);
        assertThat(c().model().getPosition()).isEqualTo(checked.events());
    }

    @Test
    void aLessonWalkedWithTheKeyboardAloneDrivesTheWindowAndTryItHandsOverTheControls(FxRobot robot) throws Exception {
        settle();
        robot.clickOn("#where");   // the last use of the mouse: focus in the window
        // L shows the lessons with the keyboard in the list; Enter opens the first lesson
        robot.type(KeyCode.L);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(content.lessons().isSelected()).isTrue();
        robot.type(KeyCode.ENTER);
        settle();
        assertThat(player.lesson().id()).isEqualTo("gmp-who-is-who");
        assertThat(player.stepIndex()).isZero();
        showsTheLessonsMoment();
        // while the lesson drives, the transport is locked and says why
        assertThat(content.pane().locked()).isTrue();
        assertThat(robot.lookup("#stepEvent").queryButton().isDisabled()).isTrue();
        assertThat(robot.lookup("#lockNote").queryLabeled().getText()).contains("→ next");
        assertThat(c().scenario()).isSameAs(player.lesson().scenario());

        // → asks step 2's question; the digit of the right answer's place on screen answers it, which runs the step
        robot.type(KeyCode.RIGHT);
        settle();
        assertThat(player.stepIndex()).isEqualTo(1);
        assertThat(player.stepRan()).isFalse();
        robot.type(KeyCode.getKeyCode(String.valueOf(org.gmplab.lessons.QuizOrder.answerPlace(player.lesson(), 1) + 1)));
        settle();
        assertThat(player.stepRan()).isTrue();
        assertThat(robot.lookup("#feedback").queryLabeled().getText()).isEqualTo("Right!");
        showsTheLessonsMoment();
        // → runs step 3; the event log holds the events the lesson passed
        robot.type(KeyCode.RIGHT);
        settle();
        assertThat(player.stepIndex()).isEqualTo(2);
        showsTheLessonsMoment();
        assertThat(c().model().eventLog()).isNotEmpty();
        assertThat(c().model().eventLog().get(c().model().eventLog().size() - 1).seq()).isLessThanOrEqualTo(c().model().getPosition());
        Snapshot lessonMoment = player.result().snapshot();

        // T: try it yourself — the transport is the learner's, and → steps the window's run
        robot.type(KeyCode.T);
        settle();
        assertThat(content.pane().locked()).isFalse();
        assertThat(robot.lookup("#stepEvent").queryButton().isDisabled()).isFalse();
        assertThat(robot.lookup("#tryStep").query().isVisible()).isFalse();   // no second Step button
        long before = c().model().getPosition();
        robot.type(KeyCode.RIGHT);
        robot.type(KeyCode.RIGHT);
        settle();
        assertThat(c().model().getPosition()).isGreaterThan(before);
        assertThat(player.stepIndex()).isEqualTo(2);   // the lesson waited
        // T again: back to the lesson's moment, locked again
        robot.type(KeyCode.T);
        settle();
        assertThat(content.pane().locked()).isTrue();
        assertThat(c().model().getSnapshot()).isEqualTo(lessonMoment);
        assertThat(view.snapshot()).isEqualTo(lessonMoment);

        // ← goes back a step through the window's history
        robot.type(KeyCode.LEFT);
        settle();
        assertThat(player.stepIndex()).isEqualTo(1);
        showsTheLessonsMoment();
        // L hides the lessons and gives the controls back
        robot.type(KeyCode.L);
        settle();
        assertThat(content.lessons().isSelected()).isFalse();
        assertThat(content.pane().locked()).isFalse();
    }

    /** The teacher notes are the presenter's: hidden outside presenter mode (F5), shown there by N or the toggle, hidden again after. */
    @Test
    void teacherNotesAreHiddenOutsidePresenterModeAndShownByTheToggleInsideIt(FxRobot robot) throws Exception {
        settle();
        robot.clickOn("#lessons");
        robot.interact(() -> player.open("gmp-who-is-who", 1));   // step 2: a quiz, its note holds the answer
        settle();
        String note = player.lesson().steps().get(1).teacher().en();
        javafx.scene.control.Labeled notes = robot.lookup("#teacherNotes").queryLabeled();
        javafx.scene.control.ToggleButton toggle = robot.lookup("#teacherToggle").queryAs(javafx.scene.control.ToggleButton.class);
        // outside presenter mode there is no toggle, and N shows nothing
        assertThat(content.presenting().get()).isFalse();
        assertThat(toggle.isVisible()).isFalse();
        robot.type(KeyCode.N);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(notes.isVisible()).isFalse();
        assertThat(robot.lookup((javafx.scene.Node n) -> n instanceof javafx.scene.control.Labeled l && l.isVisible() && note.equals(l.getText())).tryQuery()).isEmpty();
        // F5: presenter mode offers the toggle, the notes still hidden until asked for; the lesson pane is out of the
        // room then, so what the class and the teacher see is the caption strip under the canvas
        robot.type(KeyCode.F5);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(content.presenting().get()).isTrue();
        javafx.scene.control.Labeled shown = robot.lookup("#captionTeacherNotes").queryLabeled();
        javafx.scene.control.ToggleButton shownToggle = robot.lookup("#captionTeacherToggle").queryAs(javafx.scene.control.ToggleButton.class);
        assertThat(shownToggle.isVisible()).isTrue();
        assertThat(shown.isVisible()).isFalse();
        // N shows the step's note; the toggle button hides it; N again shows it
        robot.type(KeyCode.N);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(shown.isVisible()).isTrue();
        assertThat(shown.getText()).contains(note);
        assertThat(player.stepRan()).isFalse();   // N answered nothing: the quiz still waits
        robot.clickOn(shownToggle);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(shown.isVisible()).isFalse();
        robot.type(KeyCode.N);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(shown.isVisible()).isTrue();
        // leaving presenter mode hides them, and coming back does not show them unasked
        robot.type(KeyCode.F5);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(content.presenting().get()).isFalse();
        assertThat(notes.isVisible()).isFalse();
        assertThat(toggle.isVisible()).isFalse();
        robot.type(KeyCode.F5);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(toggle.isVisible()).isTrue();
        assertThat(notes.isVisible()).isFalse();
        robot.type(KeyCode.F5);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aTimeStepEndsBetweenEventsAndTheWindowShowsThatMomentToo(FxRobot robot) throws Exception {
        settle();
        robot.clickOn("#lessons");
        // lesson 14, step 2 waits 5 ms of virtual time while G2 computes; its quiz is answered first
        robot.interact(() -> player.open("sysmon-preemption", 1));
        settle();
        assertThat(player.stepIndex()).isEqualTo(1);
        robot.clickOn("#choice" + player.lesson().steps().get(1).quiz().answer());
        settle();
        assertThat(player.stepRan()).isTrue();
        showsTheLessonsMoment();
    }

    @Test
    void lessonsHiddenWhileTheLearnerGoesLiveComeBackInStepModeAtTheirMoment(FxRobot robot) throws Exception {
        settle();
        robot.clickOn("#lessons");
        robot.interact(() -> player.open("gmp-who-is-who", 2));
        settle();
        // when the lessons are hidden, the window goes live, then the lessons are shown again
        robot.clickOn("#lessons");
        settle();
        assertThat(content.pane().locked()).isFalse();
        c().setMode(org.gmplab.engine.Engine.Mode.LIVE).get(30, TimeUnit.SECONDS);
        robot.clickOn("#lessons");
        settle();
        // then the window is back in step mode at the lesson's moment, locked for the lesson
        assertThat(c().model().modeProperty().get()).isEqualTo(org.gmplab.engine.Engine.Mode.STEP);
        showsTheLessonsMoment();
        assertThat(content.pane().locked()).isTrue();
    }
}
