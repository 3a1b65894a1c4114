package org.gmplab.scenario.gosrc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Go's lexical rules: tokens, literals, comments and the automatic semicolon. */
class GoLexerTest {

    private static List<Token> tokens(String src) {
        GoLexer lx = new GoLexer(src);
        List<Token> out = new ArrayList<>();
        for (Token t = lx.next(); t.kind() != Token.Kind.EOF; t = lx.next()) out.add(t);
        return out;
    }

    /** Tokens as text, newline semicolons as "⏎", end-of-file ones as "EOF". */
    private static List<String> texts(String src) {
        return tokens(src).stream().map(t -> t.kind() != Token.Kind.SEMI ? t.text()
                : t.text().equals("\n") ? "⏎" : t.text().isEmpty() ? "EOF" : ";").toList();
    }

    private static String error(String src) {
        return assertThrows(SourceError.class, () -> tokens(src)).getMessage();
    }

    @Test
    void semicolonsAreInsertedAfterLinesEndingInANameLiteralOrCloser() {
        assertThat(texts("x := 1\ny++\nf(a)\n}\nreturn\nbreak\ngo f(\n1,\n)\n"))
                .containsExactly("x", ":=", "1", "⏎", "y", "++", "⏎", "f", "(", "a", ")", "⏎", "}", "⏎", "return", "⏎",
                        "break", "⏎", "go", "f", "(", "1", ",", ")", "⏎");
        assertThat(texts("x + \ny")).containsExactly("x", "+", "y", "EOF");
        assertThat(texts("a // comment\nb /* one\nline */ c /* same line */ d")).containsExactly("a", "⏎", "b", "⏎", "c", "d", "EOF");
    }

    @Test
    void operatorsTakeTheLongestMatch() {
        assertThat(texts("a <<= b &^= c <- d &^ e ... := != ! ~"))
                .containsExactly("a", "<<=", "b", "&^=", "c", "<-", "d", "&^", "e", "...", ":=", "!=", "!", "~");
    }

    @Test
    void keywordsAndUnicodeNames() {
        List<Token> t = tokens("func go défaut µs");
        assertThat(t.get(0).kind()).isEqualTo(Token.Kind.KEYWORD);
        assertThat(t.get(1).kind()).isEqualTo(Token.Kind.KEYWORD);
        assertThat(t.get(2).kind()).isEqualTo(Token.Kind.IDENT);
        assertThat(t.get(3).text()).isEqualTo("µs");
    }

    @Test
    void integerLiteralsInEveryBase() {
        assertThat(tokens("42 1_000_000 0x_FF 0o17 017 0b1010 0").stream().filter(t -> t.kind() == Token.Kind.INT).map(Token::value))
                .containsExactly(BigInteger.valueOf(42), BigInteger.valueOf(1_000_000), BigInteger.valueOf(255), BigInteger.valueOf(15),
                        BigInteger.valueOf(15), BigInteger.valueOf(10), BigInteger.ZERO);
    }

    @Test
    void otherLiteralsAreTokensToo() {
        assertThat(tokens("1.5 .5 1e3 0x1p-2 2i 'a' '\\n' \"s\\t\" `raw\nline`").stream().map(Token::kind)).containsExactly(
                Token.Kind.FLOAT, Token.Kind.FLOAT, Token.Kind.FLOAT, Token.Kind.FLOAT, Token.Kind.IMAG, Token.Kind.CHAR, Token.Kind.CHAR,
                Token.Kind.STRING, Token.Kind.STRING, Token.Kind.SEMI);
        assertThat(tokens("\"sync/atomic\"").get(0).string()).isEqualTo("sync/atomic");
    }

    @Test
    void positionsAreLineAndColumnCountingATabAsOne() {
        List<Token> t = tokens("func main() {\n\twork(1)\n}");
        assertThat(t.get(0).pos()).isEqualTo(new Pos(1, 1));
        assertThat(t.get(5).text()).isEqualTo("work");
        assertThat(t.get(5).pos()).isEqualTo(new Pos(2, 2));
        assertThat(t.get(8).pos()).isEqualTo(new Pos(2, 8)); // the ')'
        assertThat(t.get(9).pos()).isEqualTo(new Pos(2, 9)); // the newline after it
    }

    @Test
    void settingsCommentsAreCollected() {
        GoLexer lx = new GoLexer("// gmplab: seed=2\n// other\npackage main");
        lx.next();
        assertThat(lx.comments()).extracting(GoLexer.Comment::text).containsExactly(" gmplab: seed=2", " other");
    }

    @Test
    void malformedLiteralsAndCharacters() {
        assertThat(error("x := 09")).isEqualTo("invalid digit '9' in octal (a leading 0 means octal in Go) literal 09");
        assertThat(error("0x")).isEqualTo("number 0x has no digits after its base prefix");
        assertThat(error("1__0")).isEqualTo("'_' must separate successive digits in 1__0");
        assertThat(error("0b102")).isEqualTo("invalid digit '2' in binary literal 0b102");
        assertThat(error("5s")).isEqualTo("invalid number 5s; Go writes a duration as a constant times a unit, e.g. 5 * time.Second");
        assertThat(error("\"open")).isEqualTo("string literal not terminated");
        assertThat(error("`open")).isEqualTo("raw string literal not terminated");
        assertThat(error("'ab'")).isEqualTo("more than one character in rune literal");
        assertThat(error("/* open")).isEqualTo("comment not terminated: expected '*/' before the end of the file");
        assertThat(error("a @ b")).isEqualTo("invalid character U+0040 '@' in Go source");
        assertThat(error("a \u0000")).isEqualTo("invalid character U+0000 in Go source");
        assertThat(error("\"\\q\"")).isEqualTo("unknown escape sequence \\q");
    }
}
