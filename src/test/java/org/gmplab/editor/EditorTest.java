package org.gmplab.editor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;
import javafx.stage.Window;

import org.gmplab.controls.GoStyles;
import org.gmplab.session.Driver;
import org.gmplab.controls.ControlsPane;
import org.gmplab.scenario.gosrc.GoSource;
import org.gmplab.history.History;
import org.gmplab.history.Session;
import org.gmplab.history.SessionFile;
import org.gmplab.snapshot.Event;
import org.gmplab.view.SchedulerView;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The scenario editor mounted beside the controls as the window shows it, typed into and clicked like a person. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class EditorTest {
    /** Three goroutines started by three go statements (a snippet: no package clause); line 3 is "func main() {". */
    static final String THREE = String.join("\n",
            "// gmplab: name=three gomaxprocs=2",
            "",
            "func main() {",
            "\tdone := make(chan int)",
            "\tgo f(done)",
            "\tgo f(done)",
            "\tgo f(done)",
            "\t<-done",
            "\t<-done",
            "\t<-done",
            "}",
            "",
            "func f(done chan int) {",
            "\twork(time.Millisecond)",
            "\tdone <- 1",
            "}",
            "");

    /** Answers the editor's questions as the test sets them, and counts them. */
    static final class Answers implements EditorDialogs {
        Path open, save;
        Unsaved unsaved = Unsaved.CANCEL;
        final List<String> asked = new ArrayList<>();

        @Override public Path chooseOpen(Window owner, List<Kind> kinds, Path dir) { asked.add("open"); return open; }
        @Override public Path chooseSave(Window owner, Kind kind, Path dir, String name) { asked.add("save " + name); return save; }
        @Override public Unsaved askUnsaved(Window owner, String what) { asked.add("unsaved " + what); return unsaved; }
    }

    @TempDir Path dir;
    Driver c;
    ScenarioEditor editor;
    final Answers answers = new Answers();

    @Start
    void start(Stage stage) throws Exception {
        c = new Driver(new History(GoSource.parse(ScenarioEditor.defaultSource(), "spawn.go")));
        editor = new ScenarioEditor(c, answers);
        editor.startWith(THREE, null, "three.go");
        SchedulerView view = new SchedulerView();
        view.setAnimationMillis(0);
        BorderPane root = new BorderPane(new ControlsPane(c, view));
        root.setLeft(editor);
        stage.setScene(new Scene(root, 1280, 800));
        stage.show();
    }

    @AfterEach
    void close() { c.close(); }

    Label message(FxRobot robot) { return robot.lookup("#editorMessage").queryAs(Label.class); }

    /** Types at the start of 1-based {@code line}. */
    void typeAtLine(FxRobot robot, int line, String text) {
        robot.clickOn("#editorText");
        robot.interact(() -> editor.area.moveTo(line - 1, 0));
        robot.write(text);
    }

    void settle() throws Exception {
        c.idle().get(60, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aSyntaxErrorIsUnderlinedAtItsLineWithTheMessageAndFixingItClearsTheMark(FxRobot robot) throws Exception {
        // given a valid program
        assertThat(message(robot).getText()).startsWith("OK: ");
        // when a stray ')' is typed at the start of line 3
        typeAtLine(robot, 3, ")");
        // then, once the typing pauses, line 3 is marked and the compiler's message names line 3
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> editor.area.errorLine() == 3);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(message(robot).getText()).startsWith("three.go:3:1: ").contains(":3:");
        assertThat(message(robot).getTooltip().getText()).isEqualTo(message(robot).getText());
        GoStyles.Mark mark = editor.area.errorMark();
        int line3 = editor.text().indexOf("\n", editor.text().indexOf("\n") + 1) + 1;
        assertThat(mark.from()).isEqualTo(line3);
        assertThat(editor.area.getStyleAtPosition(mark.from() + 1)).contains(GoStyles.ERROR);
        assertThat(robot.lookup("#errorLineNumber").queryAs(Label.class).getText().trim()).isEqualTo("3");
        assertThat(editor.isModified()).isTrue();
        // when it is deleted again
        robot.type(KeyCode.BACK_SPACE);
        // then the marks go and the program is OK
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> editor.area.errorLine() == 0);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(message(robot).getText()).isEqualTo("OK: 2 functions");
        assertThat(editor.area.getStyleSpans(0, editor.text().length()).styleStream().flatMap(s -> s.stream()))
                .doesNotContain(GoStyles.ERROR);
        assertThat(robot.lookup("#errorLineNumber").tryQuery()).isEmpty();
        assertThat(editor.isModified()).isFalse();
    }

    @Test
    void runLoadsTheEditedProgramAndSteppingRunsItsThreeGoStatements(FxRobot robot) throws Exception {
        // when Run is clicked
        robot.clickOn("#editorRun");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> "three".equals(c.model().scenarioProperty().get().name()));
        settle();
        // then the controls follow the new program (the inject panel offers its function f)
        // (its tab's header is in the overflow menu at this width: chosen as that menu would)
        TabPane tabs = robot.lookup("#sideTabs").queryAs(TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(tabs.getTabs().stream().filter(t -> "tab-inject".equals(t.getId())).findFirst().orElseThrow()));
        assertThat(robot.lookup("#spawnFn").queryAs(TextField.class).getText()).isEqualTo("f");
        // and stepping to the end runs it: main's three go statements make three goroutines
        for (int i = 0; i < 5_000 && !c.model().finishedProperty().get(); i++) c.stepEvent().get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(c.model().finishedProperty().get()).isTrue();
        List<Event> gos = c.model().eventLog().stream()
                .filter(e -> e instanceof org.gmplab.snapshot.Event.Go go && go.parent() == 1 && !go.system()).toList();
        assertThat(gos).hasSize(3);
    }

    @Test
    void ctrlEnterRunsAndAnInvalidProgramDoesNotReplaceTheRun(FxRobot robot) throws Exception {
        // keys typed in the editor are text, not the window's one-key shortcuts (B, Space, →)
        settle();
        long start = c.model().getPosition();
        typeAtLine(robot, 2, "b ");
        robot.type(KeyCode.LEFT, KeyCode.RIGHT, KeyCode.BACK_SPACE, KeyCode.BACK_SPACE);
        settle();
        assertThat(c.model().getPosition()).isEqualTo(start);
        assertThat(c.model().playingProperty().get()).isFalse();
        assertThat(editor.text()).isEqualTo(THREE);
        typeAtLine(robot, 3, ")");
        robot.press(KeyCode.CONTROL, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.CONTROL);
        settle();
        // an error: the run shown stays, and the text got no new line
        assertThat(c.model().scenarioProperty().get().name()).isNotEqualTo("three");
        assertThat(message(robot).getText()).contains(":3:1:");
        robot.type(KeyCode.BACK_SPACE);
        robot.press(KeyCode.CONTROL, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.CONTROL);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> "three".equals(c.model().scenarioProperty().get().name()));
        assertThat(editor.text()).isEqualTo(THREE);
    }

    @Test
    void saveWritesTheFileAtomicallyAndClearsTheModifiedFlag(FxRobot robot) throws Exception {
        // given edited text that was never saved
        typeAtLine(robot, 1, "// a note\n");
        assertThat(editor.isModified()).isTrue();
        // when Save is clicked, it asks where (Save as) and writes there
        answers.save = dir.resolve("three.go");
        robot.clickOn("#editorSave");
        assertThat(answers.asked).containsExactly("save three.go");
        assertThat(Files.readString(answers.save)).isEqualTo(editor.text()).startsWith("// a note\n");
        assertThat(editor.isModified()).isFalse();
        assertThat(editor.path()).isEqualTo(answers.save);
        // when more is typed and Ctrl+S pressed, the same file is rewritten without asking
        typeAtLine(robot, 1, "// another\n");
        robot.press(KeyCode.CONTROL, KeyCode.S).release(KeyCode.S, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(answers.asked).hasSize(1);
        assertThat(Files.readString(answers.save)).isEqualTo(editor.text()).startsWith("// another\n// a note\n");
        assertThat(editor.isModified()).isFalse();
        // and no temporary file is left beside it
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).toList()).containsExactly("three.go");
        }
    }

    @Test
    void openWithUnsavedChangesAsksAndCancelKeepsTheText(FxRobot robot) throws Exception {
        Path other = dir.resolve("other.go");
        Files.writeString(other, THREE.replace("name=three", "name=other"));
        typeAtLine(robot, 1, "// mine\n");
        String mine = editor.text();
        // when Open is clicked and the person cancels at the question
        answers.open = other;
        answers.unsaved = EditorDialogs.Unsaved.CANCEL;
        robot.clickOn("#editorOpen");
        // then it asked, and the text and the run are as they were
        assertThat(answers.asked).containsExactly("open", "unsaved three.go");
        assertThat(editor.text()).isEqualTo(mine);
        assertThat(editor.isModified()).isTrue();
        // when the person discards instead, the file opens and runs
        answers.unsaved = EditorDialogs.Unsaved.DISCARD;
        robot.clickOn("#editorOpen");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> "other".equals(c.model().scenarioProperty().get().name()));
        assertThat(editor.text()).isEqualTo(Files.readString(other));
        assertThat(editor.path()).isEqualTo(other);
        assertThat(editor.isModified()).isFalse();
        // and Reset goes back to the opened text after an edit
        typeAtLine(robot, 2, "x");
        robot.clickOn("#editorReset");
        assertThat(editor.text()).isEqualTo(Files.readString(other));
    }

    @Test
    void openingASessionFileRestoresItsPosition(FxRobot robot) throws Exception {
        // given a session saved 40 events into the three-goroutine program, with one action injected, at 4 events a second
        Path file = dir.resolve("three.gmpsession");
        long position;
        try (History h = new History(GoSource.parse(THREE, "three.go"))) {
            h.jumpTo(20);
            h.inject(new org.gmplab.engine.Action.SetGomaxprocs(3));
            h.jumpTo(40);
            position = h.position();
            SessionFile.write(file, Session.of(h, Map.of("speed", "4")));
        }
        String text = editor.text();
        assertThat(c.settings()).containsEntry("speed", "1");
        // when it is opened
        answers.open = file;
        robot.clickOn("#editorOpen");
        // then the window shows that moment of that run; the editor's text stays
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> "three".equals(c.model().scenarioProperty().get().name()) && c.model().getPosition() == position);
        assertThat(editor.text()).isEqualTo(text);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> message(robot).getText().contains("at position " + position));
        // with the speed it was saved with
        assertThat(c.settings()).containsEntry("speed", "4");
        // and Save session writes the same moment back
        Path again = dir.resolve("again.gmpsession");
        answers.save = again;
        robot.clickOn("#editorSaveSession");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> Files.exists(again));
        Session s = SessionFile.read(again);
        assertThat(s.position()).isEqualTo(position);
        assertThat(s.actions()).hasSize(1);
        assertThat(s.settings()).containsEntry("speed", "4");
    }

    @Test
    void aJsonScenarioRunsAndTheEditorSaysItKeepsItsText(FxRobot robot) throws Exception {
        answers.open = Path.of("scenarios/gosched.json").toAbsolutePath();
        String text = editor.text();
        robot.clickOn("#editorOpen");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !c.model().scenarioProperty().get().name().startsWith("spawn"));
        assertThat(editor.text()).isEqualTo(text);
        assertThat(message(robot).getText()).contains("JSON scenario").contains("gosched.go");
    }

    @Test
    void closingWithUnsavedTextAsksAndASaveThatIsCancelledKeepsTheWindowOpen(FxRobot robot) throws Exception {
        // unchanged text: nothing to ask
        boolean[] first = new boolean[1];
        robot.interact(() -> first[0] = editor.confirmDiscard());
        assertThat(first[0]).isTrue();
        assertThat(answers.asked).isEmpty();
        typeAtLine(robot, 1, "// changed\n");
        boolean[] mayClose = new boolean[1];
        // Save, then the save dialog cancelled: stay
        answers.unsaved = EditorDialogs.Unsaved.SAVE;
        answers.save = null;
        robot.interact(() -> mayClose[0] = editor.confirmDiscard());
        assertThat(mayClose[0]).isFalse();
        assertThat(answers.asked).containsExactly("unsaved three.go", "save three.go");
        // Cancel: stay; Discard: close
        answers.unsaved = EditorDialogs.Unsaved.CANCEL;
        robot.interact(() -> mayClose[0] = editor.confirmDiscard());
        assertThat(mayClose[0]).isFalse();
        answers.unsaved = EditorDialogs.Unsaved.DISCARD;
        robot.interact(() -> mayClose[0] = editor.confirmDiscard());
        assertThat(mayClose[0]).isTrue();
        // Save with a place to save: the file is written, then the window may close
        answers.unsaved = EditorDialogs.Unsaved.SAVE;
        answers.save = dir.resolve("kept.go");
        robot.interact(() -> mayClose[0] = editor.confirmDiscard());
        assertThat(mayClose[0]).isTrue();
        assertThat(Files.readString(answers.save)).startsWith("// changed\n");
    }

    @Test
    void aSessionWhoseReplayDivergesIsReportedInOneLineAndTheRunStays(FxRobot robot) throws Exception {
        // given a well-formed session whose action was recorded at a safe point this run never reaches
        // (as a session saved by another version of the engine may be)
        Path file = dir.resolve("diverged.gmpsession");
        try (History h = new History(GoSource.parse(THREE, "three.go"))) {
            h.jumpTo(20);
            h.inject(new org.gmplab.engine.Action.SetGomaxprocs(3));
            h.jumpTo(40);
            SessionFile.write(file, Session.of(h, Map.of()));
        }
        String json = Files.readString(file);
        String moved = json.replaceFirst("\"safePoint\": \\d+", "\"safePoint\": 999999999");
        assertThat(moved).isNotEqualTo(json);
        Files.writeString(file, moved);
        String before = c.model().scenarioProperty().get().name();
        // when it is opened
        answers.open = file;
        robot.clickOn("#editorOpen");
        // then the editor says so in one line, and the window keeps the run it showed
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> message(robot).getText().contains("Cannot open session"));
        assertThat(message(robot).getText()).contains("diverged.gmpsession").contains("replay diverged").doesNotContain("\n");
        assertThat(message(robot).getStyleClass()).contains("error");
        assertThat(c.model().scenarioProperty().get().name()).isEqualTo(before);
    }

    @Test
    void aDamagedSessionFileIsReportedAndTheRunStays(FxRobot robot) throws Exception {
        Path file = dir.resolve("broken.gmpsession");
        Files.writeString(file, "{ \"format\": \"gmplab-session\", \"version\": 1, \"scenario\": ");
        String before = c.model().scenarioProperty().get().name();
        answers.open = file;
        robot.clickOn("#editorOpen");
        // the session is read off the FX thread: its report is waited for, not a settled frame
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> message(robot).getText().contains("broken.gmpsession"));
        assertThat(message(robot).getText()).contains("broken.gmpsession").contains("damaged");
        assertThat(message(robot).getStyleClass()).contains("error");
        assertThat(c.model().scenarioProperty().get().name()).isEqualTo(before);
    }
}
