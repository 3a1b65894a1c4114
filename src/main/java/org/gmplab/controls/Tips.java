package org.gmplab.controls;

import javafx.collections.FXCollections;
import javafx.collections.ObservableMap;
import javafx.event.EventHandler;
import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;

/**
 * A control's tooltip whose {@link Tooltip} is made when the mouse first comes over the control. A Tooltip is a
 * popup window with a scene of its own, and the first CSS lookup in each new scene matches its nodes against the
 * whole default stylesheet: the window's forty-odd tooltips took a fifth of the FX thread's start, for popups
 * a learner sees a few of. Until it is made, the text waits here, where {@link Language} finds and translates it
 * as it would a made one's. A {@link Tab}'s tooltip is made the same way, when the mouse first comes over its header.
 */
public final class Tips {
    private Tips() { }

    /** What a control holds in its properties until its tooltip is made. */
    private static final class Pending implements EventHandler<MouseEvent> {
        final Control control;
        String text;
        /** The tooltip's own properties to be ({@link Language} keeps its English there). */
        final ObservableMap<Object, Object> properties = FXCollections.observableHashMap();

        Pending(Control control) { this.control = control; }

        /** The mouse came over the control: the tooltip is made now, before the move that starts its timer. */
        @Override public void handle(MouseEvent e) { make(control); }
    }

    /** Gives {@code c} a tooltip that says {@code text} (FX thread); a made one's text is set at once. */
    public static void set(Control c, String text) {
        if (c.getTooltip() != null) {
            c.getTooltip().setText(text);
            return;
        }
        Pending p = (Pending) c.getProperties().get(Pending.class);
        if (p == null) {
            p = new Pending(c);
            c.getProperties().put(Pending.class, p);
            c.addEventFilter(MouseEvent.MOUSE_ENTERED, p);
        }
        p.text = text;
    }

    /** The text of {@code c}'s tooltip, made or not; null if it has none. */
    public static String text(Control c) {
        if (c.getTooltip() != null) return c.getTooltip().getText();
        Pending p = (Pending) c.getProperties().get(Pending.class);
        return p == null ? null : p.text;
    }

    /** The properties of {@code c}'s tooltip, made or not (those of a tooltip to be pass to it when it is made); null if it has none. */
    public static ObservableMap<Object, Object> properties(Control c) {
        if (c.getTooltip() != null) return c.getTooltip().getProperties();
        Pending p = (Pending) c.getProperties().get(Pending.class);
        return p == null ? null : p.properties;
    }

    /**
     * Gives {@code t} a tooltip that says {@code text} (FX thread), made when the mouse first comes over the tab's
     * header; a made one's text is set at once. A tab is not a control: its pane's headers are watched instead (the
     * skin keeps each header's tab in the header's properties, and shows the tab's tooltip on it once there is one).
     */
    public static void set(Tab t, String text) {
        if (t.getTooltip() != null) {
            t.getTooltip().setText(text);
            return;
        }
        TabPending p = (TabPending) t.getProperties().get(TabPending.class);
        if (p == null) {
            t.getProperties().put(TabPending.class, p = new TabPending());
            watchHeaders(t.getTabPane());
            t.tabPaneProperty().addListener((o, was, pane) -> watchHeaders(pane));
        }
        p.text = text;
    }

    /** A tab's tooltip to be: its text, and the tooltip's own properties to be. */
    private static final class TabPending {
        String text;
        final ObservableMap<Object, Object> properties = FXCollections.observableHashMap();
    }

    /** The mouse came over a node of a tab pane: if it is in a tab's header, that tab's tooltip is made now. */
    private static final EventHandler<MouseEvent> HEADERS = e -> {
        for (Node n = e.getTarget() instanceof Node target ? target : null; n != null && !(n instanceof TabPane); n = n.getParent())
            if (n.hasProperties() && n.getProperties().get(Tab.class) instanceof Tab tab) {   // getProperties() would make a map on every node
                make(tab);
                return;
            }
    };

    private static void watchHeaders(TabPane pane) {
        if (pane == null || pane.getProperties().putIfAbsent(HEADERS, true) != null) return;
        pane.addEventFilter(MouseEvent.MOUSE_ENTERED_TARGET, HEADERS);
    }

    /** The text of {@code t}'s tooltip, made or not; null if it has none. */
    public static String text(Tab t) {
        if (t.getTooltip() != null) return t.getTooltip().getText();
        TabPending p = (TabPending) t.getProperties().get(TabPending.class);
        return p == null ? null : p.text;
    }

    /** The properties of {@code t}'s tooltip, made or not; null if it has none. */
    public static ObservableMap<Object, Object> properties(Tab t) {
        if (t.getTooltip() != null) return t.getTooltip().getProperties();
        TabPending p = (TabPending) t.getProperties().get(TabPending.class);
        return p == null ? null : p.properties;
    }

    /** {@code t}'s tooltip, made now if it was not yet; null if it has none. */
    public static Tooltip make(Tab t) {
        TabPending p = (TabPending) t.getProperties().remove(TabPending.class);
        if (p != null && t.getTooltip() == null) {
            Tooltip tip = new Tooltip(p.text);
            tip.getProperties().putAll(p.properties);
            t.setTooltip(tip);
        }
        return t.getTooltip();
    }

    /** {@code c}'s tooltip, made now if it was not yet; null if it has none. */
    public static Tooltip make(Control c) {
        Pending p = (Pending) c.getProperties().remove(Pending.class);
        if (p != null) c.removeEventFilter(MouseEvent.MOUSE_ENTERED, p);
        if (p != null && c.getTooltip() == null) {   // (one set directly meanwhile wins)
            Tooltip t = new Tooltip(p.text);
            t.getProperties().putAll(p.properties);
            c.setTooltip(t);
        }
        return c.getTooltip();
    }
}
