package org.gmplab.editor;

import java.time.Duration;
import java.util.function.IntFunction;

import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.Tooltip;

import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;
import org.fxmisc.richtext.event.MouseOverTextEvent;
import org.fxmisc.richtext.model.TwoDimensional.Bias;
import org.gmplab.controls.GoStyles;
import org.gmplab.controls.ControlsPane;

/**
 * A code area for Go scenarios: line numbers, keyword colours, and one error shown three ways — the
 * offending token underlined with a red wave, its line number on red, and the message as a tooltip over
 * both. FX thread only.
 */
final class GoCodeArea extends CodeArea {
    private int errorLine;              // 1-based; 0 when there is no error
    private int errorCol;
    private String errorMessage = "";
    private final Tooltip hover = new Tooltip();

    GoCodeArea() {
        setId("editorText");
        getStyleClass().add("go-code");
        getProperties().put(ControlsPane.TYPES_TEXT, Boolean.TRUE);   // the window's one-key shortcuts stay out of the way
        hover.setWrapText(true);
        hover.setMaxWidth(520);
        lineNumbers();
        // keywords are re-coloured at once; the error mark follows its line until the next check moves it
        plainTextChanges().subscribe(c -> restyle());
        setMouseOverTextDelay(Duration.ofMillis(300));
        addEventHandler(MouseOverTextEvent.MOUSE_OVER_TEXT_BEGIN, e -> {
            if (errorLine == 0 || offsetToPosition(e.getCharacterIndex(), Bias.Forward).getMajor() + 1 != errorLine) return;
            Point2D p = e.getScreenPosition();
            hover.setText(errorMessage);
            hover.show(this, p.getX() + 8, p.getY() + 14);
        });
        addEventHandler(MouseOverTextEvent.MOUSE_OVER_TEXT_END, e -> hover.hide());
    }

    /** Marks the error at {@code line}:{@code col} (1-based) with {@code message}. */
    void showError(int line, int col, String message) {
        errorLine = line;
        errorCol = col;
        errorMessage = message;
        lineNumbers();
        restyle();
    }

    void clearError() {
        if (errorLine == 0) return;
        errorLine = 0;
        errorMessage = "";
        hover.hide();
        lineNumbers();
        restyle();
    }

    /** The 1-based line marked as wrong, or 0. */
    int errorLine() { return errorLine; }

    /** The characters underlined now, or null. */
    GoStyles.Mark errorMark() { return errorLine == 0 ? null : GoStyles.mark(getText(), errorLine, errorCol); }

    /** Replaces the whole text (and the undo history: an opened file is not an edit to undo). */
    void setSource(String text) {
        replaceText(text);
        getUndoManager().forgetHistory();
        moveTo(0);
        requestFollowCaret();
    }

    /** Setting a new factory redraws every visible line number, so the error line's mark moves with it. */
    private void lineNumbers() {
        IntFunction<Node> plain = LineNumberFactory.get(this);
        int line = errorLine;
        String message = errorMessage;
        setParagraphGraphicFactory(i -> {
            Node n = plain.apply(i);
            if (line != 0 && i + 1 == line) {
                n.getStyleClass().add("error-line-number");
                n.setId("errorLineNumber");
                Tooltip.install(n, new Tooltip(message));
            }
            return n;
        });
    }

    private void restyle() {
        String text = getText();
        if (text.isEmpty()) return;
        setStyleSpans(0, GoStyles.compute(text, errorMark()));
    }
}
