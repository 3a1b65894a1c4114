package org.gmplab.app;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

import org.gmplab.controls.Language;

/**
 * The first-run welcome, a card over the canvas: start lesson 1, watch the default scenario, or write a
 * scenario in the editor. Any choice (Esc is the default scenario's) closes it; the app remembers that it was
 * seen, so it comes once, and the Help menu's "Welcome…" brings it back.
 */
final class Welcome extends VBox {
    private Runnable onLesson = () -> { }, seen = () -> { };

    /** The window's language, which the welcome is put in each time it shows. */
    private final Language words;

    /** @param onScenario what "the default scenario" does; {@code onEditor} what the editor choice does */
    Welcome(Language words, Runnable onScenario, Runnable onEditor) {
        super(12);
        this.words = words;
        setId("welcome");
        Label title = new Label("Welcome to GMP Lab");
        title.setStyle("-fx-font-size: 1.6em; -fx-font-weight: bold;");
        Label intro = new Label("Go's scheduler, running for real: goroutines (G), threads (M) and processors (P). Where to start?");
        intro.setWrapText(true);
        Button lesson = choice("welcomeLesson", "▶ Lesson 1: G, M and P, step by step", () -> onLesson.run());
        Button scenario = choice("welcomeScenario", "Watch the default scenario: 1000 goroutines spawned and scheduled", onScenario);
        Button editor = choice("welcomeEditor", "Write a scenario of my own in the editor", onEditor);
        Label later = new Label("This welcome is in the Help menu (?) whenever you want it again.");
        later.setWrapText(true);
        getChildren().addAll(title, intro, lesson, scenario, editor, later);
        setPadding(new Insets(24));
        setMaxSize(560, USE_PREF_SIZE);
        setStyle("-fx-background-color: -fx-background; -fx-border-color: -fx-mid-text-color; -fx-border-width: 2;"
                + " -fx-effect: dropshadow(gaussian, rgba(0,0,0,0.35), 18, 0, 0, 4);");
        StackPane.setAlignment(this, Pos.CENTER);
        setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                scenario.fire();
                e.consume();
            }
        });
        setVisible(false);
        managedProperty().bind(visibleProperty());
    }

    /** What "lesson 1" does: the lessons' own (they are mounted after the window's content). */
    void onLesson(Runnable r) { onLesson = r; }

    /** Run when a choice is made: the app remembers that the welcome was seen. */
    void onSeen(Runnable r) { seen = r; }

    private Button choice(String id, String text, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.setMaxWidth(Double.MAX_VALUE);
        b.setWrapText(true);
        b.setStyle("-fx-font-size: 1.15em; -fx-alignment: center-left; -fx-padding: 10 14 10 14;");
        b.setOnAction(e -> {
            setVisible(false);
            seen.run();
            action.run();
        });
        return b;
    }

    /** Shows the welcome with the keyboard on its first choice. */
    void show() {
        words.translate(this);
        setVisible(true);
        toFront();
        getChildren().get(2).requestFocus();
    }
}
