package org.gmplab.controls;

import org.gmplab.Tabs;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.geometry.Point2D;
import javafx.stage.Stage;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.view.Rect;
import org.gmplab.view.SchedulerView;
import org.gmplab.session.Driver;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Injecting from the panel and the canvas, refusals, and errors shown in the window. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class InjectTest {
    Stage stage;
    Driver c;
    ControlsPane pane;
    SchedulerView view;

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
        view = t.view();
    }

    @AfterEach
    void close() { c.close(); }

    void settle() throws Exception { TestPane.settle(c, pane); }

    /** Steps until {@code done} holds for the snapshot shown, at most {@code max} positions. */
    void stepUntil(java.util.function.Predicate<Snapshot> done, int max) throws Exception {
        for (int i = 0; i < max; i++) {
            settle();
            if (done.test(c.model().getSnapshot())) return;
            c.stepEvent();
        }
        settle();
        assertThat(done.test(c.model().getSnapshot())).as("not reached in " + max + " steps").isTrue();
    }

    static long runningWorker(Snapshot s) {
        return s.gs().stream().filter(g -> g.status() == GStatus.RUNNING && g.goid() != 1).mapToLong(Snapshot.G::goid).min().orElse(-1);
    }

    @Test
    void syscallInjectedIntoARunningGLeadsToRetakeHandoffAndItsExitsyscall(FxRobot robot) throws Exception {
        // given cpubound on 2 Ps, stepped until a worker goroutine runs while others wait in a queue
        stepUntil(s -> runningWorker(s) > 0 && s.ps().stream().anyMatch(p -> !p.runq().isEmpty()), 500);
        long goid = runningWorker(c.model().getSnapshot());
        // when its token is clicked on the canvas and "Enter syscall" (20 ms) is clicked in the Inject panel
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> view.layoutNow() != null && view.layoutNow().tokens.containsKey(goid));
        Rect tok = view.layoutNow().tokens.get(goid);
        Point2D at = view.canvas().localToScreen(tok.x() + tok.w() / 2, tok.y() + tok.h() / 2);
        robot.clickOn(at.getX(), at.getY());
        assertThat(pane.inject.goid.getText()).isEqualTo(Long.toString(goid));
        Tabs.open(robot, "inject");
        robot.clickOn("#injectSyscall");
        settle();
        assertThat(c.model().refusalProperty().get()).isEmpty();
        Event inject = c.model().eventLog().get(c.model().eventLog().size() - 1);
        assertThat(inject.kind()).isEqualTo(EventKind.INJECT);
        assertThat(inject.g()).isEqualTo(goid);
        // and the run is stepped on until that G returns from its system call
        for (int i = 0; i < 20_000 && c.model().eventLog().stream().noneMatch(e -> e.kind() == EventKind.EXITSYSCALL && e.g() == goid); i++) {
            c.stepEvent();
            if (i % 200 == 0) settle();
        }
        settle();
        // then the event log shows sysmon's retake, the hand-off of the P, and the G's exitsyscall, in that order
        Tabs.open(robot, "event-log");
        List<Event> after = pane.log.table.getItems().stream().filter(e -> e.seq() > inject.seq()).toList();
        Event retake = after.stream().filter(e -> e.kind() == EventKind.RETAKE).findFirst().orElseThrow();
        Event handoff = after.stream().filter(e -> e.kind() == EventKind.HANDOFFP && e.seq() > retake.seq()).findFirst().orElseThrow();
        Event exit = after.stream().filter(e -> e.kind() == EventKind.EXITSYSCALL && e.g() == goid).findFirst().orElseThrow();
        assertThat(retake.seq()).isLessThan(handoff.seq());
        assertThat(handoff.seq()).isLessThan(exit.seq());
        assertThat(exit.time() - inject.time()).isGreaterThanOrEqualTo(20_000_000L);
        // and the injection is recorded: stepping back over it and forward again gives the same world
        Snapshot now = c.model().getSnapshot();
        c.stepBack();
        c.stepEvent();
        settle();
        assertThat(c.model().getSnapshot()).isEqualTo(now);
    }

    @Test
    void goschedClickedForARunningGPutsItInTheGlobalQueueAndTheLogSaysSo(FxRobot robot) throws Exception {
        // given a running worker selected on the canvas
        stepUntil(s -> runningWorker(s) > 0, 500);
        long goid = runningWorker(c.model().getSnapshot());
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> view.layoutNow() != null && view.layoutNow().tokens.containsKey(goid));
        Rect tok = view.layoutNow().tokens.get(goid);
        Point2D at = view.canvas().localToScreen(tok.x() + tok.w() / 2, tok.y() + tok.h() / 2);
        robot.clickOn(at.getX(), at.getY());
        assertThat(pane.inject.goid.getText()).isEqualTo(Long.toString(goid));
        // when Gosched is clicked in the Inject panel and the run is stepped on until that G yields
        Tabs.open(robot, "inject");
        robot.clickOn("#injectGosched");
        settle();
        assertThat(c.model().refusalProperty().get()).isEmpty();
        for (int i = 0; i < 200 && c.model().eventLog().stream().noneMatch(e -> e.kind() == EventKind.GOSCHED && e.g() == goid); i++) {
            robot.clickOn("#stepEvent");
            settle();
        }
        // then the G is runnable in the global queue
        Snapshot s = c.model().getSnapshot();
        assertThat(s.gs().stream().filter(g -> g.goid() == goid).findFirst().orElseThrow().status()).isEqualTo(GStatus.RUNNABLE); // _Grunnable
        assertThat(s.globalQueue()).contains(goid);
        // and the event log shows the gosched event, saying it was injected
        Tabs.open(robot, "event-log");
        assertThat(pane.log.table.getItems()).anyMatch(e -> e.kind() == EventKind.GOSCHED && e.g() == goid
                && e.why().contains("runtime.Gosched() (injected from outside)"));
    }

    @Test
    void aRefusedActionIsShownAsAMessageAndNothingChanges(FxRobot robot) throws Exception {
        settle();
        long pos = c.model().getPosition();
        Tabs.open(robot, "inject");
        robot.clickOn("#injectG").write("999");
        robot.clickOn("#injectSyscall");
        settle();
        assertThat(robot.lookup("#refusal").queryLabeled().getText()).contains("G999");
        assertThat(c.model().getPosition()).isEqualTo(pos);
        assertThat(c.model().errorProperty().get()).isEmpty();
        // input that is not a number is refused in words too
        robot.clickOn("#injectG").eraseText(3).write("x");
        robot.clickOn("#injectBlock");
        assertThat(robot.lookup("#refusal").queryLabeled().getText()).contains("whole number");
        // a valid action clears the refusal
        robot.clickOn("#injectProcs").eraseText(1).write("3");
        robot.clickOn("#injectGomaxprocs");
        settle();
        assertThat(c.model().refusalProperty().get()).isEmpty();
        assertThat(c.model().eventLog()).anyMatch(e -> e.kind() == EventKind.INJECT && e.why().contains("GOMAXPROCS(3)"));
        assertThat(c.model().getPosition()).isGreaterThan(pos);
    }

    @Test
    void aFatalErrorIsShownInTheWindowAndTheAppStaysUsable(FxRobot robot) throws Exception {
        // given a program that deadlocks: main receives from a channel nobody sends on
        Scenario dead = ScenarioJson.parse("""
                { "name": "deadlock", "gomaxprocs": 1, "seed": 1, "runqSize": 256, "waitGroups": [], "mutexes": [],
                  "channels": {"c": 0},
                  "functions": { "main": { "params": [], "body": [ { "op": "recv", "ch": "c" } ] } } }
                """, "deadlock.json");
        robot.interact(() -> mount(dead));
        assertThat(robot.lookup("#errorBar").query().isVisible()).isFalse();
        // when it is run to its end
        for (int i = 0; i < 200 && !c.model().finishedProperty().get(); i++) { c.stepEvent(); settle(); }
        // then the error bar shows Go's message
        assertThat(c.model().finishedProperty().get()).isTrue();
        assertThat(robot.lookup("#errorBar").query().isVisible()).isTrue();
        assertThat(robot.lookup("#errorMessage").queryLabeled().getText()).contains("deadlock");
        // and the app stays usable: stepping back works, and the message can be dismissed
        long end = c.model().getPosition();
        robot.clickOn("#stepBack");
        settle();
        assertThat(c.model().getPosition()).isLessThan(end);
        robot.clickOn("#errorDismiss");
        assertThat(robot.lookup("#errorBar").query().isVisible()).isFalse();
    }

    @Test
    void aFailureInTheDriverIsShownNotThrown(FxRobot robot) throws Exception {
        settle();
        c.jumpTo(-5);
        settle();
        assertThat(robot.lookup("#errorMessage").queryLabeled().getText()).contains("event index");
        robot.clickOn("#stepEvent");
        settle();
        assertThat(c.model().getPosition()).isGreaterThan(c.start());
    }

    @Test
    void rightClickOnARunningGOffersTheInjectMenuAndSpawnUsesTheProgramsFunction(FxRobot robot) throws Exception {
        // given a running worker on the canvas
        stepUntil(s -> runningWorker(s) > 0, 500);
        long goid = runningWorker(c.model().getSnapshot());
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> view.layoutNow() != null && view.layoutNow().tokens.containsKey(goid));
        Rect tok = view.layoutNow().tokens.get(goid);
        Point2D at = view.canvas().localToScreen(tok.x() + tok.w() / 2, tok.y() + tok.h() / 2);
        // when it is right-clicked and "Block" is chosen
        robot.rightClickOn(at.getX(), at.getY());
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> pane.gMenu.isShowing());
        javafx.scene.Node item = robot.from(robot.lookup(".context-menu").queryAll())
                .lookup((javafx.scene.control.Labeled l) -> "Block".equals(l.getText())).query();
        robot.clickOn(item);
        settle();
        // then the block is injected for that G (and recorded as an INJECT event)
        assertThat(c.model().eventLog()).anyMatch(e -> e.kind() == EventKind.INJECT && e.g() == goid && e.why().contains("blocks"));
        // and spawning uses the program's own function, prefilled
        assertThat(pane.inject.fn.getText()).isEqualTo("burn");
        Tabs.open(robot, "inject");
        robot.clickOn("#injectSpawn");
        settle();
        assertThat(c.model().refusalProperty().get()).isEmpty();
        assertThat(c.model().eventLog()).anyMatch(e -> e.kind() == EventKind.INJECT && e.why().contains("running burn"));
    }

    @Test
    void anInjectedSyscallIsMarkedOnItsGAndSaidInWordsUntilTheGEntersIt(FxRobot robot) throws Exception {
        // given cpubound stepped until a worker goroutine runs
        stepUntil(s -> runningWorker(s) > 0, 500);
        long goid = runningWorker(c.model().getSnapshot());
        String doing = c.model().getSnapshot().gs().stream().filter(g -> g.goid() == goid).findFirst().orElseThrow().instruction();
        long injectedAt = c.model().getPosition();
        // when a syscall of 20 ms is injected into it in step mode
        c.inject(new org.gmplab.engine.Action.InjectSyscall(goid, 20_000_000));
        settle();
        // then nothing in the world has changed yet, but the G is marked as pending on the canvas at once
        assertThat(c.model().getSnapshot().gs().stream().filter(g -> g.goid() == goid).findFirst().orElseThrow().status()).isEqualTo(GStatus.RUNNING);
        assertThat(c.model().pendingProperty().get()).containsExactly(goid);
        assertThat(view.pendingMarks()).containsExactly(goid);
        // and the status line says it in words, not as a Java record
        String said = "G" + goid + " will enter a syscall of 20 ms at its next scheduling point"
                + (doing.isEmpty() ? "" : ", once its current instruction " + doing + " is done");
        assertThat(c.model().statusProperty().get()).isEqualTo(said);
        assertThat(pane.status.getText()).isEqualTo(said).doesNotContain("InjectSyscall").doesNotContain("goid=");
        // and in Chinese too, with its numbers and Go's names kept
        try {
            robot.interact(() -> pane.language().languageProperty().set(org.gmplab.i18n.Lang.ZH));
            assertThat(pane.status.getText()).startsWith("G" + goid + " 将在下一个调度点进入一个 20 ms 的系统调用");
        } finally {
            robot.interact(() -> pane.language().languageProperty().set(org.gmplab.i18n.Lang.EN));
        }
        // when the run goes on until the G enters the syscall, the mark goes: the world shows it now
        stepUntil(s -> s.gs().stream().anyMatch(g -> g.goid() == goid && g.status() == GStatus.SYSCALL), 5_000);
        assertThat(c.model().pendingProperty().get()).isEmpty();
        assertThat(view.pendingMarks()).isEmpty();
        // and one step back, before it entered, it is pending again; back before the injection, it is not
        c.stepBack();
        settle();
        assertThat(view.pendingMarks()).containsExactly(goid);
        c.jumpTo(injectedAt - 1);
        settle();
        assertThat(c.model().pendingProperty().get()).isEmpty();
        assertThat(view.pendingMarks()).isEmpty();
    }
}
