package org.gmplab.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

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
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("prism.order", "sw");
        System.setProperty("java.awt.headless", "true");
        boolean detail = Boolean.getBoolean("gmplab.bench.detail");
        boolean adaptive = !Boolean.getBoolean("gmplab.bench.fixedRate");
        double speed = Double.parseDouble(System.getProperty("gmplab.bench.speed", "0.05"));
        double warmup = Double.parseDouble(System.getProperty("gmplab.bench.warmup", "1.5"));
        int seconds = Integer.getInteger("gmplab.bench.seconds", 5);
        CompletableFuture<Void> up = new CompletableFuture<>();
        Platform.startup(() -> up.complete(null));
        up.get(30, TimeUnit.SECONDS);

        long[] perSecond = new long[seconds + 1];   // frames counted in each measured second
        long[] gaps = new long[100];                // measured frame-to-frame gaps, by ms (the last: 99 and over)
        CompletableFuture<SchedulerView> shown = new CompletableFuture<>();
        Platform.runLater(() -> {
            fxThreadName = Thread.currentThread().getName();
            SchedulerView view = new SchedulerView();
            view.setTheme(Theme.named("light"));
            Stage stage = new Stage();
            stage.setScene(new Scene(new StackPane(view), 1280, 720));
            stage.show();
            new AnimationTimer() {
                private long last;
                @Override public void handle(long now) {
                    long t0 = measureStart;
                    if (t0 != 0 && now >= t0) {
                        int sec = (int) ((now - t0) / 1_000_000_000L);
                        if (sec < perSecond.length) perSecond[sec]++;
                        if (last >= t0) gaps[(int) Math.min(gaps.length - 1, (now - last) / 1_000_000)]++;
                    }
                    last = now;
                }
            }.start();
            shown.complete(view);
        });
        SchedulerView view = shown.get(30, TimeUnit.SECONDS);

        Scenario sc = ScenarioFiles.load(Path.of(args.length > 1 ? args[1] : "scenarios/spawn1000.json")).withGomaxprocs(Integer.parseInt(args.length > 0 ? args[0] : "8"));
        try (Engine e = Engine.live(sc, speed, false)) {
            publish(e, view, (long) (warmup * 1e9), adaptive);
            long fx0 = cpuNanos(true), r0 = cpuNanos(false), t0 = System.nanoTime();
            measureStart = t0;
            long snapshots = publish(e, view, seconds * 1_000_000_000L, adaptive);
            double secs = (System.nanoTime() - t0) / 1e9;
            measureStart = Long.MAX_VALUE;   // the timer stops counting (it reads the field on the FX thread)
            Thread.sleep(50);
            long frames = 0, slowest = Long.MAX_VALUE;
            for (int i = 0; i < perSecond.length; i++) {
                frames += perSecond[i];
                if (i < (int) secs) slowest = Math.min(slowest, perSecond[i]);   // whole seconds only
            }
            if (detail) {
                StringBuilder b = new StringBuilder("  frame gaps (ms: count):");
                for (int i = 0; i < gaps.length; i++) if (gaps[i] > 0) b.append(' ').append(i).append(':').append(gaps[i]);
                System.out.println(b);
                java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
                for (java.lang.management.ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds()))
                    if (t != null && mx.getThreadCpuTime(t.getThreadId()) > 50_000_000L)
                        System.out.printf("  %-28s %6.0f ms CPU since start%n", t.getThreadName(), mx.getThreadCpuTime(t.getThreadId()) / 1e6);
            }
            long fx = cpuNanos(true) - fx0, render = cpuNanos(false) - r0, n = Math.max(1, frames);
            System.out.printf("CPU per frame: FX thread %.1f ms, render thread %.1f ms (%.0f%% and %.0f%% of one core)%n",
                    fx / 1e6 / n, render / 1e6 / n, fx / 1e7 / secs, render / 1e7 / secs);
            System.out.printf("frames/s while live: %.1f over %.1f s, slowest second %s (snapshots published: %.1f/s, %d goroutines in the last; %s; load average %.1f)%n",
                    frames / secs, secs, slowest == Long.MAX_VALUE ? "-" : Long.toString(slowest), snapshots / secs,
                    view.snapshot() == null ? 0 : view.snapshot().gs().size(), e.outcome() == null ? "still running" : "the program ended",
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
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

    private static volatile long measureStart;

    private static volatile String fxThreadName = "JavaFX Application Thread";
}
