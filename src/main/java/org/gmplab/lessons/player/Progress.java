package org.gmplab.lessons.player;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

import org.gmplab.lessons.Text.Lang;

/**
 * What a user has done, remembered between runs in {@link Preferences} (per user: on Linux under
 * {@code ~/.java/.userPrefs}): the language, the last lesson and step, and the lessons completed.
 */
public final class Progress {
    private final Preferences node;

    /** @param node where to keep it; the app uses {@link #forUser()}, tests a throw-away node */
    public Progress(Preferences node) { this.node = node; }

    public static Progress forUser() { return new Progress(Preferences.userRoot().node("org/gmplab/lessons")); }

    public Lang lang() { return "zh".equals(node.get("lang", "en")) ? Lang.ZH : Lang.EN; }
    public void setLang(Lang l) { node.put("lang", l == Lang.ZH ? "zh" : "en"); flush(); }

    public String lastLesson() { return node.get("lastLesson", ""); }
    public int lastStep() { return node.getInt("lastStep", 0); }

    public void setPosition(String lessonId, int step) {
        node.put("lastLesson", lessonId);
        node.putInt("lastStep", step);
        flush();
    }

    public Set<String> completed() {
        Set<String> s = new LinkedHashSet<>();
        for (String id : node.get("completed", "").split(",")) if (!id.isBlank()) s.add(id);
        return s;
    }

    public void complete(String lessonId) {
        Set<String> s = completed();
        if (s.add(lessonId)) {
            node.put("completed", String.join(",", s));
            flush();
        }
    }

    /** Whether the first-run welcome was seen (a choice made in it); kept by {@link #reset}, which is about lessons. */
    public boolean welcomed() { return node.getBoolean("welcomed", false); }
    public void setWelcomed() { node.putBoolean("welcomed", true); flush(); }

    /** Forgets the lessons completed and the last lesson and step, on disk too; the language stays. */
    public void reset() {
        node.remove("lastLesson");
        node.remove("lastStep");
        node.remove("completed");
        flush();
    }

    private void flush() {
        try {
            node.flush();
        } catch (BackingStoreException e) {
            // progress is a convenience: losing it must not stop the lesson
        }
    }
}
