package org.gmplab.app;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

import org.gmplab.Pulses;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.view.SchedulerView;
import org.gmplab.view.Theme;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window's content as the app mounts it — the built-in spawn1000, light theme, 1280×800 — shown on a
 * test's stage, with no glide between moments (tests look at the moment, not at the animation).
 */
record TestWindow(BorderPane root, SchedulerView view, GmpLabApp.Content content, Scene scene) {

    static TestWindow show(Stage stage) throws ScenarioException {
        BorderPane root = new BorderPane();
        SchedulerView view = new SchedulerView();
        GmpLabApp.Content content = GmpLabApp.content(root, view, GmpLabApp.defaultScenario());
        view.setAnimationMillis(0);
        Scene scene = new Scene(root, 1280, 800);
        scene.getStylesheets().addAll(Theme.stylesheets("light"));
        stage.setScene(scene);
        stage.show();
        return new TestWindow(root, view, content, scene);
    }

    /**
     * Saves a picture of the whole window for {@code screenshots/} (the canvas-only command cannot draw the
     * controls): once the window is at rest ({@link #settle}), writes the scene as a PNG to {@code out}.
     */
    BufferedImage save(FxRobot robot, Path out) throws Exception {
        WritableImage[] img = new WritableImage[1];
        settle(robot, () -> img[0] = scene.snapshot(null));
        BufferedImage png = ScreenshotCommand.toBufferedImage(img[0]);
        Files.createDirectories(out.getParent());
        ImageIO.write(png, "png", out.toFile());
        return png;
    }

    /**
     * Waits, by frames, until the window is at rest — the canvas has painted what it was given (its frame clock runs
     * in every pulse) and the event log shows the same moment, its row marked and in view — then runs {@code then} on
     * the FX thread in that state. A log with a catch-up pending is caught up first: a picture of a log behind its
     * canvas would lie. For a run at rest (paused, stepped, at its end): a playing live run adds events every few
     * pulses and would not come to rest — pause it first.
     */
    void settle(FxRobot robot, Runnable then) throws Exception {
        for (int tries = 0; ; tries++) {
            Pulses.await(scene, 2);
            WaitForAsyncUtils.waitForFxEvents();
            boolean[] atRest = {false};
            robot.interact(() -> {
                atRest[0] = content.pane().logAtRest();
                if (atRest[0]) then.run(); else content.pane().catchUpLog();
            });
            if (atRest[0]) return;
            if (tries == 20) throw new AssertionError("the event log did not come to rest in 20 rounds of 2 pulses");
        }
    }
}
