package org.gmplab.scenario;

/**
 * Writes expressions back as text that {@link ExprParser} reads to an equal {@link Expr}.
 *
 * <p>{@link Expr#toString()} is parseable but not an exact inverse: it prints {@code Unary("-", Const(5))}
 * as {@code -5}, which parses as {@code Const(-5)}. This printer writes that case as {@code -(5)}, and
 * uses Go's precedence so that only the parentheses the tree needs are written ({@code a + b * c},
 * {@code (a + b) * c}, {@code a - (b - c)}).
 */
public final class ExprFormat {

    private static final int UNARY_PREC = 6;

    private ExprFormat() { }

    /**
     * Formats {@code e}.
     *
     * @throws IllegalArgumentException if the tree holds something the parser could not give back:
     *                                  an unknown operator or a variable name that is not an identifier
     */
    public static String format(Expr e) {
        StringBuilder out = new StringBuilder();
        write(e, 0, false, out);
        return out.toString();
    }

    /**
     * Formats {@code e}, an expression that stands for a duration: as {@link #format}, except that each
     * constant that is a whole number of microseconds, milliseconds or seconds is written as a duration
     * literal ({@code d * 1000} is {@code d * 1us}, {@code (i + 1) * 5000000} is {@code (i + 1) * 5ms}).
     * The parser reads those literals back to the same constants.
     *
     * @throws IllegalArgumentException as {@link #format}
     */
    public static String formatDuration(Expr e) {
        StringBuilder out = new StringBuilder();
        write(e, 0, true, out);
        return out.toString();
    }

    /**
     * The shortest exact duration literal for {@code nanos}: the largest of s, ms, us and ns that divides
     * it, e.g. {@code 1ms}, {@code 250us}, {@code 1500ns}, {@code 0s}.
     */
    public static String duration(long nanos) {
        if (nanos == 0) return "0s";
        if (nanos % 1_000_000_000L == 0) return nanos / 1_000_000_000L + "s";
        if (nanos % 1_000_000L == 0) return nanos / 1_000_000L + "ms";
        if (nanos % 1_000L == 0) return nanos / 1_000L + "us";
        return nanos + "ns";
    }

    private static void write(Expr e, int minPrec, boolean durations, StringBuilder out) {
        // Java 17 has no pattern switch over sealed types, hence the instanceof chain.
        if (e instanceof Expr.Const c) {
            long v = c.value();
            // "-5ms" reads back as the constant -5000000, as "-5" does as -5, so negative ones are fine.
            if (durations && v != 0 && v % 1_000 == 0) out.append(duration(v));
            else out.append(v);
        } else if (e instanceof Expr.Var v) {
            if (!ExprParser.isIdentifier(v.name()))
                throw new IllegalArgumentException("variable name is not a Go identifier: \"" + v.name() + "\"");
            out.append(v.name());
        } else if (e instanceof Expr.Unary u) {
            if (!u.op().equals("-") && !u.op().equals("!"))
                throw new IllegalArgumentException("unknown unary operator: " + u.op());
            out.append(u.op());
            if (bareUnaryOperand(u)) {
                write(u.operand(), UNARY_PREC, durations, out);
            } else {
                out.append('(');
                write(u.operand(), 0, durations, out);
                out.append(')');
            }
        } else if (e instanceof Expr.Binary b) {
            int prec = ExprParser.precedence(b.op());
            if (prec == 0) throw new IllegalArgumentException("unknown binary operator: " + b.op());
            boolean parens = prec < minPrec;
            if (parens) out.append('(');
            // Left-associative: a left operand of equal precedence needs no parentheses, a right one does.
            write(b.left(), prec, durations, out);
            out.append(' ').append(b.op()).append(' ');
            write(b.right(), prec + 1, durations, out);
            if (parens) out.append(')');
        }
    }

    /**
     * A variable, or a non-negative literal after '!', can follow a prefix operator directly. After '-'
     * a literal would be read back as a negative constant, and a negative literal or nested prefix
     * would print as "--" or "-!": those get parentheses.
     */
    private static boolean bareUnaryOperand(Expr.Unary u) {
        if (u.operand() instanceof Expr.Var) return true;
        return u.op().equals("!") && u.operand() instanceof Expr.Const c && c.value() >= 0;
    }
}
