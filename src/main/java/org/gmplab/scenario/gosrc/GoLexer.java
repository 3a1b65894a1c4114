package org.gmplab.scenario.gosrc;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Go's lexical grammar, as the spec gives it: identifiers (Unicode letters), keywords, every operator,
 * integer literals in all four bases with {@code _} separators, floating-point, imaginary, rune and
 * string literals (so that a pasted Go file lexes, and the parser can refuse what the subset lacks with
 * a precise message), comments, and the automatic semicolon at the end of a line whose last token is
 * an identifier, a literal, {@code break continue fallthrough return} or {@code ++ -- ) ] }}.
 *
 * <p>Tokens are made on demand, so an error is raised when the parser reaches it, in source order.
 * Every call to {@link #next()} consumes at least one char or returns EOF: the lexer cannot loop.
 */
final class GoLexer {

    /** A {@code //} comment: where it starts and its text after the slashes. */
    record Comment(Pos pos, String text) {}

    static final Set<String> KEYWORDS = Set.of(
            "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for",
            "func", "go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select",
            "struct", "switch", "type", "var");

    private static final String[] OPERATORS = {
            "<<=", ">>=", "&^=", "...",
            "&^", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", "&&", "||", "<-", "++", "--",
            "==", "!=", "<=", ">=", ":=",
            "+", "-", "*", "/", "%", "&", "|", "^", "<", ">", "=", "!", "~", "(", ")", "[", "]", "{", "}",
            ",", ";", ".", ":"};

    /** Literals longer than this are refused instead of being converted (a 64-bit value needs at most 64 digits). */
    static final int MAX_LITERAL_DIGITS = 100;

    private final String src;
    private int pos;
    private int line = 1;
    private int lineStart;
    /** Go's rule: would a newline here end a statement? */
    private boolean insertSemi;
    private final List<Comment> comments = new ArrayList<>();

    GoLexer(String src) {
        this.src = src;
        if (src.startsWith("\uFEFF")) pos = lineStart = 1; // a BOM is not part of the text; columns start after it
    }

    /** The {@code //} comments seen so far, in order. */
    List<Comment> comments() { return comments; }

    private Pos here() { return new Pos(line, pos - lineStart + 1); }

    private char at(int i) { return i < src.length() ? src.charAt(i) : '\0'; }

    private boolean more() { return pos < src.length(); }

    Token next() {
        while (true) {
            if (!more()) {
                if (insertSemi) {
                    insertSemi = false;
                    return new Token(Token.Kind.SEMI, "", here(), null, null);
                }
                return new Token(Token.Kind.EOF, "", here(), null, null);
            }
            char c = src.charAt(pos);
            if (c == '\n') {
                Pos p = here();
                newline();
                if (insertSemi) {
                    insertSemi = false;
                    return new Token(Token.Kind.SEMI, "\n", p, null, null);
                }
            } else if (c == ' ' || c == '\t' || c == '\r') {
                pos++;
            } else if (c == '/' && at(pos + 1) == '/') {
                Pos p = here();
                int end = src.indexOf('\n', pos);
                if (end < 0) end = src.length();
                comments.add(new Comment(p, src.substring(pos + 2, end)));
                pos = end; // the newline, if any, is handled above and may end the statement
            } else if (c == '/' && at(pos + 1) == '*') {
                Pos p = here();
                boolean multiline = blockComment(p);
                if (multiline && insertSemi) { // a comment spanning lines acts like a newline
                    insertSemi = false;
                    return new Token(Token.Kind.SEMI, "\n", p, null, null);
                }
            } else {
                Token t = token(c);
                insertSemi = endsStatement(t);
                return t;
            }
        }
    }

    private void newline() {
        pos++;
        line++;
        lineStart = pos;
    }

    /** Skips a general comment; true if it spans lines. */
    private boolean blockComment(Pos start) {
        pos += 2;
        boolean multiline = false;
        while (more()) {
            if (src.charAt(pos) == '*' && at(pos + 1) == '/') {
                pos += 2;
                return multiline;
            }
            if (src.charAt(pos) == '\n') {
                multiline = true;
                newline();
            } else {
                pos++;
            }
        }
        throw new SourceError(start, "comment not terminated: expected '*/' before the end of the file");
    }

    private static boolean endsStatement(Token t) {
        return switch (t.kind()) {
            case IDENT, INT, FLOAT, IMAG, CHAR, STRING -> true;
            case KEYWORD -> t.text().equals("break") || t.text().equals("continue") || t.text().equals("fallthrough")
                    || t.text().equals("return");
            case OP -> t.text().equals("++") || t.text().equals("--") || t.text().equals(")") || t.text().equals("]")
                    || t.text().equals("}");
            default -> false;
        };
    }

    private Token token(char c) {
        Pos p = here();
        if (isLetter(c)) {
            int start = pos;
            while (more() && (isLetter(src.charAt(pos)) || Character.isDigit(src.charAt(pos)))) pos++;
            String word = src.substring(start, pos);
            return new Token(KEYWORDS.contains(word) ? Token.Kind.KEYWORD : Token.Kind.IDENT, word, p, null, null);
        }
        if (isDecimal(c) || (c == '.' && isDecimal(at(pos + 1)))) return number(p);
        if (c == '"') return string(p);
        if (c == '`') return rawString(p);
        if (c == '\'') return rune(p);
        for (String op : OPERATORS) {
            if (src.startsWith(op, pos)) {
                pos += op.length();
                return new Token(op.equals(";") ? Token.Kind.SEMI : Token.Kind.OP, op, p, null, null);
            }
        }
        throw new SourceError(p, "invalid character " + show(c) + " in Go source");
    }

    static boolean isLetter(char c) {
        return c == '_' || (Character.isLetter(c) && !Character.isSurrogate(c));
    }

    private static boolean isDecimal(char c) { return c >= '0' && c <= '9'; }

    private static String show(char c) {
        if (c < 0x20 || c == 0x7f || Character.isISOControl(c) || Character.isWhitespace(c) || Character.isSurrogate(c))
            return String.format("U+%04X", (int) c);
        return String.format("U+%04X '%c'", (int) c, c);
    }

    // ---- numbers ----

    /**
     * Scans an int, float or imaginary literal as Go's scanner does, then validates it: digits valid for
     * the base, {@code _} only between digits (or after a base prefix), a hex float with a {@code p}
     * exponent. A number directly followed by letters ({@code 2ms}) gets a hint, since that is how
     * durations are written in JSON scenarios but not in Go.
     */
    private Token number(Pos p) {
        int start = pos;
        int base = 10;
        boolean legacyOctal = false;
        Token.Kind kind = Token.Kind.INT;
        if (src.charAt(pos) == '0') {
            char x = Character.toLowerCase(at(pos + 1));
            if (x == 'x') { base = 16; pos += 2; }
            else if (x == 'o') { base = 8; pos += 2; }
            else if (x == 'b') { base = 2; pos += 2; }
            else legacyOctal = true;
        }
        digits(base == 16 ? 16 : 10);
        if (at(pos) == '.') {
            kind = Token.Kind.FLOAT;
            pos++;
            digits(base == 16 ? 16 : 10);
        }
        char e = Character.toLowerCase(at(pos));
        if ((e == 'e' && base == 10) || (e == 'p' && base == 16)) {
            kind = Token.Kind.FLOAT;
            pos++;
            if (at(pos) == '+' || at(pos) == '-') pos++;
            if (!isDecimal(at(pos))) throw new SourceError(here(), "exponent has no digits");
            digits(10);
        }
        if (at(pos) == 'i') {
            kind = Token.Kind.IMAG;
            pos++;
        }
        String text = src.substring(start, pos);
        if (more() && (isLetter(src.charAt(pos)) || isDecimal(src.charAt(pos)))) {
            int end = pos;
            while (end < src.length() && (isLetter(src.charAt(end)) || isDecimal(src.charAt(end)))) end++;
            String suffix = src.substring(pos, end);
            String hint = switch (suffix) {
                case "ns" -> "time.Nanosecond";
                case "us", "\u00b5s", "\u03bcs" -> "time.Microsecond";
                case "ms" -> "time.Millisecond";
                case "s" -> "time.Second";
                default -> null;
            };
            throw new SourceError(p, "invalid number " + text + suffix
                    + (hint == null ? "" : "; Go writes a duration as a constant times a unit, e.g. " + text + " * " + hint));
        }
        if (text.length() > MAX_LITERAL_DIGITS) throw new SourceError(p, "number literal longer than " + MAX_LITERAL_DIGITS + " characters");
        checkUnderscores(text, p);
        if (kind == Token.Kind.INT) {
            String digits = text.replace("_", "");
            if (base != 10) digits = digits.substring(2);
            else if (legacyOctal && digits.length() > 1) { base = 8; digits = digits.substring(1); }
            if (digits.isEmpty()) throw new SourceError(p, "number " + text + " has no digits after its base prefix");
            for (int i = 0; i < digits.length(); i++) {
                if (Character.digit(digits.charAt(i), base) < 0)
                    throw new SourceError(p, "invalid digit '" + digits.charAt(i) + "' in " + baseName(base, legacyOctal) + " literal " + text);
            }
            return new Token(kind, text, p, new BigInteger(digits, base), null);
        }
        if (base == 8 || base == 2) throw new SourceError(p, "invalid " + baseName(base, false) + " literal " + text + ": only decimal and hexadecimal numbers may have a fraction");
        if (base == 16 && text.indexOf('p') < 0 && text.indexOf('P') < 0 && kind == Token.Kind.FLOAT)
            throw new SourceError(p, "hexadecimal mantissa requires a 'p' exponent in " + text);
        return new Token(kind, text, p, null, null);
    }

    private static String baseName(int base, boolean legacyOctal) {
        return switch (base) {
            case 16 -> "hexadecimal";
            case 8 -> legacyOctal ? "octal (a leading 0 means octal in Go)" : "octal";
            case 2 -> "binary";
            default -> "decimal";
        };
    }

    private void digits(int base) {
        while (more()) {
            char c = src.charAt(pos);
            if (c == '_' || Character.digit(c, base) >= 0 && c < 0x80) pos++;
            else break;
        }
    }

    /** Go: '_' may only appear between digits, or between a base prefix and a digit. */
    private static void checkUnderscores(String text, Pos p) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) != '_') continue;
            char before = i > 0 ? text.charAt(i - 1) : '\0';
            char after = i + 1 < text.length() ? text.charAt(i + 1) : '\0';
            boolean prefix = i == 2 && text.charAt(0) == '0' && "xXoObB".indexOf(before) >= 0;
            boolean okBefore = prefix || Character.digit(before, 16) >= 0 && before < 0x80;
            boolean okAfter = Character.digit(after, 16) >= 0 && after < 0x80;
            if (!okBefore || !okAfter) throw new SourceError(p, "'_' must separate successive digits in " + text);
        }
    }

    // ---- strings and runes ----

    private Token string(Pos p) {
        int start = pos;
        pos++;
        StringBuilder value = new StringBuilder();
        while (true) {
            if (!more() || src.charAt(pos) == '\n') throw new SourceError(p, "string literal not terminated");
            char c = src.charAt(pos);
            if (c == '"') break;
            if (c == '\\') value.append(escape('"'));
            else { value.append(c); pos++; }
        }
        pos++;
        return new Token(Token.Kind.STRING, src.substring(start, pos), p, null, value.toString());
    }

    private Token rawString(Pos p) {
        int start = pos;
        pos++;
        while (true) {
            if (!more()) throw new SourceError(p, "raw string literal not terminated");
            char c = src.charAt(pos);
            if (c == '`') break;
            if (c == '\n') newline();
            else pos++;
        }
        pos++;
        String text = src.substring(start, pos);
        return new Token(Token.Kind.STRING, text, p, null, text.substring(1, text.length() - 1).replace("\r", ""));
    }

    private Token rune(Pos p) {
        int start = pos;
        pos++;
        int n = 0;
        while (true) {
            if (!more() || src.charAt(pos) == '\n') throw new SourceError(p, "rune literal not terminated");
            char c = src.charAt(pos);
            if (c == '\'') break;
            if (c == '\\') escape('\'');
            else pos++;
            n++;
        }
        pos++;
        if (n != 1) throw new SourceError(p, n == 0 ? "empty rune literal" : "more than one character in rune literal");
        return new Token(Token.Kind.CHAR, src.substring(start, pos), p, null, null);
    }

    /** Reads one escape sequence after a backslash; returns what it stands for (approximately, for non-ASCII). */
    private String escape(char quote) {
        Pos p = here();
        pos++; // the backslash
        char c = at(pos);
        if (!more()) throw new SourceError(p, "escape sequence not terminated");
        pos++;
        switch (c) {
            case 'a': return "\u0007";
            case 'b': return "\b";
            case 'f': return "\f";
            case 'n': return "\n";
            case 'r': return "\r";
            case 't': return "\t";
            case 'v': return "\u000b";
            case '\\': return "\\";
            case 'x': return new String(Character.toChars(hexDigits(2, 16, p)));
            case 'u': return codePoint(hexDigits(4, 16, p), p);
            case 'U': return codePoint(hexDigits(8, 16, p), p);
            default:
                if (c == quote) return String.valueOf(c);
                if (c >= '0' && c <= '7') {
                    pos--;
                    int v = hexDigits(3, 8, p);
                    if (v > 255) throw new SourceError(p, "octal escape value > 255");
                    return String.valueOf((char) v);
                }
                throw new SourceError(p, "unknown escape sequence \\" + (c == '\n' ? "(newline)" : String.valueOf(c)));
        }
    }

    private int hexDigits(int n, int base, Pos p) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            int d = Character.digit(at(pos), base);
            if (!more() || d < 0 || at(pos) >= 0x80) throw new SourceError(p, "invalid escape sequence: expected " + n + (base == 8 ? " octal" : " hexadecimal") + " digits");
            v = v * base + d;
            pos++;
        }
        return (int) Math.min(v, Integer.MAX_VALUE);
    }

    private static String codePoint(int cp, Pos p) {
        if (cp > Character.MAX_CODE_POINT || (cp >= 0xD800 && cp < 0xE000))
            throw new SourceError(p, "escape sequence is an invalid Unicode code point");
        return new String(Character.toChars(cp));
    }
}
