package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import javafx.stage.Stage;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import org.gmplab.snapshot.GStatus;

/** A token copied from its baked image looks as the token drawn directly: shape, colour and number. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class TokenSpritesTest {
    @Start
    void start(Stage stage) { }

    @Test
    void aBakedTokenLooksAsTheDirectlyDrawnOne(FxRobot robot) {
        Theme th = Theme.named("light");
        double[] worst = {0};
        boolean[] first = new boolean[1], second = new boolean[1];
        robot.interact(() -> {
            for (GStatus status : java.util.List.of(GStatus.RUNNABLE, GStatus.RUNNING, GStatus.SYSCALL, GStatus.WAITING, GStatus.DEAD))
                for (int px : new int[] {12, 24, 40}) {
                    long goid = 100 + status.go;
                    Rect r = new Rect(4, 4, px, px);
                    Canvas direct = new Canvas(px + 8, px + 8);
                    GraphicsContext d = direct.getGraphicsContext2D();
                    d.setTextAlign(TextAlignment.CENTER);
                    d.setTextBaseline(VPos.CENTER);
                    if (px >= TokenPainter.MIN_ID) d.setFont(Font.font(null, FontWeight.BOLD, TokenPainter.fontSize(px, goid)));
                    TokenPainter.draw(d, r, status, goid, th);

                    TokenSprites sprites = new TokenSprites();
                    Canvas copied = new Canvas(px + 8, px + 8);
                    first[0] |= sprites.draw(copied.getGraphicsContext2D(), r, status, goid, th, 1);   // none yet: asked for
                    sprites.bake();
                    second[0] = sprites.draw(copied.getGraphicsContext2D(), r, status, goid, th, 1);
                    assertThat(second[0]).isTrue();
                    worst[0] = Math.max(worst[0], difference(direct.snapshot(null, null), copied.snapshot(null, null)));
                }
        });
        assertThat(first[0]).as("a token not baked yet is left to the caller").isFalse();
        assertThat(worst[0]).as("share of pixels whose colour differs visibly (edges differ by anti-aliasing only)").isLessThan(0.05);
    }

    /** The share of pixels of two same-sized images whose colours differ by more than |Δr|+|Δg|+|Δb| = 0.25. */
    static double difference(WritableImage a, WritableImage b) {
        PixelReader ra = a.getPixelReader(), rb = b.getPixelReader();
        int differ = 0, all = 0;
        for (int y = 0; y < (int) a.getHeight(); y++)
            for (int x = 0; x < (int) a.getWidth(); x++) {
                Color p = ra.getColor(x, y), q = rb.getColor(x, y);
                if (Math.abs(p.getRed() - q.getRed()) + Math.abs(p.getGreen() - q.getGreen()) + Math.abs(p.getBlue() - q.getBlue()) > 0.25) differ++;
                all++;
            }
        return (double) differ / all;
    }
}
