package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;

import org.gmplab.gotrace.RealRun;
import org.gmplab.history.Comparison;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.ScenarioFiles;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A scenario beside the real Go run of the same program (the reference programs' traces): both canvases on one
 * time axis, the strips and the figures; each case is written to {@code target/screenshots/side-*.png} for
 * {@code screenshots/}.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class SideBySideTest {
    Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.show();
    }

    @ParameterizedTest
    @CsvSource({"scenarios/spawn.go, 2, a_spawn1000.p2.trace, a_spawn1000_p2_summary.txt, 0.3, side-spawn1000-p2.png",
                "scenarios/spawn.go, 4, a_spawn1000.p4.trace, a_spawn1000_p4_summary.txt, 0.3, side-spawn1000-p4.png",
                "scenarios/syscall.go, 2, c_syscall.p2.trace, c_syscall_p2_summary.txt, 0.2, side-syscall-p2.png"})
    void aScenarioBesideTheRealRunOfTheSameProgramOnOneTimeAxis(String scenario, int procs, String trace, String schedtrace, double at,
                                                                 String png, FxRobot robot, @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Scenario sc = ScenarioFiles.load(Path.of(scenario)).withGomaxprocs(procs);
        RealRun real = RealRun.read(Path.of("src/test/resources/gotrace", trace), null);
        // the same program's schedtrace output, as gmplab real writes it beside its trace
        Path sched = dir.resolve("schedtrace.txt");
        try (var in = new java.util.zip.GZIPInputStream(getClass().getResourceAsStream("/gotrace/schedtrace/" + schedtrace + ".gz"))) {
            java.nio.file.Files.write(sched, in.readAllBytes());
        }
        SideBySidePane.Runs runs = SideBySidePane.compute(sc, real, sched);
        // the queue plot's data: the real run's every SCHED line, the engine's own schedtrace of each kept moment
        org.gmplab.gotrace.SchedTraceRun realSched = org.gmplab.gotrace.SchedTraceRun.read(sched);
        assertThat(runs.realQueues()).isEqualTo(realSched.series());
        assertThat(runs.realQueues().size()).isEqualTo(realSched.end() + 1);
        assertThat(runs.engineQueues().size()).isEqualTo(runs.engineMoments().size());
        for (int i = 0; i < runs.engineMoments().size(); i += 37) {
            Snapshot m = runs.engineMoments().get(i);
            assertThat(runs.engineQueues().global().get(i)).isEqualTo((long) m.globalQueue().size());
            assertThat(runs.engineQueues().timesNs().get(i)).isEqualTo(m.time());
            for (Snapshot.Proc p : m.ps()) assertThat(runs.engineQueues().local(i, p.id())).isEqualTo(p.runq().size());
        }
        assertThat(runs.engineQueues().max()).as("the engine's queues are not all empty").isPositive();
        // the figures are the two runs' own, counted the same way
        assertThat(runs.realSide().figures().migrations()).isEqualTo(real.figures().migrations());
        assertThat(runs.engineSide().ps()).hasSize(procs);
        assertThat(runs.realSide().ps()).hasSize(procs);
        assertThat(runs.engineSide().figures().created()).isGreaterThanOrEqualTo(scenario.contains("spawn") ? 1000 : 10);
        SideBySidePane[] pane = new SideBySidePane[1];
        robot.interact(() -> {
            pane[0] = new SideBySidePane(runs);
            Scene scene = new Scene(pane[0], 1280, 1000);
            scene.getStylesheets().addAll(org.gmplab.view.Theme.stylesheets("light"));
            stage.setScene(scene);
            pane[0].time.setValue(pane[0].time.getMax() * at);
        });
        WaitForAsyncUtils.waitForFxEvents();
        // one time: the real canvas shows the last moment of the trace at or before it, the engine's its moment there
        long t = (long) (pane[0].time.getValue() * 1e6);
        long pos = pane[0].positionAt(t);
        assertThat(pane[0].realView.snapshot()).isEqualTo(real.snapshot(pos));
        assertThat(real.time(pos)).isLessThanOrEqualTo(t);
        if (pos < real.end()) assertThat(real.time(pos + 1)).isGreaterThan(t);
        assertThat(pane[0].engineView.snapshot().time()).isLessThanOrEqualTo(t);
        assertThat(pane[0].figures.getText()).contains("goroutines created").contains("migrations").contains("retakes")
                .contains("syscalls").contains("max runnable");
        // a picture for screenshots/
        org.gmplab.Pulses.await(stage.getScene(), 2);
        WaitForAsyncUtils.waitForFxEvents();
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> img[0] = stage.getScene().snapshot(null));
        BufferedImage out = ScreenshotCommand.toBufferedImage(img[0]);
        Path file = Path.of("target", "screenshots", png);
        Files.createDirectories(file.getParent());
        javax.imageio.ImageIO.write(out, "png", file.toFile());
        assertThat(out.getWidth()).isEqualTo(1280);
    }
}
