package org.gmplab.app;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import javafx.scene.Scene;
import javafx.scene.image.WritableImage;

import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** Saves a picture of the whole window for {@code screenshots/} (the canvas-only command cannot draw the controls). */
final class WindowShot {
    private WindowShot() { }

    /** Lets the canvas paint (a few pulses), then writes {@code scene} as a PNG to {@code out}; returns the picture. */
    static BufferedImage save(FxRobot robot, Scene scene, Path out) throws Exception {
        Thread.sleep(300);   // a few pulses so the canvas has painted
        WaitForAsyncUtils.waitForFxEvents();
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> img[0] = scene.snapshot(null));
        BufferedImage png = ScreenshotCommand.toBufferedImage(img[0]);
        Files.createDirectories(out.getParent());
        ImageIO.write(png, "png", out.toFile());
        return png;
    }
}
