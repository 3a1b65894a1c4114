package org.gmplab.lessons.player;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.prefs.BackingStoreException;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.prefs.Preferences;

import org.gmplab.i18n.Lang;

/**
 * What a user has done, remembered between runs in {@link Preferences} (per user: on Linux under
 * {@code ~/.java/.userPrefs}): the language, the last lesson and step, and the lessons completed.
 */
public final class Progress {
    // The first run for a user, java.util.prefs prints "INFO: Created user preferences directory." on standard
    // error, where it reads like a problem; its warnings still show. Held in a field: loggers are weakly kept.
    private static final Logger PREFS_LOG = Logger.getLogger("java.util.prefs");
    static { PREFS_LOG.setLevel(Level.WARNING); }

    private final Preferences node;

    /** @param node where to keep it; the app uses {@link #forUser()}, tests a throw-away node */
    public Progress(Preferences node) { this.node = node; }

    public static Progress forUser() { return new Progress(Preferences.userRoot().node("org/gmplab/lessons")); }

    public Lang lang() { return "zh".equals(get("lang", "en")) ? Lang.ZH : Lang.EN; }
    public void setLang(Lang l) { put("lang", l == Lang.ZH ? "zh" : "en"); }

    public String lastLesson() { return get("lastLesson", ""); }
    public int lastStep() {
        try {
            return Integer.parseInt(get("lastStep", "0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    public void setPosition(String lessonId, int step) {
        put("lastLesson", lessonId);
        put("lastStep", Integer.toString(step));
    }

    public Set<String> completed() {
        Set<String> s = new LinkedHashSet<>();
        for (String id : get("completed", "").split(",")) if (!id.isBlank()) s.add(id);
        return s;
    }

    public void complete(String lessonId) {
        Set<String> s = completed();
        if (s.add(lessonId)) put("completed", String.join(",", s));
    }

    /** Whether the first-run welcome was seen (a choice made in it); kept by {@link #reset}, which is about lessons. */
    public boolean welcomed() { return "true".equals(get("welcomed", "false")); }
    public void setWelcomed() { put("welcomed", "true"); }

    /** Forgets the lessons completed and the last lesson and step, on disk too; the language stays. */
    public void reset() {
        for (String key : new String[] {"lastLesson", "lastStep", "completed"}) put(key, null);
    }

    // Progress is a convenience: losing it must never stop a lesson. A store that fails to write, or a node that
    // was removed (by a reset elsewhere, or a test's clean-up while its window still draws the list), reads as
    // nothing remembered and takes writes as no-ops.

    private String get(String key, String def) {
        try {
            return node.get(key, def);
        } catch (IllegalStateException removed) {
            return def;
        }
    }

    /** Writes {@code value} ({@code null}: removes the key) and flushes it to the store. */
    private void put(String key, String value) {
        try {
            if (value == null) node.remove(key);
            else node.put(key, value);
            node.flush();
        } catch (IllegalStateException | BackingStoreException e) {
            // see above
        }
    }
}
