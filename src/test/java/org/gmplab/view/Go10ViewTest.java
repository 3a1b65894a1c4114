package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.gmplab.engine.Engine;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import javafx.scene.Scene;
import javafx.stage.Stage;

/** The canvas shows Go 1.0 worlds (no Ps) frame after frame without failing. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class Go10ViewTest {
    SchedulerView view;

    @Start
    void start(Stage stage) {
        view = new SchedulerView();
        stage.setScene(new Scene(view, 1280, 720));
        stage.show();
    }

    @Test
    void paintsAGo10RunStepByStep(FxRobot robot) {
        try (Engine e = Engine.step(Worlds.scenario("go10-vs-gmp.json"))) {
            for (int i = 0; i < 40 && e.outcome() == null; i++) {
                e.step();
                Snapshot s = e.snapshot();
                List<Event> evs = e.drainEvents();
                robot.interact(() -> { view.show(s, evs); view.paintAt(0.5); view.paintAt(1); });
            }
            assertThat(view.layoutNow().cards).isEmpty();
        }
    }
}
