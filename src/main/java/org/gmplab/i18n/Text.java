package org.gmplab.i18n;

import java.util.Objects;

/** A text in both of the languages GMP Lab speaks. */
public record Text(String en, String zh) {
    public Text {
        Objects.requireNonNull(en);
        Objects.requireNonNull(zh);
    }

    public String in(Lang lang) { return lang == Lang.ZH ? zh : en; }
}
