package org.gmplab.controls;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import javafx.animation.Animation;
import javafx.animation.PauseTransition;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

import javafx.scene.control.Hyperlink;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;

import org.gmplab.engine.Engine;
import org.gmplab.snapshot.Causes;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.Narration;
import org.gmplab.i18n.Lang;
import org.gmplab.session.Driver;

/**
 * Every event of the current branch, filterable by kind, P, M, G and text; each row shows the event's
 * "why". Selecting a row jumps to the first moment that includes that event; under the table, the
 * selected event's "why" in full and its causes and effects ({@link Causes}) as links that select their row.
 */
final class EventLogPane extends VBox {
    static final String ALL = "all kinds";
    /** Characters of an event's why shown in its row: more than fit in the column's width even in small type. */
    static final int WHY_SHOWN = 160;
    final TableView<Event> table = new TableView<>() {
        @Override protected javafx.scene.control.Skin<?> createDefaultSkin() { return LogFlow.skin(this); }
    };
    final ChoiceBox<String> kind = new ChoiceBox<>();
    final TextField p = TransportBar.field("filterP", "P", "Only events about this P (number)", 3);
    final TextField m = TransportBar.field("filterM", "M", "Only events by this M (number)", 3);
    final TextField g = TransportBar.field("filterG", "G", "Only events about this goroutine (goid)", 3);
    final TextField search = TransportBar.field("filterText", "search", "Only events whose text contains this", 3);
    final FilteredList<Event> shown;
    final Label count = new Label();
    /** The selected event's "why", in full. */
    final Label why = new Label();
    /** The selected event's causes and effects, as links to their rows. */
    final FlowPane causes = new FlowPane(12, 2);
    private final Driver c;

    /** The window's language, for the texts this pane sets itself. */
    private final Language words;

    EventLogPane(Driver c, Language words) {
        super(4);
        this.words = words;
        this.c = c;
        kind.setId("filterKind");
        kind.getItems().add(ALL);
        for (EventKind k : EventKind.values()) kind.getItems().add(k.name());
        kind.getSelectionModel().select(ALL);
        words.choices(kind);
        TransportBar.tip(kind, "Only events of this kind");
        search.setPrefColumnCount(10);
        shown = new FilteredList<>(mirror, e -> true);
        events = c.model().eventLog();   // held: the view listens weakly to the controller's list, through it
        events.addListener((javafx.collections.ListChangeListener<Event>) ch -> catchUpSoon());
        catchUpLater.setOnFinished(e -> catchUp());
        table.setId("eventLog");
        // One line a row, of a height known in advance: the table then lays out its rows without measuring each
        // cell, which is most of what a catch-up costs (in em, so presenter mode's larger type gets taller rows).
        table.setStyle("-fx-fixed-cell-size: 1.85em;");
        table.setItems(shown);
        table.getColumns().add(col("#", 56, e -> e.seq()));
        table.getColumns().add(col("µs", 56, e -> e.time() / 1000));
        table.getColumns().add(col("kind", 124, e -> e.kind().name()));
        table.getColumns().add(col("P", 34, e -> e.p() < 0 ? "" : "P" + e.p()));
        table.getColumns().add(col("M", 34, e -> e.m() < 0 ? "" : "M" + e.m()));
        table.getColumns().add(col("G", 46, e -> e.g() < 0 ? "" : "G" + e.g()));
        // The first words of the why (the row's tooltip and the line under the table have it whole): a cell lays out
        // only what can show, and a catch-up lays out every visible row.
        table.getColumns().add(col("why", 600, e -> {
            String w = why(e);
            return w.length() <= WHY_SHOWN ? w : w.substring(0, WHY_SHOWN) + "…";
        }));
        table.setPlaceholder(new Label("No events yet: step or play."));
        TransportBar.tip(table, "Select a row to jump to that moment");
        why.setId("why");
        why.setWrapText(true);
        why.setMinHeight(48);
        table.setRowFactory(t -> {
            javafx.scene.control.TableRow<Event> row = new javafx.scene.control.TableRow<>();
            // One tooltip per row, its text the row's event's why, formatted as it shows: in live mode every catch-up
            // gives every visible row another event, and a new Tooltip each time cost a good part of a frame (and
            // formatting each why, a part of the catch-up).
            javafx.scene.control.Tooltip tip = new javafx.scene.control.Tooltip();
            tip.setOnShowing(x -> tip.setText(row.getItem() == null ? "" : why(row.getItem())));
            row.itemProperty().addListener((o, a, e) -> row.setTooltip(e == null ? null : tip));
            // the row of the moment shown is marked; rows are reused for other events as the table scrolls
            javafx.beans.InvalidationListener mark = x -> row.pseudoClassStateChanged(CURRENT, row.getItem() != null && row.getItem() == current.get());
            row.getProperties().put(CURRENT, mark);   // held by the row: the pane's property listens weakly
            row.itemProperty().addListener(mark);
            current.addListener(new javafx.beans.WeakInvalidationListener(mark));
            return row;
        });
        Runnable showWhy = () -> {
            Event e = table.getSelectionModel().getSelectedItem();
            why.setText(e == null ? "" : e.kind() + " (event " + e.seq() + "): " + why(e));
        };
        // the words are formatted as they are shown, in the window's language: a switch re-shows them
        words.onChange(table, () -> {
            table.refresh();
            showWhy.run();
        });
        table.getSelectionModel().selectedItemProperty().addListener((o, a, e) -> {
            showWhy.run();
            showCauses();
            if (e != null && !catchingUp) c.jumpTo(e.seq());   // the user's choice, not the table re-finding it
        });
        causes.setId("causes");
        causes.managedProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(causes.getChildren()));   // no gap when there are none
        words.onChange(causes, this::showCauses);
        Runnable refilter = () -> {
            String k = kind.getValue();
            Long pp = num(p), mm = num(m), gg = num(g);
            String t = search.getText() == null ? "" : search.getText().trim().toLowerCase(Locale.ROOT);
            shown.setPredicate(e -> (k == null || k.equals(ALL) || e.kind().name().equals(k))
                    && (pp == null || e.p() == pp) && (mm == null || e.m() == mm) && (gg == null || e.g() == gg)
                    && (t.isEmpty() || why(e).toLowerCase(Locale.ROOT).contains(t) || e.kind().name().toLowerCase(Locale.ROOT).contains(t)));
        };
        kind.valueProperty().addListener((o, a, b) -> refilter.run());
        for (TextField f : new TextField[] {p, m, g, search}) f.textProperty().addListener((o, a, b) -> refilter.run());
        count.setId("logCount");
        Runnable counts = () -> count.setText(words.get("%d of %d", shown.size(), mirror.size()));
        words.dynamic(count, counts);
        shown.addListener((javafx.collections.ListChangeListener<Event>) ch -> counts.run());
        counts.run();
        getStylesheets().add(EventLogPane.class.getResource("event-log.css").toExternalForm());
        shown.addListener((javafx.collections.ListChangeListener<Event>) ch -> findCurrent(false));
        c.model().positionProperty().addListener((o, a, b) -> findCurrent(true));
        c.model().modeProperty().addListener((o, a, b) -> findCurrent(true));
        // a run that stops (Pause, a breakpoint, the end of the run) is not a burst: what it left waiting shows at once
        c.model().playingProperty().addListener((o, was, playing) -> { if (!playing && !caughtUp()) catchUpSoon(); });
        catchUp();
        HBox filters = new HBox(4, kind, p, m, g, search, count);
        HBox.setHgrow(search, Priority.ALWAYS);
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(filters, table, why, causes);
    }

    /** The event's "why" in the window's language, formatted now (events hold numbers, not words). */
    String why(Event e) { return e.accept(words.language() == Lang.ZH ? Narration.ZH : Narration.EN); }

    /**
     * While the run plays, the table catches up with the controller's events at most this often. Live mode adds
     * events every frame, and every change of the table's rows lays out all its visible cells again (and
     * following the newest scrolls them all): doing that each frame cost the window most of its frame rate
     * (measured with WindowFpsBench, docs/benchmarks.md). So while it plays (live, or Play's steps) the log shows
     * its events twice a second; a run at rest — paused, stopped at a breakpoint or at its end, moved by a step, a
     * jump or a run to a breakpoint — shows them at once, as the picture does.
     */
    static final Duration CATCH_UP_EVERY = Duration.millis(500);
    /** The controller's events, and those the table shows: the controller's as of the last {@link #catchUp}. */
    private final ObservableList<Event> events;
    private final ObservableList<Event> mirror = FXCollections.observableArrayList();
    private final PauseTransition catchUpLater = new PauseTransition();
    private long caughtUpAt = System.nanoTime() - 1_000_000_000L;
    private boolean catchUpQueued;
    /** The row of the moment shown ({@link #findCurrent}), marked with {@link #CURRENT}. */
    private final javafx.beans.property.ObjectProperty<Event> current = new javafx.beans.property.SimpleObjectProperty<>(this, "current");
    /** The style of the row of the moment shown ({@code event-log.css}). */
    static final javafx.css.PseudoClass CURRENT = javafx.css.PseudoClass.getPseudoClass("current");
    /** Set from a change of the moment shown to the layouts after it: {@link #keepInView}. */
    private Runnable followCheck;
    /**
     * While the rows are edited: the table re-selects the chosen event after a reset, and that is not a user's
     * choice to jump to it (it would undo the moment just reached, e.g. by an injection).
     */
    private boolean catchingUp;

    private void catchUpSoon() {
        if (catchUpQueued) return;
        // the model tells the log's edit before the moment's playing state: a stop's last events come while it
        // still plays, and the playing listener then asks again
        double wait = c.model().isPlaying() ? CATCH_UP_EVERY.toMillis() - (System.nanoTime() - caughtUpAt) / 1e6 : 0;
        if (wait <= 0) {
            // after the change being told: one frame's log edit may be two changes (trim the front, then add)
            catchUpQueued = true;
            catchUpLater.stop();
            javafx.application.Platform.runLater(() -> { if (catchUpQueued) catchUp(); });
        } else if (catchUpLater.getStatus() != Animation.Status.RUNNING) {
            catchUpLater.setDuration(Duration.millis(wait));
            catchUpLater.play();
        }
    }

    /**
     * Brings the table's rows level with the controller's events: the events gone from the front (live mode keeps
     * the latest) leave, the new ones at the end are added; any other change (a reset, a branch cut by an
     * injection) replaces them all. Then the row of the moment shown is marked and kept in view ({@link #findCurrent}).
     */
    private void catchUp() {
        caughtUpAt = System.nanoTime();
        catchUpLater.stop();
        catchUpQueued = false;
        List<Event> all = events;
        catchingUp = true;
        try {
            int gone = 0;
            if (!all.isEmpty()) {
                long first = all.get(0).seq();
                while (gone < mirror.size() && mirror.get(gone).seq() < first) gone++;
            }
            if (gone > 0) {
                // a chosen event that leaves (live mode keeps the latest) leaves nothing chosen, not the next row
                Event chosen = table.getSelectionModel().getSelectedItem();
                if (chosen != null && mirror.subList(0, gone).contains(chosen)) table.getSelectionModel().clearSelection();
                mirror.remove(0, gone);
            }
            int n = mirror.size();
            boolean prefix = n <= all.size() && sameEnds(n);
            if (!prefix) mirror.setAll(all);
            else if (all.size() > n) mirror.addAll(all.subList(n, all.size()));
        } finally {
            catchingUp = false;
        }
        findCurrent(true);
    }

    /**
     * Marks the row of the moment shown: the event that led to it — the one whose seq is the position (or, when the
     * filters hide it, the last shown before it); in live mode the newest. With {@code reveal} it is also kept in
     * view ({@link #keepInView}): always in step mode, where it moves only by a step, a jump or a breakpoint stop;
     * in live mode only while no row is chosen, as the log follows the newest events until one is.
     */
    private void findCurrent(boolean reveal) {
        boolean live = c.model().modeProperty().get() == Engine.Mode.LIVE;
        int at = shown.isEmpty() ? -1 : live ? shown.size() - 1 : lastAtOrBefore(c.model().getPosition());
        current.set(at < 0 ? null : shown.get(at));
        if (reveal && at >= 0 && (!live || table.getSelectionModel().isEmpty())) keepInView();
    }

    /** The index in {@link #shown} of the last event whose seq is ≤ {@code seq}, or -1 (the rows are in seq order). */
    private int lastAtOrBefore(long seq) {
        int lo = 0, hi = shown.size();
        while (lo < hi) {   // the first index whose seq is > seq
            int mid = (lo + hi) >>> 1;
            if (shown.get(mid).seq() <= seq) lo = mid + 1; else hi = mid;
        }
        return lo - 1;
    }

    /**
     * Scrolls the log, once it is laid out, just enough that the current row is wholly on screen (if it is not
     * already: a row in view stays where it is). Not through {@code table.scrollTo}, which puts the row at the
     * top and, right after rows were added, can stop short of the newest: the table's VirtualFlow (JavaFX 21)
     * places the row from an offset past the end and, laying it out, settles a row or more above the end
     * (JDK-8328167). So the flow is looked at after the layout pass, and moved — to its very end for the newest
     * row — then looked at again on the next pulses (a few times at most) until the row is there. Once a change,
     * not every frame: between changes the user may scroll the log by hand.
     */
    private void keepInView() {
        javafx.scene.Scene scene = getScene();
        if (scene == null || followCheck != null) return;
        int[] tries = {0};
        followCheck = () -> {
            Event e = current.get();
            int at = e == null ? -1 : lastAtOrBefore(e.seq());
            boolean moved = false;
            if (at >= 0 && table.lookup(".virtual-flow") instanceof javafx.scene.control.skin.VirtualFlow<?> flow && !inView(flow, at)) {
                if (at == shown.size() - 1) flow.setPosition(1); else flow.scrollTo(at);
                moved = true;
            }
            if (!moved || ++tries[0] >= 3) {
                scene.removePostLayoutPulseListener(followCheck);
                followCheck = null;
            } else {
                javafx.application.Platform.requestNextPulse();
            }
        };
        scene.addPostLayoutPulseListener(followCheck);
        javafx.application.Platform.requestNextPulse();
    }

    /** Whether row {@code at} is laid out wholly inside the flow's viewport (above its horizontal scroll bar, if shown). */
    private static boolean inView(javafx.scene.control.skin.VirtualFlow<?> flow, int at) {
        javafx.scene.control.IndexedCell<?> cell = flow.getVisibleCell(at);
        if (cell == null || !cell.isVisible() || cell.getIndex() != at) return false;
        javafx.geometry.Bounds f = flow.localToScene(flow.getLayoutBounds());
        double bottom = f.getMaxY();
        for (javafx.scene.Node n : flow.lookupAll(".scroll-bar"))
            if (n instanceof javafx.scene.control.ScrollBar sb && sb.getOrientation() == javafx.geometry.Orientation.HORIZONTAL && sb.isVisible())
                bottom -= sb.getHeight();
        javafx.geometry.Bounds b = cell.localToScene(cell.getLayoutBounds());
        return b.getMinY() >= f.getMinY() - 0.5 && b.getMaxY() <= bottom + 0.5;
    }

    /** The event whose row is marked as the moment shown (for tests), or null. */
    Event current() { return current.get(); }

    /** Whether the table shows every event the controller holds, with no catch-up pending (a playing run's are shown a moment later). */
    boolean caughtUp() {
        int n = mirror.size();
        return !catchUpQueued && catchUpLater.getStatus() != Animation.Status.RUNNING && n == events.size() && sameEnds(n);
    }

    /** Whether the rows' first {@code n} events begin and end as the controller's first {@code n} do (n at most theirs). */
    private boolean sameEnds(int n) { return n == 0 || (mirror.get(0) == events.get(0) && mirror.get(n - 1) == events.get(n - 1)); }

    /**
     * Whether nothing is left for a later pulse: the rows show every event, and the row of the moment shown is
     * marked and scrolled into view ({@link #keepInView} done). A picture taken now shows the log of the moment shown.
     */
    boolean atRest() { return caughtUp() && followCheck == null; }

    /** Catches up now if a catch-up is pending (a picture or a test of a playing run; a run at rest needs none). */
    void catchUpNow() { if (!caughtUp()) catchUp(); }

    /** The selected event's causes and effects: a link per event found, a note when a search ran out. */
    private void showCauses() {
        Event e = table.getSelectionModel().getSelectedItem();
        causes.getChildren().clear();
        if (e == null) return;
        for (Causes.Link l : Causes.of(c.model().eventLog(), e)) {
            Event to = l.event();
            if (to == null) {
                Label note = new Label();
                words.dynamic(note, () -> note.setText(words.get(l.phrase(), l.number())));
                causes.getChildren().add(note);
                continue;
            }
            Hyperlink link = new Hyperlink();
            link.setId((l.role() == Causes.Role.CAUSE ? "cause-" : "effect-") + to.seq());
            words.dynamic(link, () -> link.setText(words.get(l.phrase(), l.number(), Causes.ref(to))));
            link.setTooltip(new Tooltip(why(to)));
            link.setOnAction(a -> reveal(to));
            causes.getChildren().add(link);
        }
    }

    /** Selects {@code e}'s row (clearing the filters if they hide it) and so jumps there, as a click on the row does. */
    void reveal(Event e) {
        if (shown.getPredicate() != null && !shown.getPredicate().test(e)) {
            kind.getSelectionModel().select(ALL);
            for (TextField f : new TextField[] {p, m, g, search}) f.setText("");
        }
        table.getSelectionModel().select(e);
        table.scrollTo(e);
    }

    private static Long num(TextField f) {
        String s = f.getText() == null ? "" : f.getText().trim().replaceFirst("^[PpMmGg]", "");
        if (s.isEmpty()) return null;
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -2L;   // matches nothing
        }
    }

    private static <T> TableColumn<Event, T> col(String name, double width, Function<Event, T> f) {
        TableColumn<Event, T> col = new TableColumn<>(name);
        col.setPrefWidth(width);
        col.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(f.apply(d.getValue())));
        col.setSortable(false);
        return col;
    }
}
