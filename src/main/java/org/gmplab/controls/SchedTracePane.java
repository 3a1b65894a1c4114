package org.gmplab.controls;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.control.CheckBox;
import javafx.scene.control.TextArea;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;

import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.view.QueuePlot;
import org.gmplab.trace.SchedTrace;
import org.gmplab.session.Driver;

/**
 * The {@code SCHED} line (or scheddetail) of the moment shown, in Go 1.23's format, to copy. For a real run read
 * from schedtrace output, the lines Go printed for that moment, and under them a plot of the queues' lengths over
 * the whole run ({@link QueuePlot}); for a real run read from an execution trace, that the trace has no queues to
 * print, rather than a false {@code runqueue=0}.
 */
final class SchedTracePane extends VBox {
    final TextArea text = new TextArea();
    final CheckBox detail = new CheckBox("scheddetail");
    final QueuePlot plot = new QueuePlot();
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
            text.setText(s == null ? "" : text(s, detail.isSelected()));
            boolean sampled = s != null && s.isSampled();
            detail.setDisable(s != null && s.real());   // a real run's lines are what they are
            plot.setVisible(sampled);
            plot.setManaged(sampled);
            if (sampled) {
                if (plot.getProperties().get("series") != s.sampled().series()) {
                    plot.getProperties().put("series", s.sampled().series());
                    plot.setSeries(s.sampled().series(), null);
                }
                plot.setCursor(s.time());
            }
        };
        c.model().snapshotProperty().addListener((o, a, b) -> update.run());
        detail.selectedProperty().addListener((o, a, b) -> update.run());
        showing.addListener((o, a, on) -> { if (on && stale) update.run(); });
        update.run();
        VBox.setVgrow(text, Priority.ALWAYS);
        getChildren().addAll(detail, text, plot);
    }

    /** What the pane shows of {@code s}. */
    static String text(Snapshot s, boolean detail) {
        if (s.isSampled()) return s.sampled().text();
        if (s.real()) return String.format(java.util.Locale.ROOT,
                "# An execution trace does not record the run queues: no runqueue= or local queue lengths to print.%n"
                        + "# What it gives at %.3f ms: gomaxprocs=%d idleprocs=%d threads=%d runnable=%d (in queues it does not name)%n",
                s.time() / 1e6, s.gomaxprocs(), s.npidle(), s.threads(), s.gs().stream().filter(g -> g.where() instanceof Place.Pool).count());
        return SchedTrace.format(s, detail);
    }
}
