package org.gmplab.controls;

import java.util.List;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
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

import org.gmplab.view.Layout;
import org.gmplab.view.SchedulerView;
import org.gmplab.session.Driver;

/**
 * The window's content around the scheduler canvas: the transport on top, the event log, schedtrace,
 * breakpoints, inject and assumptions panels beside it, a notification bar for errors, and the keyboard
 * shortcuts (listed by {@code ?} in an overlay).
 */
public final class ControlsPane extends StackPane {
    static final List<String> SHORTCUTS = List.of(
            "Home        go to the start",
            "←           step back one event",
            "Space       play / pause",
            "→           step forward one event",
            "B           run to the next breakpoint",
            "End         go to the end of the recorded history",
            "+ / −       faster / slower",
            "Ctrl+= / −  zoom in / out (or the mouse wheel; drag to pan)",
            "Ctrl+0      reset the zoom",
            "F11         full screen",
            "F5          presenter mode (the canvas fills the window, large type)",
            "I           presenter mode: the event log and inspector (on / off)",
            "R           replay the last step, slowly",
            "F           focus on the selected P (or double-click a P; Esc clears)",
            "P           laser pointer over the canvas (on / off)",
            "L           show / hide the lessons",
            "→ ← 1–4 T   in a lesson: next, back, answer, try it yourself",
            "N           in a lesson, presenter mode: the teacher notes",
            "Home        in a lesson: start it again from step 1",
            "Ctrl+Enter  run the editor's program (Editor shown)",
            "Ctrl+S      save the editor's text (Ctrl+Shift+S: save as)",
            "Ctrl+O      open a scenario or session file (Editor shown)",
            "?           this list (Esc closes it)");

    /**
     * A key of {@link Node#getProperties()}: a node that has it (with {@code true}) takes typed keys as text,
     * like a text field, so the one-key shortcuts leave it alone (e.g. the scenario editor's code area).
     */
    public static final String TYPES_TEXT = "gmplab.typesText";

    /** A key of {@link Node#getProperties()}: a toolbar node that has it (with {@code true}) is hidden in presenter mode. */
    public static final String PRESENTER_HIDES = "gmplab.presenterHides";

    final Driver driver;
    final SchedulerView view;
    /** The window's language: the texts of these controls, and every pane's under them. */
    private final Language words;
    final TransportBar transport;
    final EventLogPane log;
    final SchedTracePane schedtrace;
    final BreakpointPane breakpoints;
    final InjectPane inject;
    final InspectorPane inspectorPane;
    final AssumptionsPane assumptions;
    final TabPane tabs = new TabPane();
    /** The scenario's Go source beside the canvas, above the tabs, shown by {@link #programToggle}. */
    final ProgramPane program;
    final javafx.scene.control.ToggleButton programToggle = new javafx.scene.control.ToggleButton("Program");
    /** The side of the canvas: the program (when shown) over the tabs. */
    final SplitPane side = new SplitPane();
    final Label status = new Label();
    final Label inspector = new Label("Click a goroutine, an M, a P or a queue to inspect it.");
    final Label errorText = new Label();
    final HBox errorBar;
    final Label help = new Label();
    /** The presenter's laser dot over the canvas (key P). */
    final LaserPointer laser;
    final BorderPane main = new BorderPane();
    final SplitPane split = new SplitPane();
    final ContextMenu gMenu = new ContextMenu();
    private final HBox top;
    final Label lockNote = new Label();
    /** A long command's progress and its Cancel button, shown only while one runs for more than a moment. */
    final ProgressBar busyProgress = new ProgressBar();
    final Button cancel = new Button("Cancel");
    final HBox busyBar;
    private String lockedBy;                 // why the transport is locked, or null
    private final javafx.beans.property.BooleanProperty locked = new javafx.beans.property.SimpleBooleanProperty(this, "locked");
    private Runnable presenter = () -> { };
    private String programShownFor;          // the listing whose default the Program button took last
    private boolean programHeld;             // a lesson shows its program beside the canvas
    /** The window's own tools beside the transport (theme, language, editor, lessons…). */
    private final javafx.scene.layout.FlowPane tools;
    /** Presenter mode's tools: the same, on one row. */
    private final HBox toolsRow = new HBox(4);
    /** Under the canvas, over the status line: presenter mode's lesson caption, when there is one. */
    private final StackPane below = new StackPane();
    private final javafx.beans.property.BooleanProperty presenting = new javafx.beans.property.SimpleBooleanProperty(this, "presenting");
    /** Presenter mode: the side panels (event log, inspector…) beside the canvas, on demand (key I). */
    final javafx.scene.control.ToggleButton panels = new javafx.scene.control.ToggleButton("Panels");

    /** The controls in a language of their own (English until it is switched), as tests mount them. */
    public ControlsPane(Driver c, SchedulerView view, Node... extraTools) {
        this(new Language(), c, view, extraTools);
    }

    /** The controls of a window that speaks {@code words}'s language; the window switches it. */
    public ControlsPane(Language words, Driver c, SchedulerView view, Node... extraTools) {
        this.words = words;
        this.driver = c;
        this.view = view;
        transport = new TransportBar(c, view::theme, words);
        log = new EventLogPane(c, words);
        schedtrace = new SchedTracePane(c);
        breakpoints = new BreakpointPane(c, words);
        inject = new InjectPane(c);
        inspectorPane = new InspectorPane(view);
        program = new ProgramPane(c.model(), words);
        assumptions = new AssumptionsPane(words);
        setId("controls");

        tabs.setId("sideTabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        Tab traceTab = tab("schedtrace", schedtrace, "GODEBUG=schedtrace text of the moment shown");
        schedtrace.showing.bind(traceTab.selectedProperty());
        tabs.getTabs().addAll(tab("Event log", log, "Every event of the run with its reason; select one to jump there"),
                tab("Inspector", inspectorPane, "Every field of the G, M, P or queue selected on the canvas"),
                traceTab,
                tab("Breakpoints", breakpoints, "Pause on scheduler events or state changes"),
                tab("Inject", inject, "Act on the running program: syscalls, blocking, Gosched, spawning, GOMAXPROCS"),
                tab("Assumptions", assumptions, "Where this engine simplifies Go"));
        // the model knows the scenario from the session's first moment on (null until then)
        java.util.function.Consumer<org.gmplab.scenario.Scenario> release = sc -> { if (sc != null) assumptions.showRelease(sc.goRelease()); };
        release.accept(c.model().scenarioProperty().get());
        c.model().scenarioProperty().addListener((o, a, sc) -> release.accept(sc));
        side.setOrientation(javafx.geometry.Orientation.VERTICAL);
        side.getItems().setAll(tabs);
        split.getItems().setAll(view, side);
        split.setDividerPositions(0.6);
        programToggle.setId("programToggle");
        TransportBar.tip(programToggle, "Show or hide the program: its Go source, with each goroutine's line");
        programToggle.selectedProperty().addListener((o, was, on) -> {
            if (on) {
                side.getItems().setAll(program, tabs);
                side.setDividerPositions(0.45);
            } else {
                side.getItems().setAll(tabs);
            }
        });
        programDefault(c.model().scenarioProperty().get());
        c.model().scenarioProperty().addListener((o, a, sc) -> programDefault(sc));

        errorText.setId("errorMessage");
        errorText.setWrapText(true);
        errorText.setMaxWidth(Double.MAX_VALUE);
        Button dismiss = new Button("Dismiss");
        dismiss.setId("errorDismiss");
        TransportBar.tip(dismiss, "Hide this message; the app goes on");
        dismiss.setOnAction(e -> { c.model().dismissError(); view.dismissError(); });
        errorBar = new HBox(8, new Label("⚠"), errorText, dismiss);
        errorBar.setId("errorBar");
        errorBar.setAlignment(Pos.CENTER_LEFT);
        errorBar.setPadding(new Insets(6));
        errorBar.getStyleClass().add("error-bar");   // the theme's colours
        HBox.setHgrow(errorText, Priority.ALWAYS);
        // the run's error first; else the canvas's (a moment it could not lay out or paint)
        javafx.beans.binding.StringBinding error = javafx.beans.binding.Bindings.createStringBinding(
                () -> c.model().errorProperty().get().isEmpty() ? view.errorProperty().get() : c.model().errorProperty().get(),
                c.model().errorProperty(), view.errorProperty());
        errorText.textProperty().bind(error);
        errorBar.visibleProperty().bind(error.isNotEmpty());
        errorBar.managedProperty().bind(errorBar.visibleProperty());

        // the window's own tools beside the transport, wrapping onto a second line when the lessons take room
        panels.setId("panels");
        TransportBar.tip(panels, "Show or hide the event log, inspector and the other panels beside the canvas (I)");
        icon(panels, "☰");
        panels.visibleProperty().bind(presenting);
        panels.managedProperty().bind(presenting);
        panels.selectedProperty().addListener((o, a, on) -> arrange());
        tools = new javafx.scene.layout.FlowPane(4, 4, extraTools);
        tools.getChildren().add(tools.getChildren().size() - Math.min(2, tools.getChildren().size()), panels);   // before presenter and ?
        tools.getChildren().add(0, programToggle);
        tools.setPrefWrapLength(300);
        tools.setAlignment(Pos.CENTER_RIGHT);
        tools.setPadding(new Insets(2, 6, 2, 6));
        toolsRow.setAlignment(Pos.CENTER_RIGHT);
        toolsRow.setPadding(new Insets(2, 6, 2, 6));
        toolsRow.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        top = new HBox(transport, tools);
        top.setId("toolbar");
        HBox.setHgrow(transport, Priority.ALWAYS);
        top.setAlignment(Pos.CENTER_LEFT);
        main.setTop(new VBox(top, errorBar));
        main.setCenter(split);
        status.setId("status");
        Runnable statusText = () -> status.setText(words.status(c.model().statusProperty().get()));
        words.dynamic(status, statusText);
        c.model().statusProperty().addListener((o, a, b) -> statusText.run());
        inspector.setId("inspector");
        lockNote.setId("lockNote");
        lockNote.setStyle("-fx-font-weight: bold;");
        lockNote.managedProperty().bind(lockNote.visibleProperty());
        lockNote.setVisible(false);
        busyProgress.setId("busyProgress");
        busyProgress.progressProperty().bind(c.progressProperty());   // -1: indeterminate
        cancel.setId("cancel");
        TransportBar.tip(cancel, "Stop this command at the next safe point; the status says where the run was left");
        cancel.setOnAction(e -> c.cancel());
        busyBar = new HBox(6, busyProgress, cancel);
        busyBar.setId("busyBar");
        busyBar.setAlignment(Pos.CENTER_LEFT);
        busyBar.visibleProperty().bind(c.busyProperty());
        busyBar.managedProperty().bind(busyBar.visibleProperty());
        HBox bottom = new HBox(16, inspector, lockNote, busyBar, status);
        bottom.setPadding(new Insets(4, 8, 4, 8));
        below.setId("below");
        below.managedProperty().bind(below.visibleProperty());
        below.setVisible(false);
        main.setBottom(new VBox(below, bottom));

        help.setId("shortcuts");
        // each line's key stays; its words are translated (the key column is 12 characters wide)
        words.dynamic(help, () -> help.setText(String.join("\n", SHORTCUTS.stream()
                .map(l -> l.length() > 12 && l.charAt(11) == ' ' ? l.substring(0, 12) + words.get(l.substring(12)) : words.get(l)).toList())));
        help.getStyleClass().add("shortcuts");   // the theme's colours
        help.setVisible(false);
        help.setOnMouseClicked(e -> help.setVisible(false));
        StackPane.setAlignment(help, Pos.CENTER);
        laser = new LaserPointer(view, view.canvas());
        getChildren().addAll(main, laser, help);

        // canvas ↔ controls
        view.follow(c.model());   // the canvas shows the model's moment, in the pulse the model takes it
        Runnable inspectorText = () -> {
            String b = view.selectionProperty().get();
            inspector.setText(b == null || b.isEmpty() ? words.get("Click a goroutine, an M, a P or a queue to inspect it.") : b);
        };
        words.dynamic(inspector, inspectorText);
        view.selectionProperty().addListener((o, a, b) -> inspectorText.run());
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
        getProperties().put(ContextMenu.class, gMenu);   // for Language.translate
        // In step mode an action is recorded in the history at the moment shown; in live mode it applies to the world
        // held by Pause, so not while the live world runs or after it ended (nor while a lesson holds the controls).
        javafx.beans.binding.BooleanBinding liveRunning = c.model().modeProperty().isEqualTo(org.gmplab.engine.Engine.Mode.LIVE)
                .and(c.model().playingProperty().or(c.model().finishedProperty()));
        inject.disableProperty().bind(liveRunning.or(locked));
        for (MenuItem item : gMenu.getItems()) item.disableProperty().bind(liveRunning);

        sceneProperty().addListener((o, a, sc) -> { if (sc != null) sc.addEventFilter(KeyEvent.KEY_PRESSED, this::key); });
    }

    /**
     * Locks the transport, inject and breakpoint controls while something else drives the run (a lesson),
     * saying why; {@code null} unlocks them. The canvas, log and schedtrace stay usable.
     */
    public void lock(String why) {
        lockedBy = why;
        boolean on = why != null;
        locked.set(on);
        transport.setDisable(on);
        breakpoints.setDisable(on);
        lockNote.setText(on ? why : "");
        lockNote.setVisible(on);
    }

    /**
     * The program beside the canvas by default for a scenario written in Go; a JSON one's rendering is a click
     * away. The same program again (another seed, Go release) keeps the learner's choice.
     */
    private void programDefault(org.gmplab.scenario.Scenario sc) {
        if (sc == null || programHeld) return;
        org.gmplab.scenario.Listing l = org.gmplab.scenario.Listing.of(sc.program());
        if (l.text().equals(programShownFor)) return;
        programShownFor = l.text();
        programToggle.setSelected(l.fromSource());
    }

    /**
     * While a lesson drives the window ({@code on}), its program is shown beside the canvas whatever the
     * scenario; {@code false} gives the Program button back to the scenario's default.
     */
    public void holdProgram(boolean on) {
        if (on == programHeld) return;
        programHeld = on;
        if (on) {
            programToggle.setSelected(true);
        } else {
            programShownFor = null;
            programDefault(driver.model().scenarioProperty().get());
        }
    }

    /** Whether the transport is locked (see {@link #lock}). */
    public boolean locked() { return lockedBy != null; }

    /** {@link #locked()}, to follow (FX thread). */
    public javafx.beans.property.ReadOnlyBooleanProperty lockedProperty() { return locked; }

    /**
     * Shows {@code panel} left of the canvas, under the toolbar, with a divider to drag (e.g. the scenario
     * editor); null hides it again.
     */
    public void showLeft(Node panel) {
        split.getItems().removeIf(n -> n != view && n != side);
        boolean withTabs = split.getItems().contains(side);
        if (panel == null) {
            if (withTabs) split.setDividerPositions(0.6);
        } else {
            words.translate(panel);   // it was out of the window when the language last changed
            split.getItems().add(0, panel);
            if (withTabs) split.setDividerPositions(0.36, 0.74);
            else split.setDividerPositions(0.36);
        }
    }

    /** Whether {@code focus} takes typed keys as text (a text field, the editor's code area): one-key shortcuts leave it alone. */
    public static boolean typing(Node focus) {
        return focus instanceof TextInputControl || (focus != null && Boolean.TRUE.equals(focus.getProperties().get(TYPES_TEXT)));
    }

    /** Called by the app: what presenter mode toggles (the theme lives with the app). */
    public void onPresenter(Runnable r) { this.presenter = r == null ? () -> { } : r; }

    public Driver driver() { return driver; }

    /**
     * Whether the event log shows the moment shown: every event caught up, its row marked and in view, nothing
     * left for a later pulse. A run at rest gets there by itself within a pulse or two; a playing one only at its
     * catch-ups ({@link #catchUpLog}). FX thread; pictures of the window wait for it.
     */
    public boolean logAtRest() { return log.atRest(); }

    /** Brings the event log level with the events now, if a catch-up is pending (the log of a playing run lags by design). FX thread. */
    public void catchUpLog() { log.catchUpNow(); }

    /** The window's language, which these controls speak (the window switches it). */
    public Language language() { return words; }

    /**
     * A side tab whose content joins the window when the tab is first selected. A TabPane keeps every tab's content
     * in the scene, hidden, so the window's first frame made the skins and applied the CSS of all six panels where
     * one is shown; the panels themselves are made at once and follow the model from the start.
     */
    private Tab tab(String name, Node content, String tip) {
        // in a holder: a tab sets its content's disable, which some panels bind to the run's state
        StackPane holder = new StackPane();
        Tab t = new Tab(name, holder);
        Tips.set(t, tip);   // made when the mouse first comes over the tab
        t.setId("tab-" + name.toLowerCase().replace(' ', '-'));
        t.selectedProperty().addListener((o, was, on) -> {
            if (!on || !holder.getChildren().isEmpty()) return;
            words.translate(content);   // it was out of the window when the language last changed
            holder.getChildren().add(content);
        });
        return t;
    }

    private void canvasClicked(MouseEvent e) {
        Layout.Hit h = e.isStillSincePress() ? view.hit(e.getX(), e.getY()) : null;   // a drag pans, it does not pick
        if (h == null || h.kind() != Layout.Hit.Kind.G) { gMenu.hide(); return; }
        inject.select(h.id());
        if (e.getButton() == MouseButton.SECONDARY && lockedBy == null) gMenu.show(view.canvas(), e.getScreenX(), e.getScreenY());
    }

    /**
     * The shortcuts, whatever has focus — a button, a slider, the event table — except while typing in a text
     * field: a scene filter sees the key before the focused control, which would take ← / → (a slider, the
     * table's columns) or Space (a button) for itself. ↑ / ↓ are not shortcuts: they stay the table's.
     */
    private void key(KeyEvent e) {
        Node focus = getScene() == null ? null : getScene().getFocusOwner();
        KeyCode k = e.getCode();
        // F5 (presenter) and F11 (full screen) type nothing, so they work in a text field and the editor too
        if (typing(focus) && k != KeyCode.F5 && k != KeyCode.F11) return;
        boolean ctrl = e.isShortcutDown() || e.isControlDown();
        // zooming and the laser are the viewer's, even while a lesson holds the transport; the other keys are the transport's
        boolean viewers = k == KeyCode.F11 || k == KeyCode.F5 || k == KeyCode.P || k == KeyCode.ESCAPE || k == KeyCode.R
                || k == KeyCode.F || k == KeyCode.I || "?".equals(e.getText()) || (k == KeyCode.SLASH && e.isShiftDown());
        if (!ctrl && lockedBy != null && !viewers) return;
        Runnable r = ctrl ? zoomKey(k) : switch (k) {
            case HOME -> driver::toStart;
            case END -> driver::toEnd;
            case LEFT -> driver::stepBack;
            case RIGHT -> driver::stepEvent;
            case SPACE -> driver::togglePlay;
            case B -> driver::runToBreakpoint;
            case PLUS, ADD, EQUALS -> () -> transport.speed.increment();
            case MINUS, SUBTRACT -> () -> transport.speed.decrement();
            case F11 -> () -> { if (getScene().getWindow() instanceof Stage st) st.setFullScreen(!st.isFullScreen()); };
            case F5 -> presenter;
            case P -> e.isAltDown() || e.isMetaDown() ? null : laser::toggle;
            case R -> e.isAltDown() || e.isMetaDown() ? null : view::replay;
            case F -> e.isAltDown() || e.isMetaDown() ? null : this::focusSelected;
            case I -> presenting.get() ? () -> panels.setSelected(!panels.isSelected()) : null;
            case ESCAPE -> help.isVisible() ? () -> help.setVisible(false) : !view.focus().isEmpty() ? view::clearFocus : null;
            case SLASH -> e.isShiftDown() ? () -> help.setVisible(!help.isVisible()) : null;
            default -> "?".equals(e.getText()) ? () -> help.setVisible(!help.isVisible()) : null;
        };
        if (r == null) return;
        r.run();
        e.consume();
    }

    /** Ctrl with = (or +), − and 0: the canvas's zoom; other Ctrl combinations are not ours. */
    private Runnable zoomKey(KeyCode k) {
        return switch (k) {
            case PLUS, ADD, EQUALS -> () -> view.zoomBy(org.gmplab.view.Viewport.STEP);
            case MINUS, SUBTRACT -> () -> view.zoomBy(1 / org.gmplab.view.Viewport.STEP);
            case DIGIT0, NUMPAD0 -> view::resetZoom;
            default -> null;
        };
    }

    /** F: the P selected on the canvas (or the P of the selected M or G) in focus, or out of it again. */
    private void focusSelected() {
        Layout.Hit h = view.selectedProperty().get();
        org.gmplab.snapshot.Snapshot s = view.snapshot();
        if (h == null || s == null) return;
        int p = switch (h.kind()) {
            case P -> (int) h.id();
            case M -> s.ms().stream().filter(m -> m.id() == h.id()).mapToInt(org.gmplab.snapshot.Snapshot.Thread::p).findFirst().orElse(-1);
            case G -> s.ms().stream().filter(m -> m.curg() == h.id()).mapToInt(org.gmplab.snapshot.Snapshot.Thread::p).findFirst().orElse(-1);
            case POOL -> -1;
        };
        if (p >= 0) view.toggleFocus(p);
    }

    /**
     * Presenter mode, or back: the canvas takes the window (the side panels open on demand, {@link #panels}), the
     * toolbar is one row (icons where words do not fit, the settings' choices hidden), and the canvas draws large
     * type and holds each step's marks ({@link SchedulerView#setPresenting}). The theme and the lessons are the
     * app's (see {@link #onPresenter}).
     */
    public void present(boolean on) {
        presenting.set(on);
        if (!on) panels.setSelected(false);
        view.setPresenting(on);
        transport.compact(on);
        for (Node n : (on ? tools : toolsRow).getChildren()) {
            if (Boolean.TRUE.equals(n.getProperties().get(PRESENTER_HIDES))) {
                n.setVisible(!on);
                n.setManaged(!on);
            }
            if (n instanceof javafx.scene.control.Labeled l && l.getGraphic() != null)
                l.setContentDisplay(on ? javafx.scene.control.ContentDisplay.GRAPHIC_ONLY : javafx.scene.control.ContentDisplay.TEXT_ONLY);
        }
        // one row: the tools move to a row that keeps its width (a flow pane would wrap them), and the transport's
        // toolbar puts what does not fit in its » menu
        List<Node> all = List.copyOf((on ? tools : toolsRow).getChildren());
        (on ? toolsRow : tools).getChildren().setAll(all);
        top.getChildren().set(1, on ? toolsRow : tools);
        arrange();
    }

    /** Whether presenter mode is on. */
    public javafx.beans.property.ReadOnlyBooleanProperty presentingProperty() { return presenting; }

    /** The canvas with the side (program and panels), or (presenter mode, panels closed) alone; an editor shown stays at its left. */
    private void arrange() {
        boolean withTabs = !presenting.get() || panels.isSelected();
        boolean has = split.getItems().contains(side);
        if (withTabs == has) return;
        if (withTabs) {
            split.getItems().add(side);
            split.setDividerPositions(split.getItems().size() == 3 ? new double[] {0.36, 0.74} : new double[] {0.6});
        } else {
            split.getItems().remove(side);
            if (split.getItems().size() == 2) split.setDividerPositions(0.36);
        }
    }

    /** Shows {@code strip} under the canvas, over the status line (presenter mode's lesson caption); null hides it. */
    public void showBelow(Node strip) {
        below.getChildren().setAll(strip == null ? List.of() : List.of(strip));
        below.setVisible(strip != null);
    }

    /**
     * Gives {@code b} an icon, shown instead of its words in presenter mode (where the toolbar must fit one row);
     * its tooltip says what it is.
     */
    public static void icon(javafx.scene.control.Labeled b, String icon) {
        b.setGraphic(new Label(icon));
        b.setContentDisplay(javafx.scene.control.ContentDisplay.TEXT_ONLY);
    }

    /** Shows or hides the shortcut overlay. */
    public void toggleHelp() { help.setVisible(!help.isVisible()); }

    /** Toggles presenter mode (what the app set with {@link #onPresenter}). */
    public void presenter() { presenter.run(); }

    /** Switches the laser pointer over the canvas on or off (key P). */
    public void toggleLaser() { laser.toggle(); }

    /** Whether the laser pointer is on. */
    public boolean laserOn() { return laser.onProperty().get(); }

    /** Whether the shortcut overlay is showing. */
    public boolean helpShowing() { return help.isVisible(); }
}
