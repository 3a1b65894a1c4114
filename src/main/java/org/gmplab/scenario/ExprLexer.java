package org.gmplab.scenario;

import java.math.BigInteger;

/**
 * Splits an expression into tokens for {@link ExprParser}. Every call to {@link #next()} consumes at
 * least one char or returns EOF, so the parser can never loop without progress.
 */
final class ExprLexer {

    enum Kind { NUMBER, NAME, OP, EOF }

    /**
     * @param text   the token as written ({@code 1_000}, {@code 1.5ms}, {@code time.Second}, {@code <=})
     * @param value  for NUMBER, the value (nanoseconds for a duration), not yet range-checked
     * @param column 1-based column of the token's first char
     */
    record Token(Kind kind, String text, BigInteger value, int column) {
        String describe() {
            return kind == Kind.EOF ? "end of input" : "'" + text + "'";
        }
    }

    static final int MAX_DIGITS = 40;

    private final String s;
    private int pos;

    ExprLexer(String s) { this.s = s; }

    static boolean isIdentStart(char c) {
        // '·' cannot appear in Go source; the Go compiler uses it for names it makes up (x·1, ·recv),
        // which must survive a round trip through JSON.
        return c == '_' || c == '·' || Character.isLetter(c);
    }

    private static boolean isIdentPart(char c) {
        return isIdentStart(c) || Character.isDigit(c);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    Token next() {
        while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) pos++;
        if (pos >= s.length()) return new Token(Kind.EOF, "", null, pos + 1);
        int start = pos;
        char c = s.charAt(pos);
        if (isDigit(c)) return number(start);
        if (isIdentStart(c)) return name(start);
        return operator(start, c);
    }

    private Token number(int start) {
        String intPart = digits(start);
        String fraction = null;
        if (pos + 1 < s.length() && s.charAt(pos) == '.' && isDigit(s.charAt(pos + 1))) {
            pos++;
            fraction = digits(pos);
        }
        int unitStart = pos;
        while (pos < s.length() && Character.isLetter(s.charAt(pos))) pos++;
        String unit = s.substring(unitStart, pos);
        String text = s.substring(start, pos);
        int column = start + 1;
        // Long enough for any 64-bit value or exact duration; also keeps BigDecimal work small.
        if (intPart.length() + (fraction == null ? 0 : fraction.length()) > MAX_DIGITS)
            throw new ExprParser.SyntaxError(column, "number with more than " + MAX_DIGITS + " digits");
        if (!unit.isEmpty()) {
            String number = fraction == null ? intPart : intPart + "." + fraction;
            return new Token(Kind.NUMBER, text, ExprParser.durationNanos(number, unit, column), column);
        }
        if (fraction != null)
            throw new ExprParser.SyntaxError(column, text + " needs a unit (ns, us, ms or s); only durations may have a fraction");
        if (intPart.length() > 1 && intPart.charAt(0) == '0')
            throw new ExprParser.SyntaxError(column, "leading zero in " + text + " (Go would read it as octal); write a decimal number");
        return new Token(Kind.NUMBER, text, new BigInteger(intPart), column);
    }

    /** Reads a run of digits in which, as in Go, a single '_' may separate two digits. Returns the digits. */
    private String digits(int start) {
        StringBuilder out = new StringBuilder();
        while (pos < s.length()) {
            char c = s.charAt(pos);
            if (isDigit(c)) {
                out.append(c);
                pos++;
            } else if (c == '_') {
                if (pos + 1 >= s.length() || !isDigit(s.charAt(pos + 1)))
                    throw new ExprParser.SyntaxError(pos + 1, "'_' must separate digits");
                pos++;
            } else {
                break;
            }
        }
        // The caller only starts a run at a digit, so the run is never empty.
        return out.toString();
    }

    private Token name(int start) {
        while (pos < s.length() && isIdentPart(s.charAt(pos))) pos++;
        // A qualified name such as time.Millisecond: one '.' directly followed by another identifier.
        if (pos + 1 < s.length() && s.charAt(pos) == '.' && isIdentStart(s.charAt(pos + 1))) {
            pos++;
            while (pos < s.length() && isIdentPart(s.charAt(pos))) pos++;
        }
        return new Token(Kind.NAME, s.substring(start, pos), null, start + 1);
    }

    private Token operator(int start, char c) {
        char d = pos + 1 < s.length() ? s.charAt(pos + 1) : '\0';
        String two = "" + c + d;
        switch (two) {
            case "&&", "||", "==", "!=", "<=", ">=" -> {
                pos += 2;
                return new Token(Kind.OP, two, null, start + 1);
            }
            default -> { }
        }
        switch (c) {
            case '+', '-', '*', '/', '%', '<', '>', '!', '(', ')' -> {
                pos++;
                return new Token(Kind.OP, String.valueOf(c), null, start + 1);
            }
            case '=' -> throw new ExprParser.SyntaxError(start + 1, "unexpected '='; did you mean '=='?");
            case '&' -> throw new ExprParser.SyntaxError(start + 1, "unexpected '&'; did you mean '&&'?");
            case '|' -> throw new ExprParser.SyntaxError(start + 1, "unexpected '|'; did you mean '||'?");
            default -> throw new ExprParser.SyntaxError(start + 1, "unexpected character " + show(c));
        }
    }

    private static String show(char c) {
        if (c < 0x20 || c == 0x7f || Character.isWhitespace(c) || Character.isSurrogate(c) || Character.isISOControl(c))
            return String.format("U+%04X", (int) c);
        return "'" + c + "'";
    }
}
