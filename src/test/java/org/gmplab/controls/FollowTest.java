package org.gmplab.controls;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.TableRow;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.snapshot.Event;
import org.gmplab.session.Driver;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The rest of the window follows the moment shown: the log's current row, the keys wherever the focus is, the speed. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class FollowTest {
    Driver c;
    ControlsPane pane;
    Stage stage;
    org.gmplab.scenario.Scenario scenario;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        scenario = ScenarioJson.load(Path.of("scenarios/spawn1000.json"));
        TestPane t = TestPane.show(stage, scenario);
        c = t.driver();
        pane = t.pane();
        stage.show();
    }

    @AfterEach
    void close() { c.close(); }

    void settle() throws Exception { TestPane.settle(c, pane); }

    /** The table row marked as the moment shown, if one is laid out wholly inside the log's rows area. */
    Optional<Event> currentRowInView(FxRobot robot) {
        Node flow = pane.log.table.lookup(".virtual-flow");
        Bounds area = flow.localToScreen(flow.getLayoutBounds());
        return robot.lookup((Node n) -> n instanceof TableRow<?> r && r.isVisible() && r.getItem() != null
                        && r.getPseudoClassStates().contains(EventLogPane.CURRENT))
                .queryAllAs(TableRow.class).stream()
                .filter(r -> {
                    Bounds b = r.localToScreen(r.getLayoutBounds());
                    return b.getMinY() >= area.getMinY() - 0.5 && b.getMaxY() <= area.getMaxY() + 0.5;
                })
                .map(r -> (Event) r.getItem()).findFirst();
    }

    /** Waits until the row of event {@code seq} is the one marked, and is on screen. */
    void awaitCurrentRow(FxRobot robot, long seq) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> currentRowInView(robot).map(e -> e.seq() == seq).orElse(false));
        assertThat(pane.log.current().seq()).isEqualTo(seq);
    }

    @Test
    void theLogMarksTheRowOfTheMomentShownAndKeepsItInViewAfterStepsStepsBackAndJumps(FxRobot robot) throws Exception {
        // given the run 200 positions in (more rows than the log shows at once)
        settle();
        c.jumpTo(200).get(60, TimeUnit.SECONDS);
        settle();
        long at = c.model().getPosition();
        awaitCurrentRow(robot, at);
        // when a step back is taken (the key, with the focus on the log)
        robot.interact(() -> pane.log.table.requestFocus());
        robot.type(KeyCode.LEFT);
        settle();
        // then the row of the moment shown moves up with it, and only it is marked
        long back = c.model().getPosition();
        assertThat(back).isLessThan(at);
        awaitCurrentRow(robot, back);
        assertThat(robot.lookup((Node n) -> n instanceof TableRow<?> r && r.getPseudoClassStates().contains(EventLogPane.CURRENT)
                && r.isVisible() && r.getItem() != null).queryAll()).hasSize(1);
        // when the run jumps back near its start, far above the rows on screen
        c.jumpTo(5).get(60, TimeUnit.SECONDS);
        settle();
        // then the log scrolls to it
        awaitCurrentRow(robot, c.model().getPosition());
        // and a jump forward again, and a step, bring it down to the newest row
        c.jumpTo(300).get(60, TimeUnit.SECONDS);
        settle();
        awaitCurrentRow(robot, c.model().getPosition());
        robot.clickOn("#stepEvent");
        settle();
        awaitCurrentRow(robot, c.model().getPosition());
        // a row chosen by hand jumps there, and is the one marked
        Event chosen = c.model().eventLog().get(40);
        robot.interact(() -> pane.log.reveal(chosen));
        settle();
        awaitCurrentRow(robot, c.model().getPosition());
        assertThat(c.model().getPosition()).isGreaterThanOrEqualTo(chosen.seq());
    }

    /** The log's visible rows, by node: whether each is styled as an odd row. */
    java.util.Map<TableRow<?>, Boolean> oddRows(FxRobot robot) {
        java.util.Map<TableRow<?>, Boolean> odd = new java.util.HashMap<>();
        robot.interact(() -> {
            for (Node n : pane.log.table.lookupAll(".table-row-cell"))
                if (n instanceof TableRow<?> r && r.isVisible() && r.getItem() != null)
                    odd.put(r, r.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("odd")));
        });
        return odd;
    }

    @Test
    void rowsGivenNewerEventsAreNotStyledAgainWhenTheirStyleCannotHaveChanged(FxRobot robot) throws Exception {
        // given the log following its newest row (the run 200 positions in, the newest event its current row)
        settle();
        c.jumpTo(200).get(60, TimeUnit.SECONDS);
        settle();
        awaitCurrentRow(robot, c.model().getPosition());
        LogFlow<?> flow = (LogFlow<?>) pane.log.table.lookup(".virtual-flow");
        java.util.Map<TableRow<?>, Boolean> odd = oddRows(robot);
        assertThat(odd).hasSizeGreaterThan(5);
        robot.interact(() -> flow.restyled = 0);
        // when it catches up twice with more new events than it shows rows, by an even and an odd number of rows
        int flips = 0;
        for (int more : new int[] {odd.size() + 10, odd.size() + 11}) {
            c.jumpTo(c.model().getPosition() + more).get(60, TimeUnit.SECONDS);
            settle();
            awaitCurrentRow(robot, c.model().getPosition());
            // then every visible row shows its event, styled as its place says (odd or even, the newest marked) …
            visibleRowsShowTheirEventsAsPlaced(robot);
            // … though a row taking another event took one of its own parity (so nothing in it restyles in the CSS pass) …
            java.util.Map<TableRow<?>, Boolean> now = oddRows(robot);
            for (var e : now.entrySet()) if (odd.containsKey(e.getKey()) && !odd.get(e.getKey()).equals(e.getValue())) flips++;
            odd = now;
        }
        // (the stock flow flips every row in one of the two: a row's parity stays unless the spare rows run out of it)
        assertThat(flips).isLessThanOrEqualTo(2);
        // … and only the rows whose pseudo-classes changed were styled again: the newest row's mark moved (the stock
        // flow styles every row whose texts changed, all of them, in each catch-up)
        int restyled = flow.restyled;
        assertThat(restyled).as("at least the row whose mark moved; counted only by LogFlow").isBetween(1, 2 * 2 + flips);
    }

    @Test
    void afterCatchUpsEveryVisibleRowShowsItsEventAndItsTooltipSaysThatEventsWhy(FxRobot robot) throws Exception {
        // given the log following its newest row (the run 200 positions in, the newest event its current row)
        settle();
        c.jumpTo(200).get(60, TimeUnit.SECONDS);
        settle();
        awaitCurrentRow(robot, c.model().getPosition());
        // when it catches up twice with more new events than it shows rows, by an even and an odd number of rows
        for (int more : new int[] {40, 41}) {
            c.jumpTo(c.model().getPosition() + more).get(60, TimeUnit.SECONDS);
            settle();
            awaitCurrentRow(robot, c.model().getPosition());
            // then every visible row shows its event, styled as its place says (odd or even, the newest marked)
            visibleRowsShowTheirEventsAsPlaced(robot);
        }
        // and a row's tooltip, formatted when it shows, says its event's why
        robot.interact(() -> {
            TableRow<?> r = (TableRow<?>) pane.log.table.lookupAll(".table-row-cell").stream()
                    .filter(n -> n instanceof TableRow<?> t && t.isVisible() && t.getItem() != null).findFirst().orElseThrow();
            r.getTooltip().fireEvent(new javafx.stage.WindowEvent(r.getTooltip(), javafx.stage.WindowEvent.WINDOW_SHOWING));
            assertThat(r.getTooltip().getText()).isEqualTo(pane.log.why((Event) r.getItem())).isNotEmpty();
        });
    }

    /** Every visible row of the log holds the event at its index, is shaded odd or even as that index, and is marked iff it is the moment's. */
    void visibleRowsShowTheirEventsAsPlaced(FxRobot robot) {
        robot.interact(() -> {
            for (Node n : pane.log.table.lookupAll(".table-row-cell"))
                if (n instanceof TableRow<?> r && r.isVisible() && r.getItem() != null) {
                    assertThat(r.getItem()).isSameAs(pane.log.shown.get(r.getIndex()));
                    assertThat(r.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("odd"))).isEqualTo(r.getIndex() % 2 == 1);
                    assertThat(r.getPseudoClassStates().contains(EventLogPane.CURRENT)).isEqualTo(r.getItem() == pane.log.current());
                }
        });
    }

    @Test
    void arrowsAndSpaceWorkWhateverHasTheFocusExceptATextField(FxRobot robot) throws Exception {
        settle();
        Node[] focusable = {pane.transport.speed, pane.log.table, pane.transport.toEnd};
        for (Node n : focusable) {
            // given the focus on a control that would take ← / → or Space for itself
            robot.interact(n::requestFocus);
            assertThat(stage.getScene().getFocusOwner()).isSameAs(n);
            double speed = pane.transport.speed.getValue();
            long before = c.model().getPosition();
            // when → is pressed, then the run steps forward, and the control kept its value
            robot.type(KeyCode.RIGHT);
            settle();
            assertThat(c.model().getPosition()).as("→ with the focus on %s", n).isGreaterThan(before);
            assertThat(pane.transport.speed.getValue()).isEqualTo(speed);
            // when ← is pressed, it steps back
            robot.type(KeyCode.LEFT);
            settle();
            assertThat(c.model().getPosition()).as("← with the focus on %s", n).isEqualTo(before);
            // when Space is pressed, it plays; again, it pauses
            robot.type(KeyCode.SPACE);
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> c.model().playingProperty().get());
            robot.type(KeyCode.SPACE);
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !c.model().playingProperty().get());
            settle();
            robot.interact(() -> c.toStart());
            settle();
        }
        // but in a text field they type
        robot.clickOn("#filterText");
        long before = c.model().getPosition();
        robot.type(KeyCode.SPACE, KeyCode.LEFT, KeyCode.RIGHT);
        settle();
        assertThat(c.model().getPosition()).isEqualTo(before);
        assertThat(c.model().playingProperty().get()).isFalse();
        assertThat(pane.log.search.getText()).isEqualTo(" ");
        // and F5, which types nothing, still toggles presenter mode from a text field
        int[] presenter = {0};
        robot.interact(() -> pane.onPresenter(() -> presenter[0]++));
        robot.type(KeyCode.F5);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(presenter[0]).isEqualTo(1);
        assertThat(pane.log.search.getText()).isEqualTo(" ");
    }

    @Test
    void theSpeedShowsItsValueStartsAtOneEventASecondAndIsASetting(FxRobot robot) throws Exception {
        settle();
        // it starts at one major event a second, and says so
        assertThat(pane.transport.speedValue.getText()).isEqualTo("1 event/s");
        assertThat(TransportBar.perSecond(pane.transport.speed.getValue())).isEqualTo(1.0);
        assertThat(c.settings()).containsEntry(TransportBar.SPEED, "1");
        // + twice doubles it; − once goes back a step of ×√2
        robot.clickOn("#where");
        robot.type(KeyCode.EQUALS, KeyCode.EQUALS);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(pane.transport.speedValue.getText()).isEqualTo("2 events/s");
        assertThat(c.settings()).containsEntry(TransportBar.SPEED, "2");
        robot.type(KeyCode.MINUS);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(pane.transport.speedValue.getText()).isEqualTo("1.4 events/s");
        // a session's speed is put back; one that is not a speed is refused in one line and changes nothing
        robot.interact(() -> c.settings().put(TransportBar.SPEED, "0.5"));
        assertThat(pane.transport.speedValue.getText()).isEqualTo("0.5 events/s");
        robot.interact(() -> c.settings().put(TransportBar.SPEED, "fast"));
        assertThat(pane.transport.speedValue.getText()).isEqualTo("0.5 events/s");
        assertThat(c.settings()).containsEntry(TransportBar.SPEED, "0.5");
        assertThat(c.model().refusalProperty().get()).contains("speed").contains("0.25 to 64").contains("\"fast\"").doesNotContain("\n");
        // in live mode the same value is the live clock's ms of Go time a second
        c.setMode(Engine.Mode.LIVE).get(60, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> c.model().modeProperty().get() == Engine.Mode.LIVE);
        assertThat(pane.transport.speedValue.getText()).isEqualTo("0.5 ms/s");
    }

    /** The colour of pixel ({@code x}, {@code y}) of {@code n} as drawn, as 0xRRGGBB. */
    static int rgb(FxRobot robot, Node n, double x, double y) {
        javafx.scene.image.WritableImage[] img = {null};
        robot.interact(() -> img[0] = n.snapshot(null, null));
        return img[0].getPixelReader().getArgb((int) x, (int) y) & 0xffffff;
    }

    static int rgb(javafx.scene.paint.Color c) {
        return (int) Math.round(c.getRed() * 255) << 16 | (int) Math.round(c.getGreen() * 255) << 8 | (int) Math.round(c.getBlue() * 255);
    }

    @Test
    void theTimelineCoversTheWholeRunBeforeItIsExploredWithItsStealMarkedAndAPreviewWhileDragging(FxRobot robot) throws Exception {
        settle();
        TransportBar t = pane.transport;
        long runEnd;
        try (org.gmplab.history.History h = new org.gmplab.history.History(scenario)) {
            h.jumpTo(Long.MAX_VALUE / 2);
            runEnd = h.end();
        }
        // given a fresh run, explored only to its start
        long explored = c.model().endProperty().get();
        // spawn1000's first steal, from a scan of the run as the history would meet it (the runtime's own
        // goroutines come first, so it is not at a fixed position)
        long firstSteal = org.gmplab.history.RunOutline.scan(scenario, java.util.List.of(), org.gmplab.history.RunOutline.MAX_EVENTS, () -> false)
                .marks().stream().filter(m -> m.kind() == org.gmplab.snapshot.EventKind.STEAL).findFirst().orElseThrow().seq();
        assertThat(explored).isLessThan(firstSteal);
        // then once the run is scanned, the timeline reaches the run's end, and says how much is explored
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> t.outliner.outlineProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(t.timeline.getMax()).isEqualTo(runEnd);
        assertThat(t.where.getText()).isEqualTo("event " + c.model().getPosition() + " / " + runEnd);
        assertThat(t.preview.getText()).isEqualTo("explored to event " + explored + " of " + runEnd);
        assertThat(c.model().endProperty().get()).isEqualTo(explored);
        // and the first steal is a tick in the canvas's steal colour; where no mark is, there is none
        org.gmplab.Pulses.await(stage.getScene(), 2);
        int steal = rgb(pane.view.theme().steal);
        double x = t.marks.xOf(firstSteal);
        assertThat(rgb(robot, t.marks, Math.round(x) - 1, 2)).isEqualTo(steal);
        java.util.List<org.gmplab.history.RunOutline.Mark> all = t.outliner.outlineProperty().get().marks();
        double[] bare = java.util.stream.DoubleStream.iterate(t.marks.xOf(t.timeline.getMin()) + 4, v -> v + 7).takeWhile(v -> v < t.marks.getWidth() - 4)
                .filter(v -> all.stream().noneMatch(m -> Math.abs(t.marks.xOf(m.seq()) - v) < 4))
                .limit(2).toArray();
        assertThat(bare).hasSize(2);
        for (double v : bare) assertThat(rgb(robot, t.marks, v, 2)).isNotEqualTo(steal);

        // when the thumb is dragged forward, past the explored part
        Node thumb = t.timeline.lookup(".thumb");
        long before = c.model().getPosition();
        robot.drag(thumb, javafx.scene.input.MouseButton.PRIMARY).moveBy(300, 0);
        WaitForAsyncUtils.waitForFxEvents();
        // then the label beside says which event is under the thumb, its kind and time, and the run has not moved yet
        assertThat(t.timeline.isValueChanging()).isTrue();
        long under = Math.round(t.timeline.getValue());
        assertThat(under).isGreaterThan(explored);
        assertThat(t.preview.getText()).startsWith("→ event " + under + ": " + t.outliner.outlineProperty().get().kind(under).name() + " at ").endsWith(" ms");
        c.idle().get(60, TimeUnit.SECONDS);
        assertThat(c.model().getPosition()).isEqualTo(before);
        // when it is released, the run jumps there, and the thumb stands where the strip puts that event
        robot.drop();
        settle();
        assertThat(c.model().getPosition()).isGreaterThanOrEqualTo(under);
        assertThat(t.preview.getText()).startsWith("explored to event " + c.model().endProperty().get() + " of ");
        org.gmplab.Pulses.await(stage.getScene(), 2);
        javafx.geometry.Bounds tb = thumb.localToScene(thumb.getLayoutBounds());
        double thumbX = t.marks.sceneToLocal(tb.getCenterX(), tb.getCenterY()).getX();
        assertThat(thumbX).isCloseTo(t.marks.xOf(c.model().getPosition()), org.assertj.core.data.Offset.offset(1.0));
    }
}
