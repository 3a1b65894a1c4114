package org.gmplab.controls;

import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.stage.Stage;

import org.gmplab.scenario.Scenario;
import org.gmplab.history.History;
import org.gmplab.view.SchedulerView;
import org.gmplab.session.Driver;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The controls around a canvas as the app mounts them, for a fresh history of a scenario, on a test's stage
 * (1280×800), with no glide between moments: tests look at the moment, not at the animation.
 */
record TestPane(Driver driver, ControlsPane pane, SchedulerView view) {

    /** FX thread: shows {@code sc} on {@code stage}. */
    static TestPane show(Stage stage, Scenario sc) {
        Driver c = new Driver(new History(sc));
        SchedulerView view = new SchedulerView();
        view.setAnimationMillis(0);
        ControlsPane pane = new ControlsPane(c, view);
        Scene scene = new Scene(pane, 1280, 800);
        scene.getStylesheets().addAll(org.gmplab.view.Theme.stylesheets("light"));   // as the app does
        stage.setScene(scene);
        return new TestPane(c, pane, view);
    }

    /**
     * Waits until every command queued is shown, and the event log has caught up with them (it shows a burst a
     * moment later), and whatever the log asked of the driver meanwhile is done.
     */
    static void settle(Driver c, ControlsPane pane) throws Exception {
        c.idle().get(60, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> pane.log.caughtUp());
        c.idle().get(60, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
