package org.gmplab.bench;

import org.gmplab.app.GmpLabApp;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.ScenarioFiles;
import org.gmplab.view.SchedulerView;
import org.gmplab.view.Theme;

/**
 * Frames per second of the whole window in live mode, headless on Monocle: the window's content as the app
 * mounts it (canvas, toolbar, event log, schedtrace pane…), 1280×800, switched to Live as a user would, on
 * spawn1000 (or the scenario given) with GOMAXPROCS from the first argument. Unlike {@code ViewFpsBench}, the
 * window takes its own live frames and fills its event log. The live clock runs at {@code gmplab.bench.speed}
 * × real time (0.05 by default; the window starts at 0.004, 4 ms of Go time a second). With
 * {@code -Dgmplab.bench.mode=play} it presses Play in step mode instead, at the window's speed (or
 * {@code gmplab.bench.speed} steps a second). The report has the FX thread's CPU time frame by frame
 * ({@link FrameMeter}). With {@code -Dgmplab.bench.frames=N} the window is N frames after
 * {@code gmplab.bench.warmupFrames} (120) rather than seconds: on a loaded machine that still measures as many
 * frames, and the CPU per frame is the figure to compare (the program must last that long: choose a slow
 * speed). With {@code -Dgmplab.bench.regions=true} it prints the shown regions whose background has more than one
 * fill (Prism draws those from a cached image, stretched, whenever something above them is drawn again). With {@code -Dgmplab.bench.mode=repaint} it shows step mode's
 * moment {@code gmplab.bench.at} (3000), its log full of rows, and has Prism draw the log's area again at every
 * pulse, the same rows each time, as a catch-up makes it do: the render thread's CPU per frame is then what
 * drawing the table costs. With {@code -Dgmplab.bench.pulses=true} it also says what made each missed pulse ({@link PulseProbe}). It sits beside the app's tests because it mounts the window as they do. Not a test: run
 * it by hand (docs/benchmarks.md).
 */
public final class WindowFpsBench {
    public static void main(String[] args) throws Exception {
        boolean play = System.getProperty("gmplab.bench.mode", "live").equals("play");
        boolean repaint = System.getProperty("gmplab.bench.mode", "live").equals("repaint");
        String speedSet = System.getProperty("gmplab.bench.speed");
        double speed = Double.parseDouble(speedSet != null ? speedSet : "0.05");
        double warmup = Double.parseDouble(System.getProperty("gmplab.bench.warmup", "1.5"));
        int seconds = Integer.getInteger("gmplab.bench.seconds", 5);
        int frames = Integer.getInteger("gmplab.bench.frames", 0), warmupFrames = Integer.getInteger("gmplab.bench.warmupFrames", 120);
        FrameMeter meter = new FrameMeter(frames > 0 ? 1200 : seconds);
        PulseProbe probe = Boolean.getBoolean("gmplab.bench.pulses") ? new PulseProbe() : null;
        FrameMeter.startHeadless();

        Scenario sc = ScenarioFiles.load(Path.of(args.length > 1 ? args[1] : "scenarios/spawn1000.json")).withGomaxprocs(Integer.parseInt(args.length > 0 ? args[0] : "2"));
        CompletableFuture<GmpLabApp.Content> shown = new CompletableFuture<>();
        Platform.runLater(() -> {
            if (probe != null) probe.install();   // its timer first: it opens each pulse
            BorderPane root = new BorderPane();
            SchedulerView view = new SchedulerView();
            GmpLabApp.Content c = GmpLabApp.content(root, view, sc);
            Scene scene = new Scene(repaint ? new javafx.scene.layout.Pane(root) : root, 1280, 800);
            if (repaint) { root.setPrefSize(1280, 800); root.resize(1280, 800); }
            scene.getStylesheets().addAll(Theme.stylesheets("light"));
            Stage stage = new Stage();
            stage.setScene(scene);
            stage.show();
            String tab = System.getProperty("gmplab.bench.tab");   // e.g. tab-assumptions: the side pane without the event log
            if (tab != null) ((javafx.scene.control.TabPane) scene.lookup("#sideTabs")).getSelectionModel()
                    .select(((javafx.scene.control.TabPane) scene.lookup("#sideTabs")).getTabs().stream().filter(t -> tab.equals(t.getId())).findFirst().orElseThrow());
            String hide = System.getProperty("gmplab.bench.hide");   // e.g. #scheduler-view,#where: what the window costs without them
            if (hide != null) for (String id : hide.split(",")) scene.lookup(id).setVisible(false);
            if (Boolean.getBoolean("gmplab.bench.regions")) Platform.runLater(() -> printRegions(root, ""));
            meter.install();
            if (probe != null) {
                probe.listen(scene);
                probe.flag("world", c.driver().model().snapshotProperty());
                probe.flag("log rows", ((javafx.scene.control.TableView<?>) scene.lookup("#eventLog")).getItems());
            }
            shown.complete(c);
        });
        GmpLabApp.Content c = shown.get(10, TimeUnit.MINUTES);   // a loaded machine may take minutes
        if (repaint) {   // step mode, the log full of rows, and the event log's area drawn again at every pulse
            c.driver().jumpTo(Long.getLong("gmplab.bench.at", 3000)).get(10, TimeUnit.MINUTES);
            c.driver().idle().get(10, TimeUnit.MINUTES);
            Platform.runLater(() -> {
                javafx.scene.Scene scene = javafx.stage.Window.getWindows().get(0).getScene();
                javafx.scene.Node table = scene.lookup("#eventLog");
                javafx.geometry.Bounds b = table.localToScene(table.getLayoutBounds());
                // a shape that draws nothing over the table, its fill changed at every pulse: Prism draws again
                // whatever lies under it, as it does when the log catches up (the same rows every time)
                javafx.scene.shape.Rectangle over = new javafx.scene.shape.Rectangle(b.getMinX(), b.getMinY(), b.getWidth(), b.getHeight());
                over.setManaged(false);
                over.setMouseTransparent(true);
                over.setFill(javafx.scene.paint.Color.TRANSPARENT);
                ((javafx.scene.layout.Pane) scene.getRoot()).getChildren().add(over);
                new javafx.animation.AnimationTimer() {
                    boolean odd;
                    @Override public void handle(long now) {
                        odd = !odd;
                        over.setFill(odd ? javafx.scene.paint.Color.rgb(255, 255, 255, 0) : javafx.scene.paint.Color.TRANSPARENT);
                    }
                }.start();
            });
        } else if (play) {
            if (speedSet != null) c.driver().setSpeed(speed).get(10, TimeUnit.SECONDS);   // steps a second
            c.driver().play().get(10, TimeUnit.SECONDS);
        } else {
            c.driver().setSpeed(speed * 1000).get(10, TimeUnit.SECONDS);   // the control counts ms of Go time a second
            c.driver().setMode(Engine.Mode.LIVE).get(10, TimeUnit.SECONDS);
        }
        long started = System.nanoTime();   // the engine's progress: its events per second of wall time, below
        if (!play && !repaint) System.out.printf("live from %.2f s after the JVM's start%n", java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() / 1e3);
        if (frames > 0) {   // counted in frames: as many frames measured whatever the load
            meter.awaitPulses(warmupFrames, 600);
            meter.begin();
            if (probe != null) probeBegin(probe);
            meter.awaitPulses(frames, 1200);
        } else {
            Thread.sleep((long) (warmup * 1000));
            meter.begin();
            if (probe != null) probeBegin(probe);
            long deadline = System.nanoTime() + seconds * 1_000_000_000L;
            while (System.nanoTime() < deadline && (repaint || !c.driver().model().finishedProperty().get())) Thread.sleep(20);
        }
        double ran = (System.nanoTime() - started) / 1e9;
        boolean finished = c.driver().model().finishedProperty().get();
        meter.end();
        if (probe != null) probe.end();
        if (Boolean.getBoolean("gmplab.bench.detail")) System.out.println(meter.detail());
        System.out.println(meter.report());
        if (probe != null) System.out.println(probe.report());
        CompletableFuture<String> after = new CompletableFuture<>();
        Platform.runLater(() -> {
            int events = c.driver().model().eventLog().size();
            after.complete(events + " events in the log" + (play || repaint ? "" : String.format(" (%.0f a second of the %.1f s since Live%s)",
                    events / ran, ran, finished ? ", to the program's end" : "")) + "; " + c.driver().model().statusProperty().get());
        });
        System.out.println(after.get(10, TimeUnit.SECONDS));
        c.driver().close();
        Platform.exit();
    }

    /** Starts the probe's window, counting the log's catch-ups and the rows given another event (each is styled again). */
    private static void probeBegin(PulseProbe probe) throws Exception {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            javafx.scene.Scene scene = javafx.stage.Window.getWindows().get(0).getScene();
            probe.count("log catch-ups (the table's rows edited)", ((javafx.scene.control.TableView<?>) scene.lookup("#eventLog")).getItems());
            for (javafx.scene.Node n : scene.lookup("#eventLog").lookupAll(".table-row-cell"))
                if (n instanceof javafx.scene.control.TableRow<?> row) probe.count("table rows given another event", row.itemProperty());
            probe.begin();
            done.complete(null);
        });
        done.get(10, TimeUnit.MINUTES);
    }

    /** Regions whose background has more than one fill (Prism draws those from a cached image, stretched), largest first. */
    private static void printRegions(javafx.scene.Parent n, String path) {
        for (javafx.scene.Node c : n.getChildrenUnmodifiable()) {
            if (c instanceof javafx.scene.layout.Region r && r.isVisible() && r.getBackground() != null && r.getBackground().getFills().size() > 1
                    && r.getWidth() * r.getHeight() > 20_000)
                System.out.printf("%8.0f px2 %d fills %s %s%n", r.getWidth() * r.getHeight(), r.getBackground().getFills().size(), r.getClass().getSimpleName(), r.getStyleClass() + " " + r.getId());
            if (c instanceof javafx.scene.Parent p && c.isVisible()) printRegions(p, path);
        }
    }
}
