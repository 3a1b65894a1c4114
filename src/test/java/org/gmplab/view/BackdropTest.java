package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javafx.scene.canvas.Canvas;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;

import org.gmplab.i18n.Wording;
import org.gmplab.snapshot.PStatus;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The cached backdrop: a P's status change (or its M's coming, going or spinning) draws only the pixels round its
 * card again, and those give exactly the picture a whole render gives (at rest the canvas must show the latest snapshot, pixel for pixel).
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class BackdropTest {
    @Start
    void start(Stage stage) { }

    @Test
    void aStatusChangeDrawsOnlyItsCardAgainAndGivesTheWholeRendersPicture(FxRobot robot) {
        Snapshot before = Worlds.full(8, 256, 3000);
        Snapshot after = withStatus(before, Map.of(2, PStatus.IDLE, 5, PStatus.SYSCALL));
        for (Viewport v : List.of(new Viewport(), zoomed(1.25, 7.3, -11.6), zoomed(0.8, 3.5, 2.25))) {
            robot.interact(() -> {
                Backdrop changed = new Backdrop(), fresh = new Backdrop();
                Canvas target = new Canvas(1280, 720);
                changed.paint(target.getGraphicsContext2D(), picture(before), v, 1280, 720);
                int[] first = pixels(changed.image());
                changed.paint(target.getGraphicsContext2D(), picture(after), v, 1280, 720);
                fresh.paint(target.getGraphicsContext2D(), picture(after), v, 1280, 720);
                // then only the two cards were drawn again, and the picture is the whole render's
                assertThat(changed.renders()).as("whole renders at scale %s", v.scale()).isEqualTo(1);
                assertThat(changed.updates()).isEqualTo(1);
                int[] got = pixels(changed.image()), want = pixels(fresh.image());
                assertThat(differing(got, want)).as("pixels unlike the whole render's at scale %s", v.scale()).isZero();
                assertThat(differing(first, want)).as("the status change shows").isPositive();
            });
        }
    }

    @Test
    void anMThatStartsSpinningRedrawsItsCardsChipAsAWholeRenderWould(FxRobot robot) {
        // given 8 running Ps, then the same moment with P3's M spinning (the chip's outline dashed, in the steal colour)
        Snapshot before = Worlds.full(8, 256, 3000);
        int m3 = before.ps().get(3).m();
        List<Snapshot.Thread> ms = new ArrayList<>();
        for (Snapshot.Thread m : before.ms()) ms.add(m.id() != m3 ? m : new Snapshot.Thread(m.id(), m.p(), m.nextp(), m.curg(), true, m.blocked(), m.sysmon()));
        Snapshot after = new Snapshot(before.time(), before.events(), before.gomaxprocs(), before.threads(), before.npidle(), 1,
                before.needspinning(), before.nmidle(), before.globalQueue(), before.idlePs(), before.idleMs(), before.globalFree(), before.ps(), ms, before.gs());
        robot.interact(() -> {
            Backdrop changed = new Backdrop(), fresh = new Backdrop();
            Canvas target = new Canvas(1280, 720);
            changed.paint(target.getGraphicsContext2D(), picture(before), new Viewport(), 1280, 720);
            int[] first = pixels(changed.image());
            changed.paint(target.getGraphicsContext2D(), picture(after), new Viewport(), 1280, 720);
            fresh.paint(target.getGraphicsContext2D(), picture(after), new Viewport(), 1280, 720);
            assertThat(changed.renders()).isEqualTo(1);
            assertThat(changed.updates()).isEqualTo(1);
            assertThat(differing(pixels(changed.image()), pixels(fresh.image()))).isZero();
            assertThat(differing(first, pixels(fresh.image()))).as("the spinning M's chip shows").isPositive();
        });
    }

    @Test
    void theSameStatusesDrawNothingAgainAndAnotherGeometryRendersAll(FxRobot robot) {
        Snapshot s = Worlds.full(8, 256, 3000);
        robot.interact(() -> {
            Backdrop b = new Backdrop();
            Canvas target = new Canvas(1280, 720);
            b.paint(target.getGraphicsContext2D(), picture(s), new Viewport(), 1280, 720);
            b.paint(target.getGraphicsContext2D(), picture(withStatus(s, Map.of())), new Viewport(), 1280, 720);
            assertThat(b.renders()).isEqualTo(1);
            assertThat(b.updates()).isZero();
            b.paint(target.getGraphicsContext2D(), picture(Worlds.full(6, 256, 3000)), new Viewport(), 1280, 720);
            assertThat(b.renders()).isEqualTo(2);
            assertThat(b.updates()).isZero();
        });
    }

    private static Picture picture(Snapshot s) {
        return new Picture(s, Layout.compute(s, 1280, 720, 1.0), Theme.named("light"), null, 1, 0, "", Wording.ENGLISH, Set.of());
    }

    private static Viewport zoomed(double scale, double dx, double dy) {
        Viewport v = new Viewport();
        v.zoomAbout(scale, 640, 360);
        v.panBy(dx, dy);
        return v;
    }

    /** {@code s} with some Ps' statuses changed (their M taken away when they no longer run). */
    static Snapshot withStatus(Snapshot s, Map<Integer, PStatus> status) {
        List<Snapshot.Proc> ps = new ArrayList<>();
        for (Snapshot.Proc p : s.ps()) {
            PStatus st = status.getOrDefault(p.id(), p.status());
            ps.add(new Snapshot.Proc(p.id(), st, st == PStatus.RUNNING ? p.m() : -1, p.runnext(), p.runq(), p.head(), p.tail(),
                    p.capacity(), p.schedtick(), p.syscalltick(), p.gfreecnt(), p.timerslen()));
        }
        return new Snapshot(s.time(), s.events(), s.gomaxprocs(), s.threads(), s.npidle(), s.nmspinning(), s.needspinning(),
                s.nmidle(), s.globalQueue(), s.idlePs(), s.idleMs(), s.globalFree(), ps, s.ms(), s.gs());
    }

    private static int[] pixels(WritableImage img) {
        int w = (int) img.getWidth(), h = (int) img.getHeight();
        int[] out = new int[w * h];
        img.getPixelReader().getPixels(0, 0, w, h, javafx.scene.image.PixelFormat.getIntArgbInstance(), out, 0, w);
        return out;
    }

    private static int differing(int[] a, int[] b) {
        assertThat(a.length).isEqualTo(b.length);
        int n = 0;
        for (int i = 0; i < a.length; i++) if (a[i] != b[i]) n++;
        return n;
    }
}
