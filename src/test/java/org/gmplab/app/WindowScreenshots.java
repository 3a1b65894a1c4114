package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;


import javafx.scene.Scene;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

import org.gmplab.session.Breakpoint;
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
 * Renders the whole window (canvas and controls) under Monocle to {@code target/screenshots/window-controls.png};
 * {@code screenshots/make.sh} copies it to {@code screenshots/}. The canvas-only {@code screenshot} command
 * cannot draw the controls, so the window picture is taken here.
 */
// A picture generator, not a test (its name does not end in Test, so the suite skips it): screenshots/make.sh runs it.
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class WindowScreenshots {
    static final Path OUT = Path.of("target", "screenshots", "window-controls.png");
    static final Path OUT_ZH = Path.of("target", "screenshots", "window-zh.png");
    TestWindow window;
    GmpLabApp.Content content;
    Scene scene;
    BorderPane root;
    SchedulerView view;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWindow.show(stage);
        content = window.content();
        scene = window.scene();
        root = window.root();
        view = window.view();
    }

    @AfterEach
    void close() { content.driver().close(); }

    @Test
    void wholeWindowAtTheFirstSteal(FxRobot robot) throws Exception {
        // given a steal breakpoint, run to it, with the event log filtered to the steal's P
        robot.interact(() -> content.driver().breakpoints().add(Breakpoint.of(Breakpoint.Kind.STEAL)));
        robot.clickOn("#runToBreak");
        content.driver().idle().get(60, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#filterP").write("1");
        @SuppressWarnings("unchecked")
        javafx.scene.control.TableView<org.gmplab.snapshot.Event> log =
                (javafx.scene.control.TableView<org.gmplab.snapshot.Event>) scene.lookup("#eventLog");
        robot.interact(() -> {
            log.requestFocus();
            log.getItems().stream().filter(e -> e.kind() == org.gmplab.snapshot.EventKind.STEAL).findFirst()
                    .ifPresent(e -> log.getSelectionModel().select(e));
        });
        content.driver().idle().get(60, TimeUnit.SECONDS);
        BufferedImage png = window.save(robot, OUT);
        assertThat(png.getWidth()).isEqualTo(1280);
        assertThat(Files.size(OUT)).isGreaterThan(10_000);
    }

    @Test
    void theWindowInChineseWithALessonDrivingIt(FxRobot robot) throws Exception {
        java.util.prefs.Preferences prefs = java.util.prefs.Preferences.userRoot().node("org/gmplab/test/shot-" + java.util.UUID.randomUUID());
        org.gmplab.lessons.player.LessonPlayer[] p = new org.gmplab.lessons.player.LessonPlayer[1];
        try {
            robot.interact(() -> {
                p[0] = GmpLabApp.lessons(root, content, view, Path.of("lessons"), new org.gmplab.lessons.player.Progress(prefs));
                content.pane().language().languageProperty().set(org.gmplab.i18n.Lang.ZH);
                content.lessons().setSelected(true);
                p[0].open("work-stealing", 3);
            });
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !p[0].busyProperty().get());   // the lesson's step is shown
            WaitForAsyncUtils.waitForFxEvents();
            content.driver().idle().get(60, TimeUnit.SECONDS);
            BufferedImage png = window.save(robot, OUT_ZH);
            assertThat(Files.size(OUT_ZH)).isGreaterThan(10_000);
        } finally {
            robot.interact(() -> content.lessons().setSelected(false));   // off the screen before its preferences go
            if (p[0] != null) GmpLabAppTest.forget(p[0]);
            if (p[0] != null) p[0].close();
            prefs.removeNode();
        }
    }
}
