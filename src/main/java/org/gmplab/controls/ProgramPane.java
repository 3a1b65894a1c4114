package org.gmplab.controls;

import java.util.List;
import java.util.Objects;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.gmplab.model.GmpModel;
import org.gmplab.scenario.Listing;
import org.gmplab.scenario.Scenario;

/**
 * The program beside the picture, read-only, as Python Tutor shows it: the scenario's Go source (a JSON
 * scenario as the Go it stands for), with the running Gs' lines highlighted and each goroutine's tag in the
 * margin of its line (runnable, waiting, in a system call), so a step shows which {@code go} statement or
 * {@code <-ch} made it happen. It follows the model only — the scenario and the moment shown — so stepping,
 * stepping back and jumps on the timeline move the marks in the same pulse as the canvas. FX thread only.
 *
 * <p>Its text area is made when the pane is first shown in a window, and brought up to date only while it is:
 * the window starts with the pane hidden for a JSON scenario (making a RichTextFX area loads some 800 classes),
 * and a hidden pane re-styling its lines and margins at every frame of a live run was time the canvas lacked.
 */
public final class ProgramPane extends VBox {
    /** The tags a line shows before a "+N" stands for the rest. */
    static final int MAX_TAGS = 3;
    /** The paragraph style of a line a running G is at ({@code program.css}). */
    static final String RUNNING_LINE = "running-line";

    private CodeArea area;                        // null until the pane first joins a scene
    private final Label title = new Label();
    private final Label legend = new Label();
    private String text;                          // the listing to show, or null
    private ProgramMarks marks = ProgramMarks.NONE;
    private String shownText;                     // what the area shows: text and marks as of the last sync
    private ProgramMarks shownMarks = ProgramMarks.NONE;

    /** The window's language, for the texts this pane sets itself. */
    private final Language words;

    public ProgramPane(GmpModel model, Language words) {
        this.words = words;
        setId("programPane");
        getStylesheets().add(ProgramPane.class.getResource("program.css").toExternalForm());
        title.setId("programTitle");
        title.getStyleClass().add("program-title");
        legend.getStyleClass().add("program-legend");
        legend.setWrapText(true);
        // in the window's language, also when the pane joins the window after the language changed (the lesson player)
        words.dynamic(title, () -> title.setText(words.get("Program")));
        words.dynamic(legend, () -> legend.setText(words.get("highlighted: a running G's line · tags: where each G is")));
        VBox head = new VBox(0, title, legend);
        head.setPadding(new Insets(2, 6, 2, 6));
        getChildren().add(head);
        setMinHeight(120);
        sceneProperty().addListener((o, a, sc) -> sync());
        visibleProperty().addListener((o, a, on) -> sync());
        model.scenarioProperty().addListener((o, a, sc) -> showScenario(sc));
        model.snapshotProperty().addListener((o, a, s) -> showMarks(ProgramMarks.of(s)));
        showScenario(model.scenarioProperty().get());
        showMarks(ProgramMarks.of(model.getSnapshot()));
    }

    /** The text area, made now if it was not yet (it shows the program once the pane is in a window). */
    CodeArea area() {
        if (area == null) {
            area = new CodeArea();
            area.setId("programText");
            area.getStyleClass().addAll("go-code", "program-code");
            area.setEditable(false);
            area.getProperties().put(ControlsPane.TYPES_TEXT, Boolean.FALSE);   // read-only: the one-key shortcuts stay the window's
            VirtualizedScrollPane<CodeArea> scroll = new VirtualizedScrollPane<>(area);
            VBox.setVgrow(scroll, Priority.ALWAYS);
            getChildren().add(scroll);
        }
        return area;
    }

    /** The listing's text shown ("" before the first scenario). */
    public String text() { return text == null ? "" : text; }

    /** The marks shown. */
    public ProgramMarks marks() { return marks; }

    private void showScenario(Scenario sc) {
        text = sc == null ? "" : Listing.of(sc.program()).text();
        sync();
    }

    private void showMarks(ProgramMarks m) {
        marks = m;
        sync();
    }

    /** Brings the area to the text and marks to show, if the pane is in a window and visible (making the area the first time). */
    private void sync() {
        if (getScene() == null || !isVisible()) return;
        CodeArea area = area();
        if (!Objects.equals(text, shownText)) {   // the same program (another seed or GOMAXPROCS): marks stay right
            shownText = text;
            area.replaceText(text == null ? "" : text);
            if (text != null && !text.isEmpty()) area.setStyleSpans(0, GoStyles.compute(text, null));
            shownMarks = ProgramMarks.NONE;
        }
        ProgramMarks m = marks;
        if (m.equals(shownMarks)) return;   // a moment with the same marks: nothing to redraw
        ProgramMarks was = shownMarks;
        shownMarks = m;
        int lines = area.getParagraphs().size();
        for (int line : was.running()) if (line <= lines && !m.running().contains(line)) area.setParagraphStyle(line - 1, List.of());
        for (int line : m.running()) if (line <= lines) area.setParagraphStyle(line - 1, List.of(RUNNING_LINE));
        // a new factory redraws the visible margins (RichTextFX creates them per paragraph shown)
        area.setParagraphGraphicFactory(i -> margin(i + 1, m));
        if (!m.running().isEmpty() && !m.running().equals(was.running()) && m.running().first() <= lines)
            area.showParagraphInViewport(m.running().first() - 1);
    }

    /** A line's margin: its number, then its goroutines' tags (a fixed width, so the code does not move). */
    private Node margin(int line, ProgramMarks m) {
        Label number = new Label(String.format("%3d", line));
        number.getStyleClass().add("lineno");
        HBox tags = new HBox(2);
        tags.getStyleClass().add("g-tags");
        tags.setAlignment(Pos.CENTER_RIGHT);
        List<ProgramMarks.Tag> all = m.tags(line);
        for (int i = 0; i < all.size() && i < MAX_TAGS; i++) tags.getChildren().add(tag(all.get(i)));
        if (all.size() > MAX_TAGS) {
            Label more = new Label("+" + (all.size() - MAX_TAGS));
            more.getStyleClass().addAll("g-tag", "g-more");
            StringBuilder who = new StringBuilder();
            for (ProgramMarks.Tag t : all.subList(MAX_TAGS, all.size())) who.append(who.length() > 0 ? ", " : "").append(t.label());
            more.setTooltip(new Tooltip(who.toString()));
            tags.getChildren().add(more);
        }
        HBox box = new HBox(4, number, tags);
        box.setAlignment(Pos.CENTER_LEFT);
        box.getStyleClass().add(m.running().contains(line) ? "margin-running" : "margin");
        return box;
    }

    private Label tag(ProgramMarks.Tag t) {
        Label l = new Label(t.label());
        l.setId("programTag-" + t.label());
        l.getStyleClass().addAll("g-tag", "g-" + t.kind().name().toLowerCase(java.util.Locale.ROOT));
        String kind = words.get(t.kind().words);
        l.setTooltip(new Tooltip(t.label() + " " + kind + (t.waitReason().isEmpty() ? "" : ": " + t.waitReason())));
        return l;
    }
}
