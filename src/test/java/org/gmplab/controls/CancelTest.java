package org.gmplab.controls;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javafx.stage.Stage;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.session.Driver;
import org.gmplab.session.Breakpoint;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A long command shows a progress bar with Cancel, and Cancel stops it at a moment the window can show. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class CancelTest {
    /** A program that yields a billion times: a jump to its end is still running whenever the test looks. */
    static final String ENDLESS = """
            { "name": "endless", "gomaxprocs": 2, "seed": 1,
              "functions": { "main": { "params": [], "body": [
                { "op": "for", "var": "i", "n": 1000000000, "body": [ { "op": "gosched" } ] } ] } } }
            """;

    Driver c;
    ControlsPane pane;

    @Start
    void start(Stage stage) throws Exception {
        Scenario sc = ScenarioJson.parse(ENDLESS, "endless.json");
        TestPane t = TestPane.show(stage, sc);
        c = t.driver();
        pane = t.pane();
        stage.show();
    }

    @AfterEach
    void close() { c.close(); }

    @Test
    void aLongJumpShowsTheProgressBarAndCancelStopsItAtThePositionReached(FxRobot robot) throws Exception {
        c.idle().get(30, TimeUnit.SECONDS);
        long start = c.model().getPosition();
        assertThat(pane.busyBar.isVisible()).isFalse();

        long target = 2_000_000_000L;
        CompletableFuture<Void> jump = c.jumpTo(target);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> pane.busyBar.isVisible());
        robot.clickOn("#cancel");
        jump.get(30, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !pane.busyBar.isVisible());

        long reached = c.model().getPosition();
        assertThat(reached).isBetween(start + 1, target - 1);
        assertThat(c.model().statusProperty().get()).isEqualTo("cancelled: stopped at event " + reached);
        assertThat(pane.status.getText()).isEqualTo("cancelled: stopped at event " + reached);
        assertThat(c.model().getSnapshot().events()).isEqualTo(reached);
        assertThat(c.model().errorProperty().get()).isEmpty();

        // the run goes on from there: the next command is not cancelled
        c.stepEvent().get(30, TimeUnit.SECONDS);
        assertThat(c.model().getPosition()).isGreaterThan(reached);
        assertThat(c.model().statusProperty().get()).isEmpty();
    }

    @Test
    void cancelStopsARunToTheNextBreakpointWhereItGot(FxRobot robot) throws Exception {
        c.idle().get(30, TimeUnit.SECONDS);
        long start = c.model().getPosition();
        // one goroutine never overflows its P's queue: the run would go on for its 2,000,000 positions
        robot.interact(() -> c.breakpoints().add(Breakpoint.of(Breakpoint.Kind.RUNQPUTSLOW)));
        CompletableFuture<Void> run = c.runToBreakpoint();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> pane.busyBar.isVisible());
        robot.clickOn("#cancel");
        run.get(30, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !pane.busyBar.isVisible());

        long reached = c.model().getPosition();
        assertThat(reached).isGreaterThan(start);
        assertThat(c.model().statusProperty().get()).isEqualTo("cancelled: stopped at event " + reached);
    }
}
