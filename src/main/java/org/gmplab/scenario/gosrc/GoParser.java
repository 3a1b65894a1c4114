package org.gmplab.scenario.gosrc;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses a Go source file into {@link Ast}: the package clause, imports, and function, {@code var}
 * and {@code const} declarations; statements as the Go spec writes them. The first problem stops the
 * parse with one {@link SourceError}: a syntax error says what was expected and what was found, a Go
 * construct outside the subset says it is not supported.
 */
final class GoParser extends ExpressionParser {

    private GoParser(GoLexer lexer) { super(lexer); }

    static Ast.File parse(GoLexer lexer) {
        return new GoParser(lexer).file();
    }

    // ---- file and declarations ----

    private Ast.File file() {
        Pos start = tok.pos();
        Ast.Ident pkg = null;
        if (is("package")) {
            next();
            pkg = expectIdent("the package name after 'package'");
            endOfDecl("after the package clause");
        }
        List<Ast.Import> imports = new ArrayList<>();
        while (is("import")) {
            next();
            if (is("(")) {
                next();
                while (!is(")")) {
                    imports.add(importSpec());
                    if (!is(")")) endOfDecl("after the import");
                }
                next();
            } else {
                imports.add(importSpec());
            }
            endOfDecl("after the import declaration");
        }
        List<Ast.Decl> decls = new ArrayList<>();
        while (!atEnd()) {
            Pos p = tok.pos();
            resetOperators();
            switch (tok.kind() == Token.Kind.KEYWORD ? tok.text() : "") {
                case "func" -> decls.add(funcDecl());
                case "var" -> { next(); group(() -> decls.add(varSpec(p))); }
                case "const" -> { next(); group(() -> decls.add(constSpec(p))); }
                case "type" -> throw SourceError.notSupported(p, "type declarations are", null);
                case "import" -> throw new SourceError(p, "imports must come before the other declarations");
                case "package" -> throw new SourceError(p, "the package clause must be the first declaration of the file");
                default -> {
                    if (isSemi()) {
                        next();
                        continue;
                    }
                    if (tok.kind() == Token.Kind.IDENT && peek(1).is(":="))
                        throw new SourceError(peek(1).pos(), "':=' outside a function body: at package level, declare with var "
                                + tok.text() + " = ...");
                    throw new SourceError(p, "expected a declaration (func, var or const), found " + tok.describe()
                            + ": statements must be inside a function body");
                }
            }
            if (!atEnd()) endOfDecl("after the declaration");
        }
        return new Ast.File(start, pkg, imports, decls);
    }

    private void endOfDecl(String context) {
        if (isSemi()) next();
        else if (!atEnd()) throw expected("newline or ';' " + context);
    }

    private Ast.Import importSpec() {
        Pos p = tok.pos();
        Ast.Ident name = null;
        if (tok.kind() == Token.Kind.IDENT) name = expectIdent("an import name");
        else if (is(".")) throw SourceError.notSupported(p, "dot imports are", null);
        if (tok.kind() != Token.Kind.STRING) throw expected("an import path string such as \"time\"");
        String path = tok.string();
        next();
        return new Ast.Import(p, name, path);
    }

    /** One spec, or {@code ( spec; spec; ... )}. */
    private void group(Runnable spec) {
        if (!is("(")) {
            spec.run();
            return;
        }
        next();
        while (!is(")")) {
            if (isSemi()) {
                next();
                continue;
            }
            spec.run();
            if (!is(")")) {
                if (!isSemi()) throw expected("newline, ';' or ')' in the declaration group");
                next();
            }
        }
        next();
    }

    private Ast.FuncDecl funcDecl() {
        Pos p = tok.pos();
        next();
        if (is("(")) throw SourceError.notSupported(tok.pos(), "method declarations are", "declare a plain function");
        Ast.Ident name = expectIdent("a function name after 'func'");
        if (is("[")) throw SourceError.notSupported(tok.pos(), "generic functions are", null);
        List<Ast.Param> params = parameters("after the function name " + name.name());
        if (!is("{") && !isSemi() && !atEnd())
            throw SourceError.notSupported(tok.pos(), "function results are", "a scenario function returns nothing");
        if (isSemi() && !peek(1).is("{")) throw new SourceError(tok.pos(), "missing function body for " + name.name());
        expectBlockOpen("after func " + name.name() + "(...)");
        return new Ast.FuncDecl(p, name, params, block(""));
    }

    private Ast.VarDecl varSpec(Pos p) {
        List<Ast.Ident> names = identList("a variable name");
        Ast.TypeNode type = is("=") ? null : type("for " + names.get(0).name());
        List<Ast.ExprNode> values = List.of();
        if (is("=")) {
            next();
            values = exprList();
        }
        return new Ast.VarDecl(names.get(0).pos(), names, type, values);
    }

    private Ast.ConstDecl constSpec(Pos p) {
        List<Ast.Ident> names = identList("a constant name");
        Ast.TypeNode type = is("=") || isSemi() || is(")") ? null : type("for " + names.get(0).name());
        if (!is("="))
            throw SourceError.notSupported(tok.pos(), "constants without a value (implicit repetition, iota) are",
                    "write const " + names.get(0).name() + " = value");
        next();
        return new Ast.ConstDecl(names.get(0).pos(), names, type, exprList());
    }

    private List<Ast.Ident> identList(String what) {
        List<Ast.Ident> names = new ArrayList<>();
        names.add(expectIdent(what));
        while (is(",")) {
            next();
            names.add(expectIdent(what));
        }
        return names;
    }

    // ---- statements ----

    @Override
    protected Ast.Block block(String context) {
        Pos open = tok.pos();
        expect("{", context);
        enter();
        List<Ast.StmtNode> stmts = statementList();
        leave();
        if (!is("}")) {
            if (atEnd()) throw new SourceError(tok.pos(), "expected '}' to close the block opened at " + open + ", found end of file");
            throw expected("'}'");
        }
        Pos end = tok.pos();
        next();
        return new Ast.Block(open, stmts, end);
    }

    /** Statements up to a '}', 'case' or 'default'; each ends with a newline or ';' unless a '}' follows. */
    private List<Ast.StmtNode> statementList() {
        List<Ast.StmtNode> out = new ArrayList<>();
        while (!is("}") && !is("case") && !is("default") && !atEnd()) {
            if (isSemi()) {
                next();
                continue;
            }
            resetOperators();
            statement(out);
            if (is("}") || is("case") || is("default")) break;
            if (!isSemi()) {
                if (atEnd()) break;
                throw expected("newline or ';' at the end of the statement");
            }
            next();
        }
        return out;
    }

    private void statement(List<Ast.StmtNode> out) {
        Pos p = tok.pos();
        if (tok.kind() == Token.Kind.KEYWORD) {
            switch (tok.text()) {
                case "var" -> { next(); group(() -> out.add(varSpec(p))); return; }
                case "const" -> { next(); group(() -> out.add(constSpec(p))); return; }
                case "type" -> throw SourceError.notSupported(p, "type declarations are", null);
                case "go", "defer" -> { out.add(goOrDefer()); return; }
                case "return" -> {
                    next();
                    List<Ast.ExprNode> results = isSemi() || is("}") || atEnd() ? List.of() : exprList();
                    out.add(new Ast.Return(p, results));
                    return;
                }
                case "if" -> { out.add(ifStmt()); return; }
                case "for" -> { out.add(forStmt()); return; }
                case "select" -> { out.add(selectStmt()); return; }
                case "switch" -> throw SourceError.notSupported(p, "switch statements are", "use if / else if");
                case "break", "continue" -> {
                    String kw = tok.text();
                    next();
                    if (tok.kind() == Token.Kind.IDENT) throw SourceError.notSupported(tok.pos(), "labels are", null);
                    out.add(new Ast.Branch(p, kw));
                    return;
                }
                case "goto" -> throw SourceError.notSupported(p, "goto is", null);
                case "fallthrough" -> throw SourceError.notSupported(p, "fallthrough is", null);
                case "else" -> throw new SourceError(p, "unexpected else: it must be on the same line as the '}' that closes the if block");
                default -> { }
            }
        }
        if (is("{")) {
            out.add(block(""));
            return;
        }
        if (tok.kind() == Token.Kind.IDENT && peek(1).is(":")) throw SourceError.notSupported(p, "labels are", null);
        out.add(simpleStmt(false));
    }

    /**
     * An expression, send, inc/dec, assignment or short variable declaration. With {@code rangeOk}, a
     * {@code range} right after {@code :=} or {@code =} gives a {@link Ast.ForRange} with a null body
     * (the caller, a for header, fills it in).
     */
    private Ast.StmtNode simpleStmt(boolean rangeOk) {
        Pos p = tok.pos();
        List<Ast.ExprNode> lhs = exprList();
        Token op = tok;
        if (op.kind() == Token.Kind.OP) {
            switch (op.text()) {
                case ":=", "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "&^=" -> {
                    next();
                    if (is("range") && (op.text().equals(":=") || op.text().equals("="))) {
                        if (!rangeOk) throw new SourceError(tok.pos(), "unexpected range: range is only allowed in a for clause");
                        next();
                        if (lhs.size() > 2) throw new SourceError(lhs.get(2).pos(), "range gives at most two iteration variables");
                        return new Ast.ForRange(p, lhs.get(0), lhs.size() > 1 ? lhs.get(1) : null, op.text().equals(":="), expr(), null);
                    }
                    return new Ast.Assign(op.pos(), lhs, op.text(), exprList());
                }
                case "<-" -> {
                    if (lhs.size() > 1) throw expected("':=' or '=' after the list of expressions");
                    next();
                    return new Ast.SendStmt(op.pos(), lhs.get(0), expr());
                }
                case "++", "--" -> {
                    if (lhs.size() > 1) throw expected("':=' or '=' after the list of expressions");
                    next();
                    return new Ast.IncDec(op.pos(), lhs.get(0), op.text().equals("++"));
                }
                default -> { }
            }
        }
        if (lhs.size() > 1) throw expected("':=' or '=' after the list of expressions");
        return new Ast.ExprStmt(lhs.get(0).pos(), lhs.get(0));
    }

    private Ast.StmtNode goOrDefer() {
        Pos p = tok.pos();
        String kw = tok.text();
        next();
        Ast.ExprNode x = expr();
        if (x instanceof Ast.Paren) throw new SourceError(x.pos(), "expression in " + kw + " must not be parenthesized");
        if (!(x instanceof Ast.Call call)) throw new SourceError(x.pos(), "expression in " + kw + " must be a function call");
        return kw.equals("go") ? new Ast.GoStmt(p, call) : new Ast.DeferStmt(p, call);
    }

    private Ast.If ifStmt() {
        Pos p = tok.pos();
        next();
        if (is("{")) throw new SourceError(tok.pos(), "missing condition in if statement");
        boolean header = inHeader;
        inHeader = true;
        Ast.StmtNode init = null;
        Ast.StmtNode s = simpleStmt(false);
        if (isExplicitSemi()) {
            next();
            init = s;
            if (is("{")) throw new SourceError(tok.pos(), "missing condition in if statement");
            s = simpleStmt(false);
        }
        inHeader = header;
        Ast.ExprNode cond = condition(s, "if");
        expectBlockOpen("after the if condition");
        Ast.Block then = block("");
        Ast.StmtNode otherwise = null;
        if (is("else")) {
            next();
            if (is("if")) otherwise = nested(this::ifStmt);
            else if (is("{")) otherwise = block("");
            else throw expected("'if' or '{' after else");
        }
        return new Ast.If(p, init, cond, then, otherwise);
    }

    private Ast.ExprNode condition(Ast.StmtNode s, String where) {
        if (s instanceof Ast.ExprStmt e) return e.x();
        throw new SourceError(s.pos(), "expected a condition in the " + where + " statement, found " + describe(s)
                + (where.equals("if") ? "; to declare a variable write if x := ...; condition {" : ""));
    }

    private static String describe(Ast.StmtNode s) {
        if (s instanceof Ast.Assign a) return a.op().equals(":=") ? "a short variable declaration" : "an assignment";
        if (s instanceof Ast.SendStmt) return "a send statement";
        if (s instanceof Ast.IncDec i) return i.inc() ? "an increment statement" : "a decrement statement";
        return "a statement";
    }

    private Ast.StmtNode forStmt() {
        Pos p = tok.pos();
        next();
        if (is("{")) return new Ast.For(p, null, null, null, block(""));
        boolean header = inHeader;
        inHeader = true;
        Ast.StmtNode init = null, post = null;
        Ast.ExprNode cond = null;
        Ast.StmtNode first = null;
        if (is("range")) {
            next();
            first = new Ast.ForRange(p, null, null, false, expr(), null);
        } else if (!isExplicitSemi()) {
            first = simpleStmt(true);
        }
        if (first instanceof Ast.ForRange r) {
            inHeader = header;
            expectBlockOpen("after the for range clause");
            return new Ast.ForRange(p, r.key(), r.value(), r.define(), r.range(), block(""));
        }
        if (isExplicitSemi()) {
            next();
            init = first;
            if (!isExplicitSemi()) {
                if (isSemi() || is("{")) throw expected("a loop condition or ';' in the for clause");
                cond = condition(simpleStmt(false), "for");
            }
            if (!isExplicitSemi()) throw expected("';' after the loop condition");
            next();
            if (!is("{")) {
                post = simpleStmt(false);
                if (post instanceof Ast.Assign a && a.op().equals(":="))
                    throw new SourceError(a.pos(), "cannot declare in the post statement of a for loop");
            }
        } else if (first != null) {
            cond = condition(first, "for");
        }
        inHeader = header;
        expectBlockOpen("after the for clause");
        return new Ast.For(p, init, cond, post, block(""));
    }

    private Ast.Select selectStmt() {
        Pos p = tok.pos();
        next();
        expect("{", "after select");
        enter();
        List<Ast.CommClause> clauses = new ArrayList<>();
        Pos defaultAt = null;
        while (!is("}")) {
            Pos cp = tok.pos();
            Ast.StmtNode comm = null;
            if (is("case")) {
                next();
                comm = simpleStmt(false);
            } else if (is("default")) {
                if (defaultAt != null) throw new SourceError(cp, "multiple defaults in select (the first is at " + defaultAt + ")");
                defaultAt = cp;
                next();
            } else {
                throw expected("'case' or 'default' in the select");
            }
            expect(":", "after the select case");
            clauses.add(new Ast.CommClause(cp, comm, statementList()));
        }
        leave();
        next();
        return new Ast.Select(p, clauses);
    }
}
