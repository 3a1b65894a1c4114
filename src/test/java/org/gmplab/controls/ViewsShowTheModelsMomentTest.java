package org.gmplab.controls;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javafx.application.Platform;
import javafx.stage.Stage;

import org.gmplab.Pulses;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.model.GmpModel;
import org.gmplab.session.Driver;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.trace.SchedTrace;
import org.gmplab.view.Inspector;
import org.gmplab.view.Layout;
import org.gmplab.view.SchedulerView;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * One pulse, one truth: whenever the model takes a moment, every view shows that moment — the canvas, the
 * schedtrace pane, the inspector, the timeline — in the same pulse, however the commands come (a burst of
 * steps and jumps, merged in the latest-wins slot) and however sparse the pulses are.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class ViewsShowTheModelsMomentTest {
    Stage stage;
    Driver c;
    ControlsPane pane;
    SchedulerView view;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        TestPane t = TestPane.show(stage, ScenarioJson.load(Path.of("scenarios/cpubound.json")));
        c = t.driver();
        pane = t.pane();
        view = t.view();
        stage.show();
    }

    @AfterEach
    void close() { c.close(); }

    /** FX thread, once a command's moment is shown: what each view shows that is not of the model's moment. */
    List<String> disagreements() {
        GmpModel m = c.model();
        Snapshot s = m.getSnapshot();
        List<String> out = new ArrayList<>();
        if (view.snapshot() != s) out.add("canvas at event " + (view.snapshot() == null ? "none" : view.snapshot().events()) + ", model at " + s.events());
        if (!pane.schedtrace.text.getText().equals(SchedTrace.format(s, pane.schedtrace.detail.isSelected())))
            out.add("schedtrace of another moment than event " + s.events());
        Layout.Hit h = view.selectedProperty().get();
        if (h != null && !view.selectionProperty().get().equals(Inspector.describe(h, s, view.wording())))
            out.add("inspector of another moment than event " + s.events());
        if (Math.round(pane.transport.timeline.getValue()) != m.getPosition())
            out.add("timeline at " + pane.transport.timeline.getValue() + ", model at " + m.getPosition());
        return out;
    }

    @Test
    void everyViewShowsTheModelsPositionAfterABurstOfStepsAndJumps(FxRobot robot) throws Exception {
        // given the schedtrace pane on screen and G1 selected for the inspector
        robot.interact(() -> {
            pane.tabs.getSelectionModel().select(2);
            view.select(new Layout.Hit(Layout.Hit.Kind.G, 1, null));
        });
        c.idle().get(60, TimeUnit.SECONDS);
        List<String> wrong = new ArrayList<>();
        List<CompletableFuture<Void>> done = new ArrayList<>();
        // when a burst of commands comes faster than the screen (merged moments)
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 40; i++) done.add(c.stepEvent());
            done.add(c.jumpTo(15 + round));
            done.add(c.stepBack());
            for (int i = 0; i < 10; i++) done.add(c.stepEvent());
            done.add(c.toStart());
            done.add(c.jumpTo(200 + 50 * round));
            done.add(c.stepBack());
            // each checked on the FX thread in the pulse its moment is shown (one done before we got here cannot be)
            for (CompletableFuture<Void> f : done) f.thenRun(() -> { if (Platform.isFxApplicationThread()) wrong.addAll(disagreements()); });
            done.get(done.size() - 1).get(60, TimeUnit.SECONDS);
            // and after a few more pulses, sparse or not, still the same
            Pulses.await(stage.getScene(), 3);
            robot.interact(() -> wrong.addAll(disagreements()));
            done.clear();
        }
        // then no view ever showed another moment than the model's
        robot.interact(() -> assertThat(wrong).isEmpty());
        assertThat(c.model().getPosition()).isPositive();
    }
}
