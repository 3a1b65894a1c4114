package org.gmplab.lessons.player;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * Presenter mode's lesson: the step's words in one or two lines of large type under the canvas, between Back and
 * Next, so the picture keeps the room. Longer words end in "…" (the lesson pane, F5 away, has them whole). The
 * teacher notes (key N, or the strip's own toggle) show under the caption: the lesson pane that holds them is out of
 * the room in presenter mode, so the strip mirrors its toggle and its note.
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
        Label notes = new Label();
        notes.setId("captionTeacherNotes");
        notes.getStyleClass().add("teacher-notes");
        notes.setWrapText(true);
        notes.setMaxWidth(Double.MAX_VALUE);
        notes.textProperty().bind(player.teacherNotes().textProperty());
        notes.visibleProperty().bind(player.teacherNotes().visibleProperty());
        notes.managedProperty().bind(notes.visibleProperty());
        ToggleButton teacher = new ToggleButton();
        teacher.setId("captionTeacherToggle");
        teacher.textProperty().bind(player.teacherToggle().textProperty());
        teacher.setTooltip(new Tooltip("The teacher notes: the answer and a question to discuss (N)"));
        teacher.selectedProperty().bindBidirectional(player.teacherToggle().selectedProperty());
        teacher.visibleProperty().bind(player.teacherToggle().visibleProperty());
        teacher.managedProperty().bind(teacher.visibleProperty());
        VBox words = new VBox(4, text, notes);
        HBox.setHgrow(words, Priority.ALWAYS);
        setAlignment(Pos.CENTER_LEFT);
        setSpacing(12);
        setPadding(new Insets(6, 10, 6, 10));
        getChildren().setAll(back, words, next, teacher);
    }
}
