package org.gmplab.scenario;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Printing expressions, and the parser's behaviour on arbitrary input. */
class ExprFormatTest {

    private static final String[] BINARY = {"*", "/", "%", "+", "-", "<", "<=", ">", ">=", "==", "!=", "&&", "||"};

    private static Expr c(long v) { return new Expr.Const(v); }
    private static Expr v(String n) { return new Expr.Var(n); }
    private static Expr un(String op, Expr e) { return new Expr.Unary(op, e); }
    private static Expr bin(String op, Expr l, Expr r) { return new Expr.Binary(op, l, r); }

    @Test
    void writesOnlyTheParenthesesTheTreeNeeds() {
        assertThat(ExprFormat.format(bin("+", v("a"), bin("*", v("b"), v("c"))))).isEqualTo("a + b * c");
        assertThat(ExprFormat.format(bin("*", bin("+", v("a"), v("b")), v("c")))).isEqualTo("(a + b) * c");
        assertThat(ExprFormat.format(bin("-", bin("-", v("a"), v("b")), v("c")))).isEqualTo("a - b - c");
        assertThat(ExprFormat.format(bin("-", v("a"), bin("-", v("b"), v("c"))))).isEqualTo("a - (b - c)");
        assertThat(ExprFormat.format(bin(">", v("depth"), c(0)))).isEqualTo("depth > 0");
        assertThat(ExprFormat.format(bin("-", v("x"), c(-5)))).isEqualTo("x - -5");
    }

    @Test
    void unaryMinusOnALiteralStaysDistinctFromANegativeLiteral() {
        assertThat(ExprFormat.format(c(-5))).isEqualTo("-5");
        assertThat(ExprFormat.format(un("-", c(5)))).isEqualTo("-(5)");
        assertThat(ExprFormat.format(un("-", c(-5)))).isEqualTo("-(-5)");
        assertThat(ExprFormat.format(un("-", v("x")))).isEqualTo("-x");
        assertThat(ExprFormat.format(un("!", c(0)))).isEqualTo("!0");
        assertThat(ExprFormat.format(un("!", un("!", v("x"))))).isEqualTo("!(!x)");
        assertThat(ExprFormat.format(un("-", bin("+", v("a"), v("b"))))).isEqualTo("-(a + b)");
    }

    @Test
    void durations() {
        assertThat(ExprFormat.duration(1_000_000)).isEqualTo("1ms");
        assertThat(ExprFormat.duration(250_000)).isEqualTo("250us");
        assertThat(ExprFormat.duration(1500)).isEqualTo("1500ns");
        assertThat(ExprFormat.duration(1_500_000)).isEqualTo("1500us");
        assertThat(ExprFormat.duration(3_000_000_000L)).isEqualTo("3s");
        assertThat(ExprFormat.duration(0)).isEqualTo("0s");
        assertThat(ExprFormat.duration(-2_000_000)).isEqualTo("-2ms");
        for (long n : new long[] {0, 1, 999, 1000, 1_500_000, 123_456_789_000L, Long.MAX_VALUE, Long.MIN_VALUE, -7})
            assertThat(ExprParser.parse(ExprFormat.duration(n))).as("%d", n).isEqualTo(c(n));
    }

    @Test
    void durationExpressionsWriteWholeMicrosecondsAsLiterals() {
        assertThat(ExprFormat.formatDuration(bin("*", v("d"), c(1000)))).isEqualTo("d * 1us");
        assertThat(ExprFormat.formatDuration(bin("*", bin("+", v("i"), c(1)), c(5_000_000)))).isEqualTo("(i + 1) * 5ms");
        assertThat(ExprFormat.formatDuration(bin("-", v("d"), c(-2_000_000_000L)))).isEqualTo("d - -2s");
        assertThat(ExprFormat.formatDuration(bin("+", v("d"), c(1_500_000)))).isEqualTo("d + 1500us");
        // Zero, nanoseconds and plain counts stay integers.
        assertThat(ExprFormat.formatDuration(bin("+", bin("*", v("n"), c(2)), c(0)))).isEqualTo("n * 2 + 0");
        assertThat(ExprFormat.formatDuration(bin("+", v("n"), c(1500)))).isEqualTo("n + 1500");
        assertThat(ExprFormat.formatDuration(un("-", c(3000)))).isEqualTo("-(3us)");
        assertThat(ExprFormat.formatDuration(un("!", c(3000)))).isEqualTo("!3us");
    }

    @Test
    void formatDurationThenParseGivesTheSameTreeForRandomTrees() {
        Random rnd = new Random(43);
        for (int i = 0; i < 20_000; i++) {
            Expr e = randomExpr(rnd, 6);
            String text = ExprFormat.formatDuration(e);
            assertThat(ExprParser.parse(text)).as(text).isEqualTo(e);
        }
    }

    @Test
    void refusesTreesItCannotWriteBack() {
        assertThatThrownBy(() -> ExprFormat.format(v("a b"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ExprFormat.format(un("~", v("a")))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ExprFormat.format(bin("<<", v("a"), v("b")))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void formatThenParseGivesTheSameTreeForRandomTrees() {
        Random rnd = new Random(42);
        for (int i = 0; i < 20_000; i++) {
            Expr e = randomExpr(rnd, 6);
            String text = ExprFormat.format(e);
            assertThat(ExprParser.parse(text)).as(text).isEqualTo(e);
        }
    }

    /**
     * Expr.toString() (fully parenthesised) is parseable and means the same, but is not an exact inverse:
     * Unary("-", Const(5)) prints as "-5", which reads back as Const(-5). That is why ExprFormat exists.
     */
    @Test
    void exprToStringIsParseableButNotAnExactInverse() {
        Random rnd = new Random(7);
        for (int i = 0; i < 5_000; i++) {
            Expr e = randomExpr(rnd, 5);
            assertThat(ExprParser.parse(e.toString())).as(e.toString()).isEqualTo(negateLiterals(e));
        }
        assertThat(ExprParser.parse(un("-", c(5)).toString())).isEqualTo(c(-5));
    }

    @Test
    void parserNeverThrowsAnythingButSyntaxErrorOnRandomInput() {
        Random rnd = new Random(1234);
        String alphabet = "0123456789_.abcxyzmsuµtime.Nanosecond()()+-*/%<>=!&|  \t\n#\"'\\\u0000\uD800é";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder s = new StringBuilder();
            int len = rnd.nextInt(30);
            for (int j = 0; j < len; j++) {
                s.append(rnd.nextInt(20) == 0 ? (char) rnd.nextInt(0x3000) : alphabet.charAt(rnd.nextInt(alphabet.length())));
            }
            parseTotally(s.toString());
        }
        // Every prefix and suffix of well-formed expressions, too.
        for (int i = 0; i < 2_000; i++) {
            String text = ExprFormat.format(randomExpr(rnd, 5)) + (rnd.nextBoolean() ? " * 1.5ms" : " + time.Second");
            for (int cut = 0; cut <= text.length(); cut++) {
                parseTotally(text.substring(0, cut));
                parseTotally(text.substring(cut));
            }
        }
    }

    private static void parseTotally(String text) {
        try {
            ExprParser.parse(text);
        } catch (ExprParser.SyntaxError expected) {
            assertThat(expected.column()).as(text).isBetween(1, text.length() + 1);
        }
    }

    /** e with every Unary("-", Const(n >= 0)) replaced by Const(-n), the one change toString() makes. */
    private static Expr negateLiterals(Expr e) {
        if (e instanceof Expr.Unary u) {
            if (u.op().equals("-") && u.operand() instanceof Expr.Const k && k.value() >= 0) return c(-k.value());
            return un(u.op(), negateLiterals(u.operand()));
        }
        if (e instanceof Expr.Binary b) return bin(b.op(), negateLiterals(b.left()), negateLiterals(b.right()));
        return e;
    }

    static Expr randomExpr(Random rnd, int depth) {
        int pick = depth == 0 ? rnd.nextInt(2) : rnd.nextInt(5);
        return switch (pick) {
            case 0 -> {
                long[] interesting = {0, 1, -1, 7, 1000, -42, 3_000_000, -5_000_000_000L, Long.MAX_VALUE, Long.MIN_VALUE};
                yield c(rnd.nextBoolean() ? interesting[rnd.nextInt(interesting.length)] : rnd.nextLong() % 10_000);
            }
            case 1 -> v(new String[] {"a", "b", "n", "depth", "_x"}[rnd.nextInt(5)]);
            case 2 -> un(rnd.nextBoolean() ? "-" : "!", randomExpr(rnd, depth - 1));
            default -> bin(BINARY[rnd.nextInt(BINARY.length)], randomExpr(rnd, depth - 1), randomExpr(rnd, depth - 1));
        };
    }
}
