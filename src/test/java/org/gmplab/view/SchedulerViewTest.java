package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;

import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The canvas as the app shows it, headless on Monocle; pixels are checked on shapes, never on glyphs. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class SchedulerViewTest {
    SchedulerView view;
    Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        view = new SchedulerView();
        stage.setScene(new Scene(view, 1280, 720));
        stage.show();
    }

    @Test
    void runningGoroutineIsDrawnInsideItsMAndPCard(FxRobot robot) {
        // given spawn1000 on 4 Ps, 2 ms in: every P runs a G
        Snapshot s = Worlds.spawn(4, 2_000_000);
        // when it is shown
        robot.interact(() -> { view.show(s, List.of()); view.paintAt(1); });
        WritableImage img = capture(robot);
        // then each running G's square token has the running colour, inside its P's card and thread row
        Layout l = view.layoutNow();
        int checked = 0;
        for (Snapshot.Thread m : s.ms()) {
            if (m.p() < 0 || m.curg() < 0) continue;
            Rect tok = l.tokens.get(m.curg());
            Layout.Card card = l.cards.get(m.p());
            assertThat(card.thread().contains(tok)).isTrue();
            // a corner of the square, clear of its outline and of the goid written in the middle
            Color px = pixel(img, tok.x() + tok.w() * 0.18, tok.y() + tok.h() * 0.18);
            assertThat(close(px, view.theme().running)).as("G%d at %s: %s", m.curg(), tok, px).isTrue();
            checked++;
        }
        assertThat(checked).isGreaterThanOrEqualTo(2);
    }

    @Test
    void stealArcAppearsOnTheFrameAfterASteal(FxRobot robot) throws Exception {
        // given the step before a steal, on screen
        Worlds.Transition t = Worlds.until(Worlds.scenario("spawn1000.json").withGomaxprocs(4), e -> e.kind() == EventKind.STEAL, 2000);
        var steal = (org.gmplab.snapshot.Event.Steal) t.events().stream().filter(e -> e.kind() == EventKind.STEAL).findFirst().orElseThrow();
        robot.interact(() -> { view.setAnimationMillis(10_000); view.show(t.before(), List.of()); view.paintAt(1); });
        Rect victimRing = view.layoutNow().cards.get((int) steal.victim()).ring();
        Color before = pixel(capture(robot), victimRing.cx(), victimRing.cy());
        // when the snapshot after it arrives through the latest-wins inbox and a frame passes
        robot.interact(() -> view.publish(t.after(), t.events()));
        waitFrames();
        // then the arc starts at the victim's ring, in the steal colour
        WritableImage afterImg = capture(robot);
        if (Boolean.getBoolean("gmplab.dump")) javax.imageio.ImageIO.write(org.gmplab.app.ScreenshotCommand.toBufferedImage(afterImg), "png", new java.io.File("/tmp/shots/test-steal.png"));
        Color after = pixel(afterImg, victimRing.cx(), victimRing.cy());
        assertThat(close(before, view.theme().steal)).isFalse();
        assertThat(close(after, view.theme().steal)).as("pixel %s", after).isTrue();
    }

    @Test
    void aHandedOffPSlidesFromTheSyscallMToItsNewM(FxRobot robot) {
        // given the step in which sysmon retakes a P from an M in a syscall, with the view remembering who had it
        Worlds.Transition t = Worlds.until(Worlds.scenario("syscall.json"), e -> e.kind() == EventKind.HANDOFFP, 20000);
        int p = t.events().stream().filter(e -> e.kind() == EventKind.HANDOFFP).findFirst().orElseThrow().p();
        Layout[] before = new Layout[1];
        robot.interact(() -> {
            view.setAnimationMillis(10_000);
            view.remember(t.held());
            view.show(t.before(), List.of());
            before[0] = view.layoutNow();
        });
        Rect oldM = before[0].ms.get(t.held().copy().get(p));
        // when the snapshot after it is shown, half-way through the glide
        robot.interact(() -> view.show(t.after(), t.events()));
        Rect newM = view.layoutNow().ms.get(view.layoutNow().holders.get(p));
        Transition.Slide path = new Transition.Slide(p, -1, -1, oldM, newM);
        double font = view.layoutNow().font;
        Rect mid = MarkPainter.ghost(path, 0.5, font), end = MarkPainter.ghost(path, 1, font);
        assertThat(mid.cx()).isStrictlyBetween(Math.min(oldM.cx(), newM.cx()), Math.max(oldM.cx(), newM.cx()));
        double up = mid.h() * 0.38;   // inside the ghost, above its label and off the trail
        Color atMid = pixel(captureAt(robot, 0.5), mid.cx(), mid.cy() - up);
        // then the P's ghost is half-way between the two Ms, in the hand-off colour ...
        assertThat(close(atMid, view.theme().handoff)).as("pixel %s at %s", atMid, mid).isTrue();
        // ... and has left that point when the glide ends, sitting just above the new M
        WritableImage last = captureAt(robot, 1);
        assertThat(close(pixel(last, mid.cx(), mid.cy() - up), view.theme().handoff)).isFalse();
        assertThat(close(pixel(last, end.cx(), end.cy() - up), view.theme().handoff)).isTrue();
        assertThat(end.bottom()).isLessThanOrEqualTo(newM.y());
    }

    @Test
    void clickingARunningGoroutineInspectsIt(FxRobot robot) {
        Snapshot s = Worlds.spawn(4, 2_000_000);
        robot.interact(() -> { view.show(s, List.of()); view.paintAt(1); });
        Snapshot.Thread m = s.ms().stream().filter(x -> x.p() >= 0 && x.curg() >= 0).findFirst().orElseThrow();
        Rect tok = view.layoutNow().tokens.get(m.curg());
        robot.clickOn(view.canvas().localToScreen(tok.cx(), tok.cy()));
        assertThat(view.selectionProperty().get()).startsWith("G" + m.curg() + "  running").contains("on M" + m.id());
    }

    @Test
    void zoomingInMakesATokenLargerOnScreen(FxRobot robot) {
        // given a running G's token at scale 1
        Snapshot s = Worlds.spawn(4, 2_000_000);
        robot.interact(() -> { view.show(s, List.of()); view.paintAt(1); });
        Snapshot.Thread m = s.ms().stream().filter(x -> x.p() >= 0 && x.curg() >= 0).findFirst().orElseThrow();
        Rect tok = view.layoutNow().tokens.get(m.curg());
        int before = runningRun(capture(robot), tok);
        // when the view zooms in twice (Ctrl+= twice) and the token is brought back on screen
        robot.interact(() -> {
            view.zoomBy(Viewport.STEP);
            view.zoomBy(Viewport.STEP);
            Viewport v = view.viewport();
            view.panBy(300 - v.canvasX(tok.cx()), 300 - v.canvasY(tok.cy()));
        });
        int after = runningRun(capture(robot), tok);
        // then the running square is wider on screen by about the zoom (1.25² ≈ 1.56)
        assertThat(before).isGreaterThan(3);
        assertThat((double) after).isGreaterThan(before * 1.4);
    }

    /** The longest run of running-colour pixels along the token's row at 18% of its height, on screen. */
    private int runningRun(WritableImage img, Rect tok) {
        Viewport v = view.viewport();
        int y = (int) Math.round(v.canvasY(tok.y() + tok.h() * 0.18));
        int x0 = (int) Math.floor(v.canvasX(tok.x())) - 2, x1 = (int) Math.ceil(v.canvasX(tok.right())) + 2;
        int best = 0, run = 0;
        for (int x = Math.max(0, x0); x <= x1 && x < img.getWidth(); x++) {
            run = close(img.getPixelReader().getColor(x, y), view.theme().running) ? run + 1 : 0;
            best = Math.max(best, run);
        }
        return best;
    }

    @Test
    void clickingATokenAfterZoomAndPanStillSelectsIt(FxRobot robot) {
        // given a zoomed and panned canvas, a running G's token moved to (420, 260)
        Snapshot s = Worlds.spawn(4, 2_000_000);
        robot.interact(() -> { view.show(s, List.of()); view.paintAt(1); });
        Snapshot.Thread m = s.ms().stream().filter(x -> x.p() >= 0 && x.curg() >= 0).findFirst().orElseThrow();
        Rect tok = view.layoutNow().tokens.get(m.curg());
        robot.interact(() -> {
            view.zoomBy(2);
            Viewport v = view.viewport();
            view.panBy(420 - v.canvasX(tok.cx()), 260 - v.canvasY(tok.cy()));
        });
        assertThat(view.layoutNow().hit(420, 260)).as("without the transform the point is elsewhere")
                .isNotEqualTo(new Layout.Hit(Layout.Hit.Kind.G, m.curg(), null));
        // when it is clicked where it is drawn now
        robot.clickOn(view.canvas().localToScreen(420, 260));
        // then that G is selected; and reset puts the transform back
        assertThat(view.selectionProperty().get()).startsWith("G" + m.curg() + "  running");
        robot.interact(view::resetZoom);
        assertThat(view.viewport().isIdentity()).isTrue();
    }

    @Test
    void draggingPansAndDoesNotSelect(FxRobot robot) {
        Snapshot s = Worlds.spawn(4, 2_000_000);
        robot.interact(() -> { view.show(s, List.of()); view.paintAt(1); view.select(null); });
        robot.drag(view.canvas().localToScreen(640, 400)).moveTo(view.canvas().localToScreen(540, 350)).release(javafx.scene.input.MouseButton.PRIMARY);
        assertThat(view.viewport().tx()).isCloseTo(-100, org.assertj.core.data.Offset.offset(2.0));
        assertThat(view.viewport().ty()).isCloseTo(-50, org.assertj.core.data.Offset.offset(2.0));
        assertThat(view.selectionProperty().get()).isEmpty();
    }

    @Test
    void hoveringAGoroutineSetsTheTooltip(FxRobot robot) {
        Snapshot s = Worlds.spawn(4, 2_000_000);
        robot.interact(() -> { view.show(s, List.of()); view.paintAt(1); });
        Layout l = view.layoutNow();
        Snapshot.Proc p = s.ps().stream().filter(x -> x.runq().size() > 2).findFirst().orElseThrow();
        long queued = p.runq().get(1);
        Rect qt = l.tokens.get(queued);
        Snapshot.Thread m = s.ms().stream().filter(x -> x.p() >= 0 && x.curg() >= 0).findFirst().orElseThrow();
        Rect rt = l.tokens.get(m.curg());
        // when the mouse rests on a queued G, then moves to a running one
        robot.moveTo(view.canvas().localToScreen(qt.cx(), qt.cy()));
        String first = view.tooltipText();
        robot.moveTo(view.canvas().localToScreen(rt.cx(), rt.cy()));
        // then the tooltip follows, with where each is
        assertThat(first).startsWith("G" + queued + " runnable in P" + p.id() + "'s runq, slot " + Math.floorMod(p.head() + 1, p.capacity()));
        assertThat(view.tooltipText()).startsWith("G" + m.curg() + " running on M" + m.id());
    }

    @Test
    void theTooltipFollowsTheWorldUnderAStillMouse(FxRobot robot) {
        Snapshot s = Worlds.spawn(4, 2_000_000), later = Worlds.spawn(4, 2_600_000);
        robot.interact(() -> { view.setAnimationMillis(0); view.show(s, List.of()); view.paintAt(1); });
        Snapshot.Thread m = s.ms().stream().filter(x -> x.p() >= 0 && x.curg() >= 0).findFirst().orElseThrow();
        Rect rt = view.layoutNow().tokens.get(m.curg());
        // given the mouse resting on the G an M runs
        robot.moveTo(view.canvas().localToScreen(rt.cx(), rt.cy()));
        String before = view.tooltipText();
        // when a later moment is shown and the mouse does not move
        robot.interact(() -> { view.show(later, List.of()); view.paintAt(1); });
        String after = view.tooltipText();
        // then the tooltip says what is there now, as a fresh move over the same point does
        robot.moveBy(30, 30).moveTo(view.canvas().localToScreen(rt.cx(), rt.cy()));
        assertThat(before).startsWith("G" + m.curg() + " running on M" + m.id());
        assertThat(after).isNotEqualTo(before).isEqualTo(view.tooltipText());
    }

    @Test
    void theBackdropIsRenderedOnceForSnapshotsOfTheSameShape(FxRobot robot) throws Exception {
        // given one snapshot on screen
        Snapshot a = Worlds.spawn(4, 1_000_000), b = Worlds.spawn(4, 1_400_000), c = Worlds.spawn(4, 1_800_000);
        robot.interact(() -> { view.setAnimationMillis(0); view.show(a, List.of()); view.paintAt(1); });
        int before = view.backdropRenders();
        // when later snapshots with the same Ps and statuses arrive and frames pass
        robot.interact(() -> view.publish(b, List.of()));
        waitFrames();
        robot.interact(() -> view.publish(c, List.of()));
        waitFrames();
        // then the cards, slots and legend were not rendered again; a zoom does render them again
        assertThat(view.backdropRenders()).isEqualTo(before);
        robot.interact(() -> view.zoomBy(2));
        assertThat(view.backdropRenders()).isEqualTo(before + 1);
    }

    @Test
    void themeSwitchChangesTheBackground(FxRobot robot) {
        Snapshot s = Worlds.spawn(2, 1_000_000);
        robot.interact(() -> { view.setTheme(Theme.named("light")); view.show(s, List.of()); view.paintAt(1); });
        Color light = pixel(capture(robot), 1, 1);
        robot.interact(() -> view.setTheme(Theme.named("dark")));
        Color dark = pixel(capture(robot), 1, 1);
        assertThat(close(light, Theme.named("light").background)).isTrue();
        assertThat(close(dark, Theme.named("dark").background)).isTrue();
        assertThat(close(light, dark)).isFalse();
    }

    @Test
    void frameClockRunsOnlyWhileShown(FxRobot robot) {
        assertThat(view.isAnimating()).isTrue();
        robot.interact(() -> stage.hide());
        assertThat(view.isAnimating()).isFalse();
        robot.interact(() -> stage.show());
        assertThat(view.isAnimating()).isTrue();
    }

    @Test
    void snapshotsFasterThanTheGlideSnap(FxRobot robot) throws Exception {
        // given a long glide in progress
        Snapshot a = Worlds.spawn(2, 500_000), b = Worlds.spawn(2, 900_000), c = Worlds.spawn(2, 1_300_000);
        robot.interact(() -> { view.setAnimationMillis(10_000); view.show(a, List.of()); });
        robot.interact(() -> view.publish(b, List.of()));
        waitFrames();
        // when another snapshot arrives before it ended
        robot.interact(() -> view.publish(c, List.of()));
        waitFrames();
        // then the view shows the newest snapshot at once: a running G sits exactly on its final token
        WritableImage img = capture(robot);
        Layout l = view.layoutNow();
        assertThat(view.snapshot()).isSameAs(c);
        Snapshot.Thread m = c.ms().stream().filter(x -> x.p() >= 0 && x.curg() >= 0).findFirst().orElseThrow();
        Rect tok = l.tokens.get(m.curg());
        assertThat(close(pixel(img, tok.x() + tok.w() * 0.18, tok.y() + tok.h() * 0.18), view.theme().running)).isTrue();
    }

    /** Until the frame clock has taken what was published and painted it: two pulses. */
    private void waitFrames() throws Exception {
        org.gmplab.Pulses.await(view.getScene(), 2);
    }

    private WritableImage capture(FxRobot robot) {
        WritableImage[] out = new WritableImage[1];
        robot.interact(() -> out[0] = view.canvas().snapshot(null, null));
        return out[0];
    }

    /** Paints the running transition at {@code progress} and captures it in the same pulse, before the frame clock repaints. */
    private WritableImage captureAt(FxRobot robot, double progress) {
        WritableImage[] out = new WritableImage[1];
        robot.interact(() -> { view.paintAt(progress); out[0] = view.canvas().snapshot(null, null); });
        return out[0];
    }

    static Color pixel(WritableImage img, double x, double y) {
        return img.getPixelReader().getColor((int) Math.round(x), (int) Math.round(y));
    }

    static boolean close(Color a, Color b) {
        return Math.abs(a.getRed() - b.getRed()) < 0.03 && Math.abs(a.getGreen() - b.getGreen()) < 0.03
                && Math.abs(a.getBlue() - b.getBlue()) < 0.03;
    }
}
