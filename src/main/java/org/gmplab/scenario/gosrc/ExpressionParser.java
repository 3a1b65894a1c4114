package org.gmplab.scenario.gosrc;

import java.util.ArrayList;
import java.util.List;

/**
 * Go expressions and types, after the spec's grammar and {@code go/parser}'s handling of its corners:
 * binary operators by precedence, {@code <-chan T} versus a receive {@code <-ch}, types standing as
 * expressions ({@code make(chan int)}), and no composite literal right after an {@code if}/{@code for}
 * header expression (there the brace opens the block). Constructs outside the subset are refused at
 * their first token with a "not supported" message.
 */
abstract class ExpressionParser extends ParserBase {

    /** Inside an if/for header: a '{' after an expression opens the block, it is not a composite literal. */
    protected boolean inHeader;

    protected ExpressionParser(GoLexer lexer) { super(lexer); }

    // ---- types ----

    protected Ast.TypeNode type(String context) {
        Pos p = tok.pos();
        switch (tok.kind()) {
            case IDENT -> {
                Ast.Ident name = expectIdent("a type");
                Ast.TypeNode t;
                if (is(".")) {
                    next();
                    t = new Ast.NamedType(p, name, expectIdent("a type name after '" + name.name() + ".'"));
                } else {
                    t = new Ast.NamedType(p, null, name);
                }
                if (is("[")) throw SourceError.notSupported(tok.pos(), "generic types are", null);
                return t;
            }
            case KEYWORD -> {
                switch (tok.text()) {
                    case "chan" -> {
                        next();
                        Ast.ChanDir dir = Ast.ChanDir.BOTH;
                        if (is("<-")) {
                            next();
                            dir = Ast.ChanDir.SEND;
                        }
                        return new Ast.ChanType(p, dir, nested(() -> type("as the channel's element type")));
                    }
                    case "struct" -> {
                        next();
                        expect("{", "after struct");
                        if (!is("}")) throw SourceError.notSupported(p, "struct types are",
                                "only the empty struct{} is, as the element of a channel used for signalling");
                        next();
                        return new Ast.EmptyStruct(p);
                    }
                    case "map" -> throw SourceError.notSupported(p, "maps are", null);
                    case "func" -> throw SourceError.notSupported(p, "function types are", "call a declared function or use a function literal in go/defer");
                    case "interface" -> throw SourceError.notSupported(p, "interfaces are", null);
                    default -> { }
                }
            }
            case OP -> {
                switch (tok.text()) {
                    case "<-" -> {
                        next();
                        if (!is("chan")) throw expected("'chan' after '<-' in a type");
                        next();
                        return new Ast.ChanType(p, Ast.ChanDir.RECV, nested(() -> type("as the channel's element type")));
                    }
                    case "*" -> {
                        next();
                        return new Ast.PointerType(p, nested(() -> type("after '*'")));
                    }
                    case "(" -> {
                        next();
                        Ast.TypeNode t = nested(() -> type("in parentheses"));
                        expect(")", "after the parenthesized type");
                        return t;
                    }
                    case "[" -> throw SourceError.notSupported(p, "arrays and slices are", null);
                    default -> { }
                }
            }
            default -> { }
        }
        throw expected("a type" + (context.isEmpty() ? "" : " " + context));
    }

    protected boolean startsType() {
        return tok.kind() == Token.Kind.IDENT || is("chan") || is("<-") || is("*") || is("(") || is("[")
                || is("struct") || is("map") || is("func") || is("interface");
    }

    // ---- expressions ----

    protected Ast.ExprNode expr() {
        return binary(1);
    }

    protected List<Ast.ExprNode> exprList() {
        List<Ast.ExprNode> out = new ArrayList<>();
        out.add(expr());
        while (is(",")) {
            next();
            out.add(expr());
        }
        return out;
    }

    /** Go's binary precedence: 5 {@code * / % << >> & &^}, 4 {@code + - | ^}, 3 comparisons, 2 {@code &&}, 1 {@code ||}. */
    static int precedence(Token t) {
        if (t.kind() != Token.Kind.OP) return 0;
        return switch (t.text()) {
            case "*", "/", "%", "<<", ">>", "&", "&^" -> 5;
            case "+", "-", "|", "^" -> 4;
            case "==", "!=", "<", "<=", ">", ">=" -> 3;
            case "&&" -> 2;
            case "||" -> 1;
            default -> 0;
        };
    }

    // Precedence climbing: a loop per level keeps left-associativity without recursion per operator.
    private Ast.ExprNode binary(int minPrec) {
        Ast.ExprNode x = unary();
        while (true) {
            int prec = precedence(tok);
            if (prec < minPrec) return x;
            Token op = tok;
            countOperator(op.pos());
            next();
            Ast.ExprNode y = binary(prec + 1);
            x = new Ast.Binary(op.pos(), op.text(), x, y);
        }
    }

    private Ast.ExprNode unary() {
        Pos p = tok.pos();
        if (tok.kind() == Token.Kind.OP) {
            switch (tok.text()) {
                case "+", "-", "!", "^", "&", "*" -> {
                    String op = tok.text();
                    next();
                    countOperator(p);
                    return new Ast.Unary(p, op, nested(this::unary));
                }
                case "<-" -> {
                    if (peek(1).is("chan")) return primary(new Ast.TypeExpr(p, type("")));
                    next();
                    countOperator(p);
                    return new Ast.Unary(p, "<-", nested(this::unary));
                }
                default -> { }
            }
        }
        return primary(operand());
    }

    private Ast.ExprNode operand() {
        Token t = tok;
        Pos p = t.pos();
        switch (t.kind()) {
            case IDENT -> {
                next();
                return new Ast.Ident(p, t.text());
            }
            case INT -> {
                next();
                return new Ast.IntLit(p, t.text(), t.value());
            }
            case FLOAT, IMAG, CHAR, STRING -> {
                next();
                return new Ast.OtherLit(p, t.kind(), t.text(), t.string());
            }
            case OP -> {
                if (t.text().equals("(")) {
                    next();
                    boolean header = inHeader;
                    inHeader = false;
                    Ast.ExprNode x = nested(this::expr);
                    inHeader = header;
                    expect(")", "to close '(' at " + p);
                    return new Ast.Paren(p, x);
                }
                if (t.text().equals("[")) type("");
            }
            case KEYWORD -> {
                switch (t.text()) {
                    case "func" -> {
                        return funcLit();
                    }
                    case "chan", "map", "interface" -> {
                        return new Ast.TypeExpr(p, type(""));
                    }
                    case "struct" -> {
                        Ast.TypeNode st = type("");
                        if (is("{") && !inHeader) {
                            next();
                            if (!is("}")) throw SourceError.notSupported(tok.pos(), "struct values with fields are", "struct{}{} is the only struct value");
                            next();
                            return new Ast.EmptyStructLit(p);
                        }
                        return new Ast.TypeExpr(p, st);
                    }
                    default -> { }
                }
            }
            default -> { }
        }
        throw expected("an expression");
    }

    /** Selectors, calls, and the suffixes the subset refuses (index, slice, type assertion, composite literal). */
    private Ast.ExprNode primary(Ast.ExprNode x) {
        while (true) {
            Pos p = tok.pos();
            if (is(".")) {
                next();
                if (is("(")) throw SourceError.notSupported(p, "type assertions are", null);
                x = new Ast.Selector(p, x, expectIdent("a name after '.'"));
            } else if (is("(")) {
                x = call(x);
            } else if (is("[")) {
                throw SourceError.notSupported(p, "indexing and slicing are", "there are no arrays, slices or maps");
            } else if (is("{") && !inHeader && (x instanceof Ast.Ident || x instanceof Ast.Selector || x instanceof Ast.TypeExpr)) {
                throw SourceError.notSupported(p, "composite literals are", null);
            } else {
                return x;
            }
        }
    }

    private Ast.Call call(Ast.ExprNode fun) {
        Pos open = tok.pos();
        next();
        enter();
        boolean header = inHeader;
        inHeader = false;
        List<Ast.ExprNode> args = new ArrayList<>();
        while (!is(")")) {
            args.add(expr());
            if (is("...")) throw SourceError.notSupported(tok.pos(), "variadic calls (...) are", null);
            if (is(",")) {
                next();
            } else if (!is(")")) {
                if (isSemi() || atEnd()) throw expected("')' after argument list");
                throw expected("',' or ')' in argument list");
            }
        }
        Pos close = tok.pos();
        next();
        inHeader = header;
        leave();
        return new Ast.Call(open, fun, args, close);
    }

    private Ast.FuncLit funcLit() {
        Pos p = tok.pos();
        next();
        List<Ast.Param> params = parameters("after func");
        if (!is("{")) {
            if (isSemi() || is(")") || is(",") || atEnd()) throw SourceError.notSupported(p, "function types are", null);
            throw SourceError.notSupported(tok.pos(), "function results are", "a scenario function returns nothing");
        }
        enter();
        boolean header = inHeader;
        inHeader = false;
        int ops = operators;
        Ast.Block body = block("of the function literal");
        operators = ops;
        inHeader = header;
        leave();
        return new Ast.FuncLit(p, params, body);
    }

    protected <T> T nested(java.util.function.Supplier<T> f) {
        enter();
        T t = f.get();
        leave();
        return t;
    }

    // ---- shared with declarations ----

    /**
     * {@code (a, b int, ch chan int)} or {@code (int, bool)}: Go decides whether a list is named only after
     * reading it, since {@code (a, b)} may be two names missing a type or two type names.
     */
    protected List<Ast.Param> parameters(String context) {
        expect("(", context);
        record Item(Ast.Ident name, Ast.TypeNode type) {}
        List<Item> items = new ArrayList<>();
        while (!is(")")) {
            if (tok.kind() == Token.Kind.IDENT) {
                Ast.Ident id = expectIdent("a parameter");
                if (is(".")) {
                    next();
                    items.add(new Item(null, new Ast.NamedType(id.pos(), id, expectIdent("a type name"))));
                } else if (is("...")) {
                    throw SourceError.notSupported(tok.pos(), "variadic parameters (...) are", null);
                } else if (startsType()) {
                    items.add(new Item(id, type("for parameter " + id.name())));
                } else {
                    items.add(new Item(id, null));
                }
            } else {
                if (is("...")) throw SourceError.notSupported(tok.pos(), "variadic parameters (...) are", null);
                items.add(new Item(null, type("in the parameter list")));
            }
            if (is(",")) next();
            else if (!is(")")) throw expected("',' or ')' in the parameter list");
        }
        next();
        boolean named = items.stream().anyMatch(i -> i.name() != null && i.type() != null);
        List<Ast.Param> out = new ArrayList<>();
        if (!named) {
            for (Item i : items) out.add(new Ast.Param(null, i.type() != null ? i.type() : new Ast.NamedType(i.name().pos(), null, i.name())));
            return out;
        }
        List<Ast.Ident> pending = new ArrayList<>();
        for (Item i : items) {
            if (i.name() == null) throw new SourceError(i.type().pos(), "mixed named and unnamed parameters");
            pending.add(i.name());
            if (i.type() != null) {
                for (Ast.Ident n : pending) out.add(new Ast.Param(n, i.type()));
                pending.clear();
            }
        }
        if (!pending.isEmpty()) throw new SourceError(pending.get(pending.size() - 1).pos(), "mixed named and unnamed parameters: parameter " + pending.get(pending.size() - 1).name() + " has no type");
        return out;
    }

    protected abstract Ast.Block block(String context);
}
