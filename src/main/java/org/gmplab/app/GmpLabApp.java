package org.gmplab.app;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

import org.gmplab.session.Driver;
import org.gmplab.controls.ControlsPane;
import org.gmplab.editor.EditorDialogs;
import org.gmplab.editor.ScenarioEditor;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.controls.Words;
import org.gmplab.lessons.Text.Lang;
import org.gmplab.lessons.player.CjkFont;
import org.gmplab.lessons.player.LessonPlayer;
import org.gmplab.lessons.player.Progress;
import org.gmplab.history.History;
import org.gmplab.io.Folders;
import org.gmplab.view.SchedulerView;
import org.gmplab.view.Theme;

/**
 * The window: the scheduler canvas with the controls of {@link ControlsPane} (transport over the recorded
 * history, event log, schedtrace, breakpoints, inject, assumptions) and a theme choice. With no
 * argument it opens the built-in copy of {@code scenarios/spawn1000.json}, so the jar works from any directory;
 * a scenario file can be given as the first application argument. Its lessons are those of {@link Folders#lessons},
 * or of the folder named by {@code --lessons=DIR}.
 */
public final class GmpLabApp extends Application {
    private Driver driver;
    private LessonPlayer player;

    @Override
    public void start(Stage stage) throws Exception {
        List<String> args = getParameters().getUnnamed();
        String lessonsDir = getParameters().getNamed().get("lessons");   // --lessons DIR (see Launcher)
        Scenario sc = args.isEmpty() ? defaultScenario() : org.gmplab.scenario.gosrc.ScenarioFiles.load(Path.of(args.get(0)));
        BorderPane root = new BorderPane();
        SchedulerView view = new SchedulerView();
        Content c = content(root, view, sc);
        driver = c.driver;
        // A Go scenario given at start is the editor's text (and the editor is shown); otherwise the editor
        // starts with the Go version of the default scenario, or a small template beside another JSON one.
        if (!args.isEmpty()) {
            Path file = Path.of(args.get(0));
            if (file.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".go")) {
                c.editor.startWith(org.gmplab.scenario.ScenarioJson.readText(file), file, null);
                c.editorToggle.setSelected(true);
            } else {
                c.editor.startWith(ScenarioEditor.TEMPLATE, null, "untitled.go");
            }
        }
        player = lessons(root, c, view, Folders.lessons(lessonsDir == null ? null : Path.of(lessonsDir)), Progress.forUser());
        // A learner who was in a lesson last time gets it back at once; others start with the controls.
        if (!Progress.forUser().lastLesson().isEmpty()) {
            player.resumeWhenCanvasReady(); // back to the learner's last lesson and step
            c.lessons.setSelected(true);
        }
        Scene scene = new Scene(root, 1280, 800);
        scene.getStylesheets().add(Theme.stylesheet("light").toExternalForm());
        c.theme.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            scene.getStylesheets().setAll(Theme.stylesheet(b).toExternalForm());
            view.setTheme(Theme.named(b));
        });
        stage.setTitle(title(sc));
        driver.model().scenarioProperty().addListener((o, a, b) -> { if (b != null) stage.setTitle(title(b)); });
        stage.setScene(scene);
        // closing with edited, unsaved scenario text asks first (Save / Discard / Cancel)
        stage.setOnCloseRequest(e -> { if (!c.editor.confirmDiscard()) e.consume(); });
        stage.show();
    }

    /** The parts of the window, for tests that mount the same content. */
    record Content(Driver driver, ChoiceBox<String> theme, ControlsPane pane, javafx.scene.control.ToggleButton lessons,
                   ScenarioEditor editor, javafx.scene.control.ToggleButton editorToggle) {}

    /** The window's title: the scenario and the Go release whose scheduler runs it. */
    static String title(Scenario sc) { return "GMP Lab — " + sc.name() + " (Go " + sc.goRelease() + ")"; }

    /**
     * Mounts the canvas with the controls (transport over a {@link History}, event log, schedtrace,
     * breakpoints, inject, assumptions) into {@code root}.
     */
    static Content content(BorderPane root, SchedulerView view, Scenario sc) {
        view.setCaption(sc.name());
        Driver driver = new Driver(new History(sc));
        driver.model().scenarioProperty().addListener((o, a, b) -> view.setCaption(b.name()));
        ChoiceBox<String> theme = new ChoiceBox<>();
        theme.setId("theme");
        theme.getItems().setAll(Theme.NAMES);
        theme.getSelectionModel().select("light");
        Words.choices(theme);
        theme.setTooltip(new Tooltip("Colours: light, dark, or projector (high contrast, large type)"));
        Label themeLabel = new Label(" theme ");
        javafx.scene.control.ToggleButton presenterButton = new javafx.scene.control.ToggleButton("Presenter");
        presenterButton.setId("presenter");
        presenterButton.setTooltip(new Tooltip("Presenter mode: the canvas fills the window, in the projector theme and large type; again to go back (F5)"));
        ControlsPane.icon(presenterButton, "▣");
        javafx.scene.control.Button helpButton = new javafx.scene.control.Button("?");
        helpButton.setId("help");
        helpButton.setTooltip(new Tooltip("Keyboard shortcuts (?)"));
        javafx.scene.control.ToggleButton lessons = new javafx.scene.control.ToggleButton("Lessons");
        lessons.setId("lessons");
        lessons.setTooltip(new Tooltip("Show or hide the lessons beside the canvas (L); in presenter mode, the lesson's caption under it"));
        ChoiceBox<Lang> language = new ChoiceBox<>();
        language.setId("uiLanguage");
        language.getItems().setAll(Lang.EN, Lang.ZH);
        language.setConverter(new javafx.util.StringConverter<>() {
            @Override public String toString(Lang l) { return l == Lang.ZH ? "简体中文" : "English"; }
            @Override public Lang fromString(String s) { return "简体中文".equals(s) ? Lang.ZH : Lang.EN; }
        });
        language.valueProperty().bindBidirectional(Words.languageProperty());
        language.setTooltip(new Tooltip("The window's language: English or Simplified Chinese"));
        // The scenario editor on the left of the canvas, shown and hidden by the "Editor" button.
        ScenarioEditor editor = new ScenarioEditor(driver, EditorDialogs.NATIVE);
        editor.startWith(ScenarioEditor.defaultSource(), null, "spawn.go");
        javafx.scene.control.ToggleButton editorToggle = new javafx.scene.control.ToggleButton("Editor");
        editorToggle.setId("editorToggle");
        editorToggle.setTooltip(new Tooltip("Show or hide the scenario editor: edit a program in Go, run it, open and save files"));
        ControlsPane.icon(editorToggle, "✎");
        org.gmplab.controls.GoVersionChoice goVersion = new org.gmplab.controls.GoVersionChoice(driver);
        // settings rarely changed in front of a class make way for the picture in presenter mode
        for (javafx.scene.Node n : new javafx.scene.Node[] {goVersion, themeLabel, theme}) n.getProperties().put(ControlsPane.PRESENTER_HIDES, true);
        ControlsPane pane = new ControlsPane(driver, view, goVersion, themeLabel, theme, language, editorToggle, lessons, presenterButton, helpButton);
        goVersion.lockWith(pane.lockedProperty());
        editorToggle.selectedProperty().addListener((o, was, on) -> pane.showLeft(on ? editor : null));
        helpButton.setOnAction(e -> pane.toggleHelp());
        view.setAnimationMillis(150);
        String[] before = {"light"};
        // the root's style: larger type in presenter mode, the bundled CJK font in Chinese
        Runnable restyle = () -> root.setStyle((pane.presentingProperty().get() ? "-fx-font-size: 18px;" : "")
                + (Words.language() == Lang.ZH ? "-fx-font-family: '" + CjkFont.family() + "';" : ""));
        // presenter mode: the projector theme while it lasts, and the theme chosen before it back after
        pane.onPresenter(() -> {
            boolean on = !pane.presentingProperty().get();
            if (on) before[0] = theme.getValue();
            theme.setValue(on ? "projector" : before[0]);
            pane.present(on);
            restyle.run();
        });
        // the toggle shows the mode, however it was switched (F5 or a click)
        pane.presentingProperty().addListener((o, a, on) -> presenterButton.setSelected(on));
        // the whole window speaks the chosen language (kept alive by the root, which holds the listener)
        javafx.beans.value.ChangeListener<Lang> speak = (o, a, b) -> {
            Words.translate(root);
            restyle.run();
        };
        root.getProperties().put(Words.class, speak);
        // the canvas paints its own words, in the bundled CJK font when in Chinese
        Words.onChange(view, () -> view.setWording(Words.language() == Lang.ZH
                ? new org.gmplab.view.Wording("zh", s -> Words.get(s), CjkFont.family()) : org.gmplab.view.Wording.ENGLISH));
        Words.languageProperty().addListener(new javafx.beans.value.WeakChangeListener<>(speak));
        if (Words.language() != Lang.EN) speak.changed(null, null, Words.language());
        presenterButton.setOnAction(e -> pane.presenter());
        root.setCenter(pane);
        return new Content(driver, theme, pane, lessons, editor, editorToggle);
    }

    /**
     * The lesson player beside the canvas, shown and hidden by the toolbar's "Lessons" button. It shows its
     * moments through the window's transport ({@link TransportScreen}), which it locks while the lesson drives.
     */
    static LessonPlayer lessons(BorderPane root, Content c, SchedulerView view, Path dir, Progress progress) {
        LessonPlayer[] p = {null};
        TransportScreen screen = new TransportScreen(c.driver, c.pane, view, () -> p[0].drivingNote());
        LessonPlayer player = p[0] = new LessonPlayer(view, dir, progress, screen);
        Words.languageProperty().bindBidirectional(player.langProperty());   // one language for the window and the lessons
        // In presenter mode the lesson pane stays in the window (its keys work) but takes no room: its step is a
        // caption strip under the canvas.
        org.gmplab.lessons.player.CaptionStrip caption = new org.gmplab.lessons.player.CaptionStrip(player);
        Runnable place = () -> {
            boolean shown = c.lessons.isSelected(), presenting = c.pane.presentingProperty().get();
            player.setVisible(!presenting);
            player.setManaged(!presenting);
            c.pane.showBelow(shown && presenting && player.lesson() != null ? caption : null);
        };
        player.captionProperty().addListener((o, a, b) -> place.run());
        c.pane.presentingProperty().addListener((o, a, b) -> place.run());
        c.lessons.selectedProperty().addListener((o, was, on) -> {
            root.setRight(on ? player : null);
            place.run();
            if (!on) screen.release();   // hidden lessons do not hold the controls
            else if (player.lesson() != null) player.open(player.lesson(), player.stepIndex());
            if (on) player.focus();
        });
        // L shows and hides the lessons (not while typing), so a lesson can be walked without the mouse
        javafx.event.EventHandler<javafx.scene.input.KeyEvent> toggle = e -> {
            javafx.scene.Scene sc = c.pane.getScene();
            if (e.getCode() != javafx.scene.input.KeyCode.L || sc == null || ControlsPane.typing(sc.getFocusOwner()) || e.isShortcutDown()) return;
            c.lessons.setSelected(!c.lessons.isSelected());
            e.consume();
        };
        if (c.pane.getScene() != null) c.pane.getScene().addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, toggle);   // shown already
        c.pane.sceneProperty().addListener((o, a, sc) -> {
            if (a != null) a.removeEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, toggle);
            if (sc != null) sc.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, toggle);
        });
        return player;
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
        if (driver != null) driver.close();
        if (player != null) player.close();
    }
}
