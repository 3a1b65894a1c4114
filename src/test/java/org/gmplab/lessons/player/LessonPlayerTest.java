package org.gmplab.lessons.player;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

import org.gmplab.lessons.LessonLoader;
import org.gmplab.lessons.Lesson;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.view.SchedulerView;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The lesson player beside the canvas, clicked like a person would. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class LessonPlayerTest {
    SchedulerView view;
    LessonPlayer player;
    Preferences prefs;

    @Start
    void start(Stage stage) throws Exception {
        prefs = Preferences.userRoot().node("org/gmplab/test/player-" + UUID.randomUUID());
        BorderPane root = new BorderPane();
        view = new SchedulerView();
        view.setAnimationMillis(0);
        player = new LessonPlayer(view, Path.of("lessons"), new Progress(prefs));
        root.setCenter(view);
        root.setRight(player);
        stage.setScene(new Scene(root, 1280, 800));
        stage.show();
    }

    @AfterEach
    void close() throws Exception {
        player.close();
        prefs.removeNode();
    }

    static Node cellOf(FxRobot robot, String text) {
        return robot.lookup((Node n) -> n instanceof ListCell<?> c && c.getText() != null && c.getText().contains(text)).query();
    }

    /** The list's cell of the lesson titled {@code title}, scrolled to the top of the list first: it shows a few lessons at a time. */
    static Node lessonCell(FxRobot robot, String title) {
        javafx.scene.control.ListView<LessonPlayer.Entry> list = robot.lookup("#lessonList").queryListView();
        robot.interact(() -> list.getItems().stream().filter(e -> e.lesson() != null && e.lesson().title().en().equals(title))
                .findFirst().ifPresent(list::scrollTo));
        WaitForAsyncUtils.waitForFxEvents();
        return cellOf(robot, title);
    }

    /** Clicks {@code query}, then waits until the step it started is shown (the player's engine works on its own thread). */
    void click(FxRobot robot, String query) { robot.clickOn(query); idle(player); }

    void click(FxRobot robot, Node n) { robot.clickOn(n); idle(player); }

    /** Waits until {@code p} has shown what its engine was asked for: it is busy from the click until then. */
    static void idle(LessonPlayer p) {
        try {
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !p.busyProperty().get());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the lesson step did not finish", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    static String text(FxRobot robot, String id) { return robot.lookup(id).queryAs(Label.class).getText(); }

    @Test
    void nextAndBackWalkTheLessonAndBackReturnsToTheEarlierSnapshot(FxRobot robot) {
        // given the first lesson opened from the list
        click(robot, cellOf(robot, "G, M, P: who is who"));
        Lesson l = player.lesson();
        assertThat(text(robot, "#stepNumber")).isEqualTo("Step 1 of 6");
        assertThat(text(robot, "#narration")).isEqualTo(l.steps().get(0).narration().en());
        Snapshot first = view.snapshot();
        // when Next is clicked (step 2 asks first) and the quiz answered, then Next again
        click(robot, "#next");
        assertThat(text(robot, "#stepNumber")).isEqualTo("Step 2 of 6");
        assertThat(view.snapshot()).isEqualTo(first);             // nothing runs before the answer
        click(robot, "#choice2");
        Snapshot second = view.snapshot();
        assertThat(second).isNotEqualTo(first);
        assertThat(text(robot, "#narration")).isEqualTo(l.steps().get(1).narration().en());
        click(robot, "#next");
        assertThat(text(robot, "#stepNumber")).isEqualTo("Step 3 of 6");
        assertThat(text(robot, "#narration")).isEqualTo(l.steps().get(2).narration().en());
        Snapshot third = view.snapshot();
        assertThat(third.events()).isGreaterThan(second.events());
        // then Back returns to exactly the earlier snapshots
        click(robot, "#back");
        assertThat(text(robot, "#stepNumber")).isEqualTo("Step 2 of 6");
        assertThat(view.snapshot()).isEqualTo(second);
        assertThat(text(robot, "#narration")).isEqualTo(l.steps().get(1).narration().en());
        click(robot, "#back");
        assertThat(text(robot, "#stepNumber")).isEqualTo("Step 1 of 6");
        assertThat(view.snapshot()).isEqualTo(first);
        assertThat(robot.lookup("#back").queryButton().isDisabled()).isTrue();
        // and the step's highlight is selected on the canvas (lesson 1, step 1 points at P0, M0, G1)
        assertThat(view.selectionProperty().get()).contains("P0");
        robot.clickOn("#look-G1");
        assertThat(view.selectionProperty().get()).contains("G1");
    }

    @Test
    void aStepRunsOffTheFxThreadWithTheLessonsButtonsOffUntilWhatItReachedIsShown(FxRobot robot) {
        click(robot, cellOf(robot, "G, M, P: who is who"));
        click(robot, "#next");   // step 2 asks first: answering runs it
        Snapshot asked = view.snapshot();
        boolean[] seen = new boolean[5];
        robot.interact(() -> {
            robot.lookup("#choice2").queryButton().fire();
            // still in the FX task of the click: a step run on this thread would be shown by now
            seen[0] = player.stepRan();
            seen[1] = view.snapshot() == asked;
            seen[2] = player.busyProperty().get();
            seen[3] = robot.lookup("#back").queryButton().isDisabled();
            seen[4] = robot.lookup("#choice1").queryButton().isDisabled();
        });
        assertThat(seen).containsExactly(false, true, true, true, true);
        // then, once the player's thread is done, the FX thread shows the step and gives the buttons back
        idle(player);
        assertThat(player.stepRan()).isTrue();
        assertThat(view.snapshot()).isNotEqualTo(asked);
        assertThat(robot.lookup("#back").queryButton().isDisabled()).isFalse();
        assertThat(robot.lookup("#next").queryButton().isDisabled()).isFalse();
    }

    @Test
    void aQuizIsAnsweredBeforeTheStepRunsAndTheRunRevealsTheAnswer(FxRobot robot) {
        click(robot, cellOf(robot, "G, M, P: who is who"));
        click(robot, "#next");
        // given the question, before the step runs
        assertThat(text(robot, "#question")).contains("which goroutine sits in P0's runnext");
        assertThat(player.stepRan()).isFalse();
        // when a wrong answer is chosen
        click(robot, "#choice0");
        // then the feedback says so and names the answer, the explanation shows, and the run reveals it
        assertThat(text(robot, "#feedback")).isEqualTo("Not quite — the answer is: G4, the newest one");
        assertThat(text(robot, "#explain")).startsWith("newproc puts every new G in runnext");
        assertThat(view.snapshot().ps().get(0).runnext()).isEqualTo(4);
        assertThat(robot.lookup("#choice1").queryButton().isDisabled()).isTrue();
        // when the step is asked again (Back, Next) and the right answer chosen
        click(robot, "#back");
        click(robot, "#next");
        assertThat(text(robot, "#feedback")).isEmpty();
        click(robot, "#choice2");
        assertThat(text(robot, "#feedback")).isEqualTo("Right!");
        assertThat(view.snapshot().ps().get(0).runnext()).isEqualTo(4);
    }

    @Test
    void switchingLanguageMidLessonKeepsThePosition(FxRobot robot) {
        click(robot, cellOf(robot, "G, M, P: who is who"));
        click(robot, "#next");
        click(robot, "#choice2");
        click(robot, "#next");
        Lesson l = player.lesson();
        Snapshot at = view.snapshot();
        // when 简体中文 is chosen
        robot.clickOn("#language").clickOn("简体中文");
        // then narration and labels are Chinese, the position and the world are the same
        assertThat(text(robot, "#narration")).isEqualTo(l.steps().get(2).narration().zh());
        assertThat(text(robot, "#stepNumber")).isEqualTo("第 3 步，共 6 步");
        assertThat(robot.lookup("#next").queryButton().getText()).isEqualTo("下一步 ▶");
        assertThat(text(robot, "#lessonTitle")).isEqualTo(l.title().zh());
        assertThat(view.snapshot()).isEqualTo(at);
        assertThat(player.getStyle()).contains(CjkFont.family());
        // and back to English
        robot.clickOn("#language").clickOn("English");
        assertThat(text(robot, "#narration")).isEqualTo(l.steps().get(2).narration().en());
        assertThat(text(robot, "#stepNumber")).isEqualTo("Step 3 of 6");
        assertThat(robot.lookup("#next").queryButton().getText()).isEqualTo("Next ▶");
        assertThat(player.stepIndex()).isEqualTo(2);
        // and the choice is remembered
        assertThat(new Progress(prefs).lang()).isEqualTo(org.gmplab.i18n.Lang.EN);
    }

    @Test
    void tryItYourselfStepsFreelyAndReturnGoesBackToTheStep(FxRobot robot) {
        click(robot, cellOf(robot, "G, M, P: who is who"));
        Snapshot at = view.snapshot();
        click(robot, "#tryIt");
        click(robot, "#tryStep");
        click(robot, "#tryStep");
        assertThat(view.snapshot().events()).isGreaterThan(at.events());
        assertThat(robot.lookup("#next").queryButton().isDisabled()).isTrue();
        click(robot, "#tryIt");   // now "Return to the lesson"
        assertThat(view.snapshot()).isEqualTo(at);
        assertThat(text(robot, "#stepNumber")).isEqualTo("Step 1 of 6");
        click(robot, "#next");
        assertThat(text(robot, "#stepNumber")).isEqualTo("Step 2 of 6");
    }

    /** The list follows lessons/order.txt, the recommended order ("why P" second, as the articles have it), not the files' numbers. */
    @Test
    void theListShowsTheLessonsInTheRecommendedOrder(FxRobot robot) throws Exception {
        javafx.scene.control.ListView<?> list = robot.lookup("#lessonList").queryListView();
        java.util.List<String> shown = list.getItems().stream().map(e -> ((LessonPlayer.Entry) e).file().getFileName().toString()).toList();
        assertThat(shown).isEqualTo(org.gmplab.lessons.LessonLoader.files(Path.of("lessons")).stream().map(p -> p.getFileName().toString()).toList());
        assertThat(shown).startsWith("01-gmp-who-is-who.json", "17-why-p.json", "02-go-runnext.json");
        assertThat(((LessonPlayer.Entry) list.getItems().get(1)).lesson().id()).isEqualTo("why-p");
    }

    /** The lessons' summaries state what their quizzes ask: while a lesson runs, the list is not shown. */
    @Test
    void whileALessonRunsTheListAndItsSummariesAreHidden(FxRobot robot) {
        javafx.scene.control.ListView<?> list = robot.lookup("#lessonList").queryListView();
        assertThat(list.isVisible()).isTrue();
        assertThat(robot.lookup("#allLessons").query().isVisible()).isFalse();
        // when a lesson is opened from the list
        click(robot, lessonCell(robot, "go f(): the newest goroutine runs next"));
        assertThat(player.lesson().id()).isEqualTo("go-runnext");
        // then neither the list nor any summary can be seen, at any step of it
        for (int i = 0; i < 3; i++) {
            assertThat(list.isVisible()).isFalse();
            assertThat(list.isManaged()).isFalse();
            assertThat(robot.lookup((Node n) -> n instanceof javafx.scene.control.Labeled l && l.getText() != null
                    && l.getText().contains(player.lesson().summary().en()) && n.isVisible() && n.getParent() != null
                    && visible(n)).queryAll()).isEmpty();
            if (!player.stepRan()) click(robot, "#choice" + player.lesson().steps().get(player.stepIndex()).quiz().answer());
            click(robot, "#next");
        }
        // and "All lessons" leaves the lesson and shows the list again
        click(robot, "#allLessons");
        assertThat(player.lesson()).isNull();
        assertThat(list.isVisible()).isTrue();
        assertThat(robot.lookup("#allLessons").query().isVisible()).isFalse();
        click(robot, lessonCell(robot, "go f(): the newest goroutine runs next"));
        assertThat(player.lesson().id()).isEqualTo("go-runnext");
    }

    /** Whether {@code n} and every parent of it are visible. */
    static boolean visible(Node n) {
        for (Node p = n; p != null; p = p.getParent()) if (!p.isVisible()) return false;
        return true;
    }

    /** 1–4 answer by the place on screen, which the shuffle decides, not by the order in the file. */
    @Test
    void theQuizShowsItsChoicesInItsStableShuffleAndTheDigitsFollowTheScreen(FxRobot robot) {
        click(robot, cellOf(robot, "G, M, P: who is who"));
        click(robot, "#next");
        Lesson l = player.lesson();
        java.util.List<Integer> order = org.gmplab.lessons.QuizOrder.of(l.id(), 1, 3);
        java.util.List<String> shown = robot.lookup("#choices").queryAs(javafx.scene.layout.VBox.class).getChildren().stream()
                .map(n -> n.getId()).toList();
        assertThat(shown).containsExactly("choice" + order.get(0), "choice" + order.get(1), "choice" + order.get(2));
        int place = org.gmplab.lessons.QuizOrder.answerPlace(l, 1);
        robot.type(javafx.scene.input.KeyCode.getKeyCode(String.valueOf(place + 1)));
        idle(player);
        assertThat(text(robot, "#feedback")).isEqualTo("Right!");
    }

    @Test
    void progressIsRememberedPerUser(FxRobot robot) {
        click(robot, cellOf(robot, "G, M, P: who is who"));
        click(robot, "#next");
        click(robot, "#choice2");
        click(robot, "#next");
        Progress again = new Progress(prefs);
        assertThat(again.lastLesson()).isEqualTo("gmp-who-is-who");
        assertThat(again.lastStep()).isEqualTo(2);
        click(robot, "#next");
        click(robot, "#next");
        click(robot, "#next");
        assertThat(text(robot, "#stepNumber")).isEqualTo("Step 6 of 6");
        assertThat(new Progress(prefs).completed()).containsExactly("gmp-who-is-who");
        click(robot, "#allLessons");
        assertThat(cellOf(robot, "✓ G, M, P: who is who")).isNotNull();
    }

    /** Walks the open lesson to its end with Next, answering each quiz with {@code choice}. */
    void walkToTheEnd(FxRobot robot, int choice) {
        while (player.stepIndex() + 1 < player.lesson().steps().size()) {
            click(robot, "#next");
            if (!player.stepRan()) click(robot, "#choice" + choice);
        }
    }

    @Test
    void theLessonEndsWithItsQuizScoreRightAtTheFirstTryAndRestartStartsItAgain(FxRobot robot) {
        click(robot, cellOf(robot, "G, M, P: who is who"));   // one quiz, at step 2; its answer is choice 2
        click(robot, "#next");
        click(robot, "#choice0");   // wrong at the first try
        click(robot, "#back");
        click(robot, "#next");
        click(robot, "#choice2");   // right at the second: it does not count
        walkToTheEnd(robot, 2);
        assertThat(text(robot, "#stepNumber")).isEqualTo("Step 6 of 6");
        assertThat(text(robot, "#score")).isEqualTo("Quizzes right at the first try: 0 of 1.");
        // Restart: step 1 again, the score starts again too
        click(robot, "#restart");
        assertThat(player.stepIndex()).isZero();
        assertThat(player.stepRan()).isTrue();
        assertThat(robot.lookup("#score").query().isVisible()).isFalse();
        walkToTheEnd(robot, 2);
        assertThat(text(robot, "#score")).isEqualTo("Quizzes right at the first try: 1 of 1.");
        robot.interact(() -> player.langProperty().set(org.gmplab.i18n.Lang.ZH));
        assertThat(text(robot, "#score")).isEqualTo("第一次就答对的测验：1 / 1。");
        robot.interact(() -> player.langProperty().set(org.gmplab.i18n.Lang.EN));
        // Home restarts too (the keyboard's way); a lesson opened past its quiz says so in its score
        robot.type(javafx.scene.input.KeyCode.HOME);
        idle(player);
        assertThat(player.stepIndex()).isZero();
        robot.interact(() -> player.open("gmp-who-is-who", 3));
        idle(player);
        walkToTheEnd(robot, 2);
        assertThat(text(robot, "#score")).isEqualTo("Quizzes right at the first try: 0 of 1. (1 not answered: the lesson was opened past them)");
    }

    @Test
    void resetProgressAsksFirstThenForgetsTheCompletedLessonsAndThePositionOnDisk(FxRobot robot) throws Exception {
        click(robot, cellOf(robot, "G, M, P: who is who"));
        walkToTheEnd(robot, 2);
        // a language chosen (and back): a preference that is not progress, which the reset keeps
        robot.interact(() -> player.langProperty().set(org.gmplab.i18n.Lang.ZH));
        robot.interact(() -> player.langProperty().set(org.gmplab.i18n.Lang.EN));
        click(robot, "#allLessons");
        assertThat(cellOf(robot, "✓ G, M, P: who is who")).isNotNull();
        // one click only asks; Cancel keeps everything
        click(robot, "#resetProgress");
        assertThat(text(robot, "#resetQuestion")).startsWith("Forget which lessons are complete");
        click(robot, "#resetNo");
        assertThat(robot.lookup("#resetQuestion").query().isVisible()).isFalse();
        assertThat(new Progress(prefs).completed()).containsExactly("gmp-who-is-who");
        // Reset forgets, and the ✓ goes
        click(robot, "#resetProgress");
        click(robot, "#resetYes");
        Progress after = new Progress(prefs);
        assertThat(after.completed()).isEmpty();
        assertThat(after.lastLesson()).isEmpty();
        assertThat(after.lastStep()).isZero();
        assertThat(after.lang()).isEqualTo(org.gmplab.i18n.Lang.EN);
        assertThat(robot.lookup((Node n) -> n instanceof ListCell<?> c && c.getText() != null && c.getText().startsWith("✓")).tryQuery()).isEmpty();
        // on disk too (Linux keeps a user's preferences in ~/.java/.userPrefs)
        Path onDisk = Path.of(System.getProperty("user.home"), ".java", ".userPrefs").resolve(prefs.absolutePath().substring(1)).resolve("prefs.xml");
        if (System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).contains("linux")) {
            assertThat(onDisk).exists();
            assertThat(Files.readString(onDisk)).contains("\"lang\"").doesNotContain("completed").doesNotContain("lastLesson");
        }
    }

    @Test
    void theWindowReturnsToTheLastLessonAndStep(FxRobot robot) throws Exception {
        // given a user who was at step 3 of "go-runnext", in Chinese
        Preferences other = Preferences.userRoot().node("org/gmplab/test/resume-" + UUID.randomUUID());
        Progress was = new Progress(other);
        was.setPosition("go-runnext", 2);
        was.setLang(org.gmplab.i18n.Lang.ZH);
        LessonPlayer again = new LessonPlayer(view, Path.of("lessons"), new Progress(other));
        try {
            robot.interact(() -> ((BorderPane) player.getParent()).setRight(again));
            // when the window opens and the canvas shows its first picture
            robot.interact(() -> {
                again.resumeWhenCanvasReady();
                try (var first = new org.gmplab.lessons.LessonRunner(again.entries().get(0).lesson())) {
                    view.show(first.engine().snapshot(), java.util.List.of());
                }
            });
            org.testfx.util.WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> again.lesson() != null);
            idle(again);
            // then the player is back at that step, in Chinese
            assertThat(again.lesson().id()).isEqualTo("go-runnext");
            assertThat(again.stepIndex()).isEqualTo(2);
            assertThat(robot.lookup("#stepNumber").queryAllAs(Label.class)).anyMatch(l -> l.getText().equals("第 3 步，共 6 步"));
        } finally {
            again.close();
            other.removeNode();
        }
    }

    @Test
    void aPlayerMadeAwayFromTheWindowShowsEveryLessonInTheFrameItJoinsIt(FxRobot robot) throws Exception {
        // given a player made on the FX thread, as the window makes it, and not yet in the window (its lessons are read on its own thread)
        LessonPlayer[] made = {null};
        robot.interact(() -> made[0] = new LessonPlayer(view, Path.of("lessons"), new Progress(prefs)));
        LessonPlayer other = made[0];
        try {
            // when it joins the window, with no wait for its thread
            int bundled = LessonLoader.files(Path.of("lessons")).size();
            robot.interact(() -> {
                ((BorderPane) player.getParent()).setRight(other);
                other.applyCss();   // the skins, as the frame's CSS pass makes them: the list is inside the scroll pane's
                javafx.scene.control.ListView<?> list = (javafx.scene.control.ListView<?>) other.lookup("#lessonList");
                // then its list already holds every bundled lesson: it is never seen empty
                assertThat(list.getItems()).hasSize(bundled);
            });
            assertThat(other.entries()).extracting(e -> e.lesson() == null ? e.error() : e.lesson().id()).contains("gmp-who-is-who");
        } finally {
            other.close();
        }
    }

    @Test
    void aMalformedLessonShowsItsOneLineErrorInTheList(FxRobot robot) throws Exception {
        // given a lessons directory with a good lesson and a broken one
        Path dir = Files.createTempDirectory("lessons");
        Files.copy(Path.of("lessons/01-gmp-who-is-who.json"), dir.resolve("01-gmp-who-is-who.json"));
        Files.writeString(dir.resolve("02-bad.json"), Files.readString(Path.of("lessons/01-gmp-who-is-who.json"))
                .replace("\"level\": \"beginner\"", "\"level\": \"expert\""));
        LessonPlayer other = new LessonPlayer(view, dir, new Progress(prefs));
        robot.interact(() -> ((BorderPane) player.getParent()).setRight(other));
        try {
            // then its entry names file:line: path: message, and choosing it shows the error without crashing
            String error = other.entries().get(1).error();
            assertThat(error).matches(".*02-bad\\.json:[0-9]+: \\$\\.level: expected one of beginner, intermediate, advanced, got \"expert\"");
            assertThat(error.lines().count()).isEqualTo(1);
            Node bad = cellOf(robot, "cannot load: " + error);
            robot.clickOn(bad);
            idle(other);
            assertThat(robot.lookup("#problem").queryAll()).anyMatch(n -> error.equals(((Label) n).getText()));
            // and the good lesson still opens
            robot.clickOn(cellOf(robot, "G, M, P: who is who"));
            idle(other);
            assertThat(other.lesson().id()).isEqualTo("gmp-who-is-who");
        } finally {
            other.close();
        }
    }
}
