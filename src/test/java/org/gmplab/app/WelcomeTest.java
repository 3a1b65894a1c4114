package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.stage.Stage;

import org.gmplab.lessons.player.Progress;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The first start: a welcome offers lesson 1, the default scenario or the editor; each choice does what it
 * says, the welcome is remembered as seen (the next start has none), and the Help menu brings it back.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class WelcomeTest {
    Stage stage;
    Preferences prefs;
    GmpLabApp.Window window;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        prefs = Preferences.userRoot().node("org/gmplab/test/welcome-" + UUID.randomUUID());
    }

    @AfterEach
    void close() throws Exception {
        shut();
        prefs.removeNode();
    }

    void shut() throws Exception {
        if (window == null) return;
        GmpLabAppTest.forget(window.player());
        window.content().driver().close();
        window.player().close();
        window = null;
    }

    /** The window as {@code gmplab} with no arguments opens it, for the user whose preferences are {@link #prefs}. */
    void gmplab() throws Exception {
        shut();
        WaitForAsyncUtils.asyncFx(() -> window = GmpLabApp.open(stage, List.of(), Map.of(), new Progress(prefs))).get();
        WaitForAsyncUtils.waitForFxEvents();
    }

    boolean welcomeShown() { return window.content().welcome().isVisible(); }

    @Test
    void lessonOneOpensTheFirstLesson(FxRobot robot) throws Exception {
        gmplab();
        assertThat(welcomeShown()).isTrue();
        robot.clickOn("#welcomeLesson");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> window.player().lesson() != null && !window.player().busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(welcomeShown()).isFalse();
        assertThat(window.content().lessons().isSelected()).isTrue();
        assertThat(window.player().lesson().id()).isEqualTo("gmp-who-is-who");
        assertThat(window.player().stepIndex()).isZero();
        assertThat(new Progress(prefs).welcomed()).isTrue();
        // the next start has no welcome (it returns to the lesson instead)
        gmplab();
        assertThat(welcomeShown()).isFalse();
    }

    @Test
    void theDefaultScenarioLeavesTheWindowAsItIsAndTheHelpMenuBringsTheWelcomeBack(FxRobot robot) throws Exception {
        gmplab();
        assertThat(welcomeShown()).isTrue();
        robot.clickOn("#welcomeScenario");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(welcomeShown()).isFalse();
        assertThat(window.content().lessons().isSelected()).isFalse();
        assertThat(window.content().editorToggle().isSelected()).isFalse();
        assertThat(window.content().driver().scenario().name()).isEqualTo(GmpLabApp.defaultScenario().name());
        assertThat(new Progress(prefs).welcomed()).isTrue();
        gmplab();
        assertThat(welcomeShown()).isFalse();
        // Help → Welcome… shows it again; Esc is the default scenario's choice
        robot.clickOn("#help").clickOn("#helpWelcome");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(welcomeShown()).isTrue();
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(welcomeShown()).isFalse();
        assertThat(window.content().editorToggle().isSelected()).isFalse();
    }

    @Test
    void theEditorChoiceShowsTheEditor(FxRobot robot) throws Exception {
        gmplab();
        assertThat(welcomeShown()).isTrue();
        robot.clickOn("#welcomeEditor");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(welcomeShown()).isFalse();
        assertThat(window.content().editorToggle().isSelected()).isTrue();
        assertThat(robot.lookup("#editor").tryQuery()).isPresent();
        assertThat(new Progress(prefs).welcomed()).isTrue();
    }
}
