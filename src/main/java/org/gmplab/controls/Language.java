package org.gmplab.controls;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

import javafx.beans.property.ObjectProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.WeakChangeListener;
import javafx.scene.control.ChoiceBox;
import javafx.util.StringConverter;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.ObservableMap;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.TitledPane;
import javafx.scene.control.ToolBar;

import org.gmplab.i18n.Lang;
import org.gmplab.i18n.Words;

/**
 * A window's language, and its words in it ({@link Words}). The window makes one and hands it to its panes;
 * switching it re-words that window only (there is no global language). The English is written where each
 * control is made, as usual. {@link #translate} walks a part of the window and swaps the texts the table
 * knows, remembering the English to swap back; a text the code changes later is picked up again as English.
 * Texts set as things happen (Play/Pause, counters) ask {@link #get} at the moment they are set, and
 * {@link #dynamic} sets them again when the language changes.
 *
 * <p>Each event's "why" is formatted as it is shown, in the window's language ({@code Narration}, English
 * or Chinese; Go's names stay as Go spells them). What stays English: the engine's refusals and errors, and
 * exported event logs.
 */
public final class Language {
    private final ObjectProperty<Lang> lang = new SimpleObjectProperty<>(this, "language", Lang.EN);

    /** The window's language (FX thread). */
    public ObjectProperty<Lang> languageProperty() { return lang; }

    public Lang language() { return lang.get(); }

    /** {@code english} (a format string when there are args) in the window's language. */
    public String get(String english, Object... args) { return Words.get(lang.get(), english, args); }

    /** The transport's status line in the window's language ({@link Words#status}). */
    public String status(String english) { return Words.status(lang.get(), english); }

    /**
     * Marks {@code n}'s own text as set by the code as things happen (with {@link #get}), so {@link #translate}
     * leaves it alone; its tooltip is still translated. {@code refresh} sets it again when the language changes.
     */
    public void dynamic(Labeled n, Runnable refresh) {
        n.getProperties().put("words.dynamic", Boolean.TRUE);
        onChange(n, refresh);
    }

    /** Runs {@code refresh} now and whenever the language changes, for as long as {@code n} lives. */
    public void onChange(Node n, Runnable refresh) {
        ChangeListener<Lang> l = (o, a, b) -> refresh.run();
        @SuppressWarnings("unchecked")
        List<Object> held = (List<Object>) n.getProperties().computeIfAbsent("words.listeners", k -> new ArrayList<>());
        held.add(l);   // the node holds the listener; the language holds it weakly
        lang.addListener(new WeakChangeListener<>(l));
        refresh.run();
    }

    /** Shows {@code box}'s items (by their {@code toString}) in the window's language. */
    public <T> void choices(ChoiceBox<T> box) {
        onChange(box, () -> box.setConverter(new StringConverter<>() {
            @Override public String toString(T t) { return t == null ? "" : get(t.toString()); }
            @Override public T fromString(String s) { throw new UnsupportedOperationException(); }
        }));
    }

    /** Puts every text under {@code root} that has Chinese in the window's language. */
    public void translate(Node root) {
        walk(root, this::translateOne);
    }

    /** Every text under {@code root} that a learner can see now (hidden parts left out), as it is shown. */
    public static List<String> texts(Node root) {
        List<String> out = new ArrayList<>();
        walk(root, true, n -> {
            if (n instanceof Labeled l) out.add(l.getText());
            if (n instanceof Control c) out.add(Tips.text(c));
            if (n instanceof TextInputControl t) out.add(t.getPromptText());
            if (n instanceof ChoiceBox<?> b) for (Object item : b.getItems()) out.add(text(b, item));
            if (n instanceof Tab t) {
                out.add(t.getText());
                out.add(Tips.text(t));
            }
            if (n instanceof TableColumn<?, ?> c) out.add(c.getText());
            if (n instanceof MenuItem m) out.add(m.getText());
        });
        out.removeIf(s -> s == null || s.isBlank());
        return out;
    }

    @SuppressWarnings("unchecked")
    private static <T> String text(ChoiceBox<T> b, Object item) {
        return b.getConverter() == null ? String.valueOf(item) : b.getConverter().toString((T) item);
    }

    private void translateOne(Object n) {
        if (n instanceof Node node) {
            ObservableMap<Object, Object> p = node.getProperties();
            if (n instanceof Labeled l && !p.containsKey("words.dynamic") && !l.textProperty().isBound()) swap(p, "text", l::getText, l::setText);
            if (n instanceof Control c && Tips.text(c) != null && (c.getTooltip() == null || !c.getTooltip().textProperty().isBound())
                    && !Tips.properties(c).containsKey("words.dynamic"))
                swap(Tips.properties(c), "text", () -> Tips.text(c), s -> Tips.set(c, s));   // made or not (Tips)
            if (n instanceof TextInputControl t && !t.promptTextProperty().isBound()) swap(p, "prompt", t::getPromptText, t::setPromptText);
        } else if (n instanceof Tab t) {
            swap(t.getProperties(), "text", t::getText, t::setText);
            if (Tips.text(t) != null) swap(Tips.properties(t), "text", () -> Tips.text(t), s -> Tips.set(t, s));   // made or not (Tips)
        } else if (n instanceof TableColumn<?, ?> c) {
            swap(c.getProperties(), "text", c::getText, c::setText);
        } else if (n instanceof MenuItem m) {
            swap(m.getProperties(), "text", m::getText, m::setText);
        }
    }

    /**
     * One text: the English is what was remembered, unless the code has set another text since (then that
     * is the new English).
     */
    private void swap(ObservableMap<Object, Object> props, String what, Supplier<String> get, Consumer<String> set) {
        String now = get.get();
        if (now == null || now.isEmpty()) return;
        String en = (String) props.get("words.en." + what);
        if (en == null || !now.equals(props.get("words.shown." + what))) en = now;
        String shown = Words.get(lang.get(), en);
        props.put("words.en." + what, en);
        props.put("words.shown." + what, shown);
        if (!shown.equals(now)) set.accept(shown);
    }

    /** Visits {@code root} and everything under it, including what is not a child node (tabs, columns, items, menus). */
    private static void walk(Node root, Consumer<Object> f) { walk(root, false, f); }

    /** {@code shownOnly}: a node hidden by the code ({@code setVisible(false)}) is passed over with all it holds. */
    private static void walk(Node root, boolean shownOnly, Consumer<Object> f) {
        if (root == null || (shownOnly && !root.isVisible())) return;
        f.accept(root);
        if (root instanceof TabPane tp) for (Tab t : tp.getTabs()) { f.accept(t); walk(t.getContent(), shownOnly, f); }
        if (root instanceof ToolBar tb) for (Node n : tb.getItems()) walk(n, shownOnly, f);
        if (root instanceof SplitPane sp) for (Node n : sp.getItems()) walk(n, shownOnly, f);
        if (root instanceof ScrollPane sp) walk(sp.getContent(), shownOnly, f);
        if (root instanceof TitledPane t) walk(t.getContent(), shownOnly, f);
        if (root instanceof TableView<?> tv) {
            for (TableColumn<?, ?> c : tv.getColumns()) f.accept(c);
            walk(tv.getPlaceholder(), shownOnly, f);
        }
        if (root instanceof Control c && c.getContextMenu() != null) items(c.getContextMenu(), f);
        if (root instanceof javafx.scene.control.MenuButton mb) for (MenuItem m : mb.getItems()) f.accept(m);
        Object menu = root.getProperties().get(ContextMenu.class);
        if (menu instanceof ContextMenu cm) items(cm, f);
        if (root instanceof Parent p && !(root instanceof ToolBar) && !(root instanceof SplitPane) && !(root instanceof ScrollPane)
                && !(root instanceof TabPane) && !(root instanceof TitledPane))
            for (Node n : p.getChildrenUnmodifiable()) walk(n, shownOnly, f);
    }

    private static void items(ContextMenu cm, Consumer<Object> f) {
        for (MenuItem m : cm.getItems()) f.accept(m);
    }
}
