package org.gmplab.app;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import javafx.application.Application;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

import org.gmplab.engine.program.Scenario;
import org.gmplab.engine.program.ScenarioException;
import org.gmplab.engine.program.ScenarioJson;
import org.gmplab.lessons.player.LessonPlayer;
import org.gmplab.lessons.player.Progress;
import org.gmplab.view.SchedulerView;
import org.gmplab.view.Theme;

/**
 * The window: the scheduler canvas under a small toolbar (step, play/pause, reset, speed, theme). With no
 * argument it opens the built-in copy of {@code scenarios/spawn1000.json}, so the jar works from any directory;
 * a scenario file can be given as the first application argument.
 */
public final class GmpLabApp extends Application {
    private Session session;
    private LessonPlayer player;

    @Override
    public void start(Stage stage) throws Exception {
        List<String> args = getParameters().getRaw();
        Scenario sc = args.isEmpty() ? defaultScenario() : ScenarioJson.load(Path.of(args.get(0)));
        BorderPane root = new BorderPane();
        SchedulerView view = new SchedulerView();
        Content c = content(root, view, sc);
        session = c.session;
        player = new LessonPlayer(view, Path.of("lessons"), Progress.forUser());   // the lesson player, beside the canvas
        root.setRight(player);
        player.resumeWhenCanvasReady();
        Scene scene = new Scene(root, 1280, 800);
        scene.getStylesheets().add(Theme.stylesheet("light").toExternalForm());
        c.theme.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            scene.getStylesheets().setAll(Theme.stylesheet(b).toExternalForm());
            view.setTheme(Theme.named(b));
        });
        stage.setTitle("GMP Lab — " + sc.name());
        stage.setScene(scene);
        stage.show();
    }

    /** The parts of the window, for tests that mount the same content. */
    record Content(Session session, ChoiceBox<String> theme) {}

    static Content content(BorderPane root, SchedulerView view, Scenario sc) {
        view.setCaption(sc.name());
        Session session = new Session(sc, view::publish);
        Button step = new Button("Step");
        step.setId("step");
        ToggleButton play = new ToggleButton("Play");
        play.setId("play");
        Button reset = new Button("Reset");
        reset.setId("reset");
        Slider speed = new Slider(1, 30, 4);
        speed.setId("speed");
        speed.setPrefWidth(160);
        ChoiceBox<String> theme = new ChoiceBox<>();
        theme.setId("theme");
        theme.getItems().setAll(Theme.NAMES);
        theme.getSelectionModel().select("light");
        Runnable applySpeed = () -> {
            double perSecond = speed.getValue();
            view.setAnimationMillis(Math.min(600, 800 / perSecond));   // the glide fits between two steps
            if (play.isSelected()) session.play(perSecond);
        };
        applySpeed.run();
        speed.valueProperty().addListener((o, a, b) -> applySpeed.run());
        step.setOnAction(e -> session.step());
        play.selectedProperty().addListener((o, a, on) -> {
            play.setText(on ? "Pause" : "Play");
            if (on) session.play(speed.getValue());
            else session.pause();
        });
        reset.setOnAction(e -> {
            play.setSelected(false);
            session.reset();
        });
        ToolBar bar = new ToolBar(step, play, reset, new Label("steps/s"), speed, new Label("theme"), theme);
        root.setTop(bar);
        Label inspector = new Label("Click a goroutine, an M, a P or a queue to inspect it.");
        inspector.setId("inspector");
        inspector.setPadding(new Insets(4, 8, 4, 8));
        view.selectionProperty().addListener((o, a, b) -> inspector.setText(b.isEmpty() ? "Click a goroutine, an M, a P or a queue to inspect it." : b));
        root.setBottom(inspector);
        root.setCenter(view);
        BorderPane.setMargin(view, new Insets(0));
        return new Content(session, theme);
    }

    /** The built-in copy of scenarios/spawn1000.json. */
    static Scenario defaultScenario() throws ScenarioException {
        try (InputStream in = GmpLabApp.class.getResourceAsStream("spawn1000.json")) {
            return ScenarioJson.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "spawn1000.json");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void stop() {
        if (session != null) session.close();
        if (player != null) player.close();
    }
}
