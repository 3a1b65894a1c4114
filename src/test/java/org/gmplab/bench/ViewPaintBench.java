package org.gmplab.bench;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javafx.application.Platform;

import org.gmplab.snapshot.Snapshot;
import org.gmplab.view.Layout;
import org.gmplab.view.SchedulerView;
import org.gmplab.view.Theme;
import org.gmplab.view.Worlds;

/**
 * Paint time per frame of the scheduler canvas, worst case: 8 Ps with full 256-slot rings and 10,000
 * goroutines (the rest in the global queue), headless on Monocle with the software pipeline. Not a test:
 * run it by hand (see docs/benchmarks-view.md). It measures, on the FX thread,
 * (1) Layout.compute, (2) one glide frame (all painters, tokens interpolated, marks), (3) a still frame,
 * and (4) a frame plus its rasterisation ({@code Canvas.snapshot}).
 */
public final class ViewPaintBench {
    public static void main(String[] args) throws Exception {
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("prism.order", "sw");
        System.setProperty("java.awt.headless", "true");
        int w = args.length > 0 ? Integer.parseInt(args[0]) : 1920, h = args.length > 1 ? Integer.parseInt(args[1]) : 1080;
        CompletableFuture<Void> up = new CompletableFuture<>();
        Platform.startup(() -> up.complete(null));
        up.get(30, TimeUnit.SECONDS);
        Snapshot a = Worlds.full(8, 256, 10_000);
        Snapshot b = Worlds.full(8, 256, 10_000);
        CompletableFuture<String> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                SchedulerView view = new SchedulerView();
                view.setTheme(Theme.named("light"));
                view.setCanvasSize(w, h);
                view.setAnimationMillis(1_000_000);
                StringBuilder out = new StringBuilder();
                out.append(String.format("canvas %dx%d, 8 Ps, 256-slot rings full, %d goroutines%n", w, h, a.gs().size()));
                out.append(row("Layout.compute", time(200, () -> Layout.compute(a, w, h, 1))));
                view.show(a, List.of());
                view.show(b, List.of());
                out.append(row("glide frame (all painters)", time(300, () -> view.paintAt(0.5))));
                out.append(row("still frame (all painters)", time(300, () -> view.paintAt(1))));
                out.append(row("frame + rasterise (snapshot)", time(30, () -> { view.paintAt(0.5); view.canvas().snapshot(null, null); })));
                done.complete(out.toString());
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
        System.out.print(done.get(10, TimeUnit.MINUTES));
        Platform.exit();
    }

    private static double[] time(int n, Runnable r) {
        for (int i = 0; i < n / 3 + 5; i++) r.run();   // warm-up
        double[] ms = new double[n];
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            r.run();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        return ms;
    }

    private static String row(String what, double[] ms) {
        return String.format("%-32s median %7.3f ms   p90 %7.3f ms   (n=%d)%n", what, ms[ms.length / 2], ms[(int) (ms.length * 0.9)], ms.length);
    }
}
