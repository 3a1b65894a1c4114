package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import javafx.geometry.Point2D;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;

import org.gmplab.snapshot.EventKind;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Presenter mode's marks a teacher can talk over, and the focus on a P. The frame clock is the test's: pulses
 * at chosen times, every frame recorded (no waiting on the wall clock).
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class PresenterMarksTest {
    static final long MS = 1_000_000L;
    static final long T0 = 5_000_000 * MS;

    SchedulerView view;
    final List<Picture> drawn = new ArrayList<>();

    @Start
    void start(Stage stage) {
        Painter recorder = (g, f) -> drawn.add(f);
        view = new SchedulerView(List.of(new CardPainter(), new RingPainter(), new TokenPainter(), new LabelPainter(), new MarkPainter(), recorder));
        stage.setScene(new Scene(view, 1280, 720));
        stage.show();
        view.takeClock();
        view.setAnimationMillis(450);
    }

    /** spawn1000 on 4 Ps up to its first steal: the moment before, the moment after, its events. */
    static final Worlds.Transition STEAL = Worlds.until(Worlds.scenario("spawn1000.json").withGomaxprocs(4), e -> e.kind() == EventKind.STEAL, 2000);

    private Picture pulse(FxRobot robot, org.gmplab.snapshot.Snapshot s, List<org.gmplab.snapshot.Event> events, long at) {
        robot.interact(() -> {
            if (s != null) view.publish(s, events);
            view.frame(at);
        });
        return view.painted();
    }

    private static boolean hasSteal(Picture f) {
        return f.transition() != null && f.markAlpha() == 1
                && f.transition().marks.stream().anyMatch(m -> m.kind() == Transition.MarkKind.STEAL);
    }

    @Test
    void inPresenterModeAStealsArcStaysUntilTheNextMoment(FxRobot robot) {
        robot.interact(() -> view.setPresenting(true));
        pulse(robot, STEAL.before(), List.of(), T0);
        long step = T0 + 1000 * MS;
        pulse(robot, STEAL.after(), STEAL.events(), step);
        // a minute later, with pulses all along, the arc is still there at full strength
        for (long t = 100; t <= 60_000; t += 700) pulse(robot, null, List.of(), step + t * MS);
        assertThat(hasSteal(view.painted())).as("the steal's arc, held").isTrue();
        assertThat(view.painted().progress()).isEqualTo(1.0);
        // the next moment takes it away
        org.gmplab.snapshot.Snapshot next = Worlds.spawn(4, STEAL.after().time() + 1);
        pulse(robot, next, List.of(), step + 61_000 * MS);
        assertThat(hasSteal(view.painted())).isFalse();
    }

    @Test
    void outsidePresenterModeTheArcFades(FxRobot robot) {
        pulse(robot, STEAL.before(), List.of(), T0);
        long step = T0 + 1000 * MS;
        pulse(robot, STEAL.after(), STEAL.events(), step);
        for (long t = 100; t <= 3_000; t += 100) pulse(robot, null, List.of(), step + t * MS);
        assertThat(view.painted().transition()).isNull();
    }

    @Test
    void replayPlaysTheLastGlideAgainFourTimesSlower(FxRobot robot) {
        pulse(robot, STEAL.before(), List.of(), T0);
        long step = T0 + 1000 * MS;
        pulse(robot, STEAL.after(), STEAL.events(), step);
        long rest = step + 5_000 * MS;
        pulse(robot, null, List.of(), rest);
        assertThat(view.painted().transition()).as("at rest, faded").isNull();
        // when R asks for the replay
        boolean[] replayed = {false};
        robot.interact(() -> { view.frame(rest); replayed[0] = view.replay(); });
        assertThat(replayed[0]).isTrue();
        // then 450 ms on (the glide's whole length) it is a quarter of the way, with the steal's arc
        Picture quarter = pulse(robot, null, List.of(), rest + 450 * MS);
        assertThat(quarter.transition()).isNotNull();
        assertThat(quarter.progress()).isGreaterThan(0).isLessThan(0.5);
        assertThat(hasSteal(quarter)).isTrue();
        // and at 1.8 s it has landed on the moment shown
        Picture end = pulse(robot, null, List.of(), rest + 1_800 * MS);
        assertThat(end.progress()).isEqualTo(1.0);
        assertThat(end.snap()).isSameAs(STEAL.after());
        // a jump (not a glide) leaves nothing to replay
        robot.interact(() -> { view.show(Worlds.spawn(4, 4_000_000), List.of()); replayed[0] = view.replay(); });
        assertThat(replayed[0]).isFalse();
    }

    @Test
    void doubleClickingAPCardFocusesItAndEscapeClearsIt(FxRobot robot) {
        pulse(robot, Worlds.spawn(4, 3_000_000), List.of(), T0);
        Layout.Card before = view.layoutNow().cards.get(2);
        robot.moveTo(view.canvas(), Pos.TOP_LEFT, new Point2D(before.header().cx(), before.header().cy()), org.testfx.robot.Motion.DIRECT)
                .doubleClickOn(MouseButton.PRIMARY);
        robot.interact(() -> view.frame(T0 + 100 * MS));
        assertThat(view.focus()).containsExactly(2);
        Layout.Card after = view.layoutNow().cards.get(2);
        assertThat(after.card().w() * after.card().h()).isGreaterThan(before.card().w() * before.card().h());
        assertThat(after.slot()).isGreaterThan(before.slot());
        // a second and a third P: two at most, the oldest goes
        robot.interact(() -> { view.toggleFocus(0); view.toggleFocus(3); });
        assertThat(view.focus()).containsExactly(0, 3);
        robot.interact(view::clearFocus);
        assertThat(view.focus()).isEmpty();
        assertThat(view.layoutNow().cards.get(2).card()).isEqualTo(before.card());
    }
}
