package org.gmplab.app;

import org.gmplab.Tabs;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Renders the whole window on a moment of real scheddetail output (a_spawn1000 at GOMAXPROCS 2, hundreds queued:
 * the queues as counts), its schedtrace tab open with the lines Go printed and the plot of the queues over the run,
 * to {@code target/screenshots/schedtrace-moment.png}; {@code screenshots/make.sh} copies it to {@code screenshots/}.
 */
// A picture generator, not a test (its name does not end in Test, so the suite skips it): screenshots/make.sh runs it.
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class SchedTraceScreenshots {
    static final Path OUT = Path.of("target", "screenshots", "schedtrace-moment.png");
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
    void aScheddetailMomentInTheWindow(FxRobot robot, @TempDir Path dir) throws Exception {
        Path file = dir.resolve("a_spawn1000_p2_detail.txt");
        try (var in = new java.util.zip.GZIPInputStream(getClass().getResourceAsStream("/gotrace/schedtrace/a_spawn1000_p2_detail.txt.gz"))) {
            Files.write(file, in.readAllBytes());
        }
        var c = content.driver();
        c.loadRealTrace(file).get(60, TimeUnit.SECONDS);
        c.jumpTo(3).get(60, TimeUnit.SECONDS);
        Tabs.open(robot, "schedtrace");
        c.idle().get(60, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(c.model().getSnapshot().isSampled()).isTrue();
        assertThat(c.model().getPosition()).isEqualTo(3);
        window.save(robot, OUT);
        assertThat(OUT).exists();
    }
}
