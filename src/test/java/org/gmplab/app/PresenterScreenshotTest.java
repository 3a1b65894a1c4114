package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.Scene;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

import org.gmplab.Pulses;
import org.gmplab.i18n.Lang;
import org.gmplab.lessons.player.LessonPlayer;
import org.gmplab.lessons.player.Progress;
import org.gmplab.session.Breakpoint;
import org.gmplab.snapshot.EventKind;
import org.gmplab.view.SchedulerView;
import org.gmplab.view.Theme;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Presenter mode at 1280×720 rendered under Monocle to {@code target/screenshots/presenter-*.png} (a lesson's
 * caption in English and in Chinese, a steal's arc held after a step); {@code screenshots/make.sh} copies them.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class PresenterScreenshotTest {
    TestWindow window;
    LessonPlayer player;
    Preferences prefs;

    @Start
    void start(Stage stage) throws Exception {
        prefs = Preferences.userRoot().node("org/gmplab/test/presenter-shot-" + UUID.randomUUID());
        BorderPane root = new BorderPane();
        SchedulerView view = new SchedulerView();
        GmpLabApp.Content content = GmpLabApp.content(root, view, GmpLabApp.defaultScenario());
        view.setAnimationMillis(0);
        Scene scene = new Scene(root, 1280, 720);
        scene.getStylesheets().addAll(Theme.stylesheets("light"));
        content.theme().getSelectionModel().selectedItemProperty().addListener((o, a, b) -> scene.getStylesheets().setAll(Theme.stylesheets(b)));
        stage.setScene(scene);
        stage.show();
        window = new TestWindow(root, view, content, scene);
        player = GmpLabApp.lessons(root, content, view, Path.of("lessons"), new Progress(prefs));
    }

    @AfterEach
    void close() throws Exception {
        GmpLabAppTest.forget(player);
        window.content().driver().close();
        player.close();
        prefs.removeNode();
    }

    private void settle() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !player.busyProperty().get());
        window.content().driver().idle().get(60, TimeUnit.SECONDS);
        Pulses.await(window.scene(), 3);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aLessonsCaptionInEnglishAndChineseAndAHeldSteal(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.view().snapshot() != null);
        robot.interact(() -> window.content().pane().presenter());
        robot.interact(() -> window.content().lessons().setSelected(true));
        robot.interact(() -> player.open("work-stealing", 3));
        settle();
        window.save(robot, Path.of("target", "screenshots", "presenter-lesson.png"));
        robot.interact(() -> window.content().pane().language().languageProperty().set(Lang.ZH));
        settle();
        assertThat(player.captionProperty().get()).containsPattern("[\\u4e00-\\u9fff]");
        window.save(robot, Path.of("target", "screenshots", "presenter-lesson-zh.png"));
        robot.interact(() -> window.content().pane().language().languageProperty().set(Lang.EN));

        // a steal, stepped onto: its arc stays, label on top, while the teacher talks
        robot.interact(() -> window.content().lessons().setSelected(false));
        settle();
        var driver = window.content().driver();
        driver.load(GmpLabApp.defaultScenario().withGomaxprocs(4)).get(60, TimeUnit.SECONDS);   // the lesson's run was left loaded
        settle();
        robot.interact(() -> driver.breakpoints().add(Breakpoint.of(Breakpoint.Kind.STEAL)));
        driver.runToBreakpoint().get(60, TimeUnit.SECONDS);
        driver.stepBack().get(60, TimeUnit.SECONDS);
        settle();
        long before = driver.model().getPosition();
        robot.interact(() -> window.view().setAnimationMillis(150));
        driver.stepEvent().get(60, TimeUnit.SECONDS);
        settle();
        Pulses.await(window.scene(), 40);   // long past the glide and the normal fade
        long after = driver.model().getPosition();
        assertThat(driver.model().eventLog()).anyMatch(e -> e.kind() == EventKind.STEAL && e.seq() > before && e.seq() <= after);
        window.save(robot, Path.of("target", "screenshots", "presenter-steal.png"));
    }
}
