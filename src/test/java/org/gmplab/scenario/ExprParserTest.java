package org.gmplab.scenario;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExprParserTest {

    private static Expr c(long v) { return new Expr.Const(v); }
    private static Expr v(String n) { return new Expr.Var(n); }
    private static Expr un(String op, Expr e) { return new Expr.Unary(op, e); }
    private static Expr bin(String op, Expr l, Expr r) { return new Expr.Binary(op, l, r); }

    @Test
    void literalsAndNames() {
        assertThat(ExprParser.parse("0")).isEqualTo(c(0));
        assertThat(ExprParser.parse("  1000 ")).isEqualTo(c(1000));
        assertThat(ExprParser.parse("1_000_000")).isEqualTo(c(1_000_000));
        assertThat(ExprParser.parse("9223372036854775807")).isEqualTo(c(Long.MAX_VALUE));
        assertThat(ExprParser.parse("-9223372036854775808")).isEqualTo(c(Long.MIN_VALUE));
        assertThat(ExprParser.parse("depth")).isEqualTo(v("depth"));
        assertThat(ExprParser.parse("_x1")).isEqualTo(v("_x1"));
        assertThat(ExprParser.parse("(((n)))")).isEqualTo(v("n"));
    }

    @Test
    void unaryOperators() {
        assertThat(ExprParser.parse("-5")).isEqualTo(c(-5));         // minus on a literal: a negative constant
        assertThat(ExprParser.parse("- 5")).isEqualTo(c(-5));
        assertThat(ExprParser.parse("-(5)")).isEqualTo(un("-", c(5)));
        assertThat(ExprParser.parse("-x")).isEqualTo(un("-", v("x")));
        assertThat(ExprParser.parse("!x")).isEqualTo(un("!", v("x")));
        assertThat(ExprParser.parse("!5")).isEqualTo(un("!", c(5)));
        assertThat(ExprParser.parse("!!x")).isEqualTo(un("!", un("!", v("x"))));
        assertThat(ExprParser.parse("- -5")).isEqualTo(un("-", c(-5)));
        assertThat(ExprParser.parse("-x * 2")).isEqualTo(bin("*", un("-", v("x")), c(2)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "250ns | 250",
            "500us | 500000",
            "10µs | 10000",
            "10μs | 10000",
            "2ms | 2000000",
            "1.5ms | 1500000",
            "0.5us | 500",
            "3s | 3000000000",
            "1_000ms | 1000000000",
            "0s | 0",
            "time.Nanosecond | 1",
            "time.Microsecond | 1000",
            "time.Millisecond | 1000000",
            "time.Second | 1000000000",
            "-2ms | -2000000",
    })
    void durations(String text, long nanos) {
        assertThat(ExprParser.parse(text)).isEqualTo(c(nanos));
    }

    @Test
    void durationArithmeticIsNotFolded() {
        assertThat(ExprParser.parse("2 * time.Millisecond")).isEqualTo(bin("*", c(2), c(1_000_000)));
        assertThat(ExprParser.parse("n*time.Microsecond")).isEqualTo(bin("*", v("n"), c(1000)));
    }

    @Test
    void everyBinaryOperator() {
        for (String op : new String[] {"*", "/", "%", "+", "-", "<", "<=", ">", ">=", "==", "!=", "&&", "||"})
            assertThat(ExprParser.parse("a " + op + " b")).as(op).isEqualTo(bin(op, v("a"), v("b")));
        assertThat(ExprParser.parse("a<=b")).isEqualTo(bin("<=", v("a"), v("b")));
    }

    @Test
    void goPrecedenceAndLeftAssociativity() {
        assertThat(ExprParser.parse("a + b * c")).isEqualTo(bin("+", v("a"), bin("*", v("b"), v("c"))));
        assertThat(ExprParser.parse("(a + b) * c")).isEqualTo(bin("*", bin("+", v("a"), v("b")), v("c")));
        assertThat(ExprParser.parse("a - b - c")).isEqualTo(bin("-", bin("-", v("a"), v("b")), v("c")));
        assertThat(ExprParser.parse("a / b % c")).isEqualTo(bin("%", bin("/", v("a"), v("b")), v("c")));
        assertThat(ExprParser.parse("a + 1 < b * 2")).isEqualTo(bin("<", bin("+", v("a"), c(1)), bin("*", v("b"), c(2))));
        assertThat(ExprParser.parse("a == b && c != d || e"))
                .isEqualTo(bin("||", bin("&&", bin("==", v("a"), v("b")), bin("!=", v("c"), v("d"))), v("e")));
        assertThat(ExprParser.parse("a || b && c")).isEqualTo(bin("||", v("a"), bin("&&", v("b"), v("c"))));
        assertThat(ExprParser.parse("!a && b")).isEqualTo(bin("&&", un("!", v("a")), v("b")));
        assertThat(ExprParser.parse("depth > 0")).isEqualTo(bin(">", v("depth"), c(0)));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = "=>", quoteCharacter = '`', value = {
            "`(i + 1`   => column 7: expected ')', got end of input",
            "``         => column 1: expected a number, a duration, a name or '(', got end of input",
            "`1 +`      => column 4: expected a number, a duration, a name or '(', got end of input",
            "`1 2`      => column 3: expected an operator or the end of the expression, got '2'",
            "`a )`      => column 3: expected an operator or the end of the expression, got ')'",
            "`* 2`      => column 1: expected a number, a duration, a name or '(', got '*'",
            "`x = 1`    => column 3: unexpected '='; did you mean '=='?",
            "`a & b`    => column 3: unexpected '&'; did you mean '&&'?",
            "`a | b`    => column 3: unexpected '|'; did you mean '||'?",
            "`a # b`    => column 3: unexpected character '#'",
            "`2xs`      => column 1: unknown duration unit \"xs\"; expected ns, us, µs, ms or s",
            "`1.5`      => column 1: 1.5 needs a unit (ns, us, ms or s); only durations may have a fraction",
            "`1.5ns`    => column 1: 1.5ns is not a whole number of nanoseconds",
            "`012`      => column 1: leading zero in 012 (Go would read it as octal); write a decimal number",
            "`1__0`     => column 2: '_' must separate digits",
            "`10_`      => column 3: '_' must separate digits",
            "`9223372036854775808` => column 1: number 9223372036854775808 does not fit in 64 bits",
            "`-9223372036854775809` => column 1: number -9223372036854775809 does not fit in 64 bits",
            "`time.Minute` => column 1: unknown name time.Minute; the known constants are time.Nanosecond, time.Microsecond, time.Millisecond and time.Second",
            "`fmt.x`    => column 1: unknown name fmt.x; the known constants are time.Nanosecond, time.Microsecond, time.Millisecond and time.Second",
            "`if`       => column 1: 'if' is a Go keyword, not a value",
            "`+1`       => column 1: expected a number, a duration, a name or '(', got '+'",
    })
    void syntaxErrorsNameColumnAndExpectation(String text, String message) {
        assertThatThrownBy(() -> ExprParser.parse(text))
                .isInstanceOf(ExprParser.SyntaxError.class)
                .hasMessage(message);
    }

    @Test
    void syntaxErrorCarriesColumnAndDetail() {
        ExprParser.SyntaxError e = org.junit.jupiter.api.Assertions.assertThrows(
                ExprParser.SyntaxError.class, () -> ExprParser.parse("(i + 1"));
        assertThat(e.column()).isEqualTo(7);
        assertThat(e.detail()).isEqualTo("expected ')', got end of input");
        assertThat(e).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void nestingAndSizeAreBounded() {
        String deep = "(".repeat(ExprParser.MAX_NESTING + 1) + "1" + ")".repeat(ExprParser.MAX_NESTING + 1);
        assertThatThrownBy(() -> ExprParser.parse(deep)).hasMessageContaining("nested more than 100 deep");
        String ok = "(".repeat(ExprParser.MAX_NESTING) + "1" + ")".repeat(ExprParser.MAX_NESTING);
        assertThat(ExprParser.parse(ok)).isEqualTo(c(1));
        assertThatThrownBy(() -> ExprParser.parse("!".repeat(100_000) + "x")).hasMessageContaining("nested more than");
        assertThatThrownBy(() -> ExprParser.parse("1" + "+1".repeat(5000))).hasMessageContaining("more than 1000 operators");
        assertThatThrownBy(() -> ExprParser.parse("1".repeat(1_000_000) + "ms")).hasMessage("column 1: number with more than 40 digits");
    }

    @Test
    void identifiers() {
        assertThat(ExprParser.isIdentifier("worker")).isTrue();
        assertThat(ExprParser.isIdentifier("_")).isTrue();
        assertThat(ExprParser.isIdentifier("x2")).isTrue();
        assertThat(ExprParser.isIdentifier("2x")).isFalse();
        assertThat(ExprParser.isIdentifier("a b")).isFalse();
        assertThat(ExprParser.isIdentifier("wg.add")).isFalse();
        assertThat(ExprParser.isIdentifier("func")).isFalse();
        assertThat(ExprParser.isIdentifier("")).isFalse();
    }
}
