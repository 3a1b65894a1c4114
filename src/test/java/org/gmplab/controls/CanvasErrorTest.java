package org.gmplab.controls;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.stage.Stage;

import org.gmplab.scenario.ScenarioJson;
import org.gmplab.history.History;
import org.gmplab.view.SchedulerView;
import org.gmplab.view.TestViews;
import org.gmplab.session.Driver;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A moment the canvas cannot paint is reported in the window's error bar; the window goes on. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class CanvasErrorTest {
    Driver c;
    ControlsPane pane;
    SchedulerView view;
    /** The canvas fails to paint every moment after this many events (none until the test sets it). */
    volatile long failAfter = Long.MAX_VALUE;

    @Start
    void start(Stage stage) throws Exception {
        c = new Driver(new History(ScenarioJson.load(Path.of("scenarios/cpubound.json"))));
        view = TestViews.failingOn(s -> s.events() > failAfter);
        view.setAnimationMillis(0);
        pane = new ControlsPane(c, view);
        stage.setScene(new Scene(pane, 1280, 800));
        stage.show();
    }

    @AfterEach
    void close() { c.close(); }

    @Test
    void aPaintFailureReachesTheErrorBarAndCanBeDismissed(FxRobot robot) throws Exception {
        TestPane.settle(c, pane);
        failAfter = c.model().getSnapshot().events();
        assertThat(robot.lookup("#errorBar").query().isVisible()).isFalse();
        // when a step shows a moment the canvas fails to paint
        robot.clickOn("#stepEvent");
        TestPane.settle(c, pane);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#errorBar").query().isVisible());
        // then the error bar says so in a sentence, and the window goes on: the user steps back and dismisses it
        assertThat(robot.lookup("#errorMessage").queryLabeled().getText())
                .startsWith("The canvas could not draw the moment at event").contains("painter broke");
        robot.clickOn("#stepBack");
        TestPane.settle(c, pane);
        assertThat(c.model().getPosition()).isEqualTo(c.start());
        robot.clickOn("#errorDismiss");
        assertThat(robot.lookup("#errorBar").query().isVisible()).isFalse();
        assertThat(view.errorProperty().get()).isEmpty();
    }
}
