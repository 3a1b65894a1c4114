package org.gmplab.controls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.VBox;

/** The honest list of where the engine simplifies Go, read from {@code assumptions.txt} (from docs/engine.md). */
final class AssumptionsPane extends ScrollPane {
    /** One simplification: a short title and what it means. */
    record Item(String title, String text) {}

    final VBox box = new VBox(8);
    /** The first line: which Go release's rules run (Go 1.23, 1.26, or the Go 1.0 setting). */
    final Label header = new Label();
    private String release = "1.23";

    /** The window's language, for the texts this pane sets itself. */
    private final Language words;

    AssumptionsPane(Language words) {
        this.words = words;
        setId("assumptions");
        setFitToWidth(true);
        header.setId("assumptionsVersion");
        words.dynamic(header, () -> header.setText(words.get("Running Go %s's scheduler rules. Where this engine simplifies Go:", release)));
        box.getChildren().add(header);
        for (Item it : load()) {
            Label l = new Label();
            words.dynamic(l, () -> l.setText("• " + words.get(it.title()) + words.get(": ") + words.get(it.text())));
            l.setWrapText(true);
            box.getChildren().add(l);
        }
        box.setStyle("-fx-padding: 8;");
        setContent(box);
    }

    /** Says which Go release's rules run ({@code Scenario.goRelease()}). */
    void showRelease(String goRelease) {
        release = goRelease;
        header.setText(words.get("Running Go %s's scheduler rules. Where this engine simplifies Go:", release));
    }

    static List<Item> load() {
        try (InputStream in = AssumptionsPane.class.getResourceAsStream("assumptions.txt")) {
            if (in == null) throw new IllegalStateException("assumptions.txt is missing from the jar");
            List<Item> out = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                int bar = line.indexOf('|');
                out.add(bar < 0 ? new Item(line.trim(), "") : new Item(line.substring(0, bar).trim(), line.substring(bar + 1).trim()));
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
