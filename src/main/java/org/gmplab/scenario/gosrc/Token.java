package org.gmplab.scenario.gosrc;

import java.math.BigInteger;

/**
 * One Go token. Keywords and operators are told apart by {@link #kind} and compared by {@link #text};
 * a semicolon the lexer inserted at a line end (Go's automatic semicolon rule) has the text
 * {@code "\n"}, one inserted at the end of the file the text {@code ""}.
 *
 * @param value for {@link Kind#INT}, the value (not range-checked); for {@link Kind#STRING}, null (see
 *              {@link #string}); otherwise null
 * @param string for {@link Kind#STRING}, the decoded string; otherwise null
 */
record Token(Kind kind, String text, Pos pos, BigInteger value, String string) {

    enum Kind { IDENT, KEYWORD, INT, FLOAT, IMAG, CHAR, STRING, OP, SEMI, EOF }

    boolean is(String op) {
        return (kind == Kind.OP || kind == Kind.KEYWORD) && text.equals(op);
    }

    boolean isLiteral() {
        return kind == Kind.INT || kind == Kind.FLOAT || kind == Kind.IMAG || kind == Kind.CHAR || kind == Kind.STRING;
    }

    /** How an error message names this token: {@code name x}, {@code 'func'}, {@code newline}. */
    String describe() {
        return switch (kind) {
            case IDENT -> "name " + text;
            case KEYWORD -> "keyword " + text;
            case INT, FLOAT, IMAG, CHAR, STRING -> "literal " + shorten(text);
            case OP -> "'" + text + "'";
            case SEMI -> text.equals(";") ? "';'" : text.equals("\n") ? "newline" : "end of file";
            case EOF -> "end of file";
        };
    }

    private static String shorten(String s) {
        String oneLine = s.replace("\n", "\\n").replace("\r", "\\r");
        return oneLine.length() > 30 ? oneLine.substring(0, 27) + "..." : oneLine;
    }
}
