package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/** Every painter at every size, theme and number of Ps, with every pool filled: nothing fails. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class CanvasSweepTest {
    @Test
    void everyPoolFilledPaintsAtAnySizeThemeAndNumberOfPs(FxRobot robot) {
        List<String> failures = new ArrayList<>();
        int painted = 0;
        for (int procs : new int[] {1, 4, 16, 64}) {
            Snapshot s = Worlds.everyPool(procs);
            for (int[] size : LayoutTest.ALL_SIZES)
                for (String theme : LayoutTest.THEMES) {
                    String[] error = new String[1];
                    robot.interact(() -> {
                        SchedulerView view = new SchedulerView();
                        view.setTheme(Theme.named(theme));
                        view.setCanvasSize(size[0], size[1]);
                        view.show(s, List.of());
                        view.paintAt(1);
                        error[0] = view.errorProperty().get();
                    });
                    if (!error[0].isEmpty()) failures.add(size[0] + "x" + size[1] + " " + theme + " " + procs + " Ps: " + error[0]);
                    painted++;
                }
        }
        assertThat(failures).isEmpty();
        assertThat(painted).isEqualTo(4 * LayoutTest.ALL_SIZES.length * LayoutTest.THEMES.length);
    }

    @Test
    void withoutAFrameClockPaintAtStillPaintsAnyPointOfAGlide(FxRobot robot) {
        // given a step without marks, shown on a canvas in no window (as screenshot does)
        Worlds.Transition t = Worlds.until(Worlds.scenario("spawn1000.json").withGomaxprocs(4),
                e -> e.kind() == org.gmplab.snapshot.EventKind.EXECUTE, 2000);
        long runs = t.events().stream().filter(e -> e.kind() == org.gmplab.snapshot.EventKind.EXECUTE).findFirst().orElseThrow().g();
        Layout.Hit[] hit = new Layout.Hit[1];
        Rect[] mid = new Rect[1];
        robot.interact(() -> {
            SchedulerView view = new SchedulerView();
            view.setCanvasSize(1280, 720);
            view.show(t.before(), List.of());
            Rect from = view.layoutNow().anchors.get(runs);
            view.show(t.after(), t.events());
            Rect to = view.layoutNow().tokens.get(runs);
            // when it is painted half-way
            view.paintAt(0.5);
            mid[0] = Rect.lerp(from.w() == to.w() ? from : from.centredSquare(to.w()), to, Transition.ease(0.5));
            hit[0] = view.hit(mid[0].cx(), mid[0].cy());
        });
        // then the G is drawn half-way (and hit there): the glide was not dropped for want of a clock
        assertThat(hit[0]).as("at %s", mid[0]).isEqualTo(new Layout.Hit(Layout.Hit.Kind.G, runs, null));
    }
}
