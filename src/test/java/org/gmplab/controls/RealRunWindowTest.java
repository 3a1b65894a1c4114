package org.gmplab.controls;

import org.gmplab.Tabs;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.gmplab.engine.Action;
import org.gmplab.engine.Engine;
import org.gmplab.gotrace.RealRun;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.session.Driver;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.PStatus;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.view.Layout;
import org.gmplab.view.SchedulerView;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A real Go run opened in the window: the transport, event log and inspector walk it as they walk an engine
 * run, the canvas shows its moments (checked against Go's -d=1 output in RealRunTest), and what a recording
 * cannot do — inject, go live — is refused in words.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class RealRunWindowTest {
    static final Path TRACE = Path.of("src/test/resources/gotrace/a_spawn1000.p2.trace");
    Driver c;
    ControlsPane pane;
    SchedulerView view;

    @Start
    void start(Stage stage) throws Exception {
        TestPane t = TestPane.show(stage, ScenarioJson.load(Path.of("scenarios/spawn1000.json")));
        c = t.driver();
        pane = t.pane();
        view = t.view();
        stage.show();
    }

    @AfterEach
    void close() { c.close(); }

    void settle() throws Exception { TestPane.settle(c, pane); }

    @Test
    void theTransportLogAndInspectorWalkARealRunWhoseRunnableGsAreInOnePool(FxRobot robot) throws Exception {
        RealRun run = RealRun.read(TRACE, null);
        // given the window on an engine run, when the trace is opened
        c.loadRealTrace(TRACE).get(60, TimeUnit.SECONDS);
        settle();
        // then the run shown is the real one, at its start, its end known
        assertThat(c.model().scenarioProperty().get().name()).isEqualTo("real Go: a_spawn1000.p2.trace");
        assertThat(c.model().getSnapshot()).isEqualTo(run.snapshot(0));
        assertThat(c.model().endProperty().get()).isEqualTo(run.end());
        // and the timeline says so: the whole of a real run is read, nothing is left to find
        assertThat(robot.lookup("#timelinePreview").queryAs(javafx.scene.control.Label.class).getText()).isEqualTo("the whole run is explored");
        // the Go version choice has nothing to choose for a real run
        GoVersionChoice go = new GoVersionChoice(c);
        assertThat(go.isDisabled()).isTrue();
        // when → is clicked three times
        for (int i = 0; i < 3; i++) robot.clickOn("#stepEvent");
        settle();
        // then the canvas and the log show the third event, in Go's words
        assertThat(c.model().getPosition()).isEqualTo(3);
        assertThat(view.snapshot()).isEqualTo(run.snapshot(3));
        assertThat(c.model().eventLog()).extracting(Event::seq).containsExactly(1L, 2L, 3L);
        assertThat(c.model().eventLog().get(0).why()).isEqualTo(run.event(1).why()).startsWith("GoCreate: G");
        // when the log's row of event 1 is chosen: the moment after it
        robot.interact(() -> pane.log.table.getSelectionModel().select(0));
        settle();
        assertThat(c.model().getPosition()).isEqualTo(1);
        // when a jump goes halfway (as the timeline does) and ← steps back
        long half = run.end() / 2;
        c.jumpTo(half);
        settle();
        robot.clickOn("#where");
        robot.type(KeyCode.LEFT);
        settle();
        Snapshot s = c.model().getSnapshot();
        assertThat(s).isEqualTo(run.snapshot(half - 1));
        assertThat(view.snapshot()).isEqualTo(s);
        // then the runnable Gs are in the one pool marked queue unknown, and selecting it says so
        long runnable = s.gs().stream().filter(g -> g.where() instanceof Place.Pool).count();
        assertThat(runnable).isPositive();
        Layout l = view.layoutNow();
        assertThat(l.pools.get("global").title()).isEqualTo("runnable: queue unknown (not in the trace)");
        assertThat(l.pools.get("global").total()).isEqualTo((int) runnable);
        robot.interact(() -> view.select(new Layout.Hit(Layout.Hit.Kind.POOL, -1, "global")));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.selectionProperty().get()).startsWith("runnable: " + runnable + " Gs, in queues the trace does not name");
        // and a P running a G names its M, as the trace does
        Snapshot.Proc busy = s.ps().stream().filter(p -> p.status() == PStatus.RUNNING).findFirst().orElseThrow();
        robot.interact(() -> view.select(new Layout.Hit(Layout.Hit.Kind.P, busy.id(), null)));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.selectionProperty().get()).startsWith("P" + busy.id() + "  running  m=" + busy.m());

        // when an action is injected or live mode asked for: refused, the real run stays
        c.inject(new Action.Spawn("main", 1, java.util.List.of())).get(60, TimeUnit.SECONDS);
        settle();
        assertThat(c.model().refusalProperty().get()).startsWith("a real Go run cannot be changed");
        c.setMode(Engine.Mode.LIVE).get(60, TimeUnit.SECONDS);
        settle();
        assertThat(c.model().statusProperty().get()).contains("a real Go run has no live mode");
        assertThat(c.model().getSnapshot()).isEqualTo(s);
    }

    @Test
    void aScheddetailFileIsWalkedSchedBlockBySchedBlockWithItsQueuesAsCounts(FxRobot robot, @org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("c_syscall_p2_detail.txt");
        try (var in = new java.util.zip.GZIPInputStream(getClass().getResourceAsStream("/gotrace/schedtrace/c_syscall_p2_detail.txt.gz"))) {
            java.nio.file.Files.write(file, in.readAllBytes());
        }
        // given the window on an engine run, when the scheddetail output is opened as a trace is
        c.loadRealTrace(file).get(60, TimeUnit.SECONDS);
        settle();
        org.gmplab.gotrace.SchedTraceRun run = org.gmplab.gotrace.SchedTraceRun.read(file);
        assertThat(c.model().scenarioProperty().get().name()).isEqualTo("real Go: c_syscall_p2_detail.txt");
        assertThat(c.model().endProperty().get()).isEqualTo(run.end()).isEqualTo(19);
        assertThat(c.model().getSnapshot().isSampled()).isTrue();
        // when → is clicked twice: the second SCHED block, at its ms
        Tabs.open(robot, "schedtrace");
        for (int i = 0; i < 2; i++) robot.clickOn("#stepEvent");
        settle();
        assertThat(c.model().getPosition()).isEqualTo(2);
        Snapshot s = c.model().getSnapshot();
        assertThat(s).isEqualTo(run.snapshot(2));
        assertThat(s.time()).isEqualTo(207_000_000L);
        assertThat(view.snapshot()).isEqualTo(s);
        assertThat(c.model().eventLog()).extracting(Event::why).containsExactly(
                "sysmon printed schedtrace: SCHED 106ms: gomaxprocs=2 idleprocs=0 threads=7 spinningthreads=0 needspinning=1 idlethreads=0 runqueue=0 gcwaiting=false nmidlelocked=0 stopwait=0 sysmonwait=false",
                "sysmon printed schedtrace: SCHED 207ms: gomaxprocs=2 idleprocs=0 threads=7 spinningthreads=0 needspinning=1 idlethreads=0 runqueue=0 gcwaiting=false nmidlelocked=0 stopwait=0 sysmonwait=false");
        // then the canvas says the queues are counts, and the schedtrace pane shows the lines Go printed
        Layout l = view.layoutNow();
        assertThat(l.pools.get("global").title()).isEqualTo(Layout.QUEUE_COUNT);
        assertThat(pane.schedtrace.text.getText()).isEqualTo(s.sampled().text()).startsWith("SCHED 207ms: ").contains("\n  P0: status=1 schedtick=11 ");
        assertThat(pane.schedtrace.plot.isVisible()).isTrue();
        // and the Ms in syscalls hold their Gs (G20-G23 in the pipe reads)
        assertThat(l.pools.get("syscall").total()).isEqualTo(4);
        // the transport counts this run's SCHED blocks, not the engine run's events it replaced
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#where").queryAs(javafx.scene.control.Label.class)
                .getText().startsWith("event 2 / 19"));
    }

    @Test
    void theSchedtracePaneOfAnExecutionTraceSaysItHasNoQueuesRatherThanAFalseZero(FxRobot robot) throws Exception {
        c.loadRealTrace(TRACE).get(60, TimeUnit.SECONDS);
        settle();
        c.jumpTo(RealRun.read(TRACE, null).end() / 2);
        Tabs.open(robot, "schedtrace");
        settle();
        assertThat(pane.schedtrace.text.getText()).startsWith("# An execution trace does not record the run queues")
                .doesNotContain("runqueue=0").doesNotContain("SCHED ");
        assertThat(pane.schedtrace.plot.isVisible()).isFalse();
    }

    @Test
    void aCutTraceIsOneLineWithTheByteAndTheRunShownStays(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        settle();
        Snapshot before = c.model().getSnapshot();
        byte[] whole = java.nio.file.Files.readAllBytes(TRACE);
        Path cut = dir.resolve("cut.trace");
        java.nio.file.Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        c.loadRealTrace(cut).get(60, TimeUnit.SECONDS);
        settle();
        assertThat(c.model().errorProperty().get()).startsWith(cut + ": byte ").doesNotContain("\n").doesNotContain("Exception");
        assertThat(c.model().getSnapshot()).isEqualTo(before);
    }
}
