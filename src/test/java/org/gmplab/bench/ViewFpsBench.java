package org.gmplab.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.ScenarioFiles;
import org.gmplab.view.SchedulerView;
import org.gmplab.view.Theme;

/**
 * Frames per second of the window's canvas while the engine runs live, headless on Monocle: a live
 * engine (spawn1000 by default: 1000 goroutines of 1 ms of CPU, at the clock speed {@code gmplab.bench.speed},
 * 0.05× by default; GOMAXPROCS from the first argument, 8 by default) is snapshotted with a brief
 * stop-the-world at most 60 times a second and published to a showing {@link SchedulerView}; frames are
 * counted by a second AnimationTimer on the same pulse. Like the window's live mode, it skips a snapshot while
 * the view has not taken the previous one ({@code -Dgmplab.bench.fixedRate=true}: snapshot at 60/s regardless).
 *
 * <p>It warms up first ({@code gmplab.bench.warmup} seconds, 1.5 by default, publishing as when measuring), so
 * the measured seconds are the sustained rate, not the first frames' one-off costs (the first backdrop and the
 * first token sheet, each about 100 ms on a cold JVM). It prints frames/s over the whole window and for its
 * slowest second; {@code -Dgmplab.bench.detail=true} adds the frame-gap histogram and each busy thread's CPU.
 * Not a test: run it by hand (docs/benchmarks.md).
 */
public final class ViewFpsBench {
    public static void main(String[] args) throws Exception {
        boolean detail = Boolean.getBoolean("gmplab.bench.detail");
        boolean adaptive = !Boolean.getBoolean("gmplab.bench.fixedRate");
        double speed = Double.parseDouble(System.getProperty("gmplab.bench.speed", "0.05"));
        double warmup = Double.parseDouble(System.getProperty("gmplab.bench.warmup", "1.5"));
        FrameMeter meter = new FrameMeter(Integer.getInteger("gmplab.bench.seconds", 5));
        FrameMeter.startHeadless();

        CompletableFuture<SchedulerView> shown = new CompletableFuture<>();
        Platform.runLater(() -> {
            SchedulerView view = new SchedulerView();
            view.setTheme(Theme.named("light"));
            Stage stage = new Stage();
            stage.setScene(new Scene(new StackPane(view), Integer.getInteger("gmplab.bench.width", 1280), Integer.getInteger("gmplab.bench.height", 720)));
            stage.show();
            meter.install();
            shown.complete(view);
        });
        SchedulerView view = shown.get(30, TimeUnit.SECONDS);

        Scenario sc = ScenarioFiles.load(Path.of(args.length > 1 ? args[1] : "scenarios/spawn1000.json")).withGomaxprocs(Integer.parseInt(args.length > 0 ? args[0] : "8"));
        try (Engine e = Engine.live(sc, speed, false)) {
            publish(e, view, (long) (warmup * 1e9), adaptive);
            meter.begin();
            long snapshots = publish(e, view, Integer.getInteger("gmplab.bench.seconds", 5) * 1_000_000_000L, adaptive);
            meter.end();
            if (detail) System.out.println(meter.detail());
            System.out.println(meter.report());
            System.out.printf("snapshots published: %.1f/s, %d goroutines in the last; %s%n", snapshots / meter.seconds(),
                    view.snapshot() == null ? 0 : view.snapshot().gs().size(), e.outcome() == null ? "still running" : "the program ended");
        }
        Platform.exit();
    }

    /** Publishes stopped-world snapshots for {@code nanos} (or until the program ends); returns how many. */
    private static long publish(Engine e, SchedulerView view, long nanos, boolean adaptive) throws InterruptedException {
        long n = 0, end = System.nanoTime() + nanos;
        while (System.nanoTime() < end && e.outcome() == null) {
            if (adaptive && view.pending()) { Thread.sleep(1000 / 60); continue; }   // the view is behind: a new world would only replace it
            view.publish(e.snapshotStopped(false), List.of());
            n++;
            Thread.sleep(1000 / 60);
        }
        return n;
    }
}
