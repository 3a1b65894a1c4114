package org.gmplab.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

import org.gmplab.engine.Engine;
import org.gmplab.engine.program.Scenario;
import org.gmplab.engine.program.ScenarioFiles;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.view.SchedulerView;
import org.gmplab.view.Theme;

/**
 * Frames per second of the window's canvas while the engine runs live, headless on Monocle: a live
 * engine (spawn1000 by default: 1000 goroutines of 1 ms of CPU, slowed down 0.05×; GOMAXPROCS from the first
 * argument, 8 by default) is snapshotted with a brief
 * stop-the-world at most 60 times a second and published to a showing {@link SchedulerView}; frames are
 * counted by a second AnimationTimer on the same pulse. Like {@code LiveDriver}, it skips a snapshot while the
 * view has not taken the previous one ({@code -Dgmplab.bench.fixedRate=true}: snapshot at 60/s regardless). Not a test: run it by hand (docs/benchmarks.md).
 */
public final class ViewFpsBench {
    public static void main(String[] args) throws Exception {
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("prism.order", "sw");
        System.setProperty("java.awt.headless", "true");
        CompletableFuture<Void> up = new CompletableFuture<>();
        Platform.startup(() -> up.complete(null));
        up.get(30, TimeUnit.SECONDS);

        AtomicLong frames = new AtomicLong();
        CompletableFuture<SchedulerView> shown = new CompletableFuture<>();
        Platform.runLater(() -> {
            fxThreadName = Thread.currentThread().getName();
            SchedulerView view = new SchedulerView();
            view.setTheme(Theme.named("light"));
            Stage stage = new Stage();
            stage.setScene(new Scene(new StackPane(view), 1280, 720));
            stage.show();
            new AnimationTimer() {
                @Override public void handle(long now) { frames.incrementAndGet(); }
            }.start();
            shown.complete(view);
        });
        SchedulerView view = shown.get(30, TimeUnit.SECONDS);

        Scenario sc = ScenarioFiles.load(Path.of(args.length > 1 ? args[1] : "scenarios/spawn1000.json")).withGomaxprocs(Integer.parseInt(args.length > 0 ? args[0] : "8"));
        long snapshots = 0, seconds = 5;
        boolean adaptive = !Boolean.getBoolean("gmplab.bench.fixedRate");
        try (Engine e = Engine.live(sc, 0.05, false)) {
            Thread.sleep(500);
            long f0 = frames.get(), t0 = System.nanoTime(), end = t0 + seconds * 1_000_000_000L;
            long fx0 = cpuNanos(true), r0 = cpuNanos(false);
            while (System.nanoTime() < end && e.outcome() == null) {
                if (adaptive && view.pending()) { Thread.sleep(1000 / 60); continue; }   // as LiveDriver: the view is behind
                Snapshot s = e.snapshotStopped(false);
                view.publish(s, List.of());
                snapshots++;
                Thread.sleep(1000 / 60);
            }
            double secs = (System.nanoTime() - t0) / 1e9;
            long fx = cpuNanos(true) - fx0, render = cpuNanos(false) - r0, n = Math.max(1, frames.get() - f0);
            System.out.printf("CPU per frame: FX thread %.1f ms, render thread %.1f ms (%.0f%% and %.0f%% of one core)%n",
                    fx / 1e6 / n, render / 1e6 / n, fx / 1e7 / secs, render / 1e7 / secs);
            System.out.printf("frames/s while live: %.1f (snapshots published: %.1f/s, %d goroutines in the last; load average %.1f)%n",
                    (frames.get() - f0) / secs, snapshots / secs, view.snapshot() == null ? 0 : view.snapshot().gs().size(),
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
        Platform.exit();
    }

    /**
     * CPU time used so far by one of the threads that make frames: the FX application thread (whatever the
     * platform names it) or Prism's render thread. Unlike frames/s
     * this does not depend on how much of the machine other processes take.
     */
    private static long cpuNanos(boolean fxThread) {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (java.lang.management.ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds())) {
            if (t == null) continue;
            String name = t.getThreadName();
            if (fxThread ? name.equals(fxThreadName) : name.startsWith("QuantumRenderer")) sum += Math.max(0, mx.getThreadCpuTime(t.getThreadId()));
        }
        return sum;
    }

    private static volatile String fxThreadName = "JavaFX Application Thread";
}
