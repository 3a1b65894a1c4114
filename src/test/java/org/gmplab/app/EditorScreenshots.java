package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;


import javafx.scene.Scene;
import javafx.stage.Stage;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Renders the whole window with the scenario editor open and a mistake in the program to
 * {@code target/screenshots/editor-error.png}; {@code screenshots/make.sh} copies it to {@code screenshots/}.
 */
// A picture generator, not a test (its name does not end in Test, so the suite skips it): screenshots/make.sh runs it.
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class EditorScreenshots {
    static final Path OUT = Path.of("target", "screenshots", "editor-error.png");
    TestWindow window;
    GmpLabApp.Content content;
    Scene scene;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWindow.show(stage);
        content = window.content();
        scene = window.scene();
    }

    @AfterEach
    void close() { content.driver().close(); }

    @Test
    void theEditorShowingAnError(FxRobot robot) throws Exception {
        // given the run a little way in, and the editor shown
        content.driver().jumpTo(300).get(60, TimeUnit.SECONDS);
        robot.clickOn("#editorToggle");
        // when "wg.Add(n)" loses its closing parenthesis
        String text = content.editor().text();
        int at = text.indexOf("wg.Add(n)") + "wg.Add(n".length();
        robot.clickOn("#editorText");
        robot.interact(() -> {
            org.fxmisc.richtext.CodeArea area = robot.lookup("#editorText").queryAs(org.fxmisc.richtext.CodeArea.class);
            area.moveTo(at + 1);
            // the caret shown steadily, not blinking: else whether the picture has it depends on when it is taken
            area.setShowCaret(org.fxmisc.richtext.Caret.CaretVisibility.ON);
            area.getCaretSelectionBind().getUnderlyingCaret().setBlinkRate(javafx.util.Duration.ZERO);
        });
        robot.type(javafx.scene.input.KeyCode.BACK_SPACE);
        // then the line is marked once the typing pauses
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#errorLineNumber").tryQuery().isPresent());
        content.driver().idle().get(60, TimeUnit.SECONDS);
        BufferedImage png = window.save(robot, OUT);
        assertThat(png.getWidth()).isEqualTo(1280);
        assertThat(Files.size(OUT)).isGreaterThan(10_000);
    }
}
