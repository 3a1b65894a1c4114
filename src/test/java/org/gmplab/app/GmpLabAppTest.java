package org.gmplab.app;

import org.gmplab.Tabs;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

import org.gmplab.view.SchedulerView;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The window's content as the app mounts it, clicked like a person would. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class GmpLabAppTest {
    SchedulerView view;
    GmpLabApp.Content content;

    @Start
    void start(Stage stage) throws Exception {
        BorderPane root = new BorderPane();
        view = new SchedulerView();
        content = GmpLabApp.content(root, view, GmpLabApp.defaultScenario());
        stage.setScene(new Scene(root, 1280, 800));
        stage.show();
    }

    @AfterEach
    void close() { content.driver().close(); }

    /** The toolbar's Go choice runs the scenario again under Go 1.26's rules; the title and the Assumptions tab say so. */
    @Test
    void theGoChoiceRunsTheScenarioAgainUnderGo126(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view.snapshot() != null);
        assertThat(GmpLabApp.title(content.driver().model().scenarioProperty().get())).endsWith(" (Go 1.23)");
        assertThat(view.snapshot().go126()).isFalse();
        robot.clickOn("#goVersion").clickOn("Go 1.26");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view.snapshot() != null && view.snapshot().go126());
        org.gmplab.scenario.Scenario sc = content.driver().model().scenarioProperty().get();
        assertThat(sc.go()).isEqualTo(org.gmplab.scenario.Scenario.GoVersion.GO126);
        assertThat(GmpLabApp.title(sc)).endsWith(" (Go 1.26)");
        Tabs.open(robot, "assumptions");
        javafx.scene.control.Label header = robot.lookup("#assumptionsVersion").queryAs(javafx.scene.control.Label.class);
        assertThat(header.getText()).startsWith("Running Go 1.26's scheduler rules.");
    }

    @Test
    void stepAdvancesTheCanvas(FxRobot robot) throws Exception {
        // given the default scenario on screen
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view.snapshot() != null);
        long before = view.snapshot().events();
        // when Step is clicked three times
        for (int i = 0; i < 3; i++) robot.clickOn("#stepEvent");
        // then the canvas shows a later snapshot
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view.snapshot().events() > before);
        assertThat(view.snapshot().events()).isGreaterThan(before);
    }

    @Test
    void playRunsAndGoToStartGoesBackToTheStart(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view.snapshot() != null);
        long start = view.snapshot().events();
        robot.clickOn("#play");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> view.snapshot().events() > start + 5);
        robot.clickOn("#play");
        robot.clickOn("#toStart");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view.snapshot().events() == start);
        content.driver().idle().get(10, TimeUnit.SECONDS);
        assertThat(content.driver().model().playingProperty().get()).isFalse();
    }

    @Test
    void presenterModeSwitchesToTheProjectorThemeAndBack(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view.snapshot() != null);
        robot.clickOn("#where");
        robot.type(javafx.scene.input.KeyCode.F5);
        assertThat(content.theme().getValue()).isEqualTo("projector");
        robot.type(javafx.scene.input.KeyCode.F5);
        assertThat(content.theme().getValue()).isEqualTo("light");
        // the same with the toolbar button, and the ? button shows the shortcuts
        robot.clickOn("#presenter");
        assertThat(content.theme().getValue()).isEqualTo("projector");
        assertThat(content.pane().getScene().getRoot().getStyle()).contains("font-size");
        robot.clickOn("#presenter");
        assertThat(content.theme().getValue()).isEqualTo("light");
        robot.clickOn("#help").clickOn("#helpKeys");
        assertThat(content.pane().helpShowing()).isTrue();
    }

    @Test
    void theEditorButtonShowsTheEditorBesideTheCanvasWithTheDefaultScenariosGoSource(FxRobot robot) throws Exception {
        assertThat(robot.lookup("#editor").tryQuery()).isEmpty();
        robot.clickOn("#editorToggle");
        assertThat(robot.lookup("#editor").tryQuery()).isPresent();
        assertThat(content.editor().text()).contains("go func(id int)").contains("name=\"spawn 1000 goroutines\"");
        assertThat(content.editor().isModified()).isFalse();
        robot.clickOn("#editorToggle");
        assertThat(robot.lookup("#editor").tryQuery()).isEmpty();
    }

    /**
     * The start makes only what the window shows: no editor, no program text for a JSON scenario, no hidden side
     * panel in the scene; each is made when first shown.
     */
    @Test
    void theWindowStartsWithoutThePartsItDoesNotShowAndMakesThemWhenShown(FxRobot robot) throws Exception {
        // given the window on the built-in JSON scenario
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view.snapshot() != null);
        // then the editor was not made, the program pane has no text area, and the breakpoints panel is not in the scene
        assertThat(content.editors().made()).isFalse();
        assertThat(robot.lookup("#programText").tryQuery()).isEmpty();
        assertThat(robot.lookup("#bpList").tryQuery()).isEmpty();
        // when their tab and buttons are clicked, they are there
        Tabs.open(robot, "breakpoints");
        assertThat(robot.lookup("#bpList").tryQuery()).isPresent();
        robot.clickOn("#programToggle");
        assertThat(robot.lookup("#programText").tryQuery()).isPresent();
        robot.clickOn("#editorToggle");
        assertThat(content.editors().made()).isTrue();
    }

    /**
     * After a test that mounted the lessons: the player's language (and so its window's, which is bound to it)
     * back to English while the player's preferences still exist.
     */
    static void forget(org.gmplab.lessons.player.LessonPlayer player) throws Exception {
        WaitForAsyncUtils.asyncFx(() -> player.langProperty().set(org.gmplab.i18n.Lang.EN)).get();
    }
}
