package org.gmplab.lessons.player;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.prefs.Preferences;

import javafx.scene.Scene;
import javafx.scene.control.TitledPane;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;
import javax.imageio.ImageIO;

import org.gmplab.app.ScreenshotCommand;
import org.gmplab.i18n.Lang;
import org.gmplab.view.SchedulerView;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Not a check but a picture: renders a lesson in Chinese beside the canvas and writes it as a PNG.
 * Runs only when asked, from screenshots/make.sh:
 * {@code mvn -B -q test -Dtest=LessonScreenshots -Dgmplab.lessonShot=screenshots/lesson-zh.png}.
 */
// A picture generator, not a test (its name does not end in Test, so the suite skips it): screenshots/make.sh runs it.
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
@EnabledIfSystemProperty(named = "gmplab.lessonShot", matches = ".+")
class LessonScreenshots {
    SchedulerView view;
    LessonPlayer player;
    BorderPane root;

    @Start
    void start(Stage stage) {
        Preferences prefs = Preferences.userRoot().node("org/gmplab/test/shot-" + UUID.randomUUID());
        root = new BorderPane();
        view = new SchedulerView();
        view.setAnimationMillis(0);
        player = new LessonPlayer(view, Path.of("lessons"), new Progress(prefs));
        player.setPrefWidth(460);
        root.setCenter(view);
        root.setRight(player);
        stage.setScene(new Scene(root, 1280, 800));
        stage.show();
    }

    @Test
    void lessonInChinese(FxRobot robot) throws Exception {
        robot.interact(() -> {
            player.langProperty().set(Lang.ZH);
            // the canvas paints its own words: in the window they follow its language (GmpLabApp.content)
            view.setWording(org.gmplab.i18n.Wording.in(Lang.ZH, CjkFont.family()));
            player.open("go-runnext", 0);
        });
        LessonPlayerTest.idle(player);
        robot.clickOn("#next");
        LessonPlayerTest.idle(player);
        robot.clickOn("#choice1");
        LessonPlayerTest.idle(player);
        robot.interact(() -> ((TitledPane) player.lookup("#deeper")).setExpanded(true));
        WaitForAsyncUtils.waitForFxEvents();
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> img[0] = root.getScene().snapshot(null));
        Path out = Path.of(System.getProperty("gmplab.lessonShot"));
        if (out.getParent() != null) Files.createDirectories(out.getParent());
        ImageIO.write(ScreenshotCommand.toBufferedImage(img[0]), "png", out.toFile());
        assertThat(Files.size(out)).isGreaterThan(10_000);
        player.close();
    }
}
