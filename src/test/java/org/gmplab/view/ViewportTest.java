package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ViewportTest {
    @Test
    void zoomKeepsThePointUnderTheCursorStill() {
        Viewport v = new Viewport();
        v.panBy(30, -10);
        double lx = v.layoutX(500), ly = v.layoutY(200);
        v.zoomAbout(2, 500, 200);
        assertThat(v.layoutX(500)).isCloseTo(lx, within(1e-9));
        assertThat(v.layoutY(200)).isCloseTo(ly, within(1e-9));
        assertThat(v.canvasX(lx)).isCloseTo(500, within(1e-9));
    }

    @Test
    void scaleIsClampedAndResetIsTheIdentity() {
        Viewport v = new Viewport();
        for (int i = 0; i < 40; i++) v.zoomAbout(Viewport.STEP, 0, 0);
        assertThat(v.scale()).isEqualTo(Viewport.MAX_SCALE);
        for (int i = 0; i < 80; i++) v.zoomAbout(1 / Viewport.STEP, 0, 0);
        assertThat(v.scale()).isEqualTo(Viewport.MIN_SCALE);
        v.reset();
        assertThat(v.isIdentity()).isTrue();
        assertThat(v.layoutX(123)).isEqualTo(123);
    }
}
