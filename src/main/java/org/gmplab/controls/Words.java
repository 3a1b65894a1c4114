package org.gmplab.controls;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.google.gson.Gson;
import com.google.gson.reflect.TypeToken;

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
import javafx.scene.control.Tooltip;

import org.gmplab.lessons.Text.Lang;

/**
 * The window's words in the learner's language. The English is written where each control is made, as
 * usual; {@code words-zh.json} maps each English text (a label, a tooltip, a prompt, a tab, a column, a
 * menu item) to its Chinese. {@link #translate} walks a part of the window and swaps the texts it knows,
 * remembering the English to swap back; a text the code changes later is picked up again as English.
 * Texts set as things happen (Play/Pause, counters) ask {@link #get} at the moment they are set.
 *
 * <p>Each event's "why" is formatted as it is shown, in the window's language ({@code Narration}, English
 * or Chinese; Go's names stay as Go spells them). What stays English: the engine's refusals and errors, and
 * exported event logs.
 */
public final class Words {
    private static final Map<String, String> ZH = load();
    private static final ObjectProperty<Lang> LANG = new SimpleObjectProperty<>(Words.class, "language", Lang.EN);

    private Words() {}

    /** The window's language (FX thread). */
    public static ObjectProperty<Lang> languageProperty() { return LANG; }

    public static Lang language() { return LANG.get(); }

    /** {@code english} (a format string when there are args) in the window's language. */
    public static String get(String english, Object... args) {
        String s = LANG.get() == Lang.ZH ? ZH.getOrDefault(english, english) : english;
        return args.length == 0 ? s : String.format(s, args);
    }

    /**
     * The transport's status line in the window's language: its fixed phrases; a sentence made from one of
     * the table's formats ("G%d will block at its next scheduling point"), with its numbers and names kept
     * (a {@code %s} in it may itself be a status); and the words before a colon of the others
     * ("breakpoint: …", "refused: …"; what follows is the engine's).
     */
    public static String status(String english) {
        if (english == null || english.isEmpty() || LANG.get() == Lang.EN || ZH.containsKey(english)) return get(english == null ? "" : english);
        for (Map.Entry<Pattern, String> f : FORMATS) {
            Matcher m = f.getKey().matcher(english);
            if (!m.matches()) continue;
            Object[] args = new Object[m.groupCount()];
            for (int i = 0; i < args.length; i++) {
                String arg = m.group(i + 1);
                args[i] = arg.matches("-?\\d+") ? (Object) Long.parseLong(arg) : status(arg);
            }
            return get(f.getValue(), args);
        }
        int colon = english.indexOf(": ");
        if (colon > 0 && ZH.containsKey(english.substring(0, colon))) return get(english.substring(0, colon)) + "：" + english.substring(colon + 2);
        return english;
    }

    /**
     * The table's formats ({@code %d}, {@code %s}) as patterns that recognise a sentence made from them, the
     * longest first (the more specific wins).
     */
    private static final List<Map.Entry<Pattern, String>> FORMATS = ZH.keySet().stream()
            .filter(k -> k.contains("%d") || k.contains("%s"))
            .sorted(java.util.Comparator.comparingInt(String::length).reversed())
            .map(k -> Map.entry(pattern(k), k))
            .toList();

    private static Pattern pattern(String format) {
        StringBuilder re = new StringBuilder();
        Matcher m = Pattern.compile("%[ds]").matcher(format);
        int at = 0;
        while (m.find()) {
            re.append(Pattern.quote(format.substring(at, m.start()))).append(m.group().equals("%d") ? "(-?\\d+)" : "(.+?)");
            at = m.end();
        }
        return Pattern.compile(re.append(Pattern.quote(format.substring(at))).toString(), Pattern.DOTALL);
    }

    /** Whether there is Chinese for {@code english}. */
    public static boolean known(String english) { return ZH.containsKey(english); }

    /**
     * Marks {@code n}'s own text as set by the code as things happen (with {@link #get}), so {@link #translate}
     * leaves it alone; its tooltip is still translated. {@code refresh} sets it again when the language changes.
     */
    public static void dynamic(Labeled n, Runnable refresh) {
        n.getProperties().put("words.dynamic", Boolean.TRUE);
        onChange(n, refresh);
    }

    /** Runs {@code refresh} now and whenever the language changes, for as long as {@code n} lives. */
    public static void onChange(Node n, Runnable refresh) {
        ChangeListener<Lang> l = (o, a, b) -> refresh.run();
        @SuppressWarnings("unchecked")
        List<Object> held = (List<Object>) n.getProperties().computeIfAbsent("words.listeners", k -> new ArrayList<>());
        held.add(l);   // the node holds the listener; the language holds it weakly
        LANG.addListener(new WeakChangeListener<>(l));
        refresh.run();
    }

    /** Shows {@code box}'s items (by their {@code toString}) in the window's language. */
    public static <T> void choices(ChoiceBox<T> box) {
        onChange(box, () -> box.setConverter(new StringConverter<>() {
            @Override public String toString(T t) { return t == null ? "" : get(t.toString()); }
            @Override public T fromString(String s) { throw new UnsupportedOperationException(); }
        }));
    }

    /** Puts every text under {@code root} that has Chinese in the window's language. */
    public static void translate(Node root) {
        walk(root, Words::translateOne);
    }

    /** Every text under {@code root} that a learner can see now (hidden parts left out), as it is shown. */
    public static List<String> texts(Node root) {
        List<String> out = new ArrayList<>();
        walk(root, true, n -> {
            if (n instanceof Labeled l) out.add(l.getText());
            if (n instanceof Control c && c.getTooltip() != null) out.add(c.getTooltip().getText());
            if (n instanceof TextInputControl t) out.add(t.getPromptText());
            if (n instanceof ChoiceBox<?> b) for (Object item : b.getItems()) out.add(text(b, item));
            if (n instanceof Tab t) {
                out.add(t.getText());
                if (t.getTooltip() != null) out.add(t.getTooltip().getText());
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

    private static void translateOne(Object n) {
        if (n instanceof Node node) {
            ObservableMap<Object, Object> p = node.getProperties();
            if (n instanceof Labeled l && !p.containsKey("words.dynamic") && !l.textProperty().isBound()) swap(p, "text", l::getText, l::setText);
            if (n instanceof Control c && c.getTooltip() != null && !c.getTooltip().textProperty().isBound()
                    && !c.getTooltip().getProperties().containsKey("words.dynamic"))
                swap(c.getTooltip().getProperties(), "text", c.getTooltip()::getText, c.getTooltip()::setText);
            if (n instanceof TextInputControl t && !t.promptTextProperty().isBound()) swap(p, "prompt", t::getPromptText, t::setPromptText);
        } else if (n instanceof Tab t) {
            swap(t.getProperties(), "text", t::getText, t::setText);
            Tooltip tip = t.getTooltip();
            if (tip != null) swap(tip.getProperties(), "text", tip::getText, tip::setText);
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
    private static void swap(ObservableMap<Object, Object> props, String what, Supplier<String> get, Consumer<String> set) {
        String now = get.get();
        if (now == null || now.isEmpty()) return;
        String en = (String) props.get("words.en." + what);
        if (en == null || !now.equals(props.get("words.shown." + what))) en = now;
        String shown = LANG.get() == Lang.ZH ? ZH.getOrDefault(en, en) : en;
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

    private static Map<String, String> load() {
        try (InputStream in = Words.class.getResourceAsStream("words-zh.json")) {
            if (in == null) throw new IllegalStateException("words-zh.json is missing from the jar");
            return new Gson().fromJson(new InputStreamReader(in, StandardCharsets.UTF_8), new TypeToken<Map<String, String>>() { }.getType());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
