package org.gmplab.controls;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableRow;
import javafx.stage.Stage;

import org.gmplab.Pulses;
import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.session.Breakpoint;
import org.gmplab.session.Driver;
import org.gmplab.snapshot.Event;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The event log shows what the picture shows: once the run is at rest, every row on screen reads the texts of its
 * own event (seq, time, kind, P, M, G, why), is shaded as its place says (odd or even), and the row marked is the moment shown — after a burst of steps, a
 * pause, a breakpoint, a jump back, another run (a reset of the log) and a live run that trimmed the log's front.
 * A run at rest is waited on by frames, never by time: its log must not wait for the rate-limited catch-up of a
 * playing run ({@link EventLogPane#CATCH_UP_EVERY}).
 */
@Tag("ui")
@Tag("live")
@ExtendWith(ApplicationExtension.class)
class EventLogRowsTest {
    /** Pulses after a command was shown by which its log is at rest: its catch-up, then up to three for scrolling. */
    static final int AT_REST_WITHIN = 6;
    static final javafx.css.PseudoClass ODD = javafx.css.PseudoClass.getPseudoClass("odd");
    Driver c;
    ControlsPane pane;
    Stage stage;
    Scenario scenario;

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

    @Test
    void theLogShowsTheMomentAtOnceWhenABurstOfStepsEndsAPauseOrABreakpointStopsTheRun(FxRobot robot) throws Exception {
        TestPane.settle(c, pane);
        // a burst of steps, each asked once the one before is shown (as a held key does): a few frames after the last, its log shows it
        for (int i = 0; i < 40; i++) c.stepEvent().get(60, TimeUnit.SECONDS);
        assertAtRestAndTrue("after a burst of 40 steps");
        // Play, fast, then Pause: the log of the pause is shown at once, not at the next catch-up of the playing run
        c.setSpeed(1000);
        long from = c.model().getPosition();
        c.play().get(60, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> c.model().getPosition() > from + 100);
        c.pause().get(60, TimeUnit.SECONDS);
        assertThat(c.model().isPlaying()).isFalse();
        assertAtRestAndTrue("after Play and Pause");
        // a run to a breakpoint: stopped there, the log shows it
        robot.interact(() -> c.breakpoints().add(Breakpoint.of(Breakpoint.Kind.STEAL)));
        c.runToBreakpoint().get(60, TimeUnit.SECONDS);
        assertThat(c.model().statusProperty().get()).startsWith("breakpoint");
        assertAtRestAndTrue("at a breakpoint");
    }

    @Test
    void everyRowOnScreenReadsItsEventAfterStepsAResetAJumpBackAndALiveTrim(FxRobot robot) throws Exception {
        TestPane.settle(c, pane);
        // steps past what the log shows at once, so the rows have scrolled
        for (int i = 0; i < 60; i++) c.stepEvent();
        c.idle().get(60, TimeUnit.SECONDS);
        assertAtRestAndTrue("after 60 steps");
        // a jump back: the same rows, another one marked, scrolled into view
        c.jumpTo(c.model().getPosition() / 3).get(60, TimeUnit.SECONDS);
        assertAtRestAndTrue("after a jump back");
        // the same scenario loaded again: the log is rebuilt (new events, equal to the old but not them), then stepped
        c.load(scenario).get(60, TimeUnit.SECONDS);
        for (int i = 0; i < 30; i++) c.stepEvent();
        c.idle().get(60, TimeUnit.SECONDS);
        assertAtRestAndTrue("after a reset and 30 steps");
        // a live run of more events than the live log keeps: its front is trimmed as it runs
        c.load(ScenarioJson.load(Path.of("scenarios/pingpong.json"))).get(60, TimeUnit.SECONDS);
        c.setSpeed(1000);
        c.setMode(Engine.Mode.LIVE).get(60, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> c.model().modeProperty().get() == Engine.Mode.LIVE && c.model().finishedProperty().get());
        c.idle().get(60, TimeUnit.SECONDS);
        assertThat(c.model().eventLog().get(0).seq()).as("the live log's front was trimmed").isGreaterThan(1);
        assertAtRestAndTrue("after a live run that trimmed the log's front");
    }

    /**
     * Called once the last command is shown: the log caught up at once (in the events queued on the FX thread
     * since, not by a timer), and within {@link #AT_REST_WITHIN} frames it is at rest and shows the moment shown:
     * its rows are the controller's events; every row on screen reads its event's texts, formatted as the event
     * formats them; the one marked is the event that led to the moment shown (in live mode the newest), on screen.
     */
    void assertAtRestAndTrue(String when) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        onFx(() -> assertThat(pane.log.caughtUp()).as("%s: the log caught up at once", when).isTrue());
        Pulses.await(stage.getScene(), AT_REST_WITHIN);
        onFx(() -> rowsShowTheirEvents(when));
    }

    /** Runs {@code r} on the FX thread and rethrows what it threw. */
    private static void onFx(Runnable r) throws Exception {
        Throwable[] failed = {null};
        javafx.application.Platform.runLater(() -> {
            try {
                r.run();
            } catch (Throwable t) {
                failed[0] = t;
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
        if (failed[0] instanceof AssertionError a) throw a;
        if (failed[0] != null) throw new AssertionError(failed[0]);
    }

    /** FX thread: {@link #assertAtRestAndTrue}'s checks, now. */
    private void rowsShowTheirEvents(String when) {
        EventLogPane log = pane.log;
        List<Event> events = c.model().eventLog();
        assertThat(log.atRest()).as("%s: the log at rest (caught up, its row in view)", when).isTrue();
        assertThat(log.table.getItems()).as("%s: the rows are the controller's events", when).hasSameSizeAs(events);
        for (int i = 0; i < events.size(); i++)
            if (log.table.getItems().get(i) != events.get(i)) throw new AssertionError(when + ": row " + i + " is not the controller's event " + events.get(i).seq());
        Event now = momentShown(events);
        assertThat(now).as("%s: an event led to the moment shown", when).isNotNull();
        assertThat(log.current()).as("%s: the event marked", when).isSameAs(now);

        Node flow = log.table.lookup(".virtual-flow");
        Bounds area = flow.localToScene(flow.getLayoutBounds());
        int rows = 0;
        boolean markedSeen = false;
        for (Node n : log.table.lookupAll(".table-row-cell")) {
            if (!(n instanceof TableRow<?> r) || !r.isVisible() || r.isEmpty() || r.getIndex() < 0) continue;
            Bounds b = r.localToScene(r.getLayoutBounds());
            if (b.getMaxY() <= area.getMinY() || b.getMinY() >= area.getMaxY()) continue;   // laid out, but not on screen
            rows++;
            Event e = log.table.getItems().get(r.getIndex());
            assertThat(r.getItem()).as("%s: the event of row %d", when, r.getIndex()).isSameAs(e);
            List<String> want = texts(log, e);
            assertThat(texts(r)).as("%s: what row %d reads", when, r.getIndex()).containsExactlyElementsOf(want);
            List<String> drawn = drawn(r);
            for (int i = 0; i < want.size(); i++)
                assertThat(shows(drawn.get(i), want.get(i))).as("%s: row %d, column %d draws \"%s\" for \"%s\"", when, r.getIndex(), i, drawn.get(i), want.get(i)).isTrue();
            assertThat(r.getPseudoClassStates().contains(ODD)).as("%s: row %d shaded as an odd row", when, r.getIndex()).isEqualTo(r.getIndex() % 2 == 1);
            boolean marked = r.getPseudoClassStates().contains(EventLogPane.CURRENT);
            assertThat(marked).as("%s: row %d (event %d) marked", when, r.getIndex(), e.seq()).isEqualTo(e == now);
            if (marked) {
                markedSeen = true;
                assertThat(b.getMinY()).as("%s: the marked row wholly on screen", when).isGreaterThanOrEqualTo(area.getMinY() - 0.5);
                assertThat(b.getMaxY()).as("%s: the marked row wholly on screen", when).isLessThanOrEqualTo(area.getMaxY() + 0.5);
            }
        }
        assertThat(rows).as("%s: rows on screen", when).isGreaterThan(10);
        assertThat(markedSeen).as("%s: the row of the moment shown is on screen", when).isTrue();
    }

    /** The event that led to the moment shown: in step mode the last whose seq is at most the position, in live mode the newest. */
    private Event momentShown(List<Event> events) {
        if (events.isEmpty()) return null;
        if (c.model().modeProperty().get() == Engine.Mode.LIVE) return events.get(events.size() - 1);
        Event at = null;
        for (Event e : events) if (e.seq() <= c.model().getPosition()) at = e;
        return at;
    }

    /** The texts a row's cells hold, column by column. */
    private static List<String> texts(TableRow<?> r) {
        return cells(r).stream().map(cell -> cell.getText() == null ? "" : cell.getText()).toList();
    }

    /** A row's cells in the order of the table's columns. */
    private static List<TableCell<?, ?>> cells(TableRow<?> r) {
        List<TableCell<?, ?>> cells = new ArrayList<>();
        for (Node n : r.getChildrenUnmodifiable()) if (n instanceof TableCell<?, ?> cell && cell.isVisible()) cells.add(cell);
        List<?> columns = r.getTableView().getVisibleLeafColumns();
        cells.sort(java.util.Comparator.comparingInt(cell -> columns.indexOf(cell.getTableColumn())));
        return cells;
    }

    /**
     * The texts a row's cells draw, column by column: the text nodes as the last layout left them (a cell's text
     * is laid out into its text node, clipped to the column's width with an ellipsis).
     */
    private static List<String> drawn(TableRow<?> r) {
        List<String> out = new ArrayList<>();
        for (TableCell<?, ?> cell : cells(r)) {
            String t = "";
            for (Node n : cell.getChildrenUnmodifiable()) if (n instanceof javafx.scene.text.Text text && text.isVisible()) t = text.getText();
            out.add(t);
        }
        return out;
    }

    /** Whether {@code drawn} is {@code text}, or its beginning clipped with an ellipsis. */
    private static boolean shows(String drawn, String text) {
        if (drawn.equals(text)) return true;
        for (String ellipsis : new String[] {"...", "…"})
            if (drawn.endsWith(ellipsis) && text.startsWith(drawn.substring(0, drawn.length() - ellipsis.length()))) return true;
        return false;
    }

    /** What a row of event {@code e} reads, written out from the event itself. */
    private static List<String> texts(EventLogPane log, Event e) {
        String why = log.why(e);
        return List.of(Long.toString(e.seq()), Long.toString(e.time() / 1000), e.kind().name(),
                e.p() < 0 ? "" : "P" + e.p(), e.m() < 0 ? "" : "M" + e.m(), e.g() < 0 ? "" : "G" + e.g(),
                why.length() <= EventLogPane.WHY_SHOWN ? why : why.substring(0, EventLogPane.WHY_SHOWN) + "…");
    }
}
