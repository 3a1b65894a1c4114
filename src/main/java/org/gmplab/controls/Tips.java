package org.gmplab.controls;

import java.util.function.Consumer;
import java.util.function.Supplier;

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

    /**
     * What a control or a tab holds in its properties until its tooltip is made: the text, and the tooltip's own
     * properties to be ({@link Language} keeps its English there).
     */
    private static final class Pending {
        String text;
        final ObservableMap<Object, Object> properties = FXCollections.observableHashMap();
        /** A control's: the filter that makes the tooltip when the mouse comes over it (a tab's headers are watched instead). */
        EventHandler<MouseEvent> onEnter;
    }

    /** A control or a tab: both have a tooltip and properties, but no type in common. */
    private record Owner(ObservableMap<Object, Object> properties, Supplier<Tooltip> tooltip, Consumer<Tooltip> setTooltip) {
        static Owner of(Control c) { return new Owner(c.getProperties(), c::getTooltip, c::setTooltip); }
        static Owner of(Tab t) { return new Owner(t.getProperties(), t::getTooltip, t::setTooltip); }

        Pending pending() { return (Pending) properties.get(Pending.class); }
    }

    /** Gives {@code c} a tooltip that says {@code text} (FX thread); a made one's text is set at once. */
    public static void set(Control c, String text) {
        Pending p = set(Owner.of(c), text);
        if (p != null && p.onEnter == null) {
            // the mouse came over the control: the tooltip is made now, before the move that starts its timer
            p.onEnter = e -> make(c);
            c.addEventFilter(MouseEvent.MOUSE_ENTERED, p.onEnter);
        }
    }

    /**
     * Gives {@code t} a tooltip that says {@code text} (FX thread), made when the mouse first comes over the tab's
     * header; a made one's text is set at once. A tab is not a control: its pane's headers are watched instead (the
     * skin keeps each header's tab in the header's properties, and shows the tab's tooltip on it once there is one).
     */
    public static void set(Tab t, String text) {
        boolean first = t.getTooltip() == null && Owner.of(t).pending() == null;
        set(Owner.of(t), text);
        if (first) {
            watchHeaders(t.getTabPane());
            t.tabPaneProperty().addListener((o, was, pane) -> watchHeaders(pane));
        }
    }

    /** Sets a made tooltip's text, or the text of the one to be (returned). */
    private static Pending set(Owner o, String text) {
        Tooltip made = o.tooltip().get();
        if (made != null) {
            made.setText(text);
            return null;
        }
        Pending p = o.pending();
        if (p == null) o.properties().put(Pending.class, p = new Pending());
        p.text = text;
        return p;
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

    /** The text of {@code c}'s tooltip, made or not; null if it has none. */
    public static String text(Control c) { return text(Owner.of(c)); }

    /** The text of {@code t}'s tooltip, made or not; null if it has none. */
    public static String text(Tab t) { return text(Owner.of(t)); }

    private static String text(Owner o) {
        Tooltip made = o.tooltip().get();
        if (made != null) return made.getText();
        Pending p = o.pending();
        return p == null ? null : p.text;
    }

    /** The properties of {@code c}'s tooltip, made or not (those of a tooltip to be pass to it when it is made); null if it has none. */
    public static ObservableMap<Object, Object> properties(Control c) { return properties(Owner.of(c)); }

    /** The properties of {@code t}'s tooltip, made or not; null if it has none. */
    public static ObservableMap<Object, Object> properties(Tab t) { return properties(Owner.of(t)); }

    private static ObservableMap<Object, Object> properties(Owner o) {
        Tooltip made = o.tooltip().get();
        if (made != null) return made.getProperties();
        Pending p = o.pending();
        return p == null ? null : p.properties;
    }

    /** {@code c}'s tooltip, made now if it was not yet; null if it has none. */
    public static Tooltip make(Control c) {
        Pending p = Owner.of(c).pending();
        if (p != null && p.onEnter != null) c.removeEventFilter(MouseEvent.MOUSE_ENTERED, p.onEnter);
        return make(Owner.of(c));
    }

    /** {@code t}'s tooltip, made now if it was not yet; null if it has none. */
    public static Tooltip make(Tab t) { return make(Owner.of(t)); }

    private static Tooltip make(Owner o) {
        Pending p = (Pending) o.properties().remove(Pending.class);
        if (p != null && o.tooltip().get() == null) {   // (one set directly meanwhile wins)
            Tooltip tip = new Tooltip(p.text);
            tip.getProperties().putAll(p.properties);
            o.setTooltip().accept(tip);
        }
        return o.tooltip().get();
    }
}
