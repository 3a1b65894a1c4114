package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.view.SchedulerViewTest.close;
import static org.gmplab.view.SchedulerViewTest.pixel;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;

import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The canvas always lands on the moment shown, however sparse the pulses: the tests take the frame clock and
 * pulse the view by hand at chosen times (as a slow machine would), and record every frame handed to the
 * painters.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class CanvasLandsTest {
    static final long MS = 1_000_000L;
    /** An arbitrary pulse time to count from (ns). */
    static final long T0 = 5_000_000 * MS;

    SchedulerView view;
    final List<Picture> drawn = new ArrayList<>();
    /** The painters fail on this snapshot (the first painter, so nothing of it is drawn). */
    Snapshot failOn;

    @Start
    void start(Stage stage) {
        Painter failing = (g, f) -> { if (f.snap() == failOn) throw new IllegalStateException("painter broke"); };
        Painter recorder = (g, f) -> drawn.add(f);
        view = new SchedulerView(List.of(failing, new CardPainter(), new RingPainter(), new TokenPainter(),
                new LabelPainter(), new MarkPainter(), recorder));
        stage.setScene(new Scene(view, 1280, 720));
        stage.show();
        view.takeClock();
        view.setAnimationMillis(450);
    }

    /** Publishes {@code s} (with its events) and pulses at {@code at}; returns the frames painted by that pulse. */
    private List<Picture> pulse(FxRobot robot, Snapshot s, List<org.gmplab.snapshot.Event> events, long at) {
        int before = drawn.size();
        robot.interact(() -> {
            if (s != null) view.publish(s, events);
            view.frame(at);
        });
        return List.copyOf(drawn.subList(before, drawn.size()));
    }

    private List<Picture> pulse(FxRobot robot, long at) { return pulse(robot, null, List.of(), at); }

    /** Every G of the moment shown is drawn where the layout of that moment puts it, and the frame is at rest. */
    private void assertAtRest(Picture f, Snapshot s) {
        assertThat(f.snap()).isSameAs(s);
        assertThat(f.layout()).isSameAs(view.layoutNow());
        for (Snapshot.G g : s.gs())
            assertThat(f.token(g.goid())).as("G%d (%s)", g.goid(), g.where()).isEqualTo(view.layoutNow().tokens.get(g.goid()));
    }

    @Test
    void aStepWithoutMarksGlidesAndLandsOnItsLastFrameWithSparsePulses(FxRobot robot) {
        // given a step in which a G starts running and nothing gets a mark (no steal, no hand-off: nothing fades)
        Worlds.Transition t = Worlds.until(Worlds.scenario("spawn1000.json").withGomaxprocs(4),
                e -> e.kind() == EventKind.EXECUTE, 2000);
        assertThat(t.events()).noneMatch(e -> Transition.marked(e.kind()));
        long runs = t.events().stream().filter(e -> e.kind() == EventKind.EXECUTE).findFirst().orElseThrow().g();
        pulse(robot, t.before(), List.of(), T0);
        Rect from = view.layoutNow().anchors.get(runs);
        // when the step arrives and the pulses come at 0, 150 ms and 2 s after it
        long step = T0 + 1000 * MS;
        List<Picture> at0 = pulse(robot, t.after(), t.events(), step);
        Rect to = view.layoutNow().tokens.get(runs);
        List<Picture> at150 = pulse(robot, step + 150 * MS);
        // then at 150 ms the G is drawn on its way, and a click on it where it is drawn selects it
        assertThat(at0).hasSize(1);
        assertThat(at0.get(0).token(runs)).isEqualTo(from.w() == to.w() ? from : from.centredSquare(to.w()));
        assertThat(at150).hasSize(1);
        Rect mid = at150.get(0).token(runs);
        assertThat(mid.contains(to.cx(), to.cy())).as("%s is not yet at %s", mid, to).isFalse();
        robot.clickOn(view.canvas().localToScreen(mid.cx(), mid.cy()));
        assertThat(view.selectionProperty().get()).startsWith("G" + runs + "  running");
        // ... and the pulse 2 s after paints the last frame, every token where the moment puts it, exactly once
        List<Picture> at2s = pulse(robot, step + 2000 * MS);
        assertThat(at2s).hasSize(1);
        assertAtRest(at2s.get(0), t.after());
        assertRunningGsDrawnInTheirCards(robot, t.after());
        assertThat(pulse(robot, step + 2016 * MS)).isEmpty();
        robot.clickOn(view.canvas().localToScreen(to.cx(), to.cy()));
        assertThat(view.selectionProperty().get()).startsWith("G" + runs + "  running");
    }

    @Test
    void aStepBackOverAStealIsDrawnAtRestAtOnce(FxRobot robot) {
        // given a steal, shown and landed
        Worlds.Transition t = Worlds.until(Worlds.scenario("spawn1000.json").withGomaxprocs(4),
                e -> e.kind() == EventKind.STEAL, 2000);
        var steal = (org.gmplab.snapshot.Event.Steal) t.events().stream().filter(e -> e.kind() == EventKind.STEAL).findFirst().orElseThrow();
        int victim = (int) steal.victim();
        pulse(robot, t.before(), List.of(), T0);
        pulse(robot, t.after(), t.events(), T0 + 1000 * MS);
        pulse(robot, T0 + 1150 * MS);
        assertAtRest(pulse(robot, T0 + 3000 * MS).get(0), t.after());
        // when the user steps back to the moment before it
        List<Picture> back = pulse(robot, t.before(), List.of(), T0 + 4000 * MS);
        // then that pulse paints the earlier moment at rest: the stolen Gs back in the victim's ring, no glide
        assertThat(back).hasSize(1);
        assertAtRest(back.get(0), t.before());
        assertThat(back.get(0).transition()).isNull();
        List<Long> was = proc(t.before(), victim).runq(), left = proc(t.after(), victim).runq();
        long stolen = was.stream().filter(g -> !left.contains(g)).findFirst().orElseThrow();
        Rect ring = view.layoutNow().cards.get(victim).ring();
        Rect tok = back.get(0).token(stolen);
        assertThat(tok).isNotNull();
        assertThat(ring.contains(tok)).as("G%d drawn at %s in P%d's ring %s", stolen, tok, victim, ring).isTrue();
        assertRunningGsDrawnInTheirCards(robot, t.before());
        // ... and a click on that token selects that G
        robot.clickOn(view.canvas().localToScreen(tok.cx(), tok.cy()));
        assertThat(view.selectionProperty().get()).startsWith("G" + stolen + "  runnable");
        assertThat(pulse(robot, T0 + 4016 * MS)).isEmpty();
    }

    @Test
    void aPainterThatThrowsIsReportedAndTheNextMomentStillDraws(FxRobot robot) {
        // given a moment whose painting throws
        Snapshot bad = Worlds.spawn(4, 1_000_000), good = Worlds.spawn(4, 2_000_000);
        failOn = bad;
        assertThat(view.errorProperty().get()).isEmpty();
        pulse(robot, bad, List.of(), T0);
        // then the error is reported, with what and where, and nothing was thrown out of the view
        assertThat(view.errorProperty().get()).startsWith("The canvas could not draw the moment at event " + bad.events())
                .contains("IllegalStateException: painter broke").contains("CanvasLandsTest.java");
        // when the next moment comes, it is drawn as usual
        pulse(robot, good, List.of(), T0 + 1000 * MS);
        List<Picture> landed = pulse(robot, T0 + 3000 * MS);
        Picture last = landed.isEmpty() ? drawn.get(drawn.size() - 1) : landed.get(landed.size() - 1);
        assertAtRest(last, good);
        assertRunningGsDrawnInTheirCards(robot, good);
        // and the report stays until dismissed
        assertThat(view.errorProperty().get()).contains("painter broke");
        robot.interact(view::dismissError);
        assertThat(view.errorProperty().get()).isEmpty();
    }

    private static Snapshot.Proc proc(Snapshot s, int id) {
        return s.ps().stream().filter(p -> p.id() == id).findFirst().orElseThrow();
    }

    /** On the canvas's pixels: each running G's square sits at its token in its card, in the running colour. */
    private void assertRunningGsDrawnInTheirCards(FxRobot robot, Snapshot s) {
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> img[0] = view.canvas().snapshot(null, null));
        int checked = 0;
        for (Snapshot.Thread m : s.ms()) {
            if (m.p() < 0 || m.curg() < 0) continue;
            Rect tok = Objects.requireNonNull(view.layoutNow().tokens.get(m.curg()));
            assertThat(close(pixel(img[0], tok.x() + tok.w() * 0.18, tok.y() + tok.h() * 0.18), view.theme().running))
                    .as("G%d running at %s", m.curg(), tok).isTrue();
            checked++;
        }
        assertThat(checked).isPositive();
    }
}
