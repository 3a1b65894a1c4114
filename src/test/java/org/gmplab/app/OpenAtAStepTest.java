package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.gmplab.lessons.Lesson;
import org.gmplab.lessons.LessonLoader;
import org.gmplab.lessons.LessonRunner;
import org.gmplab.lessons.player.Progress;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import picocli.CommandLine;

/**
 * {@code gmplab lesson 08 --step 3}: the window opens in lesson 08 at its third step, the canvas at that step's
 * moment; and the Lessons pane opens a step by its link. The window is made as the app makes it, from the
 * arguments the command gives it.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class OpenAtAStepTest {
    Stage stage;
    Preferences prefs;
    GmpLabApp.Window window;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        prefs = Preferences.userRoot().node("org/gmplab/test/open-" + UUID.randomUUID());
    }

    @AfterEach
    void close() throws Exception {
        if (window != null) {
            GmpLabAppTest.forget(window.player());
            window.content().driver().close();
            window.player().close();
        }
        prefs.removeNode();
    }

    /** The window as {@code gmplab ARGS} opens it (its application arguments, named ones as JavaFX reads them). */
    void gmplab(FxRobot robot, String... args) throws Exception {
        assertThat(args[0]).isEqualTo("lesson");
        LessonCommand command = new LessonCommand();
        new CommandLine(command).parseArgs(List.of(args).subList(1, args.length).toArray(String[]::new));
        Map<String, String> named = new HashMap<>();
        for (String a : command.windowArgs()) named.put(a.substring(2, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
        WaitForAsyncUtils.asyncFx(() -> window = GmpLabApp.open(stage, List.of(), named, new Progress(prefs))).get();
        window.view().setAnimationMillis(0);
    }

    void settle() throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> window.player().lesson() != null);
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !window.player().busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        window.content().driver().idle().get(30, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** What lesson 08's first {@code steps} steps reach, run headless. */
    static Snapshot after(int steps) throws Exception {
        try (LessonRunner r = new LessonRunner(LessonLoader.load(Path.of("lessons/08-work-stealing.json")))) {
            Snapshot s = null;
            for (int i = 0; i < steps; i++) s = r.runStep().snapshot();
            return s;
        }
    }

    @Test
    void lesson08Step3OpensThereWithTheCanvasAtThatStepsMoment(FxRobot robot) throws Exception {
        gmplab(robot, "lesson", "08", "--step", "3");
        settle();
        Lesson l = window.player().lesson();
        assertThat(l.id()).isEqualTo("work-stealing");
        assertThat(window.player().stepIndex()).isEqualTo(2);
        assertThat(window.content().lessons().isSelected()).isTrue();
        assertThat(robot.lookup("#stepNumber").queryLabeled().getText()).isEqualTo("Step 3 of 6");
        assertThat(robot.lookup("#stepLink").queryTextInputControl().getText()).isEqualTo("work-stealing#steal-again");
        // step 3 asks its question first: the canvas shows the world as step 2 left it, the moment the quiz is about
        assertThat(window.player().stepRan()).isFalse();
        assertThat(robot.lookup("#question").queryLabeled().getText()).contains(l.steps().get(2).quiz().question().en());
        Snapshot moment = after(2);
        assertThat(window.content().driver().model().getSnapshot()).isEqualTo(moment);
        assertThat(window.view().snapshot()).isEqualTo(moment);
        assertThat(new Progress(prefs).lastLesson()).isEmpty();   // nothing answered yet, nothing remembered

        // from the Lessons pane: back to the list, then a link typed in opens its step (a step without a quiz runs)
        robot.clickOn("#allLessons");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#goTo").write("08#steal-last").type(KeyCode.ENTER);
        settle();
        assertThat(window.player().stepIndex()).isEqualTo(3);
        assertThat(window.player().stepRan()).isTrue();
        assertThat(window.player().result().snapshot()).isEqualTo(after(4));
        assertThat(window.view().snapshot()).isEqualTo(after(4));
        // a link that names nothing says what there is, and the list stays
        robot.clickOn("#allLessons");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#goTo").write("08#12").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.player().lesson()).isNull();
        assertThat(robot.lookup("#problem").queryLabeled().getText()).startsWith("lesson work-stealing has no step \"12\"");
    }
}
