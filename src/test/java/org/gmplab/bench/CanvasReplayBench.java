package org.gmplab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

import org.gmplab.app.GmpLabApp;
import org.gmplab.history.History;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.ScenarioFiles;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.view.SchedulerView;
import org.gmplab.view.Theme;

/**
 * The render thread's CPU per frame for the same frames every run: the window's content (1280×800, Monocle,
 * software rendering), its canvas shown a new moment at every pulse, as live mode shows one, but the moments come
 * from step mode, {@code gmplab.bench.events} (20: about what a live frame at 0.02× brings) events apart, round and
 * round the run, so every run paints exactly the same pictures. Frames per second depend on the machine's load; the CPU each frame costs the
 * render and FX threads much less, and with the same frames it compares classes run by run (docs/benchmarks.md).
 * Arguments: GOMAXPROCS (8) and the scenario (spawn1000). Not a test: run it by hand.
 */
public final class CanvasReplayBench {
    public static void main(String[] args) throws Exception {
        int procs = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int step = Integer.getInteger("gmplab.bench.events", 20);
        int warmup = Integer.getInteger("gmplab.bench.warmupFrames", 150), frames = Integer.getInteger("gmplab.bench.frames", 300);
        Scenario sc = ScenarioFiles.load(Path.of(args.length > 1 ? args[1] : "scenarios/spawn1000.json")).withGomaxprocs(procs);
        // the moments, recorded first: each with the events since the one before
        List<Snapshot> moments = new ArrayList<>();
        List<List<Event>> passed = new ArrayList<>();
        History h = new History(sc);
        while (!h.finished()) {   // the whole run (spawn1000: about 2,500 events); the frames go round it
            List<Event> events = new ArrayList<>();
            for (int k = 0; k < step && h.stepEvent(); k++) events.addAll(h.lastEvents());
            moments.add(h.snapshot());
            passed.add(events);
        }
        FrameMeter.startHeadless();
        CompletableFuture<long[]> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            BorderPane root = new BorderPane();
            SchedulerView view = new SchedulerView();
            GmpLabApp.content(root, view, sc);
            Scene scene = new Scene(root, 1280, 800);
            scene.getStylesheets().addAll(Theme.stylesheets("light"));
            Stage stage = new Stage();
            stage.setScene(scene);
            stage.show();
            new AnimationTimer() {
                int i;
                long fx0, render0;
                @Override public void handle(long now) {
                    if (i == warmup) { fx0 = cpu(true); render0 = cpu(false); }
                    if (i == warmup + frames) {
                        stop();
                        done.complete(new long[] {cpu(true) - fx0, cpu(false) - render0, i - warmup});
                        return;
                    }
                    view.show(moments.get(i % moments.size()), passed.get(i % moments.size()));
                    i++;
                }
            }.start();
        });
        long[] r = done.get(20, TimeUnit.MINUTES);
        System.out.printf("%d frames (after %d), %d events apart, GOMAXPROCS %d: CPU per frame: FX thread %.2f ms, render thread %.2f ms (load average %.1f)%n",
                r[2], warmup, step, procs, r[0] / 1e6 / r[2], r[1] / 1e6 / r[2], ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        Platform.exit();
    }

    /** CPU time so far of the FX application thread or of Prism's render thread. */
    private static long cpu(boolean fx) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds())) {
            if (t == null) continue;
            boolean match = fx ? t.getThreadName().equals("JavaFX Application Thread") : t.getThreadName().startsWith("QuantumRenderer");
            if (match) sum += Math.max(0, mx.getThreadCpuTime(t.getThreadId()));
        }
        return sum;
    }
}
