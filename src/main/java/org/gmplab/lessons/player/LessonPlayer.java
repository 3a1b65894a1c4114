package org.gmplab.lessons.player;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Supplier;

import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.TitledPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Hyperlink;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import javafx.event.EventHandler;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

import org.gmplab.controls.Language;
import org.gmplab.controls.ProgramPane;
import org.gmplab.engine.Engine;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.lessons.Lesson;
import org.gmplab.lessons.LessonLoader;
import org.gmplab.lessons.LessonRunner;
import org.gmplab.lessons.Links;
import org.gmplab.lessons.LessonRunner.CheckResult;
import org.gmplab.lessons.LessonRunner.StepResult;
import org.gmplab.lessons.QuizOrder;
import org.gmplab.i18n.Lang;
import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.view.Layout;
import org.gmplab.view.SchedulerView;
import org.gmplab.i18n.LessonWords;

/**
 * The lesson player: a list of lessons, then one lesson step by step beside the scheduler canvas.
 *
 * <p>The position in a lesson is the number of steps run on its {@link LessonRunner}. A step with a quiz
 * is first shown with its question and the world as the previous step left it; choosing an answer runs
 * the step, which reveals whether the answer was right. Back (and "return to the lesson" after trying
 * things freely) re-runs the lesson from the start to the wanted position: step mode is deterministic, so
 * this gives the same snapshot as before.
 *
 * <p>The lesson's engine runs on the player's own thread, never on the FX thread: a step over a busy loop or
 * a long wait, or a rebuild of many steps, may take a while. Meanwhile the lesson's buttons and keys are off
 * ({@link #busyProperty()}), and what the step reached is shown on the FX thread once it is done. The FX side
 * keeps the lesson's position; the runner is touched only on the player's thread.
 *
 * <p>The step's {@code highlight} names are listed ("Look at: P0, G4") and the first one is selected on
 * the canvas, which outlines it and describes it in the inspector line.
 *
 * <p>While a lesson is open the list of lessons is hidden: the lessons' summaries state what their quizzes
 * ask. "All lessons" leaves the lesson and shows the list again. A quiz's choices are shown in the order of
 * {@link QuizOrder}, so the right answer's place tells nothing; 1–4 answer by place on screen.
 *
 * <p>A step's teacher note (the answer and a prompt to discuss) is for whoever leads the class: only in presenter
 * mode ({@link #presenterProperty()}, set by the window) does a "Teacher notes" toggle (key N) appear, and the note
 * shows only while it is on. Leaving presenter mode turns it off, so the projector never shows an answer unasked.
 */
public final class LessonPlayer extends BorderPane implements AutoCloseable {
    /** One lesson file: the lesson, or the one-line error that kept it from loading. */
    public record Entry(Path file, Lesson lesson, String error) {}

    private final SchedulerView view;
    private final Screen screen;
    private final Progress progress;
    /** The player's language (its program pane speaks it too); the window binds its own to it. */
    private final Language words = new Language();
    private final ObjectProperty<Lang> lang = words.languageProperty();
    /** The lesson files as read: by the player's thread, which reads them first (see {@link #loaded}). */
    private final java.util.concurrent.Future<Loaded> reading;
    private List<Entry> entries;     // null until the FX thread has taken what was read
    private String listProblem;

    private final ListView<Entry> list = new ListView<>();
    private final ChoiceBox<String> language = new ChoiceBox<>();
    private final Label languageLabel = new Label();
    private final Label lessonsLabel = new Label();
    private final Separator listEnd = new Separator();
    private final Button allLessons = new Button();
    private final Label title = new Label();
    private final Label stepNumber = new Label();
    /** The step's link ({@code work-stealing#3}), to copy into a lesson plan; read-only text, so it can be selected. */
    private final javafx.scene.control.TextField stepLink = new javafx.scene.control.TextField();
    private final HBox stepLine = new HBox(8, stepNumber, stepLink);
    /** Opens a step by its link (on the list of lessons): {@code 08#3}, {@code work-stealing#steal-half}. */
    private final javafx.scene.control.TextField goTo = new javafx.scene.control.TextField();
    private final Label lookLabel = new Label();
    private final FlowPane look = new FlowPane(4, 2, lookLabel);
    private final Label narration = new Label();
    private final Label deeperText = new Label();
    private final TitledPane deeper = new TitledPane();
    private final Label question = new Label();
    private final VBox choices = new VBox(4);
    private final Label feedback = new Label();
    private final Label explain = new Label();
    private final VBox quiz = new VBox(6, question, choices, feedback, explain);
    private final Label checksLabel = new Label();
    private final VBox checks = new VBox(2);
    private final Label problem = new Label();
    private final Button back = new Button();
    private final Button next = new Button();
    private final Button restart = new Button();
    /** Reset progress, then its confirmation in place (nothing is forgotten on one click). */
    private final Button resetProgress = new Button();
    private final Label resetQuestion = new Label();
    private final Button resetYes = new Button();
    private final Button resetNo = new Button();
    private final HBox resetConfirm = new HBox(8, resetYes, resetNo);
    private final Label score = new Label();
    private final ToggleButton tryIt = new ToggleButton();
    private final Button tryStep = new Button();
    private final Label tryHint = new Label();
    private final BooleanProperty presenter = new SimpleBooleanProperty(this, "presenter");
    private final ToggleButton teacherToggle = new ToggleButton();
    private final Label teacherNotes = new Label();
    /**
     * The lesson's program, with each goroutine's line, following the screen's model: on its own, under the
     * player's buttons; in the window the program is beside the canvas instead ({@code ControlsPane.holdProgram}).
     */
    private final ProgramPane program;

    /** The player's thread: it alone makes, steps and closes the runner (in order, one task at a time). */
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "gmplab-lesson");
        t.setDaemon(true);
        return t;
    });
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    /** The step in a line or two, for presenter mode's caption strip (see {@link #captionProperty()}). */
    private final javafx.beans.property.ReadOnlyStringWrapper caption = new javafx.beans.property.ReadOnlyStringWrapper(this, "caption", "");
    private int pending;             // tasks given to the worker whose result is not shown yet (FX thread)
    private int opened;              // counts opens and leaves: what an earlier one asked the worker for is not shown

    private Lesson lesson;
    private LessonRunner runner;     // the worker's
    private int index = -1;          // the step shown
    private boolean ran;             // whether it has run (false: its quiz waits for an answer)
    private StepResult result;       // the shown step's result, when ran
    private Integer chosen;          // the quiz choice made for the shown step
    /** Whether each quiz answered since the lesson was opened (by step index) was answered right at the first try. */
    private final java.util.Map<Integer, Boolean> firstTries = new java.util.HashMap<>();

    /** A player that paints the canvas itself (try it yourself then steps the lesson's engine with its own button). */
    public LessonPlayer(SchedulerView view, Path lessonsDir, Progress progress) {
        this(view, lessonsDir, progress, Screen.canvas(view));
    }

    /** A player that shows its moments on {@code screen} (in the window: through the transport). */
    public LessonPlayer(SchedulerView view, Path lessonsDir, Progress progress, Screen screen) {
        this.view = view;
        this.screen = screen;
        this.progress = progress;
        this.program = new ProgramPane(screen.model(), words);
        program.setId("lessonProgram");
        program.setPrefHeight(300);
        setId("lessonPlayer");
        setPrefWidth(430);
        // Parsing the bundled lessons is a good part of the window's start: the player's thread reads them while the
        // FX thread builds and shows the window, and the list is filled once read, or at once when it is first needed.
        reading = worker.submit(() -> read(lessonsDir));
        lang.set(progress.lang());
        build();
        lang.addListener((o, a, b) -> {
            progress.setLang(b);
            if (lesson != null && !tryIt.isSelected()) screen.setFree(false);   // the window's note, in the new language
            language.getSelectionModel().select(b == Lang.ZH ? 1 : 0);
            refresh();
        });
        busy.addListener((o, a, b) -> buttons());
        presenter.addListener((o, a, on) -> {
            if (!on) teacherToggle.setSelected(false);   // back in front of learners: the answers hide again
            refresh();
        });
        teacherToggle.selectedProperty().addListener((o, a, b) -> refresh());
        refresh();
    }

    /** The lesson files of a folder as the player lists them, and the folder when it has none. */
    private record Loaded(List<Entry> entries, String problem) {}

    /** Player's thread. */
    private static Loaded read(Path dir) {
        List<Entry> entries = new ArrayList<>();
        List<Path> files;
        try {
            files = Files.isDirectory(dir) ? LessonLoader.files(dir) : List.of();
        } catch (IOException e) {
            files = List.of();
        } catch (ScenarioException e) {
            // a mistake in the order file: every lesson is still there, by name, below the one line that says what is wrong
            entries.add(new Entry(dir.resolve(LessonLoader.ORDER), null, e.getMessage()));
            try {
                files = LessonLoader.byName(dir);
            } catch (IOException io) {
                files = List.of();
            }
        }
        for (Path f : files) {
            try {
                entries.add(new Entry(f, LessonLoader.load(f), null));
            } catch (ScenarioException | RuntimeException e) {
                entries.add(new Entry(f, null, e.getMessage().lines().findFirst().orElse(e.toString())));
            }
        }
        return new Loaded(entries, files.isEmpty() ? dir.toAbsolutePath().toString() : null);
    }

    /**
     * The lessons, on the FX thread: the first call takes what the player's thread read (waiting for it if it is
     * still reading) and fills the list. The player calls it when it joins a scene, so it is never seen empty.
     */
    private List<Entry> loaded() {
        if (entries != null) return entries;
        try {
            Loaded l = reading.get();
            entries = l.entries();
            listProblem = l.problem();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        } catch (java.util.concurrent.ExecutionException e) {   // read() answers its own failures: not expected
            entries = List.of();
            listProblem = String.valueOf(e.getCause());
        }
        list.getItems().setAll(entries);
        refresh();
        return entries;
    }

    private void build() {
        list.setId("lessonList");
        list.setPrefHeight(220);
        list.setCellFactory(v -> new ListCell<>() {
            @Override protected void updateItem(Entry e, boolean empty) {
                super.updateItem(e, empty);
                getStyleClass().remove("lesson-error");
                if (empty || e == null) { setText(null); return; }
                setWrapText(true);
                setPrefWidth(0);
                if (e.lesson() == null) {
                    getStyleClass().add("lesson-error");
                    setText(LessonWords.get("broken", lang.get(), e.error()));
                    setStyle("-fx-text-fill: #b00020;");
                    return;
                }
                setStyle("");
                Lesson l = e.lesson();
                Lang ln = lang.get();
                String done = progress.completed().contains(l.id()) ? "✓ " : "";
                setText(done + l.title().in(ln) + "\n" + LessonWords.get(l.level(), ln) + " · " + LessonWords.get("minutes", ln, l.minutes())
                        + "\n" + l.summary().in(ln));
            }
        });
        list.getSelectionModel().selectedItemProperty().addListener((o, a, e) -> {
            if (e == null) return;
            if (e.lesson() == null) {
                onWorkerIfOpen(this::closeRunner);
                lesson = null;
                screen.release();
                problem.setText(e.error());
                refresh();
            } else if (lesson != e.lesson()) {
                open(e.lesson(), e.lesson().id().equals(progress.lastLesson()) ? progress.lastStep() : 0);
            }
        });
        language.setId("language");
        language.getItems().setAll("English", "简体中文");
        language.getSelectionModel().select(lang.get() == Lang.ZH ? 1 : 0);
        language.getSelectionModel().selectedIndexProperty().addListener((o, a, b) -> lang.set(b.intValue() == 1 ? Lang.ZH : Lang.EN));

        title.setId("lessonTitle");
        title.setStyle("-fx-font-size: 1.3em; -fx-font-weight: bold;");
        stepNumber.setId("stepNumber");
        stepLink.setId("stepLink");
        stepLink.setEditable(false);
        stepLink.setFocusTraversable(false);
        stepLink.setStyle("-fx-background-color: transparent; -fx-text-fill: -fx-mid-text-color; -fx-padding: 0;");
        HBox.setHgrow(stepLink, javafx.scene.layout.Priority.ALWAYS);
        stepLine.setAlignment(javafx.geometry.Pos.BASELINE_LEFT);
        goTo.setId("goTo");
        goTo.setOnAction(e -> { if (!goTo.getText().isBlank() && go(goTo.getText()) == null) goTo.clear(); });
        look.setId("look");
        narration.setId("narration");
        deeperText.setId("deeperText");
        deeper.setId("deeper");
        deeper.setContent(deeperText);
        deeper.setExpanded(false);
        question.setId("question");
        choices.setId("choices");
        feedback.setId("feedback");
        explain.setId("explain");
        quiz.setId("quiz");
        checks.setId("checks");
        problem.setId("problem");
        problem.setStyle("-fx-text-fill: #b00020;");
        back.setId("back");
        restart.setId("restart");
        restart.setOnAction(e -> restart());
        score.setId("score");
        score.setWrapText(true);
        resetProgress.setId("resetProgress");
        resetQuestion.setId("resetQuestion");
        resetQuestion.setWrapText(true);
        resetYes.setId("resetYes");
        resetNo.setId("resetNo");
        resetProgress.setOnAction(e -> { resetQuestion.setVisible(true); resetConfirm.setVisible(true); resetNo.requestFocus(); });
        resetNo.setOnAction(e -> { resetQuestion.setVisible(false); resetConfirm.setVisible(false); });
        resetYes.setOnAction(e -> {
            progress.reset();
            resetNo.fire();
            list.refresh();   // the ✓ marks go
        });
        resetQuestion.setVisible(false);
        resetConfirm.setVisible(false);
        next.setId("next");
        tryIt.setId("tryIt");
        tryStep.setId("tryStep");
        tryHint.setId("tryHint");
        allLessons.setId("allLessons");
        teacherToggle.setId("teacherToggle");
        teacherNotes.setId("teacherNotes");
        teacherNotes.getStyleClass().add("teacher-notes");
        teacherNotes.setMaxWidth(Double.MAX_VALUE);
        allLessons.setOnAction(e -> leave());
        for (Label l : List.of(title, narration, deeperText, question, feedback, explain, problem, tryHint, teacherNotes)) l.setWrapText(true);
        for (var n : List.of(lessonsLabel, list, goTo, resetProgress, resetQuestion, resetConfirm, listEnd, allLessons, stepLine, score, look, narration, program, deeper, quiz,
                teacherNotes, checksLabel, checks, back, next, tryIt, tryStep, tryHint, teacherToggle))
            n.managedProperty().bind(n.visibleProperty());   // what is hidden takes no room
        back.setOnAction(e -> back());
        next.setOnAction(e -> next());
        tryStep.setOnAction(e -> tryStep());
        tryIt.selectedProperty().addListener((o, a, on) -> {
            if (lesson != null) screen.setFree(on);
            if (!on) returnToLesson();
            refresh();
        });

        HBox top = new HBox(8, languageLabel, language);
        HBox nav = new HBox(8, back, next, restart);
        HBox tryBar = new HBox(8, tryIt, tryStep, teacherToggle);
        VBox body = new VBox(8, lessonsLabel, list, goTo, resetProgress, resetQuestion, resetConfirm, listEnd, allLessons, title, stepLine,
                look, narration, deeper, quiz, teacherNotes, checksLabel, checks, problem, score, nav, tryBar, tryHint, program);
        body.setPadding(new Insets(8));
        ScrollPane scroll = new ScrollPane(body);
        scroll.setFitToWidth(true);
        top.setPadding(new Insets(8));
        if (!screen.hasControls()) setTop(top);   // in the window, the toolbar's language choice is the one
        setCenter(scroll);
        sceneProperty().addListener((o, a, s) -> {
            if (s != null) loaded();   // shown with its lessons from its first frame
            applyFont();
            if (a != null) a.removeEventFilter(KeyEvent.KEY_PRESSED, keys);
            if (s != null) s.addEventFilter(KeyEvent.KEY_PRESSED, keys);
        });
    }

    /**
     * The lesson's keys, while a lesson is open and the learner is not trying things (then the arrows are the
     * transport's): → next, ← back, 1–9 answer the quiz, T try it yourself / return; in presenter mode N shows or
     * hides the teacher notes. Not while typing. On the lesson list, Enter opens the lesson in focus.
     */
    private final EventHandler<KeyEvent> keys = e -> {
        if (e.getCode() == KeyCode.ENTER && getScene() != null && getScene().getFocusOwner() == list && list.getFocusModel().getFocusedIndex() >= 0) {
            list.getSelectionModel().select(list.getFocusModel().getFocusedIndex());   // opens the lesson in focus
            e.consume();
            return;
        }
        if (lesson == null || getScene() == null || org.gmplab.controls.ControlsPane.typing(getScene().getFocusOwner()) || e.isShortcutDown()) return;
        KeyCode k = e.getCode();
        if (k == KeyCode.N && presenter.get()) {   // only shows text: also while a step runs
            teacherToggle.setSelected(!teacherToggle.isSelected());
            e.consume();
            return;
        }
        Runnable r = null;
        if (k == KeyCode.T) r = () -> tryIt.setSelected(!tryIt.isSelected());
        else if (!tryIt.isSelected()) {
            if (k == KeyCode.RIGHT) r = this::next;
            else if (k == KeyCode.HOME) r = this::restart;
            else if (k == KeyCode.LEFT) r = this::back;
            else if (k.isDigitKey() && !e.getText().isEmpty() && Character.isDigit(e.getText().charAt(0))) {
                int place = e.getText().charAt(0) - '1';   // the place on screen, not the index in the file
                Lesson.Quiz q = lesson.steps().get(index).quiz();
                if (q != null && place >= 0 && place < q.choices().size()) {
                    int i = QuizOrder.of(lesson.id(), index, q.choices().size()).get(place);
                    r = () -> choose(i);
                }
            }
        }
        if (r == null) return;
        if (!busy.get()) r.run();   // while a step runs, the keys wait with the buttons
        e.consume();
    };

    /** Puts the keyboard in the player: on the lesson list (↑ ↓ choose a lesson), or on Next in a lesson. */
    public void focus() {
        if (list.getSkin() == null) {   // never shown yet: a list without its skin loses the focus when the skin comes
            list.skinProperty().addListener(new javafx.beans.value.ChangeListener<>() {
                @Override public void changed(javafx.beans.value.ObservableValue<? extends javafx.scene.control.Skin<?>> o, javafx.scene.control.Skin<?> a, javafx.scene.control.Skin<?> b) {
                    list.skinProperty().removeListener(this);
                    javafx.application.Platform.runLater(LessonPlayer.this::focus);
                }
            });
            return;
        }
        if (lesson == null) {
            list.requestFocus();
            if (list.getSelectionModel().isEmpty()) list.getFocusModel().focus(0);   // Enter opens it, ↑ ↓ move
        } else {
            next.requestFocus();
        }
    }

    /** What the window shows while the lesson drives it: why its transport is locked, and the lesson's keys. */
    public String drivingNote() { return LessonWords.get("driving", lang.get()); }

    // ---- the lesson's position -------------------------------------------------------------------

    /** Opens {@code l} at step {@code step} (0-based), running the steps before it. */
    public void open(Lesson l, int step) {
        int target = Math.max(0, Math.min(step, l.steps().size() - 1));
        if (l != lesson) firstTries.clear();
        lesson = l;
        opened++;
        index = target;   // what refresh() shows meanwhile: the step, not run yet
        ran = false;
        result = null;
        chosen = null;
        tryIt.setSelected(false);
        problem.setText("");
        rebuild(target, () -> enter(target));
    }

    /** Leaves the open lesson and shows the list of lessons again, with the keyboard on it. */
    public void leave() {
        if (lesson == null) return;
        tryIt.setSelected(false);
        onWorkerIfOpen(this::closeRunner);
        lesson = null;
        opened++;
        index = -1;
        ran = false;
        result = null;
        chosen = null;
        screen.release();
        problem.setText("");
        list.getSelectionModel().clearSelection();   // choosing the same lesson again opens it again
        refresh();
        focus();
    }

    /** Opens the lesson with this id (for the app and tests). */
    public void open(String id, int step) {
        for (Entry e : loaded())
            if (e.lesson() != null && e.lesson().id().equals(id)) {
                if (lesson != e.lesson() || index != step) open(e.lesson(), step);
                list.getSelectionModel().select(e);   // after: the list's own choice would open the learner's last step
                return;
            }
    }

    /**
     * Opens the step {@code link} names: {@code LESSON} or {@code LESSON#STEP}, as {@link Links} reads them.
     * Returns null, or the one line saying what there is instead (shown as the player's problem too).
     */
    public String go(String link) {
        try {
            Links.Target t = Links.resolve(loaded().stream().map(Entry::lesson).filter(java.util.Objects::nonNull).toList(), link.strip());
            open(t.lesson().id(), t.step());
            return null;
        } catch (Links.NotFound e) {
            problem.setText(e.getMessage());
            return e.getMessage();
        }
    }

    /** After the canvas has shown its first picture, opens the step {@code link} names (see {@link #go}). */
    public void openWhenCanvasReady(String link) {
        whenCanvasReady(() -> go(link));
    }

    /** After the canvas has shown its first picture, reopens the lesson and step this user was at last. */
    public void resumeWhenCanvasReady() {
        String last = progress.lastLesson();
        if (!last.isEmpty()) whenCanvasReady(() -> open(last, progress.lastStep()));
    }

    private void whenCanvasReady(Runnable r) {
        Timeline t = new Timeline();
        t.getKeyFrames().add(new KeyFrame(Duration.millis(100), e -> {
            if (view.snapshot() == null) return;
            t.stop();
            r.run();
        }));
        t.setCycleCount(Timeline.INDEFINITE);
        t.play();
    }

    /** What a step of the lesson's engine reached, for the FX thread to show. */
    private record Reached(Scenario run, long position, long time, Snapshot snapshot, List<Event> events, StepResult result) {}

    /**
     * Runs {@code work} on the player's thread, then {@code done} with its answer on the FX thread; the lesson's
     * buttons are off from now until then. A failure shows as the lesson's problem line.
     */
    private <T> void onWorker(Supplier<T> work, Consumer<T> done) {
        // a result of the worker's, shown after the player was closed, may ask for more: there is no one to do it
        if (worker.isShutdown()) return;
        pending++;
        busy.set(true);
        worker.execute(() -> {
            T answer;
            try {
                answer = work.get();
            } catch (RuntimeException | Error e) {
                String m = e.getMessage() == null ? e.toString() : e.getMessage();
                Platform.runLater(() -> { finished(); problem.setText(m.lines().findFirst().orElse(m)); });
                return;
            }
            Platform.runLater(() -> {
                try {
                    done.accept(answer);   // first: a step it queues keeps the buttons off without a flicker
                } finally {
                    finished();
                }
            });
        });
    }

    /** Runs {@code work} on the player's thread unless the player is closed (FX thread, as {@link #close} is). */
    private void onWorkerIfOpen(Runnable work) {
        if (!worker.isShutdown()) worker.execute(work);
    }

    private void finished() { if (--pending == 0) busy.set(false); }

    /** A fresh runner with the first {@code steps} steps run; shows where it stopped, then runs {@code then}. */
    private void rebuild(int steps, Runnable then) {
        Lesson l = lesson;
        int g = opened;
        onWorker(() -> {
            closeRunner();
            runner = new LessonRunner(l);
            StepResult last = null;
            for (int i = 0; i < steps; i++) last = runner.runStep();
            Snapshot s = last != null ? last.snapshot() : runner.engine().snapshot();
            if (last == null) runner.engine().drainEvents();
            return new Reached(runner.scenario(), runner.engine().eventCount(), runner.waitedUntil(), s, List.of(), last);
        }, r -> {
            if (opened != g) return;   // a lesson (this one at another step, or another) was opened meanwhile: its own rebuild follows
            screen.show(l, r.run(), r.position(), r.time(), r.snapshot(), r.events());
            result = r.result();
            then.run();
        });
    }

    /** Shows step {@code i}; runs it at once unless it asks a question first. */
    private void enter(int i) {
        index = i;
        chosen = null;
        ran = false;
        result = null;
        if (lesson.steps().get(i).quiz() == null) runCurrent();
        else refresh();
    }

    private void runCurrent() {
        Lesson l = lesson;
        int g = opened;
        onWorker(() -> {
            StepResult r = runner.runStep();
            return new Reached(runner.scenario(), runner.engine().eventCount(), runner.waitedUntil(), r.snapshot(), r.events(), r);
        }, r -> { if (opened == g) shown(l, r); });
    }

    /** Shows the step just run. */
    private void shown(Lesson l, Reached r) {
        if (lesson != l) return;   // another lesson was opened meanwhile
        result = r.result();
        ran = true;
        screen.show(l, r.run(), r.position(), r.time(), r.snapshot(), r.events());
        progress.setPosition(lesson.id(), index);
        if (index == lesson.steps().size() - 1) {
            progress.complete(lesson.id());
            list.refresh();
        }
        refresh();
    }

    /** The next step, once this one has run (→, the Next button). */
    public void next() {
        if (lesson == null || !ran || index + 1 >= lesson.steps().size()) return;
        enter(index + 1);
    }

    /** The step before (←, the Back button). */
    public void back() {
        if (lesson == null || index <= 0) return;
        tryIt.setSelected(false);
        index--;
        ran = true;
        chosen = null;
        result = null;   // the rebuild brings this step's
        progress.setPosition(lesson.id(), index);
        rebuild(index + 1, this::refresh);
    }

    /** Starts the open lesson again from its first step, its quiz score too. */
    public void restart() {
        if (lesson == null) return;
        firstTries.clear();
        open(lesson, 0);
    }

    private void choose(int i) {
        if (ran) return;
        chosen = i;
        firstTries.putIfAbsent(index, i == lesson.steps().get(index).quiz().answer());
        runCurrent();
    }

    private void tryStep() {
        // in the window the learner steps with the window's controls: its canvas shows only the session's moment
        if (lesson == null || !tryIt.isSelected() || screen.hasControls()) return;
        Lesson l = lesson;
        onWorker(() -> {
            if (runner == null) return null;
            Engine e = runner.engine();
            e.step();
            return new Reached(null, 0, -1, e.snapshot(), e.drainEvents(), null);
        }, r -> { if (r != null && lesson == l && tryIt.isSelected()) view.show(r.snapshot(), r.events()); });
    }

    private void returnToLesson() {
        if (lesson == null) return;
        boolean wasRan = ran;
        Integer was = chosen;
        StepResult keep = result;
        rebuild(index + (ran ? 1 : 0), () -> {
            ran = wasRan;
            chosen = was;
            result = keep;
            refresh();
        });
    }

    // ---- what is shown -----------------------------------------------------------------------------

    private void refresh() {
        Lang ln = lang.get();
        languageLabel.setText(LessonWords.get("language", ln));
        lessonsLabel.setText(LessonWords.get("lessons", ln) + (listProblem == null ? "" : " — " + LessonWords.get("none", ln, listProblem)));
        back.setText(LessonWords.get("back", ln));
        next.setText(LessonWords.get("next", ln));
        tryIt.setText(LessonWords.get(tryIt.isSelected() ? "return" : "try", ln));
        tryStep.setText(LessonWords.get("tryStep", ln));
        teacherToggle.setText(LessonWords.get("teacher", ln));
        tryHint.setText(tryIt.isSelected() ? LessonWords.get(screen.hasControls() ? "tryControls" : "tryHint", ln) : "");
        tryHint.setVisible(tryIt.isSelected());
        deeper.setText(LessonWords.get("deeper", ln));
        checksLabel.setText(LessonWords.get("checks", ln));
        list.refresh();
        applyFont();
        boolean has = lesson != null;
        for (var n : List.of(stepLine, look, narration, deeper, quiz, checksLabel, checks, back, next, restart, tryIt, tryStep, allLessons))
            n.setVisible(has);
        program.setVisible(has && !screen.hasControls());
        for (var n : List.of(lessonsLabel, list, goTo, resetProgress, listEnd)) n.setVisible(!has);   // the summaries would give the quizzes away
        if (has) resetNo.fire();
        goTo.setPromptText(LessonWords.get("goTo", ln));
        restart.setText(LessonWords.get("restart", ln));
        resetProgress.setText(LessonWords.get("resetProgress", ln));
        resetQuestion.setText(LessonWords.get("resetQuestion", ln));
        resetYes.setText(LessonWords.get("resetYes", ln));
        resetNo.setText(LessonWords.get("resetNo", ln));
        score.setText("");
        allLessons.setText(LessonWords.get("allLessons", ln));
        tryStep.setVisible(has && tryIt.isSelected() && !screen.hasControls());
        teacherToggle.setVisible(has && presenter.get());
        teacherNotes.setVisible(has && presenter.get() && teacherToggle.isSelected());
        if (!has) {
            title.setText(LessonWords.get("choose", ln));
            caption.set("");
            return;
        }
        Lesson.Step step = lesson.steps().get(index);
        title.setText(lesson.title().in(ln));
        stepNumber.setText(LessonWords.get("step", ln, index + 1, lesson.steps().size()));
        stepLink.setText(Links.of(lesson, index));
        lookLabel.setText(LessonWords.get("look", ln, ""));
        look.getChildren().setAll(lookLabel);
        for (String name : step.highlight()) {
            Layout.Hit hit = hitFor(name);
            Hyperlink link = new Hyperlink(name);   // selects it on the canvas
            link.setId("look-" + name);
            link.setDisable(hit == null || !ran);
            link.setOnAction(e -> view.select(hit));
            look.getChildren().add(link);
        }
        look.setVisible(!step.highlight().isEmpty());
        narration.setText(ran ? step.narration().in(ln) : LessonWords.get("answerFirst", ln));
        deeper.setVisible(ran && step.deeper() != null);
        deeperText.setText(step.deeper() == null ? "" : step.deeper().in(ln));
        teacherNotes.setText(step.teacher() == null ? LessonWords.get("noTeacher", ln) : LessonWords.get("teacherNote", ln, step.teacher().in(ln)));

        Lesson.Quiz q = step.quiz();
        StringBuilder captionChoices = new StringBuilder();
        quiz.setVisible(q != null);
        choices.getChildren().clear();
        feedback.setText("");
        explain.setText("");
        if (q != null) {
            question.setText(LessonWords.get("predict", ln) + " " + q.question().in(ln));
            for (int i : QuizOrder.of(lesson.id(), index, q.choices().size())) {
                int k = i;
                Button b = new Button(q.choices().get(i).text().in(ln));
                captionChoices.append(captionChoices.length() == 0 ? "" : "   ").append(choices.getChildren().size() + 1).append(") ").append(b.getText());
                b.setId("choice" + i);
                b.setWrapText(true);
                b.setMaxWidth(Double.MAX_VALUE);
                b.setDisable(ran);
                if (ran && i == q.answer()) b.setStyle("-fx-border-color: #2e7d32; -fx-border-width: 2;");
                if (ran && chosen != null && i == chosen && chosen != q.answer()) b.setStyle("-fx-border-color: #b00020; -fx-border-width: 2;");
                b.setOnAction(e -> choose(k));
                choices.getChildren().add(b);
            }
            if (ran) {
                if (chosen != null)
                    feedback.setText(chosen == q.answer() ? LessonWords.get("right", ln)
                            : LessonWords.get("wrong", ln, q.choices().get(q.answer()).text().in(ln)));
                feedback.setStyle(chosen == null ? "" : chosen == q.answer() ? "-fx-text-fill: #2e7d32; -fx-font-weight: bold;"
                        : "-fx-text-fill: #b00020; -fx-font-weight: bold;");
                explain.setText(q.explain() == null ? "" : q.explain().in(ln));
            }
        }
        // presenter mode's caption: the narration, or the question with its numbered choices (keys 1–9) until answered
        caption.set(stepNumber.getText() + " · " + (q != null && !ran ? question.getText() + "   " + captionChoices : narration.getText()));
        buttons();
        checks.getChildren().clear();
        checksLabel.setVisible(ran && !step.checks().isEmpty());
        if (ran && result != null) {
            for (CheckResult c : result.checks()) {
                Label l = new Label((c.ok() ? "✓ " : "✗ ") + c.check().text() + (c.ok() ? "" : "  (" + c.actual() + ")"));
                l.getStyleClass().add(c.ok() ? "check-ok" : "check-failed");
                l.setStyle(c.ok() ? "-fx-text-fill: #2e7d32;" : "-fx-text-fill: #b00020;");
                checks.getChildren().add(l);
            }
            problem.setText(result.ok() ? "" : LessonWords.get("stepFailed", ln, result.problem()));
            if (index == lesson.steps().size() - 1 && result.ok()) problem.setText(LessonWords.get("done", ln));
            score.setText(index == lesson.steps().size() - 1 ? scoreText(ln) : "");
            problem.setStyle(result.ok() ? "-fx-text-fill: #2e7d32;" : "-fx-text-fill: #b00020;");
        } else {
            problem.setText("");
        }
        score.setVisible(!score.getText().isEmpty());
        highlight(ran ? step.highlight() : List.of());
    }

    /**
     * The end-of-lesson quiz score: how many of the lesson's quizzes were answered right at the first try since
     * it was opened (or restarted), and how many were passed over (the lesson opened at a later step).
     */
    private String scoreText(Lang ln) {
        int quizzes = 0, right = 0;
        for (int i = 0; i < lesson.steps().size(); i++) {
            if (lesson.steps().get(i).quiz() == null) continue;
            quizzes++;
            if (Boolean.TRUE.equals(firstTries.get(i))) right++;
        }
        if (quizzes == 0) return "";
        int unanswered = quizzes - firstTries.size();
        return LessonWords.get("score", ln, right, quizzes) + (unanswered == 0 ? "" : " " + LessonWords.get("unanswered", ln, unanswered));
    }

    /** Which of the lesson's buttons can be pressed: none while its engine works on a step. */
    private void buttons() {
        if (lesson == null) return;
        boolean wait = busy.get();
        back.setDisable(index == 0 || wait);
        restart.setDisable(wait);
        allLessons.setDisable(wait);
        next.setDisable(!ran || index + 1 >= lesson.steps().size() || tryIt.isSelected() || wait);
        tryIt.setDisable(wait);
        tryStep.setDisable(wait);
        for (var b : choices.getChildren()) b.setDisable(ran || wait);
    }

    /** Selects the first thing the step names on the canvas (the canvas outlines one selection). */
    private void highlight(List<String> names) {
        Layout.Hit hit = null;
        for (String n : names) {
            hit = hitFor(n);
            if (hit != null) break;
        }
        view.select(hit);
    }

    static Layout.Hit hitFor(String name) {
        if (name.matches("P[0-9]+")) return new Layout.Hit(Layout.Hit.Kind.P, Long.parseLong(name.substring(1)), null);
        if (name.matches("M[0-9]+")) return new Layout.Hit(Layout.Hit.Kind.M, Long.parseLong(name.substring(1)), null);
        if (name.matches("G[0-9]+")) return new Layout.Hit(Layout.Hit.Kind.G, Long.parseLong(name.substring(1)), null);
        String pool = switch (name) {
            case "global" -> "global";
            case "idle" -> "idleP";
            case "sysmon" -> "sysmon";
            case "netpoll" -> "netpoll";
            case "timers" -> "timer";
            default -> null;
        };
        return pool == null ? null : new Layout.Hit(Layout.Hit.Kind.POOL, 0, pool);
    }

    /** The player's own font: the bundled CJK font in Chinese (the window styles its root itself). */
    private void applyFont() {
        setStyle(lang.get() == Lang.ZH ? "-fx-font-family: '" + CjkFont.family() + "';" : "");
    }

    // ---- for the app and tests -----------------------------------------------------------------------

    public ObjectProperty<Lang> langProperty() { return lang; }
    /** Whether the window is in presenter mode (F5): only then can the teacher notes be shown. */
    public BooleanProperty presenterProperty() { return presenter; }
    /** The teacher notes' toggle and label, which presenter mode's caption strip mirrors (the pane itself is hidden then). */
    ToggleButton teacherToggle() { return teacherToggle; }
    Label teacherNotes() { return teacherNotes; }
    public List<Entry> entries() { return List.copyOf(loaded()); }
    public Lesson lesson() { return lesson; }
    public int stepIndex() { return index; }
    public boolean stepRan() { return ran; }
    public StepResult result() { return result; }
    /** True while the lesson's engine is working on a step (its buttons are off); false once what it reached is shown. */
    public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }

    /** The step shown in a line or two — its number and narration, or its quiz and numbered choices until answered; "" with no lesson. */
    public javafx.beans.property.ReadOnlyStringProperty captionProperty() { return caption.getReadOnlyProperty(); }

    /** Player's thread. */
    private void closeRunner() {
        if (runner != null) runner.close();
        runner = null;
    }

    /** Closes the runner on the player's thread, after any step under way, and ends that thread. */
    @Override
    public void close() {
        try {
            worker.execute(this::closeRunner);
        } catch (java.util.concurrent.RejectedExecutionException closed) {
            return;
        }
        worker.shutdown();
    }
}
