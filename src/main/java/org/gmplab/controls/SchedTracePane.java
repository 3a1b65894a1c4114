package org.gmplab.controls;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.control.CheckBox;
import javafx.scene.control.TextArea;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;

import org.gmplab.snapshot.Snapshot;
import org.gmplab.trace.SchedTrace;
import org.gmplab.session.Driver;

/** The {@code SCHED} line (or scheddetail) of the moment shown, in Go 1.23's format, to copy. */
final class SchedTracePane extends VBox {
    final TextArea text = new TextArea();
    final CheckBox detail = new CheckBox("scheddetail");
    /** Whether the pane is on screen (its tab chosen): hidden, it does not re-format the text for each moment. */
    final BooleanProperty showing = new SimpleBooleanProperty(true);
    private boolean stale;

    SchedTracePane(Driver c) {
        super(6);
        text.setId("schedtrace");
        text.setEditable(false);
        text.setWrapText(false);
        text.setFont(Font.font("monospace", 12));
        TransportBar.tip(text, "GODEBUG=schedtrace output for this moment, as gmplab's CLI prints it (select and copy)");
        detail.setId("scheddetail");
        TransportBar.tip(detail, "Also print every P, M and G (GODEBUG=scheddetail=1)");
        Runnable update = () -> {
            if (!showing.get()) { stale = true; return; }   // formatted when its tab is shown, not every live frame
            stale = false;
            Snapshot s = c.model().getSnapshot();
            text.setText(s == null ? "" : SchedTrace.format(s, detail.isSelected()));
        };
        c.model().snapshotProperty().addListener((o, a, b) -> update.run());
        detail.selectedProperty().addListener((o, a, b) -> update.run());
        showing.addListener((o, a, on) -> { if (on && stale) update.run(); });
        update.run();
        VBox.setVgrow(text, Priority.ALWAYS);
        getChildren().addAll(detail, text);
    }
}
