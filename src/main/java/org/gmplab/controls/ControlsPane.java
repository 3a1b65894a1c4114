package org.gmplab.controls;

import java.util.ArrayList;
import java.util.List;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.view.Layout;
import org.gmplab.view.SchedulerView;

/**
 * The window's content around the scheduler canvas: the transport on top, the event log, schedtrace,
 * breakpoints, inject and assumptions panels beside it, a notification bar for errors, and the keyboard
 * shortcuts (listed by {@code ?} in an overlay).
 */
public final class ControlsPane extends StackPane {
    static final String SHORTCUTS = String.join("\n",
            "Home        go to the start",
            "←           step back one event",
            "Space       play / pause",
            "→           step forward one event",
            "B           run to the next breakpoint",
            "End         go to the end of the recorded history",
            "+ / −       faster / slower",
            "F11         full screen",
            "F5          presenter mode (projector theme, larger type)",
            "?           this list (Esc closes it)");

    final Controller controller;
    final SchedulerView view;
    final TransportBar transport;
    final EventLogPane log;
    final SchedTracePane schedtrace;
    final BreakpointPane breakpoints;
    final InjectPane inject;
    final AssumptionsPane assumptions = new AssumptionsPane();
    final TabPane tabs = new TabPane();
    final Label status = new Label();
    final Label inspector = new Label("Click a goroutine, an M, a P or a queue to inspect it.");
    final Label errorText = new Label();
    final HBox errorBar;
    final Label help = new Label(SHORTCUTS);
    final BorderPane main = new BorderPane();
    final ContextMenu gMenu = new ContextMenu();
    private final HBox top;
    private Runnable presenter = () -> { };

    public ControlsPane(Controller c, SchedulerView view, Node... extraTools) {
        this.controller = c;
        this.view = view;
        transport = new TransportBar(c);
        log = new EventLogPane(c);
        schedtrace = new SchedTracePane(c);
        breakpoints = new BreakpointPane(c);
        inject = new InjectPane(c);
        setId("controls");

        tabs.setId("sideTabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.getTabs().addAll(tab("Event log", log, "Every event of the run with its reason; select one to jump there"),
                tab("schedtrace", schedtrace, "GODEBUG=schedtrace text of the moment shown"),
                tab("Breakpoints", breakpoints, "Pause on scheduler events or state changes"),
                tab("Inject", inject, "Act on the running program: syscalls, blocking, Gosched, spawning, GOMAXPROCS"),
                tab("Assumptions", assumptions, "Where this engine simplifies Go"));
        SplitPane split = new SplitPane(view, tabs);
        split.setDividerPositions(0.6);

        errorText.setId("errorMessage");
        errorText.setWrapText(true);
        errorText.setMaxWidth(Double.MAX_VALUE);
        Button dismiss = new Button("Dismiss");
        dismiss.setId("errorDismiss");
        TransportBar.tip(dismiss, "Hide this message; the app goes on");
        dismiss.setOnAction(e -> c.dismissError());
        errorBar = new HBox(8, new Label("⚠"), errorText, dismiss);
        errorBar.setId("errorBar");
        errorBar.setAlignment(Pos.CENTER_LEFT);
        errorBar.setPadding(new Insets(6));
        errorBar.setStyle("-fx-background-color: #fde7e9; -fx-border-color: #b00020;");
        HBox.setHgrow(errorText, Priority.ALWAYS);
        errorText.textProperty().bind(c.errorProperty());
        errorBar.visibleProperty().bind(c.errorProperty().isNotEmpty());
        errorBar.managedProperty().bind(errorBar.visibleProperty());

        top = new HBox(transport);
        HBox.setHgrow(transport, Priority.ALWAYS);
        for (Node n : extraTools) top.getChildren().add(n);
        top.setAlignment(Pos.CENTER_LEFT);
        main.setTop(new VBox(top, errorBar));
        main.setCenter(split);
        status.setId("status");
        status.textProperty().bind(c.statusProperty());
        inspector.setId("inspector");
        HBox bottom = new HBox(16, inspector, status);
        bottom.setPadding(new Insets(4, 8, 4, 8));
        main.setBottom(bottom);

        help.setId("shortcuts");
        help.setStyle("-fx-font-family: monospace; -fx-font-size: 15; -fx-padding: 18; -fx-background-color: rgba(255,255,255,0.95);"
                + " -fx-border-color: #444; -fx-border-width: 2;");
        help.setVisible(false);
        help.setOnMouseClicked(e -> help.setVisible(false));
        StackPane.setAlignment(help, Pos.CENTER);
        getChildren().addAll(main, help);

        // canvas ↔ controls
        c.snapshotProperty().addListener((o, a, s) -> view.publish(s, passed(a, s)));
        view.selectionProperty().addListener((o, a, b) -> inspector.setText(b.isEmpty() ? "Click a goroutine, an M, a P or a queue to inspect it." : b));
        view.canvas().addEventHandler(MouseEvent.MOUSE_CLICKED, this::canvasClicked);
        MenuItem sys = new MenuItem("Enter a syscall (ms as in Inject)");
        sys.setOnAction(e -> inject.syscall.fire());
        MenuItem block = new MenuItem("Block");
        block.setOnAction(e -> inject.block.fire());
        MenuItem unblock = new MenuItem("Unblock");
        unblock.setOnAction(e -> inject.unblock.fire());
        MenuItem gosched = new MenuItem("Gosched");
        gosched.setOnAction(e -> inject.gosched.fire());
        MenuItem net = new MenuItem("Network ready");
        net.setOnAction(e -> inject.netready.fire());
        gMenu.getItems().addAll(sys, block, unblock, gosched, net);
        // Injecting goes through the recorded history: step mode only.
        javafx.beans.binding.BooleanBinding live = c.modeProperty().isEqualTo(org.gmplab.engine.Engine.Mode.LIVE);
        inject.disableProperty().bind(live);
        for (MenuItem item : gMenu.getItems()) item.disableProperty().bind(live);

        sceneProperty().addListener((o, a, sc) -> { if (sc != null) sc.addEventFilter(KeyEvent.KEY_PRESSED, this::key); });
    }

    /** Called by the app: what presenter mode toggles (the theme lives with the app). */
    public void onPresenter(Runnable r) { this.presenter = r == null ? () -> { } : r; }

    public Controller controller() { return controller; }

    private static Tab tab(String name, Node content, String tip) {
        Tab t = new Tab(name, content);
        t.setTooltip(new javafx.scene.control.Tooltip(tip));
        t.setId("tab-" + name.toLowerCase().replace(' ', '-'));
        return t;
    }

    /** The events between the moment shown before and {@code s}, if it is later (for the canvas's arcs). */
    private List<Event> passed(Snapshot before, Snapshot s) {
        if (before == null || s == null || s.events() <= before.events()) return List.of();
        List<Event> all = controller.events();
        long want = before.events() + 1;
        int lo = 0, hi = all.size();
        while (lo < hi) {   // the first index whose seq is ≥ want
            int mid = (lo + hi) >>> 1;
            if (all.get(mid).seq() < want) lo = mid + 1; else hi = mid;
        }
        int from = lo;
        List<Event> out = new ArrayList<>();
        for (int i = from; i < all.size() && all.get(i).seq() <= s.events(); i++) out.add(all.get(i));
        return out;
    }

    private void canvasClicked(MouseEvent e) {
        Layout l = view.layoutNow();
        Layout.Hit h = l == null ? null : l.hit(e.getX(), e.getY());
        if (h == null || h.kind() != Layout.Hit.Kind.G) { gMenu.hide(); return; }
        inject.select(h.id());
        if (e.getButton() == MouseButton.SECONDARY) gMenu.show(view.canvas(), e.getScreenX(), e.getScreenY());
    }

    /** The shortcuts; not while typing in a text field, and arrows stay with the event table when it has focus. */
    private void key(KeyEvent e) {
        Node focus = getScene() == null ? null : getScene().getFocusOwner();
        if (focus instanceof TextInputControl) return;
        boolean table = focus instanceof TableView;
        KeyCode k = e.getCode();
        Runnable r = switch (k) {
            case HOME -> controller::toStart;
            case END -> controller::toEnd;
            case LEFT -> table ? null : controller::stepBack;
            case RIGHT -> table ? null : controller::stepEvent;
            case SPACE -> controller::togglePlay;
            case B -> controller::runToBreakpoint;
            case PLUS, ADD, EQUALS -> () -> transport.speed.increment();
            case MINUS, SUBTRACT -> () -> transport.speed.decrement();
            case F11 -> () -> { if (getScene().getWindow() instanceof Stage st) st.setFullScreen(!st.isFullScreen()); };
            case F5 -> presenter;
            case ESCAPE -> help.isVisible() ? () -> help.setVisible(false) : null;
            case SLASH -> e.isShiftDown() ? () -> help.setVisible(!help.isVisible()) : null;
            default -> "?".equals(e.getText()) ? () -> help.setVisible(!help.isVisible()) : null;
        };
        if (r == null) return;
        r.run();
        e.consume();
    }

    /** Shows or hides the shortcut overlay. */
    public void toggleHelp() { help.setVisible(!help.isVisible()); }

    /** Toggles presenter mode (what the app set with {@link #onPresenter}). */
    public void presenter() { presenter.run(); }

    /** Whether the shortcut overlay is showing. */
    public boolean helpShowing() { return help.isVisible(); }
}
