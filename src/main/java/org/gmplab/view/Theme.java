package org.gmplab.view;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javafx.scene.paint.Color;

import org.gmplab.snapshot.GStatus;

/**
 * A theme: the {@code -gmp-*} variables of one CSS file in {@code org/gmplab/view/themes/}. The same file is
 * added to the scene, so the controls and the canvas agree.
 */
public final class Theme {
    public static final List<String> NAMES = List.of("light", "dark", "projector");
    private static final Pattern VAR = Pattern.compile("(-gmp-[a-z-]+)\\s*:\\s*([^;]+);");

    public final String name;
    public final Color background, surface, surfaceIdle, border, text, muted, slot, head, tail;
    public final Color runnable, running, syscall, waiting, dead, steal, handoff, overflow, preempt;
    public final double lineWidth, typeScale;

    private Theme(String name, Map<String, String> v) {
        this.name = name;
        background = c(v, "background");
        surface = c(v, "surface");
        surfaceIdle = c(v, "surface-idle");
        border = c(v, "border");
        text = c(v, "text");
        muted = c(v, "muted");
        slot = c(v, "slot");
        head = c(v, "head");
        tail = c(v, "tail");
        runnable = c(v, "runnable");
        running = c(v, "running");
        syscall = c(v, "syscall");
        waiting = c(v, "waiting");
        dead = c(v, "dead");
        steal = c(v, "steal");
        handoff = c(v, "handoff");
        overflow = c(v, "overflow");
        preempt = c(v, "preempt");
        lineWidth = Double.parseDouble(req(v, "line-width"));
        typeScale = Double.parseDouble(req(v, "type-scale"));
    }

    /** The theme called {@code name} (light, dark or projector). */
    public static Theme named(String name) {
        URL url = stylesheet(name);
        try (InputStream in = url.openStream()) {
            return parse(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The CSS file of theme {@code name}, for {@code scene.getStylesheets()}. */
    /**
     * The stylesheets of theme {@code name}, to set on a scene in this order: the theme's own (its colours, the
     * {@code -gmp-*} variables) and the panes' style classes shared by all themes ({@code themes/panes.css}).
     */
    public static java.util.List<String> stylesheets(String name) {
        return java.util.List.of(stylesheet(name).toExternalForm(), Theme.class.getResource("themes/panes.css").toExternalForm());
    }

    public static URL stylesheet(String name) {
        if (!NAMES.contains(name)) throw new IllegalArgumentException("unknown theme '" + name + "' (light, dark or projector)");
        return Theme.class.getResource("themes/" + name + ".css");
    }

    static Theme parse(String name, String css) {
        Map<String, String> vars = new HashMap<>();
        Matcher m = VAR.matcher(css);
        while (m.find()) vars.put(m.group(1).substring("-gmp-".length()), m.group(2).trim());
        return new Theme(name, vars);
    }

    /** Colour of a goroutine token by its status (an idle G, never drawn in practice, as a dead one). */
    public Color status(GStatus status) {
        return switch (status) {
            case RUNNABLE -> runnable;
            case RUNNING -> running;
            case SYSCALL -> syscall;
            case WAITING -> waiting;
            case IDLE, DEAD -> dead;
        };
    }

    /** Black or white, whichever reads better on {@code c}. */
    public static Color ink(Color c) {
        double lum = 0.2126 * c.getRed() + 0.7152 * c.getGreen() + 0.0722 * c.getBlue();
        return lum > 0.5 ? Color.BLACK : Color.WHITE;
    }

    private static Color c(Map<String, String> v, String key) { return Color.web(req(v, key)); }

    private static String req(Map<String, String> v, String key) {
        String s = v.get(key);
        if (s == null) throw new IllegalArgumentException("theme is missing -gmp-" + key);
        return s;
    }
}
