package org.gmplab.controls;
import org.gmplab.session.Driver;
import org.gmplab.session.Breakpoint;

import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** Add and remove breakpoints on scheduler events and on the world's state. */
final class BreakpointPane extends VBox {
    final ChoiceBox<Breakpoint.Kind> kind = new ChoiceBox<>();
    final TextField a = new TextField();
    final TextField b = new TextField();
    final Button add = new Button("Add");
    final Button remove = new Button("Remove");
    final ListView<Breakpoint> list = new ListView<>();
    final Label message = new Label();

    /** The window's language, for the texts this pane sets itself. */
    private final Language words;

    BreakpointPane(Driver c, Language words) {
        super(6);
        this.words = words;
        kind.setId("bpKind");
        kind.getItems().setAll(Breakpoint.Kind.values());
        kind.getSelectionModel().select(Breakpoint.Kind.STEAL);
        words.choices(kind);
        TransportBar.tip(kind, "What to pause on");
        a.setId("bpA");
        b.setId("bpB");
        a.setPrefColumnCount(4);
        b.setPrefColumnCount(4);
        add.setId("bpAdd");
        TransportBar.tip(add, "Add this breakpoint");
        remove.setId("bpRemove");
        TransportBar.tip(remove, "Remove the selected breakpoint");
        list.setId("bpList");
        list.setItems(c.breakpoints());
        TransportBar.tip(list, "Breakpoints: Run to breakpoint (B) and Play stop at the first event that matches any of them");
        message.setId("bpMessage");
        message.setWrapText(true);
        Runnable prompts = () -> {
            Breakpoint.Kind k = kind.getValue();
            String pa = switch (k) {
                case STEAL -> "from P";
                case GLOBRUNQGET -> "1 fair/0 batch";
                case QUEUE_EMPTY -> "P";
                case SPINNING -> "k";
                case G_STATUS -> "goid";
                default -> "";
            };
            a.setPromptText(words.get(pa));
            a.setDisable(pa.isEmpty());
            b.setPromptText(k == Breakpoint.Kind.STEAL ? words.get("to P") : "");
            b.setDisable(k != Breakpoint.Kind.STEAL);
            TransportBar.tip(a, words.get(pa.isEmpty() ? "No parameter for this kind" : pa + " (empty: any)"));
            TransportBar.tip(b, words.get(k == Breakpoint.Kind.STEAL ? "The thief P (empty: any)" : "No parameter for this kind"));
        };
        kind.valueProperty().addListener((o, x, y) -> prompts.run());
        words.onChange(this, prompts);
        add.setOnAction(e -> {
            try {
                Breakpoint bp = new Breakpoint(kind.getValue(), num(a), num(b));
                if (!c.breakpoints().contains(bp)) c.breakpoints().add(bp);
                message.setText("");
            } catch (IllegalArgumentException ex) {
                message.setText(ex.getMessage());
            }
        });
        remove.setOnAction(e -> {
            Breakpoint sel = list.getSelectionModel().getSelectedItem();
            if (sel != null) c.breakpoints().remove(sel);
        });
        HBox row = new HBox(4, kind, a, b, add, remove);
        VBox.setVgrow(list, Priority.ALWAYS);
        getChildren().addAll(new Label("Pause when…"), row, message, list);
    }

    private static long num(TextField f) {
        String s = f.isDisabled() || f.getText() == null ? "" : f.getText().trim().replaceFirst("^[PpGg]", "");
        if (s.isEmpty()) return -1;
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a number: " + f.getText());
        }
    }
}
