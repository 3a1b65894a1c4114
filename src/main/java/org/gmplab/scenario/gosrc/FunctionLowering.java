package org.gmplab.scenario.gosrc;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.gmplab.scenario.Expr;
import org.gmplab.scenario.Function;
import org.gmplab.scenario.Stmt;

/**
 * Lowers one function (declared, or a lifted literal) to a model {@link Function}: its blocks and
 * control flow, its return points (each runs the deferred calls, last first), and at the end the
 * naming of its slots.
 *
 * <p>Loops: {@code for i := 0; i < n; i++} with {@code n} and {@code i} not assigned in the body, and
 * {@code for i := range n}, become the model's counted {@link Stmt.For} (whose count is evaluated once,
 * which is then the same thing); every other loop a {@link Stmt.While}. The model has no jumps, so
 * {@code break} and {@code continue} set a flag, and the statements after one in its block run only
 * while the flags are clear.
 */
final class FunctionLowering extends StmtLowering {

    private static final String LOOP_CONDITION = "Go evaluates the condition again before every iteration, the model's loop "
            + "condition cannot receive; receive in the loop body, e.g. for { v := <-ch; if v == 0 { break }; ... }";

    private FunctionLowering(GoCompiler compiler, FunctionContext fn, Scope scope) { super(compiler, fn, scope); }

    static Function declared(GoCompiler compiler, FunctionContext fn, Scope fileScope, Ast.FuncDecl d, List<GoType> params) {
        return new FunctionLowering(compiler, fn, fileScope).lower(d.params(), params, d.body());
    }

    static void literal(GoCompiler compiler, FunctionContext fn, Scope enclosing, Ast.FuncLit lit, List<GoType> params) {
        compiler.reserve(fn.modelName);
        compiler.define(new FunctionLowering(compiler, fn, enclosing).lower(lit.params(), params, lit.body()));
    }

    static GoType paramType(ExprLowering l, Ast.Param p) {
        GoType t = l.type(p.type());
        if (t instanceof GoType.SyncObject so)
            throw SourceError.notSupported(p.type().pos(), "a " + so + " parameter is",
                    "it would copy the " + so + "; declare the parameter as *" + so + " and pass &" + (p.name() == null ? "wg" : p.name().name()));
        return t;
    }

    private Function lower(List<Ast.Param> params, List<GoType> types, Ast.Block body) {
        scope = new Scope(scope, fn);
        fn.top = scope;
        for (int i = 0; i < params.size(); i++) {
            Ast.Param p = params.get(i);
            String name = p.name() == null ? "_" : p.name().name();
            Pos at = p.name() == null ? p.type().pos() : p.name().pos();
            Symbol.Local l = compiler.newLocal(name, types.get(i), at, fn, 0, null, true, false, Set.of());
            fn.params.add(l);
            if (!name.equals("_") && scope.declare(name, l) != null) throw new SourceError(at, "duplicate argument " + name);
        }
        out = new ArrayList<>();
        statements(body.stmts(), 0);
        List<Ast.StmtNode> stmts = body.stmts();
        if (stmts.isEmpty() || !(stmts.get(stmts.size() - 1) instanceof Ast.Return)) runDeferred();
        List<Stmt> all = new ArrayList<>(fn.prologue);
        all.addAll(out);
        compiler.lines(fn.modelName, all);
        SlotNames.assign(fn);
        List<String> names = new ArrayList<>();
        for (Symbol.Local p : fn.params) names.add(p.modelName);
        for (Symbol.Local p : fn.captures.values()) names.add(p.modelName);
        return new Function(fn.modelName, names, SlotNames.rename(all, fn));
    }

    // ---- blocks ----

    /**
     * The statements of a block from {@code from} on. After a statement that may have run a break or
     * continue, the rest of the block is wrapped in {@code if !flag}.
     */
    private void statements(List<Ast.StmtNode> stmts, int from) {
        for (int i = from; i < stmts.size(); i++) {
            List<FunctionContext.Breakable> open = new ArrayList<>(fn.breakables);
            int[] before = counts(open);
            stmt(stmts.get(i));
            Expr guard = guardSince(open, before);
            if (guard != null && i + 1 < stmts.size()) {
                int next = i + 1;
                out.add(new Stmt.If(guard, lowerInto(() -> statements(stmts, next)), List.of()));
                return;
            }
        }
    }

    private static int[] counts(List<FunctionContext.Breakable> open) {
        int[] c = new int[open.size() * 2];
        for (int i = 0; i < open.size(); i++) {
            c[2 * i] = open.get(i).breaks;
            c[2 * i + 1] = open.get(i).continues;
        }
        return c;
    }

    /** {@code !brk && !cont} over the flags set since {@code before}, or null if none was. */
    private static Expr guardSince(List<FunctionContext.Breakable> open, int[] before) {
        Expr guard = null;
        for (int i = 0; i < open.size(); i++) {
            FunctionContext.Breakable b = open.get(i);
            if (b.breaks != before[2 * i]) guard = and(guard, not(b.breakFlag));
            if (b.continues != before[2 * i + 1]) guard = and(guard, not(b.continueFlag));
        }
        return guard;
    }

    private static Expr not(Symbol.Local flag) { return new Expr.Unary("!", new Expr.Var(flag.placeholder)); }

    private static Expr and(Expr a, Expr b) { return a == null ? b : new Expr.Binary("&&", a, b); }

    private void block(Ast.Block b) {
        pushScope();
        statements(b.stmts(), 0);
        popScope();
    }

    /**
     * Lowers {@code s}; the statements it adds to this block, and a deferred call it registers, are on its
     * line (those nested in it are on their own: they were lowered first).
     */
    @Override
    void stmt(Ast.StmtNode s) {
        int from = out.size(), defers = fn.defers.size();
        lower(s);
        compiler.lineOf(out, from, s.pos().line());
        for (int i = defers; i < fn.defers.size(); i++) compiler.lineOf(fn.defers.get(i).call(), 0, s.pos().line());
    }

    private void lower(Ast.StmtNode s) {
        if (s instanceof Ast.VarDecl d) varDecl(d);
        else if (s instanceof Ast.ConstDecl d) constDecl(d);
        else if (s instanceof Ast.Block b) block(b);
        else if (s instanceof Ast.ExprStmt e) exprStmt(e);
        else if (s instanceof Ast.SendStmt snd) send(snd);
        else if (s instanceof Ast.IncDec i) incDec(i);
        else if (s instanceof Ast.Assign a) assign(a);
        else if (s instanceof Ast.GoStmt g) Calls.goStmt(this, g);
        else if (s instanceof Ast.DeferStmt d) Calls.deferStmt(this, d);
        else if (s instanceof Ast.Return r) returnStmt(r);
        else if (s instanceof Ast.If i) ifStmt(i);
        else if (s instanceof Ast.For f) forStmt(f);
        else if (s instanceof Ast.ForRange r) rangeStmt(r);
        else if (s instanceof Ast.Select sel) selectStmt(sel);
        else if (s instanceof Ast.Branch b) branch(b);
        // Ast.Empty: nothing
    }

    // ---- return and defer ----

    private void returnStmt(Ast.Return r) {
        if (!r.results().isEmpty())
            throw new SourceError(Ast.start(r.results().get(0)), "too many return values: a scenario function returns nothing");
        runDeferred();
        out.add(new Stmt.Return());
    }

    /** The deferred calls registered so far, last first; a conditional one only if its flag is set. */
    private void runDeferred() {
        for (int i = fn.defers.size() - 1; i >= 0; i--) {
            FunctionContext.Deferred d = fn.defers.get(i);
            if (d.flag() == null) out.addAll(d.call());
            else out.add(new Stmt.If(new Expr.Var(d.flag().placeholder), d.call(), List.of()));
        }
    }

    // ---- if ----

    private void ifStmt(Ast.If s) {
        pushScope();
        if (s.init() != null) stmt(s.init());
        Operand cond = condition(s.cond(), "if statement");
        List<Stmt> then = lowerInto(() -> block(s.then()));
        List<Stmt> otherwise = s.otherwise() == null ? List.of() : lowerInto(() -> stmt(s.otherwise()));
        popScope();
        out.add(new Stmt.If(cond.expr(), then, otherwise));
    }

    // ---- for ----

    private FunctionContext.Breakable openLoop(Pos at, List<Ast.StmtNode> body) {
        FunctionContext.Breakable loop = new FunctionContext.Breakable(true, at, fn.loopDepth() + 1);
        // Flags are declared outside the loop before its body, so nested loops' flags get other slots.
        if (AstText.branches(body, "break")) loop.breakFlag = hidden("\u00b7break", GoType.BOOL, at);
        if (AstText.branches(body, "continue")) loop.continueFlag = hidden("\u00b7continue", GoType.BOOL, at);
        return loop;
    }

    /** The loop body with continue's reset first and the post statement (skipped after a break) last. */
    private List<Stmt> loopBody(FunctionContext.Breakable loop, List<Stmt> prefix, List<Stmt> body, List<Stmt> post) {
        List<Stmt> all = new ArrayList<>();
        if (loop.continueFlag != null) all.add(new Stmt.Set(loop.continueFlag.placeholder, new Expr.Const(0)));
        all.addAll(prefix);
        all.addAll(body);
        if (!post.isEmpty()) {
            if (loop.breakFlag != null) all.add(new Stmt.If(not(loop.breakFlag), post, List.of()));
            else all.addAll(post);
        }
        return all;
    }

    private void forStmt(Ast.For f) {
        pushScope(); // the header's variables
        FunctionContext.Breakable loop = openLoop(f.pos(), f.body().stmts());
        fn.breakables.push(loop);
        Ast.Ident counter = countedLoopVar(f, loop);
        if (counter != null) {
            Symbol.Local i = declare(counter, GoType.INT);
            loop.ownVars.add(i);
            Expr.Binary cond = (Expr.Binary) withoutEffects("a for condition", LOOP_CONDITION, () -> condition(f.cond(), "for loop")).expr();
            List<Stmt> body = lowerInto(() -> block(f.body()));
            fn.breakables.pop();
            popScope();
            out.add(new Stmt.For(i.placeholder, cond.right(), loopBody(loop, List.of(), body, List.of())));
            return;
        }
        if (f.init() != null) {
            List<Symbol> before = new ArrayList<>();
            scope.symbols().forEach(before::add);
            stmt(f.init());
            for (Symbol s : scope.symbols()) if (s instanceof Symbol.Local l && !before.contains(l)) loop.ownVars.add(l);
        }
        Expr cond = f.cond() == null ? new Expr.Const(1) : withoutEffects("a for condition", LOOP_CONDITION, () -> condition(f.cond(), "for loop")).expr();
        List<Stmt> body = lowerInto(() -> block(f.body()));
        List<Stmt> post = List.of();
        if (f.post() != null) {
            fn.inPostOf = loop;
            post = lowerInto(() -> stmt(f.post()));
            fn.inPostOf = null;
        }
        fn.breakables.pop();
        popScope();
        whileLoop(loop, cond, loopBody(loop, List.of(), body, post));
    }

    private void whileLoop(FunctionContext.Breakable loop, Expr cond, List<Stmt> body) {
        if (loop.breakFlag != null) {
            out.add(new Stmt.Set(loop.breakFlag.placeholder, new Expr.Const(0)));
            Expr notBroken = not(loop.breakFlag);
            cond = cond instanceof Expr.Const c && c.value() != 0 ? notBroken : new Expr.Binary("&&", notBroken, cond);
        }
        out.add(new Stmt.While(cond, body));
    }

    /**
     * The variable of a loop that is exactly the model's counted for: {@code for i := 0; i < n; i++}
     * whose body assigns neither {@code i} nor anything {@code n} reads, and has no break; else null.
     */
    private Ast.Ident countedLoopVar(Ast.For f, FunctionContext.Breakable loop) {
        if (loop.breakFlag != null || !(f.init() instanceof Ast.Assign init) || !init.op().equals(":=")
                || init.lhs().size() != 1 || init.rhs().size() != 1 || !(init.lhs().get(0) instanceof Ast.Ident i)
                || i.name().equals("_") || !(init.rhs().get(0) instanceof Ast.IntLit zero) || zero.value().signum() != 0)
            return null;
        if (!(f.cond() instanceof Ast.Binary lt) || !lt.op().equals("<") || !(lt.x() instanceof Ast.Ident ci)
                || !ci.name().equals(i.name()) || AstText.hasEffects(lt.y()))
            return null;
        boolean inc = f.post() instanceof Ast.IncDec p && p.inc() && p.target() instanceof Ast.Ident pi && pi.name().equals(i.name())
                || f.post() instanceof Ast.Assign a && a.op().equals("+=") && a.lhs().size() == 1 && a.lhs().get(0) instanceof Ast.Ident ai
                && ai.name().equals(i.name()) && a.rhs().get(0) instanceof Ast.IntLit one && one.value().intValue() == 1 && one.value().bitLength() == 1;
        if (!inc) return null;
        Set<String> bound = AstText.identifiers(lt.y());
        if (bound.contains(i.name())) return null;
        Set<String> written = AstText.assigned(List.of(), f.body());
        if (written.contains(i.name())) return null;
        for (String n : bound) if (written.contains(n)) return null;
        return i;
    }

    private void rangeStmt(Ast.ForRange r) {
        Operand n = value(r.range());
        if (n.type() instanceof GoType.Chan)
            throw SourceError.notSupported(r.pos(), "range over a channel is",
                    "the model's receive cannot tell a closed channel; loop on v := <-ch and signal the end on a done channel");
        if (!GoType.isInteger(n.type())) throw new SourceError(Ast.start(r.range()), "cannot range over " + n.describe());
        if (r.value() != null) throw new SourceError(Ast.start(r.value()), "range over " + n.describe() + " permits only one iteration variable");
        if (r.key() != null && !r.define()) throw SourceError.notSupported(r.pos(), "for ... = range (assigning existing variables) is", "declare the loop variable with :=");
        if (r.key() != null && !(r.key() instanceof Ast.Ident))
            throw new SourceError(Ast.start(r.key()), "non-name " + AstText.of(r.key()) + " on left side of :=");
        GoType type = GoType.defaultType(n.type());
        pushScope();
        FunctionContext.Breakable loop = openLoop(r.pos(), r.body().stmts());
        fn.breakables.push(loop);
        Ast.Ident key = (Ast.Ident) r.key();
        Symbol.Local i = key == null ? null : declare(key, type);
        if (i != null) loop.ownVars.add(i);
        // In Go 1.22 range over an int, the body assigning i does not change the next iteration's value.
        boolean ownCounter = i == null || AstText.assigned(List.of(), r.body()).contains(i.name);
        Symbol.Local counter = ownCounter ? hidden("_", type, r.pos()) : i;
        List<Stmt> prefix = i != null && ownCounter ? List.of(new Stmt.Set(i.placeholder, new Expr.Var(counter.placeholder))) : List.of();
        // With a break, a while loop over a hidden count; declared before the body so nested loops' differ.
        Symbol.Local limit = loop.breakFlag == null ? null : hidden("\u00b7n", type, r.pos());
        List<Stmt> body = lowerInto(() -> block(r.body()));
        fn.breakables.pop();
        popScope();
        if (limit == null) {
            out.add(new Stmt.For(counter.placeholder, n.expr(), loopBody(loop, prefix, body, List.of())));
            return;
        }
        out.add(new Stmt.Set(limit.placeholder, n.expr()));
        out.add(new Stmt.Set(counter.placeholder, new Expr.Const(0)));
        Expr more = new Expr.Binary("<", new Expr.Var(counter.placeholder), new Expr.Var(limit.placeholder));
        Stmt next = new Stmt.Set(counter.placeholder, new Expr.Binary("+", new Expr.Var(counter.placeholder), new Expr.Const(1)));
        List<Stmt> all = new ArrayList<>(loopBody(loop, prefix, body, List.of()));
        all.add(next);
        whileLoop(loop, more, all);
    }

    // ---- select ----

    private void selectStmt(Ast.Select s) {
        FunctionContext.Breakable sel = new FunctionContext.Breakable(false, s.pos(), 0);
        for (Ast.CommClause c : s.clauses())
            if (AstText.branches(c.body(), "break")) sel.breakFlag = sel.breakFlag != null ? sel.breakFlag : hidden("\u00b7break", GoType.BOOL, s.pos());
        List<Stmt.SelectCase> cases = new ArrayList<>();
        List<Stmt> otherwise = List.of();
        boolean hasDefault = false;
        for (Ast.CommClause c : s.clauses()) {
            if (c.comm() == null) {
                hasDefault = true;
                otherwise = clauseBody(sel, c, null);
            } else {
                cases.add(selectCase(sel, c));
            }
        }
        if (sel.breakFlag != null) out.add(new Stmt.Set(sel.breakFlag.placeholder, new Expr.Const(0)));
        out.add(new Stmt.Select(cases, otherwise, hasDefault));
    }

    /** One case: its channel and send value are evaluated here, before the select, as Go does. */
    private Stmt.SelectCase selectCase(FunctionContext.Breakable sel, Ast.CommClause c) {
        Ast.StmtNode comm = c.comm();
        if (comm instanceof Ast.SendStmt snd) {
            Operand ch = value(snd.ch());
            GoType.Chan t = sendable(ch, snd.pos());
            Expr v = convert(value(snd.value()), t.elem(), "send");
            return new Stmt.SelectCase(ch.expr(), v, null, clauseBody(sel, c, null));
        }
        if (comm instanceof Ast.ExprStmt e && AstText.unparen(e.x()) instanceof Ast.Unary u && u.op().equals("<-")) {
            Operand ch = value(u.x());
            receivable(ch, u.pos());
            return new Stmt.SelectCase(ch.expr(), null, null, clauseBody(sel, c, null));
        }
        if (comm instanceof Ast.Assign a && (a.op().equals(":=") || a.op().equals("=")) && a.rhs().size() == 1
                && AstText.unparen(a.rhs().get(0)) instanceof Ast.Unary u && u.op().equals("<-")) {
            if (a.lhs().size() != 1)
                throw SourceError.notSupported(a.pos(), "the two-value receive v, ok := <-ch is", "the model's receive has no ok result");
            Operand ch = value(u.x());
            GoType.Chan t = receivable(ch, u.pos());
            Ast.ExprNode lhs = a.lhs().get(0);
            if (a.op().equals("=")) {
                Symbol.Local target = target(lhs);
                if (target != null) convert(Operand.value(t.elem(), null, a.rhs().get(0)), target.type, "assignment");
                return new Stmt.SelectCase(ch.expr(), null, target == null ? null : target.placeholder, clauseBody(sel, c, null));
            }
            if (!(lhs instanceof Ast.Ident id)) throw new SourceError(Ast.start(lhs), "non-name " + AstText.of(lhs) + " on left side of :=");
            // The received variable belongs to the case's block.
            String[] var = new String[1];
            List<Stmt> body = clauseBody(sel, c, () -> {
                Symbol.Local v = declare(id, GoType.defaultType(t.elem()));
                var[0] = v == null ? null : v.placeholder;
            });
            return new Stmt.SelectCase(ch.expr(), null, var[0], body);
        }
        throw new SourceError(comm.pos(), "select case must be a receive, a send or an assignment of a receive");
    }

    private List<Stmt> clauseBody(FunctionContext.Breakable sel, Ast.CommClause c, Runnable declare) {
        return lowerInto(() -> {
            pushScope();
            if (declare != null) declare.run();
            fn.breakables.push(sel);
            statements(c.body(), 0);
            fn.breakables.pop();
            popScope();
        });
    }

    // ---- break and continue ----

    private void branch(Ast.Branch b) {
        FunctionContext.Breakable target = null;
        for (FunctionContext.Breakable x : fn.breakables) {
            if (b.keyword().equals("break") || x.loop) {
                target = x;
                break;
            }
        }
        if (target == null)
            throw new SourceError(b.pos(), b.keyword() + " is not in a " + (b.keyword().equals("break") ? "loop or select" : "loop"));
        if (b.keyword().equals("break")) {
            target.breaks++;
            out.add(new Stmt.Set(target.breakFlag.placeholder, new Expr.Const(1)));
        } else {
            target.continues++;
            out.add(new Stmt.Set(target.continueFlag.placeholder, new Expr.Const(1)));
        }
    }
}
