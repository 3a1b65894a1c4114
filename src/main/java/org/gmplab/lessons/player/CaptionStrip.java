package org.gmplab.lessons.player;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * Presenter mode's lesson: the step's words in one or two lines of large type under the canvas, between Back and
 * Next, so the picture keeps the room. Longer words end in "…" (the lesson pane, F5 away, has them whole).
 */
public final class CaptionStrip extends HBox {
    /** How many lines of the caption are shown. */
    static final int LINES = 2;

    public CaptionStrip(LessonPlayer player) {
        setId("captionStrip");
        getStyleClass().add("caption-strip");
        Label text = new Label();
        text.setId("caption");
        text.getStyleClass().add("caption");
        text.setWrapText(true);
        text.setMaxWidth(Double.MAX_VALUE);
        text.textProperty().bind(player.captionProperty());
        // two lines at most: the label's height follows its font (the caption's size is the stylesheet's)
        text.fontProperty().addListener((o, a, f) -> text.setMaxHeight(f.getSize() * 1.35 * LINES));
        text.setMaxHeight(text.getFont().getSize() * 1.35 * LINES);
        Button back = new Button("◀");
        back.setId("captionBack");
        back.setTooltip(new Tooltip("The step before (←)"));
        back.setOnAction(e -> player.back());
        Button next = new Button("▶");
        next.setId("captionNext");
        next.setTooltip(new Tooltip("The next step (→)"));
        next.setOnAction(e -> player.next());
        for (Button b : new Button[] {back, next}) b.disableProperty().bind(player.busyProperty());
        HBox.setHgrow(text, Priority.ALWAYS);
        setAlignment(Pos.CENTER_LEFT);
        setSpacing(12);
        setPadding(new Insets(6, 10, 6, 10));
        getChildren().setAll(back, text, next);
    }
}
