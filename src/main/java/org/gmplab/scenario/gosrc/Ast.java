package org.gmplab.scenario.gosrc;

import java.math.BigInteger;
import java.util.List;

/**
 * The syntax tree of a Go scenario file: only the shapes the subset can compile, each with the position
 * an error about it should point to. The parser refuses everything else (structs, maps, slices,
 * methods, switch, labels, ...) where it meets it, so the compiler never sees it.
 */
final class Ast {
    private Ast() { }

    // ---- file and declarations ----

    /**
     * {@code pkg} is null when the file has no package clause (a snippet); {@code start} is the first
     * token's position (settings comments must come before it).
     */
    record File(Pos start, Ident pkg, List<Import> imports, List<Decl> decls) {}

    /** {@code import name "path"}; {@code name} is null without an explicit one. */
    record Import(Pos pos, Ident name, String path) {}

    sealed interface Decl permits FuncDecl, VarDecl, ConstDecl {}

    record FuncDecl(Pos pos, Ident name, List<Param> params, Block body) implements Decl {}

    /** A parameter; {@code name} is null for an unnamed one ({@code func(int)}). */
    record Param(Ident name, TypeNode type) {}

    /** {@code var a, b T = x, y}: {@code type} or {@code values} may be absent (null, empty). */
    record VarDecl(Pos pos, List<Ident> names, TypeNode type, List<ExprNode> values) implements Decl, StmtNode {}

    record ConstDecl(Pos pos, List<Ident> names, TypeNode type, List<ExprNode> values) implements Decl, StmtNode {}

    // ---- types ----

    sealed interface TypeNode permits NamedType, ChanType, PointerType, EmptyStruct {
        Pos pos();
    }

    /** {@code int}, or {@code sync.WaitGroup} when {@code pkg} is set. */
    record NamedType(Pos pos, Ident pkg, Ident name) implements TypeNode {}

    enum ChanDir { BOTH, SEND, RECV }

    record ChanType(Pos pos, ChanDir dir, TypeNode elem) implements TypeNode {}

    record PointerType(Pos pos, TypeNode elem) implements TypeNode {}

    /** {@code struct{}}, the only struct type the subset has (as a channel element). */
    record EmptyStruct(Pos pos) implements TypeNode {}

    // ---- statements ----

    sealed interface StmtNode permits VarDecl, ConstDecl, Block, ExprStmt, SendStmt, IncDec, Assign, GoStmt,
            DeferStmt, Return, If, For, ForRange, Select, Branch, Empty {
        Pos pos();
    }

    /** {@code end} is the closing brace: where "the end of the function" is. */
    record Block(Pos pos, List<StmtNode> stmts, Pos end) implements StmtNode {}

    record ExprStmt(Pos pos, ExprNode x) implements StmtNode {}

    record SendStmt(Pos pos, ExprNode ch, ExprNode value) implements StmtNode {}

    record IncDec(Pos pos, ExprNode target, boolean inc) implements StmtNode {}

    /** {@code op} is {@code =}, {@code :=} or an assignment operator like {@code +=}; {@code pos} is the operator's. */
    record Assign(Pos pos, List<ExprNode> lhs, String op, List<ExprNode> rhs) implements StmtNode {}

    record GoStmt(Pos pos, Call call) implements StmtNode {}

    record DeferStmt(Pos pos, Call call) implements StmtNode {}

    record Return(Pos pos, List<ExprNode> results) implements StmtNode {}

    /** {@code otherwise} is null, a {@link Block}, or an {@link If} (else if). */
    record If(Pos pos, StmtNode init, ExprNode cond, Block then, StmtNode otherwise) implements StmtNode {}

    /** A three-clause or condition-only loop; any part may be null ({@code for {}}). */
    record For(Pos pos, StmtNode init, ExprNode cond, StmtNode post, Block body) implements StmtNode {}

    /** {@code for k, v := range x} / {@code for k = range x} / {@code for range x}. */
    record ForRange(Pos pos, ExprNode key, ExprNode value, boolean define, ExprNode range, Block body) implements StmtNode {}

    record Select(Pos pos, List<CommClause> clauses) implements StmtNode {}

    /**
     * One {@code case} of a select; {@code comm} is null for {@code default}, else a {@link SendStmt}, an
     * {@link ExprStmt} holding a receive, or an {@link Assign} whose right side is one receive.
     */
    record CommClause(Pos pos, StmtNode comm, List<StmtNode> body) {}

    /** {@code break} or {@code continue} (without a label). */
    record Branch(Pos pos, String keyword) implements StmtNode {}

    record Empty(Pos pos) implements StmtNode {}

    // ---- expressions ----

    sealed interface ExprNode permits Ident, IntLit, OtherLit, Paren, Selector, Call, Unary, Binary, FuncLit,
            TypeExpr, EmptyStructLit {
        Pos pos();
    }

    record Ident(Pos pos, String name) implements ExprNode {}

    record IntLit(Pos pos, String text, BigInteger value) implements ExprNode {}

    /** A float, imaginary, rune or string literal: parsed so it can be refused with its name. */
    record OtherLit(Pos pos, Token.Kind kind, String text, String string) implements ExprNode {}

    record Paren(Pos pos, ExprNode x) implements ExprNode {}

    record Selector(Pos pos, ExprNode x, Ident sel) implements ExprNode {}

    /** {@code pos} is the opening parenthesis (where Go reports call errors), {@code fun.pos()} the callee. */
    record Call(Pos pos, ExprNode fun, List<ExprNode> args, Pos rparen) implements ExprNode {}

    /** {@code op} is one of {@code + - ! ^ & <- *}. */
    record Unary(Pos pos, String op, ExprNode x) implements ExprNode {}

    /** {@code pos} is the operator's. */
    record Binary(Pos pos, String op, ExprNode x, ExprNode y) implements ExprNode {}

    record FuncLit(Pos pos, List<Param> params, Block body) implements ExprNode {}

    /** A type where an expression may stand: {@code make(chan int)}'s first argument. */
    record TypeExpr(Pos pos, TypeNode type) implements ExprNode {}

    /** {@code struct{}{}}: the value sent on a {@code chan struct{}}. */
    record EmptyStructLit(Pos pos) implements ExprNode {}

    /** The outermost position of an expression: for a binary one, its left operand's. */
    static Pos start(ExprNode e) {
        while (true) {
            if (e instanceof Binary b) e = b.x();
            else if (e instanceof Selector s) e = s.x();
            else if (e instanceof Call c) e = c.fun();
            else return e.pos();
        }
    }
}
