package org.gmplab.controls;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/**
 * The CSS classes of Go source in the editor and the program pane: keywords, comments and strings, and the
 * editor's error mark. A pure
 * function of the text and the error's position, so it is cheap to recompute on every keystroke (a regular
 * expression over the text; no parsing).
 */
public final class GoStyles {
    public static final String KEYWORD = "go-keyword", COMMENT = "go-comment", STRING = "go-string", ERROR = "go-error";

    private static final Pattern TOKENS = Pattern.compile(
            "(?<COMMENT>//[^\\n]*|/\\*(?s:.*?)(?:\\*/|\\z))"
            + "|(?<STRING>\"(?:[^\"\\\\\\n]|\\\\.)*\"?|`[^`]*`?|'(?:[^'\\\\\\n]|\\\\.)*'?)"
            + "|(?<KEYWORD>\\b(?:break|case|chan|const|continue|default|defer|else|fallthrough|for|func|go|goto|if"
            + "|import|interface|map|package|range|return|select|struct|switch|type|var)\\b)");

    /** The characters [from, to) of the text that the error underline covers (may be empty). */
    public record Mark(int from, int to) {
        public Mark {
            if (from < 0 || to < from) throw new IllegalArgumentException("bad mark " + from + ".." + to);
        }
    }

    private GoStyles() { }

    /**
     * Where to underline an error at 1-based {@code line}:{@code col}: the token starting there (an identifier
     * or number, else one character); at the end of a line or on blanks, the line's text; on an empty
     * line, nothing (the line number still shows the error). Null if the line is past the end.
     */
    public static Mark mark(String text, int line, int col) {
        if (line < 1) return null;
        int start = 0;
        for (int i = 1; i < line; i++) {
            int nl = text.indexOf('\n', start);
            if (nl < 0) return null;
            start = nl + 1;
        }
        int end = text.indexOf('\n', start);
        if (end < 0) end = text.length();
        int at = Math.min(start + Math.max(col, 1) - 1, end);
        if (at < end && !Character.isWhitespace(text.charAt(at))) {
            int to = at + 1;
            if (word(text.charAt(at))) while (to < end && word(text.charAt(to))) to++;
            return new Mark(at, to);
        }
        int from = start;
        while (from < end && Character.isWhitespace(text.charAt(from))) from++;
        int to = end;
        while (to > from && Character.isWhitespace(text.charAt(to - 1))) to--;
        return new Mark(from, to);
    }

    private static boolean word(char c) { return Character.isLetterOrDigit(c) || c == '_' || c == '.'; }

    /** The style spans of the whole text: syntax classes, with {@link #ERROR} added over {@code error} if not null. */
    public static StyleSpans<Collection<String>> compute(String text, Mark error) {
        StyleSpansBuilder<Collection<String>> b = new StyleSpansBuilder<>();
        Matcher m = TOKENS.matcher(text);
        int last = 0;
        while (m.find()) {
            String cls = m.group("COMMENT") != null ? COMMENT : m.group("STRING") != null ? STRING : KEYWORD;
            b.add(Collections.emptyList(), m.start() - last);
            b.add(List.of(cls), m.end() - m.start());
            last = m.end();
        }
        b.add(Collections.emptyList(), text.length() - last);
        StyleSpans<Collection<String>> syntax = b.create();
        if (error == null || error.from() >= error.to() || error.to() > text.length()) return syntax;
        StyleSpansBuilder<Collection<String>> e = new StyleSpansBuilder<>();
        e.add(Collections.emptyList(), error.from());
        e.add(List.of(ERROR), error.to() - error.from());
        e.add(Collections.emptyList(), text.length() - error.to());
        return syntax.overlay(e.create(), (a, x) -> {
            if (x.isEmpty()) return a;
            if (a.isEmpty()) return x;
            List<String> both = new java.util.ArrayList<>(a);
            both.addAll(x);
            return both;
        });
    }
}
