package org.gmplab.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

import org.gmplab.Pulses;
import org.gmplab.session.Breakpoint;
import org.gmplab.session.Driver;
import org.gmplab.view.SchedulerView;
import org.gmplab.view.Theme;

/**
 * A screenshot series of the real window on a real display — for an X server without a GPU, run it under
 * Xvfb with software rendering (see {@code screenshots/README.md}):
 * <pre>
 *   xvfb-run -s "-screen 0 1280x800x24" java -Dprism.order=sw -cp target/gmplab.jar:target/test-classes \
 *       org.gmplab.app.WindowSeries\$Main screenshots
 * </pre>
 * It mounts the window as the app does (its 150 ms glides included), stops at the first steal with a
 * breakpoint, then steps on and back over the steal, and after each moment lets only a few pulses pass before
 * it captures the X screen (AWT's robot): what a person sees, not a re-rendered scene. It prints what the
 * state line and the model say at each picture, to compare with what is drawn.
 */
public final class WindowSeries extends Application {
    static Path out;

    /** Not in the Application subclass: the java launcher refuses one when JavaFX is on the class path. */
    public static final class Main {
        public static void main(String[] args) {
            out = Path.of(args.length > 0 ? args[0] : "target/screenshots");
            Application.launch(WindowSeries.class, args);
        }
    }

    private Scene scene;
    private Driver driver;
    private Label where;

    @Override
    public void start(Stage stage) throws Exception {
        BorderPane root = new BorderPane();
        SchedulerView view = new SchedulerView();
        GmpLabApp.Content content = GmpLabApp.content(root, view, GmpLabApp.defaultScenario());
        driver = content.driver();
        scene = new Scene(root, 1280, 800);
        scene.getStylesheets().addAll(Theme.stylesheets("light"));
        stage.setScene(scene);
        stage.setTitle("GMP Lab");
        stage.show();
        where = (Label) scene.lookup("#where");
        Thread script = new Thread(() -> {
            int code = 0;
            try {
                script();
            } catch (Throwable t) {
                t.printStackTrace();
                code = 1;
            }
            driver.close();
            System.exit(code);
        }, "series");
        script.setDaemon(true);
        script.start();
    }

    private void script() throws Exception {
        Files.createDirectories(out);
        Pulses.await(scene, 10);
        // at a breakpoint stop: run to the first steal
        fx(() -> driver.breakpoints().add(Breakpoint.of(Breakpoint.Kind.STEAL)));
        driver.runToBreakpoint().get(120, TimeUnit.SECONDS);
        shot("xvfb-1-breakpoint-at-steal", 3);
        long steal = driver.model().getPosition();
        // on past it, then a step back over the steal, each captured a few pulses after it is shown
        for (int i = 0; i < 3; i++) driver.stepEvent().get(60, TimeUnit.SECONDS);
        shot("xvfb-2-three-steps-after-steal", 3);
        while (driver.model().getPosition() >= steal) driver.stepBack().get(60, TimeUnit.SECONDS);
        shot("xvfb-3-stepped-back-over-steal", 3);
        // and the same moment again after the glide's time is long up
        Pulses.await(scene, 30);
        shot("xvfb-4-stepped-back-at-rest", 0);
    }

    /** Captures the X screen after {@code pulses} more pulses, and prints what the window says of the moment. */
    private void shot(String name, int pulses) throws Exception {
        if (pulses > 0) Pulses.await(scene, pulses);
        String[] said = new String[1];
        fx(() -> said[0] = where.getText() + " | model position " + driver.model().getPosition()
                + " | status: " + driver.model().statusProperty().get());
        Path png = out.resolve(name + ".png");
        java.awt.Rectangle screen = new java.awt.Rectangle(java.awt.Toolkit.getDefaultToolkit().getScreenSize());
        javax.imageio.ImageIO.write(new java.awt.Robot().createScreenCapture(screen), "png", png.toFile());
        System.out.println(png + ": " + said[0]);
    }

    private static void fx(Runnable r) throws Exception {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                r.run();
                done.complete(null);
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
        done.get(30, TimeUnit.SECONDS);
    }
}
