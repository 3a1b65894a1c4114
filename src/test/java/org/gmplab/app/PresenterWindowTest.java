package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.geometry.Bounds;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ToolBar;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;

import org.gmplab.lessons.player.LessonPlayer;
import org.gmplab.lessons.player.Progress;
import org.gmplab.view.Layout;
import org.gmplab.view.SchedulerView;
import org.gmplab.view.Theme;
import org.gmplab.view.TokenPainter;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Presenter mode gives the picture the room, at the projector resolutions classrooms have: the sizes a class
 * reads are measured from the canvas's layout (token, digits, card titles), and the toolbar is one row.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class PresenterWindowTest {
    Stage stage;
    BorderPane root;
    SchedulerView view;
    GmpLabApp.Content content;
    LessonPlayer player;
    Preferences prefs;
    /** The scene the window's content is in now. */
    Scene shown;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        prefs = Preferences.userRoot().node("org/gmplab/test/presenter-" + UUID.randomUUID());
        root = new BorderPane();
        view = new SchedulerView();
        content = GmpLabApp.content(root, view, GmpLabApp.defaultScenario());
        view.setAnimationMillis(0);
        player = GmpLabApp.lessons(root, content, view, Path.of("lessons"), new Progress(prefs));
        stage.setScene(scene(1280, 720));
        stage.show();
    }

    private Scene scene(double w, double h) {
        if (root.getScene() != null) root.getScene().setRoot(new Group());
        Scene sc = new Scene(root, w, h);
        sc.getStylesheets().addAll(Theme.stylesheets(content.theme().getValue()));
        content.theme().getSelectionModel().selectedItemProperty().addListener((o, a, b) -> sc.getStylesheets().setAll(Theme.stylesheets(b)));
        return sc;
    }

    @AfterEach
    void close() throws Exception {
        GmpLabAppTest.forget(player);
        content.driver().close();
        player.close();
        prefs.removeNode();
    }

    private void settle() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !player.busyProperty().get());
        content.driver().idle().get(30, TimeUnit.SECONDS);
        org.gmplab.Pulses.await(stage.getScene(), 2);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void presenterModeMakesTokensDigitsAndTitlesReadableAndTheToolbarOneRowAtProjectorSizes(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view.snapshot() != null);
        robot.interact(() -> content.theme().setValue("dark"));
        robot.interact(() -> content.pane().presenter());
        assertThat(content.theme().getValue()).isEqualTo("projector");
        for (double[] size : new double[][] {{1280, 720}, {1920, 1080}})
            for (boolean lessons : new boolean[] {false, true}) {
                String at = (int) size[0] + "×" + (int) size[1] + (lessons ? " with a lesson" : " without lessons");
                // Monocle's headless screen is 1280×800: the larger window is laid out in a scene of its own, off screen
                boolean onScreen = size[0] <= 1280;
                robot.interact(() -> {
                    Scene sc = scene(size[0], size[1]);
                    stage.setScene(onScreen ? sc : new Scene(new Group(), 200, 200));
                    shown = sc;
                });
                robot.interact(() -> content.lessons().setSelected(lessons));
                if (lessons) robot.interact(() -> player.open("fill-local-queue", 1));
                settle();
                robot.interact(() -> { shown.getRoot().applyCss(); shown.getRoot().layout(); });
                WaitForAsyncUtils.waitForFxEvents();
                if (lessons) {
                    // the lesson's words are a caption under the canvas, and the lesson pane takes no room
                    javafx.scene.control.Label caption = (javafx.scene.control.Label) shown.lookup("#caption");
                    assertThat(caption).as(at).isNotNull();
                    assertThat(caption.getText()).as(at).startsWith("Step 2 of");
                    assertThat(caption.getFont().getSize()).as(at + ": the caption's type").isGreaterThanOrEqualTo(24);
                    assertThat(player.isManaged()).isFalse();
                }
                // the canvas has the window's width
                assertThat(view.getWidth()).as(at + ": canvas width").isGreaterThanOrEqualTo(size[0] - 20);
                Layout l = view.layoutNow();
                assertThat(l.cards).as(at).isNotEmpty();
                for (Layout.Card c : l.cards.values()) {
                    assertThat(c.compact()).as(at + ": P%d's ring", c.p()).isFalse();
                    assertThat(c.slot()).as(at + ": P%d's ring tokens", c.p()).isGreaterThanOrEqualTo(28);
                    assertThat(TokenPainter.fontSize(c.slot(), 999)).as(at + ": a three-digit goid's digits").isGreaterThanOrEqualTo(14);
                    assertThat(l.titleFont(c)).as(at + ": P%d's title", c.p()).isGreaterThanOrEqualTo(20);
                }
                if (Boolean.getBoolean("gmplab.dump")) dump(robot, "/tmp/shots/presenter-" + (int) size[0] + (lessons ? "-lesson" : "") + ".png");
                assertOneRow(at);
            }
        // back: the theme chosen before, the panels beside the canvas again
        robot.interact(() -> stage.setScene(scene(1280, 720)));
        robot.interact(() -> content.pane().presenter());
        assertThat(content.theme().getValue()).isEqualTo("dark");
        assertThat(robot.lookup("#sideTabs").tryQuery()).isPresent();
        assertThat(player.isManaged()).isTrue();
    }

    private void dump(FxRobot robot, String file) throws Exception {
        javafx.scene.image.WritableImage[] img = new javafx.scene.image.WritableImage[1];
        robot.interact(() -> img[0] = shown.snapshot(null));
        java.io.File f = new java.io.File(file);
        f.getParentFile().mkdirs();
        javax.imageio.ImageIO.write(ScreenshotCommand.toBufferedImage(img[0]), "png", f);
    }

    /** Every control of the toolbar (the transport's and the window's tools) is shown, on one line: they share one centre. */
    private void assertOneRow(String at) {
        Node toolbar = shown.lookup("#toolbar");
        ToolBar transport = (ToolBar) shown.lookup("#transportBar");
        List<Node> row = new ArrayList<>();
        for (Node n : transport.getItems()) if (n.isVisible() && n.isManaged()) row.add(n);
        Node tools = ((Pane) toolbar).getChildren().get(1);
        for (Node n : ((Pane) tools).getChildren()) if (n.isVisible() && n.isManaged()) row.add(n);
        assertThat(row.size()).as(at).isGreaterThanOrEqualTo(12);
        Bounds bar = toolbar.localToScene(toolbar.getBoundsInLocal());
        double cy = -1;
        for (Node n : row) {
            assertThat(n.getScene()).as(at + ": %s is in the window (not in the toolbar's » menu)", n.getId()).isNotNull();
            Bounds b = n.localToScene(n.getBoundsInLocal());
            assertThat(b.getMaxX()).as(at + ": %s inside the window", n.getId()).isLessThanOrEqualTo(shown.getWidth() + 0.5);
            if (cy < 0) cy = b.getCenterY();
            assertThat(Math.abs(b.getCenterY() - cy)).as(at + ": %s on the one row", n.getId()).isLessThan(2);
        }
        assertThat(bar.getHeight()).as(at + ": the toolbar's height").isLessThan(70);
    }

    @Test
    void iOpensThePanelsAndFocusAndReplayAreKeys(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view.snapshot() != null);
        robot.clickOn("#where");
        robot.type(KeyCode.F5);
        assertThat(robot.lookup("#sideTabs").tryQuery()).isEmpty();
        robot.type(KeyCode.I);
        assertThat(robot.lookup("#sideTabs").tryQuery()).isPresent();
        robot.type(KeyCode.I);
        assertThat(robot.lookup("#sideTabs").tryQuery()).isEmpty();
        // F puts the selected P in focus, Esc takes it out
        robot.interact(() -> view.select(new Layout.Hit(Layout.Hit.Kind.P, 1, null)));
        robot.type(KeyCode.F);
        assertThat(view.focus()).containsExactly(1);
        robot.type(KeyCode.ESCAPE);
        assertThat(view.focus()).isEmpty();
        // F5 again: the normal window, panels beside the canvas
        robot.type(KeyCode.F5);
        assertThat(robot.lookup("#sideTabs").tryQuery()).isPresent();
        assertThat(view.presenting()).isFalse();
    }
}
