package org.gmplab.scenario.gosrc;

import java.util.ArrayList;
import java.util.List;

/**
 * The token cursor under the recursive-descent parsers: lookahead over the lazy {@link GoLexer},
 * {@code expect} with messages that say what was expected and what was found, and the limits that
 * keep any input, however deep or long, from overflowing the stack here or in the compiler after.
 */
abstract class ParserBase {

    /** Deepest nesting of blocks, parentheses, calls, literals and types accepted. */
    static final int MAX_NESTING = 100;
    /**
     * Most operators in one statement or declaration. Each can be a level of the tree that the compiler
     * and the engine walk recursively, on threads whose stack may be as small as 1 MB.
     */
    static final int MAX_OPERATORS = 200;

    protected final GoLexer lexer;
    private final List<Token> ahead = new ArrayList<>();
    protected Token tok;
    private int nesting;
    protected int operators;

    protected ParserBase(GoLexer lexer) {
        this.lexer = lexer;
        this.tok = lexer.next();
    }

    protected void next() {
        tok = ahead.isEmpty() ? lexer.next() : ahead.remove(0);
    }

    /** The token {@code k} places after the current one (1 = the next). */
    protected Token peek(int k) {
        while (ahead.size() < k) {
            Token last = ahead.isEmpty() ? tok : ahead.get(ahead.size() - 1);
            ahead.add(last.kind() == Token.Kind.EOF ? last : lexer.next());
        }
        return ahead.get(k - 1);
    }

    protected boolean is(String op) { return tok.is(op); }

    protected boolean isSemi() { return tok.kind() == Token.Kind.SEMI; }

    protected boolean isExplicitSemi() { return tok.kind() == Token.Kind.SEMI && tok.text().equals(";"); }

    protected boolean atEnd() { return tok.kind() == Token.Kind.EOF; }

    /** Consumes {@code op} or fails with "expected 'op' {context}, found ...". */
    protected Pos expect(String op, String context) {
        if (!is(op)) throw expected("'" + op + "'" + (context.isEmpty() ? "" : " " + context));
        Pos p = tok.pos();
        next();
        return p;
    }

    protected Ast.Ident expectIdent(String what) {
        if (tok.kind() != Token.Kind.IDENT) {
            if (tok.kind() == Token.Kind.KEYWORD)
                throw new SourceError(tok.pos(), "expected " + what + ", found keyword " + tok.text() + " (a keyword cannot be used as a name)");
            throw expected(what);
        }
        Ast.Ident id = new Ast.Ident(tok.pos(), tok.text());
        next();
        return id;
    }

    /**
     * The opening brace of a block after a header. Go ends a line after {@code )} or a name, so a brace
     * on the next line is the classic mistake; it gets its own message.
     */
    protected void expectBlockOpen(String context) {
        if (is("{")) return;
        if (tok.kind() == Token.Kind.SEMI && tok.text().equals("\n") && peek(1).is("{"))
            throw new SourceError(tok.pos(), "unexpected newline before '{' " + context
                    + ": in Go the opening brace must be on the same line");
        throw expected("'{' " + context);
    }

    protected SourceError expected(String what) {
        return new SourceError(tok.pos(), "expected " + what + ", found " + tok.describe());
    }

    protected void enter() {
        if (++nesting > MAX_NESTING)
            throw new SourceError(tok.pos(), "nested more than " + MAX_NESTING + " levels deep; not supported in GMP Lab scenarios");
    }

    protected void leave() { nesting--; }

    /** Starts counting operators afresh: called before each statement and declaration. */
    protected void resetOperators() { operators = 0; }

    protected void countOperator(Pos p) {
        if (++operators > MAX_OPERATORS)
            throw new SourceError(p, "more than " + MAX_OPERATORS + " operators in one statement; not supported in GMP Lab scenarios");
    }
}
