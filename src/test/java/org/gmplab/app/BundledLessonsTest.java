package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.prefs.Preferences;
import java.util.stream.Stream;

import javafx.scene.Scene;
import javafx.stage.Stage;

import org.gmplab.io.Folders;
import org.gmplab.lessons.player.LessonPlayer;
import org.gmplab.lessons.player.Progress;
import org.gmplab.view.SchedulerView;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The window started from a folder with no lessons in it lists every lesson the program carries. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class BundledLessonsTest {
    @TempDir Path empty;
    Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void theLessonPaneStartedFromAnEmptyFolderListsEveryBundledLesson(FxRobot robot) throws Exception {
        long shipped;
        try (Stream<Path> s = Files.list(Path.of("lessons"))) {
            shipped = s.filter(p -> p.toString().endsWith(".json")).count();
        }
        Preferences prefs = Preferences.userRoot().node("org/gmplab/test/bundled-" + UUID.randomUUID());
        LessonPlayer[] player = {null};
        robot.interact(() -> {
            player[0] = new LessonPlayer(new SchedulerView(), Folders.find(Folders.LESSONS, empty, null), new Progress(prefs));
            stage.setScene(new Scene(player[0], 400, 700));
            stage.show();
        });
        try {
            assertThat(player[0].entries()).hasSize((int) shipped).allSatisfy(e -> assertThat(e.error()).isNull());
        } finally {
            player[0].close();
            prefs.removeNode();
        }
    }
}
