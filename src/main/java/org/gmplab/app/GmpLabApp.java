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
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

import org.gmplab.session.Driver;
import org.gmplab.controls.ControlsPane;
import org.gmplab.editor.EditorDialogs;
import org.gmplab.editor.ScenarioEditor;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.controls.Language;
import org.gmplab.controls.Tips;
import org.gmplab.i18n.Lang;
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
        StartProbe.mark("JavaFX up");
        List<String> args = getParameters().getUnnamed();
        if (args.size() == 2) {   // a scenario beside a real Go run of the same program
            sideBySide(stage, Path.of(args.get(0)), Path.of(args.get(1)));
            return;
        }
        Window w = open(stage, args, getParameters().getNamed(), Progress.forUser());
        driver = w.content().driver();
        player = w.player();
    }

    /** The window as {@link #open} made it. */
    record Window(Content content, LessonPlayer player, SchedulerView view) {}

    /**
     * Opens the window on {@code stage} as the application arguments ask: {@code args} at most a scenario file or a
     * real Go run's trace; {@code named} the folder of lessons ({@code lessons}) and the lesson step to open at
     * ({@code lesson}, a link such as {@code work-stealing#3}, see {@link org.gmplab.lessons.Links}; else the
     * learner's last one).
     */
    static Window open(Stage stage, List<String> args, java.util.Map<String, String> named, Progress progress) throws Exception {
        String lessonsDir = named.get("lessons");   // --lessons DIR (see Launcher)
        Path trace = args.isEmpty() || !Launcher.traceName(args.get(0)) ? null : Path.of(args.get(0));
        Scenario sc = args.isEmpty() || trace != null ? defaultScenario() : org.gmplab.scenario.gosrc.ScenarioFiles.load(Path.of(args.get(0)));
        BorderPane root = new BorderPane();
        SchedulerView view = new SchedulerView();
        Content c = content(root, view, sc);
        // A Go scenario given at start is the editor's text (and the editor is shown); otherwise the editor
        // starts with the Go version of the default scenario, or a small template beside another JSON one.
        if (trace != null) {   // a real Go run: walked as a run, its queues unknown
            c.editor().openRealTrace(trace);
        } else if (!args.isEmpty()) {
            Path file = Path.of(args.get(0));
            if (file.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".go")) {
                c.editor().startWith(org.gmplab.scenario.ScenarioJson.readText(file), file, null);
                c.editorToggle.setSelected(true);
            } else {
                c.editors().then(e -> e.startWith(ScenarioEditor.TEMPLATE, null, "untitled.go"));
            }
        }
        LessonPlayer player = lessons(root, c, view, Folders.lessons(lessonsDir == null ? null : Path.of(lessonsDir)), progress);
        // gmplab lesson ID opens that lesson's step; a learner who was in a lesson last time gets it back at once;
        // others start with the controls.
        String link = named.get("lesson");
        if (link != null) {
            player.openWhenCanvasReady(link);
            c.lessons.setSelected(true);
        } else if (!progress.lastLesson().isEmpty()) {
            player.resumeWhenCanvasReady(); // back to the learner's last lesson and step
            c.lessons.setSelected(true);
        }
        c.welcome.onSeen(progress::setWelcomed);
        // the first start with nothing asked for: where to begin (once; the Help menu has it again)
        if (args.isEmpty() && link == null && !progress.welcomed() && progress.lastLesson().isEmpty()) c.welcome.show();
        Scene scene = new Scene(root, 1280, 800);
        scene.getStylesheets().addAll(Theme.stylesheets("light"));
        c.theme.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            scene.getStylesheets().setAll(Theme.stylesheets(b));
            view.setTheme(Theme.named(b));
        });
        stage.setTitle(title(sc));
        c.driver.model().scenarioProperty().addListener((o, a, b) -> { if (b != null) stage.setTitle(title(b)); });
        stage.setScene(scene);
        // closing with edited, unsaved scenario text asks first (Save / Discard / Cancel)
        stage.setOnCloseRequest(e -> { if (c.editors().made() && !c.editor().confirmDiscard()) e.consume(); });
        StartProbe.mark("window built");
        StartProbe.watch(scene, view);
        stage.show();
        StartProbe.mark("stage shown");
        return new Window(c, player, view);
    }

    /**
     * The window of a scenario beside a real Go run of the same program ({@link SideBySidePane}): both runs are read
     * off the FX thread, the window says so meanwhile; a trace that cannot be read is its one line.
     */
    static void sideBySide(Stage stage, Path scenario, Path trace) throws ScenarioException {
        sideBySide(stage, org.gmplab.scenario.gosrc.ScenarioFiles.load(scenario), trace);
    }

    /** The window of {@code sc} beside the real Go run in {@code trace}. */
    static void sideBySide(Stage stage, Scenario sc, Path trace) {
        BorderPane root = new BorderPane(new Label("Reading " + trace.getFileName() + " and running " + sc.name() + " to its end…"));
        Scene scene = new Scene(root, 1280, 960);
        scene.getStylesheets().addAll(Theme.stylesheets("light"));
        stage.setTitle("GMP Lab — " + sc.name() + " beside the real Go run " + trace.getFileName());
        stage.setScene(scene);
        stage.show();
        java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                // gmplab real writes the program's schedtrace output beside its trace: plotted with the engine's
                Path sched = trace.resolveSibling("schedtrace.txt");
                return SideBySidePane.compute(sc, org.gmplab.gotrace.RealRun.read(trace, null),
                        java.nio.file.Files.isRegularFile(sched) && org.gmplab.history.RealHistory.isSchedTrace(sched) ? sched : null);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(trace + ": " + e.getMessage(), e);
            }
        }).whenCompleteAsync((runs, failed) -> {
            if (failed != null) {
                Throwable why = failed.getCause() != null ? failed.getCause() : failed;
                root.setCenter(new Label(why.getMessage()));
            } else {
                root.setCenter(new SideBySidePane(runs));
            }
        }, javafx.application.Platform::runLater);
    }

    /**
     * "Run with real Go": the editor's program built and run as a real Go program with a trace ({@link RealCommand}),
     * at the GOMAXPROCS of the run shown, off the FX thread, then shown beside the engine's run in a window of its
     * own. Without Go on PATH, or when the build or run fails, the one line is the window's error.
     */
    static void runWithRealGo(ScenarioEditor editor, Driver driver) {
        String source = editor.text();
        Scenario sc;
        try {
            sc = org.gmplab.scenario.gosrc.GoSource.parse(source, "editor.go");
        } catch (RuntimeException | ScenarioException ex) {
            driver.model().refuse("Run with real Go: the program does not compile: " + ex.getMessage().lines().findFirst().orElse(""));
            return;
        }
        Path go = RealCommand.onPath("go");
        if (go == null) { driver.model().refuse(RealCommand.noGo(editor.path() == null ? "SCENARIO.go" : editor.path().toString())); return; }
        int procs = driver.model().getSnapshot() == null ? sc.gomaxprocs() : Math.max(1, driver.model().getSnapshot().gomaxprocs());
        driver.model().refuse("Run with real Go: building and running " + sc.name() + " at GOMAXPROCS " + procs + "…");
        java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                Path dir = java.nio.file.Files.createTempDirectory("gmplab-real");
                return RealCommand.buildAndRun(source, "editor.go", procs, go, dir, 100);
            } catch (IOException | InterruptedException ex) {
                throw new java.util.concurrent.CompletionException(ex);
            }
        }).whenCompleteAsync((trace, failed) -> {
            if (failed != null) {
                Throwable why = failed.getCause() != null ? failed.getCause() : failed;
                driver.model().refuse("Run with real Go: " + why.getMessage());
                return;
            }
            driver.model().refuse("");
            try {
                sideBySide(new Stage(), sc.withGomaxprocs(procs), trace);
            } catch (RuntimeException ex) {
                driver.model().refuse("Run with real Go: " + ex.getMessage());
            }
        }, javafx.application.Platform::runLater);
    }

    /** The parts of the window, for tests and the frame-rate bench ({@code bench.WindowFpsBench}) that mount the same content. */
    public record Content(Driver driver, ChoiceBox<String> theme, ControlsPane pane, javafx.scene.control.ToggleButton lessons,
                   Lazy<ScenarioEditor> editors, javafx.scene.control.ToggleButton editorToggle, Welcome welcome,
                   javafx.beans.property.ReadOnlyBooleanProperty presenting) {
        /** The scenario editor, made now if it was not yet. */
        public ScenarioEditor editor() { return editors.get(); }
    }

    /**
     * A part of the window made when it is first wanted rather than at the start (FX thread). The editor is one:
     * making it loaded RichTextFX (about 800 classes) and compiled its Go text, for a window that starts without it.
     */
    public static final class Lazy<T> implements java.util.function.Supplier<T> {
        private java.util.function.Supplier<T> make;
        private T made;

        Lazy(java.util.function.Supplier<T> make) { this.make = make; }

        @Override public T get() {
            if (made == null) made = make.get();
            return made;
        }

        /** Whether it was made. */
        public boolean made() { return made != null; }

        /** Does {@code after} to it now if it was made, else as soon as it is. */
        public void then(java.util.function.Consumer<T> after) {
            if (made != null) { after.accept(made); return; }
            java.util.function.Supplier<T> before = make;
            make = () -> {
                T t = before.get();
                after.accept(t);
                return t;
            };
        }
    }

    /** The window's title: the scenario and the Go release whose scheduler runs it. */
    static String title(Scenario sc) { return "GMP Lab — " + sc.name() + " (Go " + sc.goRelease() + ")"; }

    /**
     * Mounts the canvas with the controls (transport over a {@link History}, event log, schedtrace,
     * breakpoints, inject, assumptions) into {@code root}.
     */
    public static Content content(BorderPane root, SchedulerView view, Scenario sc) {
        view.setCaption(sc.name());
        Driver driver = new Driver(new History(sc));
        driver.model().scenarioProperty().addListener((o, a, b) -> view.setCaption(b.name()));
        Language words = new Language();   // the window's language, handed to every pane of it
        ChoiceBox<String> theme = new ChoiceBox<>();
        theme.setId("theme");
        theme.getItems().setAll(Theme.NAMES);
        theme.getSelectionModel().select("light");
        words.choices(theme);
        Tips.set(theme, "Colours: light, dark, or projector (high contrast, large type)");
        Label themeLabel = new Label(" theme ");
        javafx.scene.control.ToggleButton presenterButton = new javafx.scene.control.ToggleButton("Presenter");
        presenterButton.setId("presenter");
        Tips.set(presenterButton, "Presenter mode: the canvas fills the window, in the projector theme and large type; again to go back (F5)");
        ControlsPane.icon(presenterButton, "▣");
        // the Help menu: the keyboard shortcuts, and the first-run welcome again
        javafx.scene.control.MenuItem keysItem = new javafx.scene.control.MenuItem("Keyboard shortcuts (?)");
        keysItem.setId("helpKeys");
        javafx.scene.control.MenuItem welcomeItem = new javafx.scene.control.MenuItem("Welcome…");
        welcomeItem.setId("helpWelcome");
        javafx.scene.control.MenuButton helpButton = new javafx.scene.control.MenuButton("?", null, keysItem, welcomeItem);
        helpButton.setId("help");
        Tips.set(helpButton, "Help: the keyboard shortcuts, the welcome");
        javafx.scene.control.ToggleButton lessons = new javafx.scene.control.ToggleButton("Lessons");
        lessons.setId("lessons");
        Tips.set(lessons, "Show or hide the lessons beside the canvas (L); in presenter mode, the lesson's caption under it");
        ChoiceBox<Lang> language = new ChoiceBox<>();
        language.setId("uiLanguage");
        language.getItems().setAll(Lang.EN, Lang.ZH);
        language.setConverter(new javafx.util.StringConverter<>() {
            @Override public String toString(Lang l) { return l == Lang.ZH ? "简体中文" : "English"; }
            @Override public Lang fromString(String s) { return "简体中文".equals(s) ? Lang.ZH : Lang.EN; }
        });
        language.valueProperty().bindBidirectional(words.languageProperty());
        Tips.set(language, "The window's language: English or Simplified Chinese");
        // The scenario editor on the left of the canvas, shown and hidden by the "Editor" button; made when first wanted.
        Lazy<ScenarioEditor> editor = new Lazy<>(() -> {
            ScenarioEditor e = new ScenarioEditor(driver, EditorDialogs.nativeDialogs(words), words);
            e.startWith(ScenarioEditor.defaultSource(), null, "spawn.go");
            return e;
        });
        javafx.scene.control.ToggleButton editorToggle = new javafx.scene.control.ToggleButton("Editor");
        editorToggle.setId("editorToggle");
        Tips.set(editorToggle, "Show or hide the scenario editor: edit a program in Go, run it, open and save files");
        ControlsPane.icon(editorToggle, "✎");
        org.gmplab.controls.GoVersionChoice goVersion = new org.gmplab.controls.GoVersionChoice(driver);
        javafx.scene.control.Button realTrace = new javafx.scene.control.Button("Real Go…");
        realTrace.setId("openRealTrace");
        Tips.set(realTrace, "Open a real Go run's execution trace (runtime/trace, go test -trace) and walk it as a run");
        realTrace.setOnAction(e -> editor.get().openRealTrace());
        javafx.scene.control.Button runReal = new javafx.scene.control.Button("Run with real Go");
        runReal.setId("runRealGo");
        Tips.set(runReal, "Build the editor's program as a real Go program (go on PATH), run it with a trace, and open it beside the engine's run");
        runReal.setOnAction(e -> runWithRealGo(editor.get(), driver));
        // settings rarely changed in front of a class make way for the picture in presenter mode
        for (javafx.scene.Node n : new javafx.scene.Node[] {goVersion, themeLabel, theme, realTrace, runReal}) n.getProperties().put(ControlsPane.PRESENTER_HIDES, true);
        ControlsPane pane = new ControlsPane(words, driver, view, goVersion, themeLabel, theme, language, editorToggle, realTrace, runReal, lessons, presenterButton, helpButton);
        goVersion.lockWith(pane.lockedProperty());
        editorToggle.selectedProperty().addListener((o, was, on) -> pane.showLeft(on ? editor.get() : null));
        keysItem.setOnAction(e -> pane.toggleHelp());
        Welcome welcome = new Welcome(words, () -> { }, () -> editorToggle.setSelected(true));
        pane.getChildren().add(welcome);
        welcomeItem.setOnAction(e -> welcome.show());
        view.setAnimationMillis(150);
        String[] before = {"light"};
        // the root's style: larger type in presenter mode, the bundled CJK font in Chinese
        Runnable restyle = () -> root.setStyle((pane.presentingProperty().get() ? "-fx-font-size: 18px;" : "")
                + (words.language() == Lang.ZH ? "-fx-font-family: '" + CjkFont.family() + "';" : ""));
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
            words.translate(root);
            restyle.run();
        };
        root.getProperties().put(Language.class, speak);
        // the canvas paints its own words, in the bundled CJK font when in Chinese (loaded then: parsing it took a
        // fortieth of the FX thread's start in English, where it is not drawn)
        words.onChange(view, () -> view.setWording(org.gmplab.i18n.Wording.in(words.language(),
                words.language() == Lang.ZH ? CjkFont.family() : null)));
        words.languageProperty().addListener(new javafx.beans.value.WeakChangeListener<>(speak));
        presenterButton.setOnAction(e -> pane.presenter());
        root.setCenter(pane);
        return new Content(driver, theme, pane, lessons, editor, editorToggle, welcome, pane.presentingProperty());
    }

    /**
     * The lesson player beside the canvas, shown and hidden by the toolbar's "Lessons" button. It shows its
     * moments through the window's transport ({@link TransportScreen}), which it locks while the lesson drives.
     */
    static LessonPlayer lessons(BorderPane root, Content c, SchedulerView view, Path dir, Progress progress) {
        LessonPlayer[] p = {null};
        TransportScreen screen = new TransportScreen(c.driver, c.pane, view, () -> p[0].drivingNote());
        LessonPlayer player = p[0] = new LessonPlayer(view, dir, progress, screen);
        c.welcome.onLesson(() -> {   // lesson 1: the first lesson of the list
            c.lessons.setSelected(true);
            player.entries().stream().filter(e -> e.lesson() != null).findFirst().ifPresent(e -> player.open(e.lesson().id(), 0));
        });
        c.pane.language().languageProperty().bindBidirectional(player.langProperty());   // one language for the window and the lessons
        player.presenterProperty().bind(c.presenting());   // the teacher notes are offered in presenter mode only
        // In presenter mode the lesson pane stays in the window (its keys work) but takes no room: its step is a
        // caption strip under the canvas.
        Lazy<org.gmplab.lessons.player.CaptionStrip> caption = new Lazy<>(() -> new org.gmplab.lessons.player.CaptionStrip(player));   // made when first shown
        Runnable place = () -> {
            boolean shown = c.lessons.isSelected(), presenting = c.pane.presentingProperty().get();
            player.setVisible(!presenting);
            player.setManaged(!presenting);
            c.pane.showBelow(shown && presenting && player.lesson() != null ? caption.get() : null);
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
