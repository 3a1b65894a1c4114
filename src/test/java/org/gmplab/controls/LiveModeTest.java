package org.gmplab.controls;

import org.gmplab.Tabs;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import javafx.stage.Stage;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;
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

/** Step | Live in the window: live frames, pause holding one consistent moment, back to the step history. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class LiveModeTest {
    Stage stage;
    Driver c;
    ControlsPane pane;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        mount(ScenarioJson.load(Path.of("scenarios/cpubound.json")));
        stage.show();
    }

    void mount(Scenario sc) {
        if (c != null) c.close();
        TestPane t = TestPane.show(stage, sc);
        c = t.driver();
        pane = t.pane();
    }

    @AfterEach
    void close() { c.close(); }

    void settle() throws Exception {
        c.idle().get(60, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    void waitFor(String what, java.util.function.BooleanSupplier cond) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, cond::getAsBoolean);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting until " + what + " (status: " + c.model().statusProperty().get() + ")");
        }
    }

    /** Each goroutine that is not dead is in exactly one place. */
    static void consistent(Snapshot s) {
        Set<Long> seen = new HashSet<>();
        for (Snapshot.G g : s.gs()) {
            if (g.status() == GStatus.DEAD) continue; // _Gdead
            assertThat(seen.add(g.goid())).as("G%d appears once", g.goid()).isTrue();
            assertThat(g.where()).as("G%d has a place", g.goid()).isNotEqualTo(Place.UNKNOWN);
        }
    }

    @Test
    void liveFramesMovePauseHoldsOneConsistentMomentAndStepComesBackWhereItWas(FxRobot robot) throws Exception {
        // given a step-mode run some events in
        settle();
        for (int i = 0; i < 12; i++) c.stepEvent();
        settle();
        long stepPos = c.model().getPosition();
        Snapshot stepWorld = c.model().getSnapshot();

        // when Live is clicked
        robot.clickOn("#modeLive");
        waitFor("live mode", () -> c.model().modeProperty().get() == Engine.Mode.LIVE && c.model().getSnapshot() != stepWorld);
        // then the step-only controls are disabled, saying why, and the canvas gets new exact worlds over time
        assertThat(pane.transport.stepBack.isDisabled()).isTrue();
        assertThat(Tips.text(pane.transport.stepBack)).startsWith("Step mode only");
        assertThat(pane.inject.isDisabled()).as("Inject waits for a pause").isTrue();
        Snapshot first = c.model().getSnapshot();
        waitFor("a later live frame", () -> c.model().getSnapshot().time() > first.time());
        consistent(c.model().getSnapshot());
        waitFor("live events in the log", () -> !c.model().eventLog().isEmpty());
        assertThat(c.model().playingProperty().get()).isTrue();

        // when pause is clicked
        robot.clickOn("#play");
        waitFor("paused", () -> !c.model().playingProperty().get());
        settle();
        // then the world is held: two looks 12 frames apart see the same moment, consistent and checked
        Snapshot a = c.model().getSnapshot();
        org.gmplab.Pulses.await(stage.getScene(), 12);   // frames, not time: a held world must not move in them
        Snapshot b = c.model().getSnapshot();
        assertThat(b).isEqualTo(a);
        consistent(a);
        assertThat(c.model().statusProperty().get()).contains("every M at a safe point").contains("every invariant holds");
        assertThat(pane.transport.where.getText()).contains("paused");

        // when play is clicked, the live world goes on
        robot.clickOn("#play");
        waitFor("running again", () -> c.model().playingProperty().get() && c.model().getSnapshot().time() > a.time());

        // when Step is clicked, the recorded history is back where it was left
        robot.clickOn("#modeStep");
        waitFor("step mode", () -> c.model().modeProperty().get() == Engine.Mode.STEP);
        settle();
        assertThat(c.model().getPosition()).isEqualTo(stepPos);
        assertThat(c.model().getSnapshot()).isEqualTo(stepWorld);
        assertThat(pane.transport.stepBack.isDisabled()).isFalse();
        assertThat(c.model().eventLog()).allMatch(e -> e.seq() <= c.model().endProperty().get());
        robot.clickOn("#stepEvent");
        settle();
        assertThat(c.model().getPosition()).isGreaterThan(stepPos);
    }

    @Test
    void whilePausedTheInjectPaneActsOnTheHeldLiveWorld(FxRobot robot) throws Exception {
        // given a live run (the Inject tab open) that is running
        settle();
        Tabs.open(robot, "inject");
        robot.clickOn("#modeLive");
        waitFor("live frames", () -> c.model().modeProperty().get() == Engine.Mode.LIVE && c.model().getSnapshot().time() > 0 && c.model().playingProperty().get());
        // then acting from outside waits for a pause
        assertThat(pane.inject.isDisabled()).isTrue();
        // when it is paused
        robot.clickOn("#play");
        waitFor("paused", () -> !c.model().playingProperty().get());
        settle();
        assertThat(pane.inject.isDisabled()).isFalse();
        Snapshot held = c.model().getSnapshot();
        // and 3 goroutines running burn are spawned from the Inject pane
        robot.interact(() -> pane.inject.count.setText("3"));
        robot.clickOn("#injectSpawn");
        waitFor("the spawn shown", () -> c.model().getSnapshot().gs().size() == held.gs().size() + 3);
        settle();
        // then the held world shows them on the global queue, at the same moment, every invariant holding,
        // and the log has the injection
        Snapshot after = c.model().getSnapshot();
        consistent(after);
        assertThat(after.time()).isEqualTo(held.time());
        java.util.List<Long> spawned = after.gs().stream().map(Snapshot.G::goid)
                .filter(g -> held.gs().stream().noneMatch(h -> h.goid() == g)).toList();
        assertThat(spawned).hasSize(3).allMatch(g -> after.globalQueue().contains(g));
        assertThat(c.model().eventLog()).anyMatch(e -> e.kind() == org.gmplab.snapshot.EventKind.INJECT);
        assertThat(c.model().playingProperty().get()).isFalse();
        assertThat(pane.inject.refusal.getText()).isEmpty();
        // when a goroutine that is not running is told to yield, it is refused, saying why
        robot.interact(() -> pane.inject.goid.setText(Long.toString(spawned.get(0))));
        robot.clickOn("#injectGosched");
        waitFor("the refusal", () -> !pane.inject.refusal.getText().isEmpty());
        assertThat(pane.inject.refusal.getText()).contains("not running");
        // and when play is clicked the world goes on and a spawned goroutine runs
        c.setSpeed(1000);
        robot.clickOn("#play");
        waitFor("a spawned goroutine runs", () -> c.model().eventLog().stream().anyMatch(e -> e.kind() == org.gmplab.snapshot.EventKind.EXECUTE && spawned.contains(e.g())));
        assertThat(pane.inject.isDisabled()).isTrue();
    }

    @Test
    void aBreakpointHoldsTheLiveWorldWhenAMatchingEventIsSeen(FxRobot robot) throws Exception {
        // given a preemption breakpoint and a fast live clock (sysmon preempts after a 10 ms time slice)
        robot.interact(() -> c.breakpoints().add(Breakpoint.of(Breakpoint.Kind.PREEMPT)));
        c.setSpeed(60);
        // when the run goes live
        robot.clickOn("#modeLive");
        // then it is held once a preemption has been seen, and shows that consistent moment
        waitFor("held at the breakpoint", () -> c.model().statusProperty().get().startsWith("breakpoint: preemption") && !c.model().playingProperty().get());
        settle();
        assertThat(c.model().eventLog()).anyMatch(e -> e.kind() == org.gmplab.snapshot.EventKind.PREEMPT || e.kind() == org.gmplab.snapshot.EventKind.PREEMPT_REQUEST);
        Snapshot a = c.model().getSnapshot();
        consistent(a);
        org.gmplab.Pulses.await(stage.getScene(), 12);   // frames, not time: a held world must not move in them
        assertThat(c.model().getSnapshot()).isEqualTo(a);
    }

    @Test
    void everyEventOfALiveRunReachesTheLogOnceThroughTheLatestWinsSlot(FxRobot robot) throws Exception {
        // given a short program (fewer events than the live log keeps) on a live clock at full speed
        Scenario sc = ScenarioJson.load(Path.of("scenarios/fanout.json"));
        robot.interact(() -> mount(sc));
        settle();
        c.setSpeed(1000);
        // when it runs live to its end, its frames published faster than some video frames take them
        c.setMode(Engine.Mode.LIVE);
        waitFor("the end of the live run", () -> c.model().modeProperty().get() == Engine.Mode.LIVE && c.model().finishedProperty().get());
        settle();
        // then the log holds each of its events exactly once, up to the last one the final world counts
        // (live mode logs them in the order the Ms appended them, which may differ from seq order by a few places)
        java.util.List<Long> seqs = c.model().eventLog().stream().map(org.gmplab.snapshot.Event::seq).sorted().toList();
        assertThat(seqs).isNotEmpty().doesNotHaveDuplicates().hasSizeLessThan(Driver.LIVE_EVENTS);
        assertThat(seqs.get(0)).isEqualTo(1);
        assertThat(seqs.get(seqs.size() - 1)).isEqualTo(seqs.size()).isEqualTo(c.model().getSnapshot().events());
    }

    @Test
    void closingWhileLiveAndWhilePausedEndsEveryThreadOfTheRun(FxRobot robot) throws Exception {
        for (boolean pause : new boolean[] {false, true}) {
            Scenario sc = ScenarioJson.load(Path.of("scenarios/cpubound.json"));
            robot.interact(() -> mount(sc));
            settle();
            Set<Thread> before = Thread.getAllStackTraces().keySet();
            c.setMode(Engine.Mode.LIVE);
            waitFor("live frames", () -> c.model().modeProperty().get() == Engine.Mode.LIVE && c.model().getSnapshot().time() > 0);
            if (pause) {
                c.pause();
                waitFor("paused", () -> !c.model().playingProperty().get());
            }
            // close returns (a paused world is not waited on: it would never go on) with the run's Ms ended;
            // the bound only catches a hang, it does not time the close
            org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), c::close);
            assertThat(Thread.getAllStackTraces().keySet()).as("threads left running (paused: %s)", pause)
                    .noneMatch(t -> !before.contains(t) && t.isAlive() && t.getName().matches("M\\d+"));
        }
    }

    @Test
    void aFatalErrorInTheLiveRunReachesTheErrorBar(FxRobot robot) throws Exception {
        // given a program that deadlocks: main receives from a channel nobody sends on
        Scenario dead = ScenarioJson.parse("""
                { "name": "deadlock", "gomaxprocs": 1, "seed": 1, "runqSize": 256, "waitGroups": [], "mutexes": [],
                  "channels": {"c": 0},
                  "functions": { "main": { "params": [], "body": [ { "op": "recv", "ch": "c" } ] } } }
                """, "deadlock.json");
        robot.interact(() -> mount(dead));
        settle();
        // when it runs live
        robot.clickOn("#modeLive");
        // then Go's fatal error is shown in the window
        waitFor("the error bar", () -> robot.lookup("#errorBar").query().isVisible());
        assertThat(c.model().errorProperty().get()).contains("all goroutines are asleep");
        assertThat(c.model().finishedProperty().get()).isTrue();
    }
}
