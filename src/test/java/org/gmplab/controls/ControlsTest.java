package org.gmplab.controls;

import org.gmplab.Tabs;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.gmplab.cli.Main;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.history.History;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.trace.SchedTrace;
import org.gmplab.view.SchedulerView;
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

/** The transport, event log, schedtrace pane and breakpoints, mounted as the app mounts them and clicked like a person. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class ControlsTest {
    static final Path SPAWN = Path.of("scenarios/spawn1000.json");
    Scenario scenario;
    Driver c;
    ControlsPane pane;
    SchedulerView view;

    Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        mount(ScenarioJson.load(SPAWN));
        stage.show();
    }

    /** Shows {@code sc} with a fresh history, as the app mounts it (FX thread). */
    void mount(Scenario sc) {
        if (c != null) c.close();
        scenario = sc;
        TestPane t = TestPane.show(stage, sc);
        c = t.driver();
        pane = t.pane();
        view = t.view();
    }

    @AfterEach
    void close() { c.close(); }

    void settle() throws Exception { TestPane.settle(c, pane); }

    /** The position a fresh history reaches for "event n" (the first moment that includes it). */
    long positionOf(long n) {
        try (History h = new History(scenario)) {
            h.jumpTo(n);
            return h.position();
        }
    }

    @Test
    void stepButtonsAndKeysMoveOneEventAndBackReturnsTheSameSnapshot(FxRobot robot) throws Exception {
        // given the start of the run
        settle();
        long start = c.model().getPosition();
        Snapshot s0 = c.model().getSnapshot();
        // when → is clicked
        robot.clickOn("#stepEvent");
        settle();
        Snapshot s1 = c.model().getSnapshot();
        long p1 = c.model().getPosition();
        // then the position and the canvas moved forward
        assertThat(p1).isGreaterThan(start);
        assertThat(view.snapshot()).isEqualTo(s1);
        // when the → key is pressed twice, then ← once
        robot.clickOn("#where");
        robot.type(KeyCode.RIGHT);
        settle();
        Snapshot s2 = c.model().getSnapshot();
        robot.type(KeyCode.RIGHT);
        settle();
        assertThat(c.model().getPosition()).isGreaterThan(s2.events());
        robot.type(KeyCode.LEFT);
        settle();
        // then stepping back returns exactly the snapshot seen before, and forward again the next one
        assertThat(c.model().getSnapshot()).isEqualTo(s2);
        robot.clickOn("#stepBack");
        settle();
        assertThat(c.model().getSnapshot()).isEqualTo(s1);
        robot.clickOn("#stepEvent");
        settle();
        assertThat(c.model().getSnapshot()).isEqualTo(s2);
        assertThat(view.snapshot()).isEqualTo(s2);
        // and Home goes to the start, End to the end of the recorded history
        robot.type(KeyCode.HOME);
        settle();
        assertThat(c.model().getSnapshot()).isEqualTo(s0);
        robot.clickOn("#toEnd");
        settle();
        assertThat(c.model().getPosition()).isEqualTo(c.model().endProperty().get()).isGreaterThan(s2.events());
        robot.clickOn("#toStart");
        settle();
        assertThat(c.model().getPosition()).isEqualTo(start);
        robot.clickOn("#where");
        robot.type(KeyCode.END);
        settle();
        assertThat(c.model().getPosition()).isEqualTo(c.model().endProperty().get());
    }

    @Test
    void spacePlaysAndPausesAndTheTimelineJumps(FxRobot robot) throws Exception {
        settle();
        long start = c.model().getPosition();
        robot.interact(() -> pane.transport.speed.setValue(pane.transport.speed.getMax()));   // 64 major events a second
        // when Space is pressed, the run plays
        robot.clickOn("#where");
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> c.model().getPosition() > start + 20);
        assertThat(pane.transport.play.isSelected()).isTrue();
        // and Space again pauses it
        robot.type(KeyCode.SPACE);
        settle();
        assertThat(c.model().playingProperty().get()).isFalse();
        assertThat(pane.transport.play.getText()).isEqualTo("Play");
        long paused = c.model().getPosition();
        org.gmplab.Pulses.await(stage.getScene(), 20);   // frames in which a run still playing would have moved on
        settle();
        assertThat(c.model().getPosition()).isEqualTo(paused);
        // when the timeline is clicked a quarter of the way along, the run jumps to that moment — once the run's
        // end is known, the timeline spans the whole run, so the click lands beyond what was explored
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> pane.transport.outliner.outlineProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        var bounds = pane.transport.timeline.localToScreen(pane.transport.timeline.getBoundsInLocal());
        robot.clickOn(bounds.getMinX() + bounds.getWidth() / 4, bounds.getCenterY());
        settle();
        long at = c.model().getPosition();
        assertThat(at).isGreaterThan(paused).isLessThan((long) pane.transport.timeline.getMax());
        assertThat(c.model().endProperty().get()).isGreaterThanOrEqualTo(at);
        assertThat(pane.transport.timeline.getValue()).isEqualTo(at);
        assertThat(view.snapshot()).isEqualTo(c.model().getSnapshot());
        // every transport control has a tooltip naming what it does
        for (String id : List.of("#toStart", "#stepBack", "#play", "#stepEvent", "#runToBreak", "#toEnd", "#speed", "#timeline"))
            assertThat(Tips.text(robot.lookup(id).queryAs(javafx.scene.control.Control.class))).as(id).isNotNull();
        assertThat(Tips.text(pane.transport.stepBack)).contains("←");
        assertThat(Tips.text(pane.transport.play)).contains("Space");
    }

    @Test
    void stealBreakpointStopsExactlyAtTheFirstStealAndThenTheNext(FxRobot robot) throws Exception {
        // given spawn1000 on 4 Ps, and the steals of its run, found by a separate history
        robot.interact(() -> mount(scenario.withGomaxprocs(4)));
        long first, second;
        try (History h = new History(scenario)) {
            long[] found = new long[2];
            int n = 0;
            while (n < 2 && h.stepEvent())
                for (Event e : h.lastEvents()) if (e.kind() == EventKind.STEAL && n < 2) found[n++] = e.seq();
            first = found[0];
            second = found[1];
        }
        assertThat(first).isPositive();
        assertThat(second).isGreaterThan(first);
        settle();
        // when a steal breakpoint is added and "run to next breakpoint" is clicked
        Tabs.open(robot, "breakpoints");
        robot.interact(() -> pane.breakpoints.kind.setValue(Breakpoint.Kind.STEAL));
        robot.clickOn("#bpAdd");
        assertThat(c.breakpoints()).containsExactly(Breakpoint.of(Breakpoint.Kind.STEAL));
        robot.clickOn("#runToBreak");
        settle();
        // then the run stops at the first moment that includes the first STEAL, and no earlier steal is in the log
        assertThat(c.model().getPosition()).isEqualTo(positionOf(first));
        assertThat(c.model().eventLog().stream().filter(e -> e.kind() == EventKind.STEAL).map(Event::seq)).containsExactly(first);
        assertThat(c.model().statusProperty().get()).contains("steal");
        // and the next run stops at the next steal
        robot.clickOn("#where");
        robot.type(KeyCode.B);
        settle();
        assertThat(c.model().getPosition()).isEqualTo(positionOf(second));
        assertThat(c.model().eventLog().stream().filter(e -> e.kind() == EventKind.STEAL).map(Event::seq)).containsExactly(first, second);
    }

    @Test
    void stealBreakpointFromAGivenPIgnoresOtherVictims(FxRobot robot) throws Exception {
        robot.interact(() -> mount(scenario.withGomaxprocs(4)));
        settle();
        robot.interact(() -> c.breakpoints().add(new Breakpoint(Breakpoint.Kind.STEAL, 0, -1)));
        robot.clickOn("#runToBreak");
        settle();
        List<Event.Steal> steals = c.model().eventLog().stream().filter(e -> e instanceof Event.Steal).map(e -> (Event.Steal) e).toList();
        assertThat(steals).isNotEmpty();
        assertThat(steals.get(steals.size() - 1).victim()).isZero();
        assertThat(steals.subList(0, steals.size() - 1)).allMatch(e -> e.victim() != 0);
    }

    @Test
    void closingCompletesEveryCommandStillQueued(FxRobot robot) throws Exception {
        settle();
        // when many commands are queued and the window closes at once
        List<java.util.concurrent.CompletableFuture<Void>> queued = new java.util.ArrayList<>();
        for (int i = 0; i < 300; i++) queued.add(c.stepEvent());
        c.close();
        // then nobody waiting on one of them waits for ever
        java.util.concurrent.CompletableFuture.allOf(queued.toArray(new java.util.concurrent.CompletableFuture[0])).get(10, TimeUnit.SECONDS);
    }

    @Test
    void injectingWithALogRowChosenShowsTheInjectedMoment(FxRobot robot) throws Exception {
        // given a row of the log chosen, which took the run back to its moment
        settle();
        for (int i = 0; i < 300; i++) c.stepEvent();
        settle();
        robot.interact(() -> pane.log.table.getSelectionModel().select(40));
        settle();
        long chosen = c.model().getPosition();
        // when an action is injected there (a new branch: the log is rebuilt, and the table finds the row again)
        c.inject(new org.gmplab.engine.Action.SetGomaxprocs(3));
        settle();
        // then the window stays on the moment the action made, not the chosen row's
        assertThat(c.model().getPosition()).isGreaterThan(chosen).isEqualTo(c.model().endProperty().get());
        assertThat(c.model().statusProperty().get()).isEqualTo("a goroutine calling runtime.GOMAXPROCS(3) goes to the global queue");
        assertThat(c.model().eventLog()).anyMatch(e -> e.kind() == EventKind.INJECT);
    }

    @Test
    void aMomentBetweenEventsPastARecordedActionIsRefusedAndThePositionReachedIsShown(FxRobot robot) throws Exception {
        // given an action recorded at position 100, and the run taken back to 50
        settle();
        c.jumpTo(100).get(60, TimeUnit.SECONDS);
        c.inject(new org.gmplab.engine.Action.SetGomaxprocs(3));
        c.jumpTo(50);
        settle();
        long time = c.model().getSnapshot().time();
        // when a lesson-like move asks for position 60 and then a moment after it
        c.forwardTo(60, time + 1_000_000).get(60, TimeUnit.SECONDS);
        settle();
        // then waiting there is refused (it would run past the recorded action), saying so, at the position reached
        assertThat(c.model().refusalProperty().get()).isNotEmpty();
        assertThat(c.model().getPosition()).isEqualTo(60);
        assertThat(c.model().errorProperty().get()).isEmpty();
    }

    @Test
    void filteringTheLogAndJumpingFromARow(FxRobot robot) throws Exception {
        // given 300 positions of the run
        settle();
        for (int i = 0; i < 300; i++) c.stepEvent();
        settle();
        int all = pane.log.table.getItems().size();
        assertThat(all).isEqualTo(c.model().eventLog().size()).isGreaterThan(300);
        // when the kind filter is set to EXECUTE
        robot.interact(() -> pane.log.kind.setValue("EXECUTE"));
        // then only EXECUTE rows remain
        assertThat(pane.log.table.getItems()).isNotEmpty().allMatch(e -> e.kind() == EventKind.EXECUTE);
        // and a P filter typed like a person narrows it to that P
        robot.clickOn("#filterP").write("1");
        assertThat(pane.log.table.getItems()).isNotEmpty().allMatch(e -> e.kind() == EventKind.EXECUTE && e.p() == 1);
        // and a text search
        robot.clickOn("#filterP").eraseText(1);
        robot.interact(() -> pane.log.kind.setValue(EventLogPane.ALL));
        robot.clickOn("#filterText").write("runnext");
        assertThat(pane.log.table.getItems()).isNotEmpty().allMatch(e -> e.why().toLowerCase().contains("runnext") || e.kind().name().contains("RUNNEXT"));
        assertThat(pane.log.table.getItems().size()).isLessThan(all);
        // when a row is clicked
        robot.clickOn("#filterText").eraseText(7);
        assertThat(pane.log.table.getItems()).hasSize(all);
        robot.interact(() -> pane.log.table.scrollTo(40));
        Event row = pane.log.table.getItems().get(40);
        robot.interact(() -> pane.log.table.getSelectionModel().select(40));
        settle();
        // then the canvas shows the first moment that includes that event, and the log keeps every row
        assertThat(c.model().getPosition()).isEqualTo(positionOf(row.seq()));
        assertThat(view.snapshot()).isEqualTo(c.model().getSnapshot());
        assertThat(pane.log.table.getItems()).hasSize(all);
        // and clicking another visible row with the mouse jumps there too
        var cell = robot.lookup(".table-row-cell").nth(3).queryAs(javafx.scene.control.TableRow.class);
        @SuppressWarnings("unchecked") Event clicked = ((javafx.scene.control.TableRow<Event>) cell).getItem();
        robot.clickOn(cell);
        settle();
        assertThat(c.model().getPosition()).isEqualTo(positionOf(clicked.seq()));
    }

    @Test
    void clickingACauseLinkSelectsTheEventThatMadeTheGRunnableAndJumpsThere(FxRobot robot) throws Exception {
        // given 300 events of the channel ping-pong and the log filtered to EXECUTE rows only
        Scenario pingpong = ScenarioJson.load(Path.of("scenarios/pingpong.json"));
        robot.interact(() -> mount(pingpong));
        settle();
        for (int i = 0; i < 300; i++) c.stepEvent();
        settle();
        robot.interact(() -> pane.log.kind.setValue("EXECUTE"));
        // when an EXECUTE whose G was readied by another G (a channel operation) is selected
        Event exec = null, cause = null;
        for (Event e : pane.log.table.getItems()) {
            var l = org.gmplab.snapshot.Causes.of(c.model().eventLog(), e).stream()
                    .filter(x -> x.event() != null && x.role() == org.gmplab.snapshot.Causes.Role.CAUSE && x.event().kind() == EventKind.READY).findFirst();
            if (l.isPresent()) { exec = e; cause = l.get().event(); break; }
        }
        assertThat(exec).isNotNull();
        Event selected = exec, wanted = cause;
        robot.interact(() -> { pane.log.table.getSelectionModel().select(selected); pane.log.table.scrollTo(selected); });
        settle();
        // then its cause is a link under the "why", naming the event
        javafx.scene.control.Hyperlink link = robot.lookup("#cause-" + wanted.seq()).queryAs(javafx.scene.control.Hyperlink.class);
        assertThat(link.getText()).startsWith("made runnable by #" + wanted.seq() + " READY (M");
        // (in Chinese too, and back)
        robot.interact(() -> pane.language().languageProperty().set(org.gmplab.i18n.Lang.ZH));
        javafx.scene.control.Hyperlink zh = robot.lookup("#cause-" + wanted.seq()).queryAs(javafx.scene.control.Hyperlink.class);
        assertThat(zh.getText()).isEqualTo("由 #" + wanted.seq() + " READY (M" + wanted.m() + ", P" + wanted.p() + ", G" + wanted.g() + ") 变为可运行");
        robot.interact(() -> pane.language().languageProperty().set(org.gmplab.i18n.Lang.EN));
        link = robot.lookup("#cause-" + wanted.seq()).queryAs(javafx.scene.control.Hyperlink.class);
        assertThat(link.getText()).startsWith("made runnable by #");
        // when it is clicked
        robot.clickOn(link);
        settle();
        // then the filter that hid it is cleared, its row is selected and the canvas shows its moment
        assertThat(pane.log.kind.getValue()).isEqualTo(EventLogPane.ALL);
        assertThat(pane.log.table.getSelectionModel().getSelectedItem()).isEqualTo(wanted);
        assertThat(c.model().getPosition()).isEqualTo(positionOf(wanted.seq()));
        // and the READY row shows the EXECUTE as its effect
        assertThat(robot.lookup("#effect-" + selected.seq()).tryQuery()).isPresent();
    }

    @Test
    void pTurnsTheMouseOverTheCanvasIntoALaserDotAndClicksStillReachTheCanvas(FxRobot robot) throws Exception {
        // given a moment with running goroutines
        settle();
        for (int i = 0; i < 60; i++) c.stepEvent();
        settle();
        robot.clickOn("#where");
        assertThat(pane.laser.isVisible()).isFalse();
        // when P is pressed
        robot.type(KeyCode.P);
        // then the overlay shows, the cursor over the canvas is hidden
        assertThat(pane.laserOn()).isTrue();
        assertThat(pane.laser.isVisible()).isTrue();
        assertThat(view.canvas().getCursor()).isEqualTo(javafx.scene.Cursor.NONE);
        // and the dot follows the mouse over the canvas
        for (double[] at : new double[][] {{120, 90}, {260, 210}}) {
            javafx.geometry.Point2D screen = view.canvas().localToScreen(at[0], at[1]);
            robot.moveTo(screen);
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(pane.laser.dot.isVisible()).isTrue();
            javafx.geometry.Point2D dot = pane.laser.localToScreen(pane.laser.dot.getLayoutX(), pane.laser.dot.getLayoutY());
            assertThat(dot.distance(screen)).as("dot at %s, mouse at %s", dot, screen).isLessThan(1.5);
        }
        // and a click on a running goroutine's token still selects it
        Snapshot s = c.model().getSnapshot();
        Snapshot.Thread m = s.ms().stream().filter(x -> x.p() >= 0 && x.curg() >= 0).findFirst().orElseThrow();
        org.gmplab.view.Rect tok = view.layoutNow().tokens.get(m.curg());
        robot.clickOn(view.canvas().localToScreen(tok.cx(), tok.cy()));
        assertThat(view.selectionProperty().get()).startsWith("G" + m.curg());
        // when P is pressed again, the overlay hides and the cursor is back
        robot.type(KeyCode.P);
        assertThat(pane.laserOn()).isFalse();
        assertThat(pane.laser.isVisible()).isFalse();
        assertThat(view.canvas().getCursor()).isNotEqualTo(javafx.scene.Cursor.NONE);
    }

    @Test
    void schedtracePaneEqualsTheCliForTheSameMoment(FxRobot robot) throws Exception {
        settle();
        for (int i = 0; i < 120; i++) c.stepEvent();
        settle();
        Tabs.open(robot, "schedtrace");
        long pos = c.model().getPosition();
        // then the text is SchedTrace.format of the snapshot shown, and what `gmplab export --format schedtrace --at` prints
        assertThat(pane.schedtrace.text.getText()).isEqualTo(SchedTrace.format(c.model().getSnapshot(), false)).startsWith("SCHED ");
        assertThat(pane.schedtrace.text.getText()).isEqualTo(cli("--at", Long.toString(pos)));
        assertThat(pane.schedtrace.text.isEditable()).isFalse();
        // when scheddetail is ticked
        robot.clickOn("#scheddetail");
        assertThat(pane.schedtrace.text.getText()).isEqualTo(SchedTrace.format(c.model().getSnapshot(), true)).contains("  P0: status=");
        assertThat(pane.schedtrace.text.getText()).isEqualTo(cli("--at", Long.toString(pos), "--detail"));
        // and it follows the transport
        robot.clickOn("#stepBack");
        settle();
        assertThat(pane.schedtrace.text.getText()).isEqualTo(SchedTrace.format(c.model().getSnapshot(), true));
    }

    @Test
    void shortcutOverlayOpensWithQuestionMarkAndClosesWithEscape(FxRobot robot) throws Exception {
        settle();
        robot.clickOn("#where");
        robot.press(KeyCode.SHIFT).type(KeyCode.SLASH).release(KeyCode.SHIFT);
        assertThat(pane.helpShowing()).isTrue();
        assertThat(pane.help.getText()).contains("Space").contains("run to the next breakpoint");
        robot.type(KeyCode.ESCAPE);
        assertThat(pane.helpShowing()).isFalse();
    }

    @Test
    void assumptionsPanelListsTheEngineDocsAssumptions(FxRobot robot) throws Exception {
        Tabs.open(robot, "assumptions");
        List<AssumptionsPane.Item> items = AssumptionsPane.load();
        String doc = java.nio.file.Files.readString(Path.of("docs/engine.md"));
        int bullets = (int) doc.substring(doc.indexOf("## Assumptions")).lines().takeWhile(l -> !l.startsWith("## ") || l.startsWith("## Assumptions"))
                .filter(l -> l.startsWith("- **")).count();
        assertThat(items).hasSize(bullets);
        assertThat(pane.assumptions.box.getChildren()).hasSize(bullets + 1);
    }

    @Test
    void playStopsAtABreakpoint(FxRobot robot) throws Exception {
        // given a steal breakpoint on 4 Ps
        robot.interact(() -> mount(scenario.withGomaxprocs(4)));
        settle();
        robot.interact(() -> c.breakpoints().add(Breakpoint.of(Breakpoint.Kind.STEAL)));
        long first;
        try (History h = new History(scenario)) {
            first = -1;
            while (first < 0 && h.stepEvent())
                for (Event e : h.lastEvents()) if (e.kind() == EventKind.STEAL && first < 0) first = e.seq();
        }
        // when Play is clicked at full speed
        robot.interact(() -> pane.transport.speed.setValue(pane.transport.speed.getMax()));
        robot.clickOn("#play");
        // then playing stops by itself at the first steal
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !c.model().playingProperty().get() && c.model().getPosition() > c.start());
        settle();
        assertThat(c.model().getPosition()).isEqualTo(positionOf(first));
        assertThat(pane.transport.play.isSelected()).isFalse();
    }

    @Test
    void ctrlEqualsMinusAndZeroZoomTheCanvasAndLeaveTheSpeed(FxRobot robot) throws Exception {
        settle();
        robot.clickOn("#where");
        double speed = pane.transport.speed.getValue();
        // when Ctrl+= is pressed twice, then Ctrl+− once
        robot.press(KeyCode.CONTROL).type(KeyCode.EQUALS).type(KeyCode.EQUALS).release(KeyCode.CONTROL);
        assertThat(view.viewport().scale()).isCloseTo(1.5625, org.assertj.core.data.Offset.offset(1e-9));
        robot.press(KeyCode.CONTROL).type(KeyCode.MINUS).release(KeyCode.CONTROL);
        assertThat(view.viewport().scale()).isCloseTo(1.25, org.assertj.core.data.Offset.offset(1e-9));
        // then Ctrl+0 resets it, and the speed (plain + / −) never moved
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT0).release(KeyCode.CONTROL);
        assertThat(view.viewport().isIdentity()).isTrue();
        assertThat(pane.transport.speed.getValue()).isEqualTo(speed);
        assertThat(String.join("\n", ControlsPane.SHORTCUTS)).contains("Ctrl+0");
    }

    @Test
    void plusAndMinusChangeTheSpeedAndF11TogglesFullScreen(FxRobot robot) throws Exception {
        settle();
        robot.clickOn("#where");
        double v = pane.transport.speed.getValue();
        robot.type(KeyCode.EQUALS);
        assertThat(pane.transport.speed.getValue()).isGreaterThan(v);
        robot.type(KeyCode.MINUS).type(KeyCode.MINUS);
        assertThat(pane.transport.speed.getValue()).isLessThan(v);
        robot.type(KeyCode.F11);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(stage.isFullScreen()).isTrue();
        robot.type(KeyCode.F11);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(stage.isFullScreen()).isFalse();
    }

    @Test
    void spaceStopsARunToTheNextBreakpoint(FxRobot robot) throws Exception {
        // given a breakpoint that never matches (no such goroutine), so the run would go to the program's end
        settle();
        robot.interact(() -> c.breakpoints().add(new Breakpoint(Breakpoint.Kind.G_STATUS, 999_999, -1)));
        // when a run to it is started and Space is pressed at once
        robot.interact(() -> {
            c.runToBreakpoint();
            c.togglePlay();
        });
        settle();
        // then it stops where it was, without playing, before the end of the run
        assertThat(c.model().statusProperty().get()).isEqualTo("stopped");
        assertThat(c.model().playingProperty().get()).isFalse();
        assertThat(c.model().finishedProperty().get()).isFalse();
    }

    private String cli(String... more) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        String[] args = new String[4 + more.length];
        args[0] = "export";
        args[1] = SPAWN.toString();
        args[2] = "--format";
        args[3] = "schedtrace";
        System.arraycopy(more, 0, args, 4, more.length);
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        return out.toString();
    }

    @Test
    void loadingAnotherRunReplacesTheMomentTheLogAndTheScenario(FxRobot robot) throws Exception {
        // given a few steps into spawn1000, with its events in the log
        settle();
        for (int i = 0; i < 5; i++) c.stepEvent();
        settle();
        assertThat(c.model().eventLog()).isNotEmpty();
        Scenario other = ScenarioJson.load(Path.of("scenarios/syscall.json"));
        // when another scenario's history is loaded
        c.load(new History(other)).get(60, TimeUnit.SECONDS);
        settle();
        // then the driver shows its start, with no events of the old run, and names the new scenario
        assertThat(c.model().scenarioProperty().get()).isSameAs(other);
        try (History fresh = new History(other)) {
            assertThat(c.model().getSnapshot()).isEqualTo(fresh.snapshot());
        }
        assertThat(c.model().eventLog()).isEmpty();
        // and stepping runs the new program
        c.stepEvent();
        settle();
        assertThat(c.model().eventLog()).isNotEmpty();
        assertThat(view.snapshot()).isEqualTo(c.model().getSnapshot());
    }

    @Test
    void clickingATokenFillsTheInspectorSheetWithItsFieldsAndTheyFollowTheRun(FxRobot robot) throws Exception {
        // given a few events in, with the running G on the canvas (while runtime.main waits in gcenable, none runs)
        for (int i = 0; i < 200 && (i < 6 || c.model().getSnapshot().gs().stream().noneMatch(g -> g.status() == GStatus.RUNNING)); i++) {
            c.stepEvent().get(10, TimeUnit.SECONDS);
            settle();
        }
        Snapshot s = c.model().getSnapshot();
        long goid = s.gs().stream().filter(g -> g.status() == GStatus.RUNNING).findFirst().orElseThrow().goid();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> view.layoutNow() != null && view.layoutNow().tokens.containsKey(goid));
        org.gmplab.view.Rect tok = view.layoutNow().tokens.get(goid);
        javafx.geometry.Point2D at = view.canvas().localToScreen(tok.x() + tok.w() / 2, tok.y() + tok.h() / 2);
        // when it is clicked and the Inspector tab opened
        robot.clickOn(at.getX(), at.getY());
        Tabs.open(robot, "inspector");
        // then the sheet lists its fields as Go names them
        java.util.Map<String, Object> fields = new java.util.HashMap<>();
        for (var item : pane.inspectorPane.sheet.getItems()) fields.put(item.getName(), item.getValue());
        assertThat(fields).containsEntry("goid", Long.toString(goid)).containsEntry("status", "running").containsKey("function");
        assertThat(robot.lookup("#inspectorSheet").query().isVisible()).isTrue();
        // and after stepping on, the sheet shows the G as it is then
        for (int i = 0; i < 40; i++) c.stepEvent();
        settle();
        Snapshot later = c.model().getSnapshot();
        String status = later.gs().stream().filter(g -> g.goid() == goid).findFirst()
                .map(g -> g.status().word()).orElse("");
        fields.clear();
        for (var item : pane.inspectorPane.sheet.getItems()) fields.put(item.getName(), item.getValue());
        if (!status.isEmpty()) assertThat(fields).containsEntry("status", status);
    }

    @Test
    void aJumpForwardFillsTheLogWithTheEventsOnTheWay(FxRobot robot) throws Exception {
        settle();
        c.jumpTo(300).get(60, TimeUnit.SECONDS);
        settle();
        // every event up to the moment shown is in the log, in order, none twice
        List<Event> log = c.model().eventLog();
        assertThat(log).hasSizeGreaterThanOrEqualTo(300);
        for (int i = 0; i < log.size(); i++) assertThat(log.get(i).seq()).isEqualTo(i + 1);
        assertThat(log.get(log.size() - 1).seq()).isEqualTo(c.model().getPosition());
        assertThat(robot.lookup("#logCount").queryLabeled().getText()).endsWith("of " + log.size());
    }

    @Test
    void theLogKeepsEveryEventOfALongBranch(FxRobot robot) throws Exception {
        // given a long run (pingpong: some 80,000 events)
        Scenario sc = ScenarioJson.load(Path.of("scenarios/pingpong.json"));
        robot.interact(() -> mount(sc));
        settle();
        // when over ten thousand events are walked in one jump
        c.jumpTo(12_000).get(60, TimeUnit.SECONDS);
        settle();
        // then the log holds all of them, in order, none twice: step mode's log has no cap
        List<Event> log = c.model().eventLog();
        assertThat(log).hasSizeGreaterThan(10_000);
        for (int i = 0; i < log.size(); i++) assertThat(log.get(i).seq()).isEqualTo(i + 1);
        assertThat(log.get(log.size() - 1).seq()).isEqualTo(c.model().getPosition());
    }

    @Test
    void theLogFollowsTheNewestEventsWhileNoRowIsChosen(FxRobot robot) throws Exception {
        settle();
        for (int i = 0; i < 80; i++) c.stepEvent();
        settle();
        // the newest event's row comes on screen without scrolling by hand (a burst is followed a few times a second)
        String last = Long.toString(c.model().eventLog().get(c.model().eventLog().size() - 1).seq());
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup((javafx.scene.Node n) -> n instanceof javafx.scene.control.TableCell<?, ?> cell
                && cell.getTableColumn() != null && "#".equals(cell.getTableColumn().getText()) && last.equals(cell.getText())
                && cell.isVisible()).tryQuery().isPresent());
    }

    @Test
    void theLogsTableIsOneFillWithoutTheFocusAndModenasFocusRingWithIt(FxRobot robot) throws Exception {
        // Prism stretches a background of several fills from a cached image whenever anything in the region is drawn
        // again: without the focus the table is one fill with its edge as a border (the same pixels: WindowScreenshots)
        settle();
        javafx.scene.control.TableView<?> table = pane.log.table;
        // the fills change at the CSS pass after the focus moves: applied here rather than waited for
        robot.interact(() -> { pane.log.search.requestFocus(); table.applyCss(); });
        assertThat(table.isFocused()).isFalse();
        assertThat(table.getBackground().getFills()).hasSize(1);
        assertThat(table.getBorder().getStrokes()).hasSize(1);
        assertThat(table.getBorder().getStrokes().get(0).getWidths().getTop()).isEqualTo(1);
        javafx.geometry.Insets unfocused = table.getInsets();
        // with the focus, Modena's three fills draw its ring, and the rows stay where they were
        robot.interact(() -> { table.requestFocus(); table.applyCss(); });
        assertThat(table.isFocused()).isTrue();
        assertThat(table.getBackground().getFills()).hasSize(3);
        assertThat(table.getInsets()).isEqualTo(unfocused);
    }

    @Test
    void theTimelineMarksTooltipIsMadeWhenTheMouseFirstComesOverThem(FxRobot robot) throws Exception {
        // given the window shown: the marks under the timeline have no tooltip yet (Tooltip.install keeps it in the
        // node's properties under this key)
        javafx.scene.Node marks = pane.transport.marks;
        assertThat(marks.getProperties().get("javafx.scene.control.Tooltip")).isNull();
        // when the mouse comes over them
        robot.moveTo(marks);
        WaitForAsyncUtils.waitForFxEvents();
        // then their tooltip is made, says what the ticks are, and pops up over the resting mouse
        javafx.scene.control.Tooltip tip = (javafx.scene.control.Tooltip) marks.getProperties().get("javafx.scene.control.Tooltip");
        assertThat(tip).isNotNull();
        assertThat(tip.getText()).startsWith("Ticks: the run's steals");
        WaitForAsyncUtils.waitFor(30, java.util.concurrent.TimeUnit.SECONDS, tip::isShowing);
    }
}
