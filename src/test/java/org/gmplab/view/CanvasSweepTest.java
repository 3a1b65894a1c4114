package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/** Every painter at every size, theme and number of Ps, with every pool filled: nothing fails. */
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
}
