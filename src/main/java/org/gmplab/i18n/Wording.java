package org.gmplab.i18n;

import java.util.function.UnaryOperator;

/**
 * The canvas's words: the English written in the painters, or another language's for it, and the font family
 * whose glyphs that language needs (null: the default font). The canvas paints its text itself, so the window's
 * language reaches it through this.
 */
public record Wording(String name, UnaryOperator<String> words, String family) {
    public static final Wording ENGLISH = new Wording("en", UnaryOperator.identity(), null);

    /** The window's words ({@link Words}) in {@code lang}, drawn in font {@code family} (null: the default font). */
    public static Wording in(Lang lang, String family) {
        return lang == Lang.ZH ? new Wording("zh", s -> Words.get(Lang.ZH, s), family) : ENGLISH;
    }

    /** The language this wording speaks (its name is the language's, in lower case). */
    public Lang lang() { return Lang.valueOf(name.toUpperCase(java.util.Locale.ROOT)); }

    /** {@code english} in this wording. */
    public String of(String english) { return words.apply(english); }

    /** {@code english}, a format string, in this wording, with {@code args}. */
    public String format(String english, Object... args) { return String.format(words.apply(english), args); }
}
