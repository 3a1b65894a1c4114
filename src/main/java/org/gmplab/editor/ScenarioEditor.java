package org.gmplab.editor;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

import org.fxmisc.flowless.VirtualizedScrollPane;
import org.gmplab.session.Driver;
import org.gmplab.controls.Language;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.scenario.gosrc.GoSource;
import org.gmplab.history.Session;
import org.gmplab.history.SessionException;
import org.gmplab.history.SessionFile;
import org.gmplab.io.TextFile;
import org.gmplab.io.AtomicFile;

/**
 * The scenario editor: Go source with line numbers, checked with {@link GoSource} 300 ms after the last
 * keystroke (errors underlined, with the compiler's {@code file:line:col} message under the text), and
 * the file commands: Run (the edited program replaces the run in the window, from its start), Reset, Open
 * (a Go or JSON scenario, or a session file), Save, Save as, Save session. Files are written atomically.
 * Before text that was changed and not saved is replaced or lost, the person is asked (Save / Discard /
 * Cancel) through {@link EditorDialogs}. FX thread only.
 */
public final class ScenarioEditor extends VBox {
    static final EditorDialogs.Kind GO = new EditorDialogs.Kind("Go scenario", List.of("*.go"));
    static final EditorDialogs.Kind SESSION = new EditorDialogs.Kind("GMP Lab session", List.of("*.gmpsession", "*.json"));
    /** A real Go run's execution trace (runtime/trace writes any name; go test -trace often trace.out). */
    static final EditorDialogs.Kind TRACE = new EditorDialogs.Kind("Go execution trace or schedtrace output", List.of("*.trace", "*.out", "*.txt", "*.log"));
    static final List<EditorDialogs.Kind> OPENABLE = List.of(
            new EditorDialogs.Kind("Scenarios and sessions", List.of("*.go", "*.json", "*.gmpsession")), GO,
            new EditorDialogs.Kind("JSON scenario", List.of("*.json")), SESSION, TRACE);
    /** The text of a new scenario: three goroutines of 1 ms of work each, and main waiting for them. */
    public static final String TEMPLATE = String.join("\n",
            "// gmplab: name=\"my scenario\" gomaxprocs=2",
            "package main",
            "",
            "import (",
            "\t\"sync\"",
            "\t\"time\"",
            ")",
            "",
            "func main() {",
            "\tvar wg sync.WaitGroup",
            "\twg.Add(3)",
            "\tfor i := 0; i < 3; i++ {",
            "\t\tgo func() {",
            "\t\t\tdefer wg.Done()",
            "\t\t\twork(time.Millisecond)",
            "\t\t}()",
            "\t}",
            "\twg.Wait()",
            "}",
            "");
    /** Compiling waits this long after the last keystroke. */
    static final Duration DEBOUNCE = Duration.ofMillis(300);

    final GoCodeArea area = new GoCodeArea();
    final Label file = new Label();
    final Label message = new Label();
    final Button run = button("editorRun", "Run", "Compile and run this program from its start in the window (Ctrl+Enter)");
    final Button reset = button("editorReset", "Reset", "Back to the text last opened, saved or run");
    final Button open = button("editorOpen", "Open…", "Open a Go or JSON scenario, or a session file (Ctrl+O)");
    final Button save = button("editorSave", "Save", "Save the text to its .go file (Ctrl+S)");
    final Button saveAs = button("editorSaveAs", "Save as…", "Save the text to another .go file (Ctrl+Shift+S)");
    final Button saveSession = button("editorSaveSession", "Save session…",
            "Save the run shown (its scenario, injected actions and position) as a session file");

    private final Driver driver;
    private EditorDialogs dialogs;
    private Path path;                   // the .go file the text belongs to; null if none yet
    private String name = "untitled.go"; // the file name used in messages and as the name to save under
    private String saved = "";           // the text as last opened or saved: the modified flag compares to it
    private String resetTo = "";         // the text as last opened, saved or run: Reset goes back to it
    /** The window's language, for the messages the editor writes. */
    private final Language words;
    private Scenario compiled;           // the text's program, or null when it has an error
    private String checkedText;          // the text the last check compiled
    private ScenarioException error;
    private final ReadOnlyBooleanWrapper modified = new ReadOnlyBooleanWrapper(this, "modified");
    private final Map<KeyCombination, Runnable> keys = Map.of(
            KeyCombination.keyCombination("Shortcut+Enter"), () -> run.fire(),
            KeyCombination.keyCombination("Shortcut+S"), () -> save.fire(),
            KeyCombination.keyCombination("Shortcut+Shift+S"), () -> saveAs.fire(),
            KeyCombination.keyCombination("Shortcut+O"), () -> open.fire());

    /** An editor that speaks English (its own language, as tests mount it). */
    public ScenarioEditor(Driver driver, EditorDialogs dialogs) {
        this(driver, dialogs, new Language());
    }

    /** An editor in a window that speaks {@code words}'s language. */
    public ScenarioEditor(Driver driver, EditorDialogs dialogs, Language words) {
        super(4);
        this.words = words;
        this.driver = driver;
        this.dialogs = dialogs;
        setId("editor");
        getStylesheets().add(ScenarioEditor.class.getResource("editor.css").toExternalForm());
        setPadding(new Insets(4));
        setPrefWidth(440);
        setMinWidth(200);
        file.setId("editorFile");
        file.getStyleClass().add("editor-file");
        message.setId("editorMessage");
        message.setWrapText(true);
        message.setMaxWidth(Double.MAX_VALUE);
        message.getStyleClass().add("editor-message");
        message.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(message.textProperty());
        tip.setWrapText(true);
        tip.setMaxWidth(520);
        message.setTooltip(tip);

        // in another language: the name line, and the OK line if that is what shows
        words.onChange(this, () -> {
            if (name != null) showName();
            if (compiled != null && message.getStyleClass().contains("ok")) say(okText(), "ok");
        });
        run.setOnAction(e -> run());
        reset.setOnAction(e -> reset());
        open.setOnAction(e -> open());
        save.setOnAction(e -> save());
        saveAs.setOnAction(e -> saveAs());
        saveSession.setOnAction(e -> saveSession());
        FlowPane buttons = new FlowPane(4, 4, run, reset, open, save, saveAs, saveSession);
        buttons.setAlignment(Pos.CENTER_LEFT);

        VirtualizedScrollPane<GoCodeArea> scroll = new VirtualizedScrollPane<>(area);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().addAll(buttons, file, scroll, message);

        area.textProperty().addListener((o, a, b) -> { modified.set(!b.equals(saved)); showName(); });
        // a pause after typing checks the text, unless it is the text checked last (a file just opened was checked at
        // once): checked again, its "OK" would cover whatever was said since, e.g. that a session could not be opened
        area.multiPlainChanges().successionEnds(DEBOUNCE).subscribe(x -> { if (!area.getText().equals(checkedText)) check(); });
        // inside the editor the code area would take Ctrl+Enter as a new line: catch the keys first
        addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> keys.forEach((k, r) -> {
            if (!e.isConsumed() && k.match(e)) { e.consume(); r.run(); }
        }));
        sceneProperty().addListener((o, was, now) -> {
            if (was != null) keys.keySet().forEach(k -> was.getAccelerators().remove(k));
            if (now != null) now.getAccelerators().putAll(keys);
        });
    }

    /** The bundled Go version of the default scenario (scenarios/spawn.go), for a window that starts with it. */
    public static String defaultSource() {
        try (InputStream in = ScenarioEditor.class.getResourceAsStream("spawn.go")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException | NullPointerException e) {
            return "package main\n\nfunc main() {\n}\n";
        }
    }

    /** Starts with {@code text}, which is the content of {@code file} (null: not saved anywhere yet, under {@code name}). */
    public void startWith(String text, Path file, String name) {
        this.path = file;
        this.name = file != null ? String.valueOf(file.getFileName()) : name;
        saved = resetTo = text;
        area.setSource(text);
        modified.set(false);
        check();
    }

    /** Whether the text differs from the file's (or, never saved, from the text it started with). */
    public ReadOnlyBooleanProperty modifiedProperty() { return modified.getReadOnlyProperty(); }
    public boolean isModified() { return modified.get(); }

    /** The .go file the text belongs to, or null. */
    public Path path() { return path; }
    public String text() { return area.getText(); }
    public void setDialogs(EditorDialogs d) { this.dialogs = d; }

    // ---- checking and running -----------------------------------------------------------------------

    /** Compiles the text now and shows the result; the program, or null if it has an error. */
    Scenario check() {
        String text = area.getText();
        checkedText = text;
        try {
            compiled = GoSource.parse(text, name);
            error = null;
            area.clearError();
            int n = compiled.program().functions().size();
            say(okText(), "ok");
        } catch (ScenarioException e) {
            compiled = null;
            error = e;
            String first = e.getMessage().lines().findFirst().orElse(e.getMessage());
            area.showError(e.line(), e.column(), first);
            say(first, "error");
        }
        return compiled;
    }

    /** The last check's error, or null. */
    ScenarioException error() { return error; }

    /** Compiles; if the program is valid, the window runs it from its start. */
    public CompletableFuture<Void> run() {
        Scenario sc = check();
        if (sc == null) return CompletableFuture.completedFuture(null);
        resetTo = area.getText();
        say(words.get("Running %s from its start", sc.name()), "ok");
        return driver.load(sc);
    }

    /** Back to the text last opened, saved or run. */
    public void reset() {
        if (area.getText().equals(resetTo)) return;
        if (!confirmDiscard()) return;   // unsaved edits are asked about, as before any other text replaces them
        area.replaceText(resetTo);
        check();
    }

    // ---- files ---------------------------------------------------------------------------------------

    /** Asks for a file and opens it (see {@link #open(Path)}). */
    public CompletableFuture<Void> open() {
        Path p = dialogs.chooseOpen(window(), OPENABLE, directory());
        return p == null ? CompletableFuture.completedFuture(null) : open(p);
    }

    /** Asks for a real Go run's execution trace and shows it (see {@link #open(Path)}). */
    public CompletableFuture<Void> openRealTrace() {
        Path p = dialogs.chooseOpen(window(), List.of(TRACE), directory());
        return p == null ? CompletableFuture.completedFuture(null) : open(p);
    }

    /** Shows the real Go run of the trace {@code p}, the text unchanged (as {@link #open(Path)} does a trace). */
    public CompletableFuture<Void> openRealTrace(Path p) { return open(p); }

    /**
     * Opens {@code p}: a real Go run's execution trace ({@code .trace}, {@code .out}) or its
     * {@code GODEBUG=schedtrace} output ({@code .txt}, {@code .log}) is read and walked in the window as a run is
     * (the text stays); a Go scenario replaces the text (after asking, if it was changed and not saved) and
     * runs if it compiles; a JSON scenario runs, and the text stays (the editor edits Go source only); a
     * session file is replayed to its moment and shown there.
     */
    public CompletableFuture<Void> open(Path p) {
        String lower = String.valueOf(p.getFileName()).toLowerCase(Locale.ROOT);
        if (isSession(p)) return openSession(p);
        if (lower.endsWith(".trace") || lower.endsWith(".out") || lower.endsWith(".txt") || lower.endsWith(".log")) {
            say(words.get("Reading the real Go run %s…", p.getFileName()), "info");
            return driver.loadRealTrace(p).thenRun(() -> {
                String error = driver.model().errorProperty().get();
                if (error != null && error.startsWith(p.toString())) say(error, "error");
                else if (driver.model().getSnapshot() != null && driver.model().getSnapshot().isSampled())
                    say(words.get("Real Go run %s, sampled by schedtrace: its queues are counts; the text here is unchanged", p.getFileName()), "ok");
                else say(words.get("Real Go run %s: its queues are not in the trace; the text here is unchanged", p.getFileName()), "ok");
            });
        }
        try {
            if (lower.endsWith(".go")) {
                if (!confirmDiscard()) return CompletableFuture.completedFuture(null);
                startWith(ScenarioJson.readText(p), p, null);
                if (compiled == null) return CompletableFuture.completedFuture(null);
                say(words.get("Opened %s: running it (%s)", name, message.getText()), "ok");
                return driver.load(compiled);
            }
            if (lower.endsWith(".json")) {
                Scenario sc = ScenarioJson.load(p);
                String base = lower.substring(0, lower.length() - ".json".length());
                Path twin = p.resolveSibling(String.valueOf(p.getFileName()).substring(0, base.length()) + ".go");
                say(p.getFileName() + " is a JSON scenario: it is running now, but the editor edits Go source only, "
                        + "so the text here is unchanged" + (Files.exists(twin) ? " (its Go version " + twin.getFileName() + " is beside it: open that to edit)." : "."), "info");
                return driver.load(sc);
            }
            say("Cannot open " + p.getFileName() + ": expected a .go or .json scenario, or a session file", "error");
        } catch (ScenarioException e) {
            say(e.getMessage().lines().findFirst().orElse(e.getMessage()), "error");
        }
        return CompletableFuture.completedFuture(null);
    }

    private CompletableFuture<Void> openSession(Path p) {
        Session s;
        try {
            s = SessionFile.read(p);
        } catch (SessionException e) {
            say(e.getMessage(), "error");
            return CompletableFuture.completedFuture(null);
        }
        say(words.get("Opening session %s: replaying to position %d…", p.getFileName(), s.position()), "info");
        // The replay can take a while for a late position: off the FX thread.
        return CompletableFuture.supplyAsync(s::open)
                .thenCompose(driver::load)
                .whenCompleteAsync((v, ex) -> {
                    if (ex == null) driver.settings().putAll(s.settings());   // e.g. the speed it was saved with
                    Throwable why = ex instanceof java.util.concurrent.CompletionException && ex.getCause() != null ? ex.getCause() : ex;
                    if (why != null) say("Cannot open session " + p.getFileName() + ": "
                            + (why.getMessage() == null ? why.toString() : why.getMessage().lines().findFirst().orElse("")), "error");
                    else say(words.get("Session %s (%s) at position %d; the text here is unchanged", p.getFileName(), s.scenario().name(),
                            s.position()), "ok");
                }, Platform::runLater);
    }

    /** Saves the text to its file, or asks where if it has none; false if not saved. */
    public boolean save() {
        return path == null ? saveAs() : write(path);
    }

    public boolean saveAs() {
        Path p = dialogs.chooseSave(window(), GO, directory(), name.endsWith(".go") ? name : name + ".go");
        return p != null && write(p);
    }

    private boolean write(Path p) {
        String text = area.getText();
        try {
            AtomicFile.write(p, text);
        } catch (IOException e) {
            say("Cannot save " + p + ": " + e.getMessage(), "error");
            return false;
        }
        path = p;
        name = String.valueOf(p.getFileName());
        saved = resetTo = text;
        modified.set(false);
        showName();
        check();   // the file name is part of the messages
        if (compiled != null) say(words.get("Saved %s (%s)", p.getFileName(), message.getText()), "ok");
        return true;
    }

    /** Asks for a file and saves the run shown (scenario, injected actions, position) as a session. */
    public CompletableFuture<Void> saveSession() {
        String base = driver.scenario().name().replaceAll("[^A-Za-z0-9._-]+", "-");
        Path p = dialogs.chooseSave(window(), SESSION, directory(), base + ".gmpsession");
        if (p == null) return CompletableFuture.completedFuture(null);
        return driver.session(Map.copyOf(driver.settings())).thenAcceptAsync(s -> {
            try {
                SessionFile.write(p, s);
                say(words.get("Saved session %s at position %d", p.getFileName(), s.position()), "ok");
            } catch (IOException e) {
                say("Cannot save " + p + ": " + e.getMessage(), "error");
            }
        }, Platform::runLater);
    }

    /**
     * If the text was changed and not saved, asks whether to save it; true if the caller may go on (saved or
     * discarded), false if the person cancelled (or the save did not happen).
     */
    public boolean confirmDiscard() {
        if (!isModified()) return true;
        return switch (dialogs.askUnsaved(window(), name)) {
            case SAVE -> save();
            case DISCARD -> true;
            case CANCEL -> false;
        };
    }

    // ---- helpers -------------------------------------------------------------------------------------

    private static boolean isSession(Path p) {
        String lower = String.valueOf(p.getFileName()).toLowerCase(Locale.ROOT);
        if (lower.endsWith(".go")) return false;
        return TextFile.head(p, 256).contains("\"" + SessionFile.FORMAT + "\"");   // else the scenario reader reports it
    }

    private String okText() {
        int n = compiled.program().functions().size();
        return words.get(n == 1 ? "OK: %d function" : "OK: %d functions", n);
    }

    private void say(String text, String kind) {
        message.setText(text);
        message.getStyleClass().removeAll("ok", "error", "info");
        message.getStyleClass().add(kind);
    }

    private void showName() {
        file.setText((path == null ? words.get("%s (not saved yet)", name) : path.toString()) + (isModified() ? words.get("  • modified") : ""));
    }

    private Path directory() {
        if (path != null && path.toAbsolutePath().getParent() != null) return path.toAbsolutePath().getParent();
        Path scenarios = org.gmplab.io.Folders.scenarios();   // ./scenarios, else beside the jar (the installed app's)
        return scenarios.getFileSystem() == java.nio.file.FileSystems.getDefault() && Files.isDirectory(scenarios) ? scenarios : null;
    }

    private Window window() {
        Scene s = getScene();
        return s == null ? null : s.getWindow();
    }

    private static Button button(String id, String text, String tip) {
        Button b = new Button(text);
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        return b;
    }
}
