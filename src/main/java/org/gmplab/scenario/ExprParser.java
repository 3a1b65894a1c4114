package org.gmplab.scenario;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.Set;

/**
 * Parses integer expressions as Go would write them, e.g. {@code n - 1}, {@code depth > 0 && !done},
 * {@code 2 * time.Millisecond} or {@code 1.5ms}.
 *
 * <p>Grammar, with Go's binary precedence (higher binds tighter, all left-associative):
 * <pre>
 *   expr    = unary { binop unary }
 *   binop   = "||" (1) | "&&" (2) | "==" "!=" "&lt;" "&lt;=" "&gt;" "&gt;=" (3) | "+" "-" (4) | "*" "/" "%" (5)
 *   unary   = ("!" | "-") unary | primary
 *   primary = integer | duration | name | "time." unit | "(" expr ")"
 * </pre>
 * Durations ({@code 250ns}, {@code 10us}, {@code 10µs}, {@code 1.5ms}, {@code 3s}) and the constants
 * {@code time.Nanosecond .. time.Second} become {@link Expr.Const} nanoseconds. Nothing is folded
 * except one thing: a {@code -} directly in front of a literal gives a negative {@link Expr.Const}
 * (so {@code -5} is {@code Const(-5)} and the most negative long can be written), while
 * {@code -(5)} stays a {@link Expr.Unary}. That keeps {@link ExprFormat} output an exact inverse.
 *
 * <p>The parser is total: any string yields an {@link Expr} or a {@link SyntaxError}. Nesting and
 * operator counts are capped so that neither this recursive-descent parser nor the recursive code that
 * later walks the tree can overflow the stack.
 */
public final class ExprParser {

    /** A malformed expression; {@link #column()} is 1-based, counted in chars. */
    public static final class SyntaxError extends IllegalArgumentException {
        private final int column;
        private final String detail;

        SyntaxError(int column, String detail) {
            super("column " + column + ": " + detail);
            this.column = column;
            this.detail = detail;
        }

        public int column() { return column; }

        /** The message without the column, e.g. {@code expected ')', got end of input}. */
        public String detail() { return detail; }
    }

    /** Deepest nesting of parentheses and prefix operators accepted. */
    public static final int MAX_NESTING = 100;
    /** Most binary and unary operators accepted in one expression (bounds the tree's depth). */
    public static final int MAX_OPERATORS = 1000;

    /** Nanoseconds per duration unit, as in Go's {@code time.ParseDuration} (without m and h). */
    static final Map<String, Long> UNITS = Map.of(
            "ns", 1L, "us", 1_000L, "\u00b5s", 1_000L, "\u03bcs", 1_000L, "ms", 1_000_000L, "s", 1_000_000_000L);

    static final Map<String, Long> TIME_CONSTANTS = Map.of(
            "Nanosecond", 1L, "Microsecond", 1_000L, "Millisecond", 1_000_000L, "Second", 1_000_000_000L);

    private static final Set<String> GO_KEYWORDS = Set.of(
            "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for",
            "func", "go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select",
            "struct", "switch", "type", "var");

    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private final ExprLexer lexer;
    private ExprLexer.Token tok;
    private int nesting;
    private int operators;

    private ExprParser(String text) {
        this.lexer = new ExprLexer(text);
        this.tok = lexer.next();
    }

    /** Parses a whole expression; trailing text is an error. */
    public static Expr parse(String text) {
        if (text == null) throw new SyntaxError(1, "expected an expression, got nothing");
        ExprParser p = new ExprParser(text);
        Expr e = p.binary(1);
        if (p.tok.kind() != ExprLexer.Kind.EOF)
            throw p.error("expected an operator or the end of the expression");
        return e;
    }

    /**
     * True for a Go identifier that may name a variable, function or wait group: a letter or {@code _}
     * followed by letters, digits and {@code _}, not a Go keyword. {@code _} itself is accepted.
     */
    /**
     * A function name: an identifier, or one the Go compiler makes for a function literal, as Go names
     * them ({@code main.func1}, {@code main.func1.2}).
     */
    public static boolean isFunctionName(String s) {
        if (s == null || s.isEmpty() || s.startsWith(".") || s.endsWith(".")) return false;
        String[] parts = s.split("\\.");
        if (!isIdentifier(parts[0])) return false;
        for (int i = 1; i < parts.length; i++) if (!isIdentifier(parts[i]) && !parts[i].matches("[0-9]+")) return false;
        return true;
    }

    public static boolean isIdentifier(String s) {
        if (s == null || s.isEmpty() || GO_KEYWORDS.contains(s)) return false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = ExprLexer.isIdentStart(c) || (i > 0 && Character.isDigit(c));
            if (!ok) return false;
        }
        return true;
    }

    // Precedence climbing: one loop per level keeps left-associativity without deep recursion.
    private Expr binary(int minPrec) {
        Expr left = unary();
        while (true) {
            int prec = precedence(tok);
            if (prec < minPrec) return left;
            String op = tok.text();
            advance();
            countOperator();
            Expr right = binary(prec + 1);
            left = new Expr.Binary(op, left, right);
        }
    }

    private Expr unary() {
        if (tok.kind() == ExprLexer.Kind.OP && (tok.text().equals("-") || tok.text().equals("!"))) {
            String op = tok.text();
            int column = tok.column();
            advance();
            if (op.equals("-") && tok.kind() == ExprLexer.Kind.NUMBER) {
                BigInteger v = tok.value().negate();
                if (v.compareTo(LONG_MIN) < 0)
                    throw new SyntaxError(column, "number -" + tok.text() + " does not fit in 64 bits");
                advance();
                return new Expr.Const(v.longValue());
            }
            enter(column);
            countOperator();
            Expr operand = unary();
            nesting--;
            return new Expr.Unary(op, operand);
        }
        return primary();
    }

    private Expr primary() {
        ExprLexer.Token t = tok;
        switch (t.kind()) {
            case NUMBER -> {
                if (t.value().compareTo(LONG_MAX) > 0)
                    throw new SyntaxError(t.column(), "number " + t.text() + " does not fit in 64 bits");
                advance();
                return new Expr.Const(t.value().longValue());
            }
            case NAME -> {
                Expr e = resolveName(t);
                advance();
                return e;
            }
            case OP -> {
                if (t.text().equals("(")) {
                    enter(t.column());
                    advance();
                    Expr inner = binary(1);
                    if (!(tok.kind() == ExprLexer.Kind.OP && tok.text().equals(")"))) throw error("expected ')'");
                    nesting--;
                    advance();
                    return inner;
                }
            }
            default -> { }
        }
        throw error("expected a number, a duration, a name or '('");
    }

    private Expr resolveName(ExprLexer.Token t) {
        String name = t.text();
        int dot = name.indexOf('.');
        if (dot < 0) {
            if (GO_KEYWORDS.contains(name))
                throw new SyntaxError(t.column(), "'" + name + "' is a Go keyword, not a value");
            return new Expr.Var(name);
        }
        Long nanos = name.startsWith("time.") ? TIME_CONSTANTS.get(name.substring(dot + 1)) : null;
        if (nanos == null)
            throw new SyntaxError(t.column(), "unknown name " + name
                    + "; the known constants are time.Nanosecond, time.Microsecond, time.Millisecond and time.Second");
        return new Expr.Const(nanos);
    }

    private void advance() { tok = lexer.next(); }

    private void enter(int column) {
        if (++nesting > MAX_NESTING)
            throw new SyntaxError(column, "expression nested more than " + MAX_NESTING + " deep");
    }

    private void countOperator() {
        if (++operators > MAX_OPERATORS)
            throw new SyntaxError(tok.column(), "expression has more than " + MAX_OPERATORS + " operators");
    }

    private SyntaxError error(String expected) {
        return new SyntaxError(tok.column(), expected + ", got " + tok.describe());
    }

    private static int precedence(ExprLexer.Token t) {
        return t.kind() == ExprLexer.Kind.OP ? precedence(t.text()) : 0;
    }

    /** Go's precedence of binary operator {@code op} (5 binds tightest); 0 if it is not one. */
    static int precedence(String op) {
        return switch (op) {
            case "*", "/", "%" -> 5;
            case "+", "-" -> 4;
            case "==", "!=", "<", "<=", ">", ">=" -> 3;
            case "&&" -> 2;
            case "||" -> 1;
            default -> 0;
        };
    }

    /**
     * Converts a duration literal's number and unit to nanoseconds. The number may have a fraction as
     * long as the result is a whole number of nanoseconds ({@code 1.5us} is fine, {@code 1.5ns} is not).
     */
    static BigInteger durationNanos(String number, String unit, int column) {
        Long scale = UNITS.get(unit);
        if (scale == null)
            throw new SyntaxError(column, "unknown duration unit \"" + unit + "\"; expected ns, us, \u00b5s, ms or s");
        BigDecimal nanos = new BigDecimal(number).multiply(BigDecimal.valueOf(scale));
        try {
            return nanos.toBigIntegerExact();
        } catch (ArithmeticException notWhole) {
            throw new SyntaxError(column, number + unit + " is not a whole number of nanoseconds");
        }
    }
}
