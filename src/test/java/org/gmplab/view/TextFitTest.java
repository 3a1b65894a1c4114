package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.stage.Stage;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Canvas text fits its width by its size: measured as JavaFX's text layout measures it, drawn in the largest
 * half-pixel size that fits when its own is too wide (a squeezed text is rasterised glyph by glyph as outlines).
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class TextFitTest {
    private static final List<String> TEXTS = List.of("P3 running", "tick 1234 free 5", "runq 12/256", "g0", "987",
            "t=12.345 ms   events 1234   gomaxprocs=8 idleprocs=0 threads=10 spinning=1 runqueue=0", "运行中 P3", "global 3 · on Ps 12");
    private static final List<Font> FONTS = List.of(Font.font(null, FontWeight.BOLD, 11), Font.font(null, FontWeight.NORMAL, 9.35),
            Font.font(null, FontWeight.BOLD, 7), Font.font(null, FontWeight.BOLD, 23.5));

    @Start
    void start(Stage stage) { }

    @Test
    void aTextIsAsWideAsTheTextLayoutMeasuresIt(FxRobot robot) {
        robot.interact(() -> {
            for (Font f : FONTS)
                for (String s : TEXTS) assertThat(TextFit.width(s, f)).as("%s in %s", s, f).isCloseTo(measured(s, f), within(0.01));
        });
    }

    @Test
    void aTextThatFitsKeepsItsSize(FxRobot robot) {
        robot.interact(() -> {
            for (Font f : FONTS)
                for (String s : TEXTS) assertThat(TextFit.fitting(s, f, measured(s, f) + 0.5)).isEqualTo(f.getSize());
        });
    }

    @Test
    void aTextTooWideTakesTheLargestHalfPixelSizeThatFits(FxRobot robot) {
        robot.interact(() -> {
            for (Font f : FONTS)
                for (String s : TEXTS)
                    for (double share : new double[] {0.9, 0.7, 0.44}) {
                        double room = measured(s, f) * share;
                        double size = TextFit.fitting(s, f, room);
                        assertThat(size % TextFit.STEP).as("%s in %s at %.2f", s, f, share).isZero();
                        if (size > TextFit.MIN_SIZE) assertThat(measured(s, new Font(f.getName(), size))).as("%s at %.1f", s, size).isLessThanOrEqualTo(room);
                        assertThat(measured(s, new Font(f.getName(), size + TextFit.STEP))).as("%s at %.1f", s, size + TextFit.STEP).isGreaterThan(room);
                    }
        });
    }

    @Test
    void fillingLeavesTheFontAsItWas(FxRobot robot) {
        robot.interact(() -> {
            GraphicsContext g = new Canvas(200, 50).getGraphicsContext2D();
            Font f = Font.font(null, FontWeight.BOLD, 11);
            g.setFont(f);
            TextFit.fill(g, "tick 1234 free 5", 0, 20, 30);
            assertThat(g.getFont()).isEqualTo(f);
        });
    }

    private static double measured(String s, Font f) {
        Text t = new Text(s);
        t.setFont(f);
        return t.getLayoutBounds().getWidth();
    }
}
