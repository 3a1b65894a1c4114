package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

import org.gmplab.controls.ProgramPane;
import org.gmplab.i18n.Lang;
import org.gmplab.lessons.player.LessonPlayer;
import org.gmplab.lessons.player.Progress;
import org.gmplab.snapshot.GStatus;
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
 * A lesson with its program beside the picture, in English and in Chinese: the window with lesson 02 at its
 * third step (G4 runs, G2 and G3 wait in the ring, main in {@code wg.Wait()}) — the program beside the
 * canvas, above the event log, where the lesson shows it in the window — rendered under Monocle to {@code target/screenshots/};
 * {@code screenshots/make.sh} copies them to {@code screenshots/lesson-program-en.png} and {@code -zh.png}.
 * It checks what the pictures are of: the lesson's program, with the running G's line highlighted.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class LessonProgramScreenshotTest {
    TestWindow window;
    GmpLabApp.Content content;
    BorderPane root;
    SchedulerView view;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWindow.show(stage);
        content = window.content();
        root = window.root();
        view = window.view();
    }

    @AfterEach
    void close() {
        content.driver().close();
        content.pane().language().languageProperty().set(Lang.EN);
    }

    @Test
    void inEnglish(FxRobot robot) throws Exception { shot(robot, Lang.EN, Path.of("target", "screenshots", "lesson-program-en.png")); }

    @Test
    void inChinese(FxRobot robot) throws Exception { shot(robot, Lang.ZH, Path.of("target", "screenshots", "lesson-program-zh.png")); }

    void shot(FxRobot robot, Lang lang, Path out) throws Exception {
        java.util.prefs.Preferences prefs = java.util.prefs.Preferences.userRoot().node("org/gmplab/test/shot-" + java.util.UUID.randomUUID());
        LessonPlayer[] p = new LessonPlayer[1];
        try {
            robot.interact(() -> {
                p[0] = GmpLabApp.lessons(root, content, view, Path.of("lessons"), new Progress(prefs));
                content.pane().language().languageProperty().set(lang);
                content.lessons().setSelected(true);
                p[0].open("go-runnext", 2);
            });
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !p[0].busyProperty().get());   // the lesson's step is shown
            content.driver().idle().get(60, TimeUnit.SECONDS);
            org.gmplab.Pulses.await(window.scene(), 3);
            window.save(robot, out);
            robot.interact(() -> {
                ProgramPane program = (ProgramPane) window.scene().lookup("#programPane");   // beside the canvas
                assertThat(program.isVisible()).isTrue();
                assertThat(program.text()).contains("go handle(i)", "wg.Wait()");
                // the lines highlighted are those of the Gs running in the moment the window shows
                java.util.Set<Integer> running = new java.util.TreeSet<>();
                for (var g : content.driver().model().getSnapshot().gs()) if (g.status() == GStatus.RUNNING && g.line() > 0) running.add(g.line());
                assertThat(running).isNotEmpty();
                assertThat(program.marks().running()).isEqualTo(running);
            });
            assertThat(Files.size(out)).isGreaterThan(10_000);
        } finally {
            robot.interact(() -> content.lessons().setSelected(false));   // off the screen before its preferences go
            robot.interact(() -> assertThat(window.scene().lookup("#programPane")).as("the lesson gone, so is its program").isNull());
            if (p[0] != null) GmpLabAppTest.forget(p[0]);
            if (p[0] != null) p[0].close();
            prefs.removeNode();
        }
    }
}
