package org.gmplab.app;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import javafx.application.Platform;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;

import org.gmplab.cli.Main;
import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.gosrc.ScenarioFiles;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.io.AtomicFile;
import org.gmplab.view.Holders;
import org.gmplab.view.SchedulerView;
import org.gmplab.view.Theme;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gmplab screenshot}: renders the canvas after N steps to a PNG, with no display (JavaFX on Monocle's
 * headless glass, software rendering). The PNG is written with ImageIO from the canvas's pixels, atomically
 * ({@link AtomicFile}): an existing file is replaced whole or not at all.
 */
@Command(name = "screenshot", mixinStandardHelpOptions = true,
        description = "Render the scheduler canvas after N steps to a PNG, headless.")
public final class ScreenshotCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENARIO", description = "scenario file (.go or .json)")
    Path scenarioFile;

    @Option(names = "--at", paramLabel = "N", defaultValue = "0", description = "steps (major events) to run first; default 0")
    int at;

    @Option(names = "--until-event", paramLabel = "KIND",
            description = "after --at, keep stepping until a step has an event of this kind (e.g. STEAL, HANDOFFP)")
    String untilEvent;

    @Option(names = "--progress", paramLabel = "T", defaultValue = "1",
            description = "how far the glide into the last step has gone, 0..1 (0.5 = mid-animation); default 1")
    double progress;

    @Option(names = "--theme", paramLabel = "NAME", defaultValue = "light", description = "light, dark or projector")
    String theme;

    @Option(names = "--size", paramLabel = "WxH", defaultValue = "1280x720", description = "canvas size; default ${DEFAULT-VALUE}")
    String size;

    @Option(names = "--gomaxprocs", paramLabel = "N", description = "number of Ps; default: the scenario's")
    Integer gomaxprocs;

    @Option(names = "--go", paramLabel = "1.23|1.26", description = "Go release whose G-M-P rules run: 1.23 or 1.26; default: the scenario's")
    String go;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true, description = "PNG file to write")
    Path output;

    @Override
    public Integer call() throws Exception {
        if (!Theme.NAMES.contains(theme)) throw new Main.BadInput("--theme must be light, dark or projector, got '" + theme + "'");
        Engine.prepareStepMode();
        String[] wh = size.toLowerCase(Locale.ROOT).split("x");
        int w, h;
        try {
            w = Integer.parseInt(wh[0]);
            h = Integer.parseInt(wh[1]);
        } catch (RuntimeException e) {
            throw new Main.BadInput("--size must be WIDTHxHEIGHT, e.g. 1280x720, got '" + size + "'");
        }
        if (w < 320 || h < 200 || w > 7680 || h > 4320) throw new Main.BadInput("--size must be between 320x200 and 7680x4320");
        if (at < 0) throw new Main.BadInput("--at must be >= 0");
        Scenario sc;
        try {
            sc = ScenarioFiles.load(scenarioFile);
            if (gomaxprocs != null) sc = sc.withGomaxprocs(gomaxprocs);
            if (go != null) sc = Main.withGo(sc, go);
        } catch (ScenarioException e) {
            throw new Main.BadInput(e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new Main.BadInput("--" + e.getMessage());
        }
        EventKind kind = null;
        if (untilEvent != null) {
            try {
                kind = EventKind.valueOf(untilEvent.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new Main.BadInput("--until-event: no event kind '" + untilEvent + "'");
            }
        }
        Snapshot before, after;
        List<Event> events;
        Holders held = new Holders();   // which M had each P up to `before`, for a hand-off's slide
        int steps = 0;
        try (Engine e = Engine.step(sc)) {
            e.drainEvents();
            before = e.snapshot();
            after = before;
            events = List.of();
            while (steps < at || (kind != null && !has(events, kind))) {
                if (steps > at + 100_000) throw new Main.BadInput("no " + kind + " event within 100000 steps after --at " + at);
                held.note(before);
                before = after;
                Engine.Stop stop = e.step();
                events = e.drainEvents();
                steps++;
                after = e.snapshot();
                if (stop != Engine.Stop.EVENT && (steps < at || kind != null && !has(events, kind))) break;
            }
            org.gmplab.engine.Outcome o = e.outcome();
            if (o != null && o.kind() == org.gmplab.engine.Outcome.Kind.STOPPED) {   // a limit (memory) stopped the run
                spec.commandLine().getErr().println("gmplab: " + o.message());
                return Main.STOPPED;
            }
        }
        render(before, after, events, held, sc.name() + " · step " + steps, w, h, output);
        spec.commandLine().getOut().println("wrote " + output + " (" + w + "x" + h + ", step " + steps + ", theme " + theme + ")");
        return 0;
    }

    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    private static boolean has(List<Event> events, EventKind k) {
        for (Event e : events) if (e.kind() == k) return true;
        return false;
    }

    private void render(Snapshot before, Snapshot after, List<Event> events, Holders held, String caption, int w, int h, Path out)
            throws Exception {
        startHeadlessToolkit();
        CompletableFuture<BufferedImage> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                SchedulerView view = new SchedulerView();
                view.setTheme(Theme.named(theme));
                view.setCanvasSize(w, h);
                view.setCaption(caption);
                view.setAnimationMillis(1000);
                view.remember(held);
                view.show(before, List.of());
                view.show(after, events);
                view.paintAt(progress);
                if (!view.errorProperty().get().isEmpty()) throw new IllegalStateException(view.errorProperty().get());
                WritableImage img = view.canvas().snapshot(null, null);
                done.complete(toBufferedImage(img));
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
        BufferedImage img;
        try {
            img = done.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw (Exception) (e.getCause() instanceof Exception ex ? ex : e);
        }
        try {
            Path parent = out.toAbsolutePath().getParent();
            if (parent != null) java.nio.file.Files.createDirectories(parent);
            try (AtomicFile.Open file = AtomicFile.open(out)) {   // an old PNG stays whole until the new one is
                ImageIO.write(img, "png", file.stream());
                file.commit();
            }
        } catch (IOException e) {
            throw new Main.BadInput("cannot write " + out + ": " + e.getMessage());
        }
    }

    /** JavaFX without a display: Monocle's headless glass and the software pipeline, set before the toolkit starts. */
    static void startHeadlessToolkit() throws InterruptedException {
        if (System.getProperty("glass.platform") == null) {
            System.setProperty("glass.platform", "Monocle");
            System.setProperty("monocle.platform", "Headless");
            System.setProperty("prism.order", "sw");
            System.setProperty("java.awt.headless", "true");
        }
        CompletableFuture<Void> up = new CompletableFuture<>();
        try {
            Platform.startup(() -> up.complete(null));
        } catch (IllegalStateException alreadyRunning) {
            up.complete(null);
        }
        try {
            up.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("JavaFX did not start: " + e.getMessage(), e);
        }
    }

    /** An FX image as an ARGB BufferedImage, without javafx-swing. */
    public static BufferedImage toBufferedImage(WritableImage img) {
        int w = (int) img.getWidth(), h = (int) img.getHeight();
        int[] argb = new int[w * h];
        img.getPixelReader().getPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), argb, 0, w);
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        out.setRGB(0, 0, w, h, argb, 0, w);
        return out;
    }
}
