package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;


import javafx.scene.Scene;
import javafx.stage.Stage;

import org.gmplab.engine.Engine;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Renders the whole window in live mode, paused, under Monocle to {@code target/screenshots/window-live-paused.png};
 * {@code screenshots/make.sh} copies it to {@code screenshots/}.
 */
// A picture generator, not a test (its name does not end in Test, so the suite skips it): screenshots/make.sh runs it.
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class LiveWindowScreenshots {
    static final Path OUT = Path.of("target", "screenshots", "window-live-paused.png");
    TestWindow window;
    GmpLabApp.Content content;
    Scene scene;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWindow.show(stage);
        content = window.content();
        scene = window.scene();
    }

    @AfterEach
    void close() { content.driver().close(); }

    @Test
    void wholeWindowLiveAndPaused(FxRobot robot) throws Exception {
        // given spawn1000 running live for a while (some 20 ms of Go time, at 4 ms of Go time a second)
        var c = content.driver();
        robot.interact(() -> c.settings().put("speed", "4"));
        robot.clickOn("#modeLive");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> c.model().modeProperty().get() == Engine.Mode.LIVE
                && c.model().getSnapshot() != null && c.model().getSnapshot().time() > 20_000_000L);
        // when paused
        robot.clickOn("#play");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !c.model().playingProperty().get());
        c.idle().get(60, TimeUnit.SECONDS);
        BufferedImage png = window.save(robot, OUT);
        assertThat(c.model().statusProperty().get()).contains("every invariant holds");
        assertThat(Files.size(OUT)).isGreaterThan(10_000);
    }
}
