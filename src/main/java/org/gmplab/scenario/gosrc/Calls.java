package org.gmplab.scenario.gosrc;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.gmplab.scenario.Expr;
import org.gmplab.scenario.Stmt;

/**
 * Calls: to declared functions, to the scenario intrinsics, to the runtime/sync/time functions the
 * subset has, to {@code close}, and to the methods of {@code sync.WaitGroup} and {@code sync.Mutex};
 * and the {@code go} and {@code defer} statements, which lift function literals into functions of
 * their own (see {@link FunctionContext}).
 */
final class Calls {
    private Calls() { }

    /** A checked call: its arguments (a method's receiver first) and how to make its statement from them. */
    record Prepared(List<Expr> args, Function<List<Expr>, Stmt> make, Symbol.Func user) {
        Stmt build() { return make.apply(args); }
    }

    /**
     * Checks the call {@code c} and lowers its arguments. {@code keyword} is "", "go" or "defer": calls of
     * things that have a result are refused as Go refuses them there.
     */
    static Prepared prepare(StmtLowering l, Ast.Call c, String keyword) {
        Ast.ExprNode f = AstText.unparen(c.fun());
        if (f instanceof Ast.FuncLit)
            throw SourceError.notSupported(f.pos(), "calling a function literal directly is", "use go func() {...}() or defer func() {...}(), or declare a function");
        if (f instanceof Ast.Selector s && !(AstText.unparen(s.x()) instanceof Ast.Ident id && l.scope.lookup(id.name()) instanceof Symbol.Package))
            return method(l, c, s);
        Operand callee = l.expr(c.fun());
        if (callee.mode() == Operand.Mode.TYPE)
            throw resultUnused(c, keyword, callee.type());
        if (callee.symbol() instanceof Symbol.Func fn) {
            if (fn.name().equals("main")) throw SourceError.notSupported(c.fun().pos(), "calling main is", null);
            List<Expr> args = args(l, c, fn.params(), fn.name());
            return new Prepared(args, as -> new Stmt.Call(fn.name(), as), fn);
        }
        if (callee.symbol() instanceof Symbol.Builtin b) return builtin(l, c, b, keyword);
        Operand v = l.value(c.fun());
        throw new SourceError(c.fun().pos(), "invalid operation: cannot call non-function " + v.describe());
    }

    private static SourceError resultUnused(Ast.Call c, String keyword, GoType result) {
        if (keyword.isEmpty()) return new SourceError(Ast.start(c), AstText.of(c) + " (value of type " + result + ") is not used");
        return new SourceError(Ast.start(c), keyword + " discards result of " + AstText.of(c));
    }

    private static Prepared builtin(StmtLowering l, Ast.Call c, Symbol.Builtin b, String keyword) {
        switch (b.name()) {
            case "work", "syscall", "netread", "time.Sleep" -> {
                List<Expr> a = args(l, c, List.of(GoType.DURATION), b.name());
                if (!b.name().equals("time.Sleep") && a.get(0) instanceof Expr.Const k && k.value() < 0)
                    throw new SourceError(Ast.start(c.args().get(0)), "a duration cannot be negative: " + b.name() + "(" + AstText.of(c.args().get(0)) + ") is " + k.value() + "ns");
                return new Prepared(a, as -> switch (b.name()) {
                    case "work" -> new Stmt.Work(as.get(0));
                    case "syscall" -> new Stmt.Syscall(as.get(0));
                    case "netread" -> new Stmt.NetRead(as.get(0));
                    default -> new Stmt.Sleep(as.get(0));
                }, null);
            }
            case "runtime.Gosched" -> {
                return new Prepared(args(l, c, List.of(), b.name()), as -> new Stmt.Gosched(), null);
            }
            case "runtime.GOMAXPROCS" -> {
                return new Prepared(args(l, c, List.of(GoType.INT), b.name()), as -> new Stmt.Gomaxprocs(as.get(0)), null);
            }
            case "close" -> {
                if (c.args().size() != 1) throw argCount(c, "close", List.of(GoType.INT), c.args().size(), null);
                Operand ch = l.value(c.args().get(0));
                if (!(ch.type() instanceof GoType.Chan t))
                    throw new SourceError(Ast.start(c.args().get(0)), "invalid operation: cannot close non-channel " + ch.describe());
                if (!t.canSend())
                    throw new SourceError(Ast.start(c.args().get(0)), "invalid operation: cannot close receive-only channel " + ch.describe());
                return new Prepared(List.of(ch.expr()), as -> new Stmt.Close(as.get(0)), null);
            }
            case "make" -> throw resultUnused(c, keyword, l.makeArgs(c).type());
            default -> throw SourceError.notSupported(c.fun().pos(), b.name() + " is", Universe.builtinHint(b.name()));
        }
    }

    private static Prepared method(StmtLowering l, Ast.Call c, Ast.Selector s) {
        Operand recv = l.value(s.x());
        GoType.SyncKind kind = recv.type() instanceof GoType.SyncObject so ? so.kind()
                : recv.type() instanceof GoType.Pointer p ? p.kind() : null;
        String m = s.sel().name();
        String text = AstText.of(s);
        if (kind == null)
            throw new SourceError(s.sel().pos(), text + " undefined (type " + recv.type() + " has no field or method " + m + ")");
        List<Expr> args = new ArrayList<>();
        args.add(recv.expr());
        if (kind == GoType.SyncKind.WAIT_GROUP) {
            switch (m) {
                case "Add" -> {
                    args.addAll(args(l, c, List.of(GoType.INT), text));
                    return new Prepared(args, as -> new Stmt.WgAdd(as.get(0), as.get(1)), null);
                }
                case "Done" -> {
                    args(l, c, List.of(), text);
                    return new Prepared(args, as -> new Stmt.WgDone(as.get(0)), null);
                }
                case "Wait" -> {
                    args(l, c, List.of(), text);
                    return new Prepared(args, as -> new Stmt.WgWait(as.get(0)), null);
                }
                case "Go" -> throw SourceError.notSupported(s.sel().pos(), text + " is", "write wg.Add(1) and go func() { defer wg.Done(); ... }()");
                default -> { }
            }
        } else {
            switch (m) {
                case "Lock" -> {
                    args(l, c, List.of(), text);
                    return new Prepared(args, as -> new Stmt.Lock(as.get(0)), null);
                }
                case "Unlock" -> {
                    args(l, c, List.of(), text);
                    return new Prepared(args, as -> new Stmt.Unlock(as.get(0)), null);
                }
                case "TryLock" -> throw SourceError.notSupported(s.sel().pos(), text + " is", null);
                default -> { }
            }
        }
        throw new SourceError(s.sel().pos(), text + " undefined (type " + recv.type() + " has no field or method " + m + ")");
    }

    /** Lowers and checks arguments against parameter types, with Go's have/want message on a count mismatch. */
    static List<Expr> args(StmtLowering l, Ast.Call c, List<GoType> params, String callee) {
        List<Operand> have = new ArrayList<>();
        for (Ast.ExprNode a : c.args()) have.add(l.value(a));
        if (have.size() != params.size()) {
            List<GoType> types = new ArrayList<>();
            for (Operand o : have) types.add(o.type());
            throw argCount(c, callee, params, have.size(), types);
        }
        List<Expr> out = new ArrayList<>();
        for (int i = 0; i < params.size(); i++) out.add(l.convert(have.get(i), params.get(i), "argument to " + callee));
        return out;
    }

    private static SourceError argCount(Ast.Call c, String callee, List<GoType> want, int n, List<GoType> have) {
        boolean few = n < want.size();
        Pos at = few ? c.rparen() : Ast.start(c.args().get(want.size()));
        String msg = (few ? "not enough" : "too many") + " arguments in call to " + callee;
        if (have != null) msg += ": have " + tuple(have) + ", want " + tuple(want);
        return new SourceError(at, msg);
    }

    private static String tuple(List<GoType> ts) {
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < ts.size(); i++) {
            if (i > 0) b.append(", ");
            GoType t = ts.get(i);
            b.append(t == GoType.UNTYPED_INT ? "number" : t == GoType.UNTYPED_BOOL ? "bool" : t.toString());
        }
        return b.append(')').toString();
    }

    // ---- go and defer ----

    static void goStmt(StmtLowering l, Ast.GoStmt g) {
        Ast.Call c = g.call();
        if (AstText.unparen(c.fun()) instanceof Ast.FuncLit lit) {
            Lifted f = lift(l, c, lit, FunctionContext.Kind.GO_LITERAL);
            for (Symbol.Local s : f.captured()) {
                checkLoopWrites(l.fn, s, g.pos());
                l.fn.capturedByGo.putIfAbsent(s, g.pos());
            }
            l.out.add(new Stmt.Go(f.name(), f.allArgs()));
            return;
        }
        Prepared p = prepare(l, c, "go");
        if (p.user() == null)
            throw SourceError.notSupported(g.pos(), "go " + AstText.of(c) + " is",
                    "go needs a function declared in the file or a function literal: go func() { " + AstText.of(c) + " }()");
        l.out.add(new Stmt.Go(p.user().name(), p.args()));
    }

    /**
     * A goroutine that captures {@code s} by value is wrong if an enclosing loop assigns {@code s} on
     * every iteration (the next iteration's write would be invisible to it); the loop's own Go 1.22
     * per-iteration variables, declared inside the loop, are fine.
     */
    private static void checkLoopWrites(FunctionContext fn, Symbol.Local s, Pos goAt) {
        for (FunctionContext.Breakable loop : fn.loops()) {
            Pos w = loop.writes.get(s);
            if (w != null && s.loopDepth < loop.depth)
                throw SourceError.notSupported(goAt, "a goroutine capturing " + s.name + ", which the loop at line " + loop.pos.line()
                                + " assigns (line " + w.line() + "), is",
                        "the goroutine would get a copy of " + s.name + " (the model has no shared variables); pass it as an argument: go func("
                                + s.name + " " + s.type + ") {...}(" + s.name + ")");
        }
    }

    /**
     * {@code defer call}: the call's arguments are evaluated now (copied into hidden variables if they
     * could change before the function returns); the call runs at every return, last deferred first.
     * A defer inside an if or select block also sets a flag, tested at each return.
     */
    static void deferStmt(StmtLowering l, Ast.DeferStmt d) {
        FunctionContext fn = l.fn;
        if (fn.loopDepth() > 0)
            throw SourceError.notSupported(d.pos(), "defer inside a for loop is", "each iteration would defer another call; move it out of the loop");
        boolean conditional = l.scope != fn.top;
        Ast.Call c = d.call();
        Stmt call;
        if (AstText.unparen(c.fun()) instanceof Ast.FuncLit lit) {
            Lifted f = lift(l, c, lit, FunctionContext.Kind.DEFER_LITERAL);
            List<Expr> args = new ArrayList<>(snapshot(l, f.args(), conditional, d.pos()));
            for (Symbol.Local s : f.captured()) {
                // The literal reads captured variables when it runs, at the return: they must still be there.
                if (conditional && !s.param && s.owner.top.local(s.name) != s)
                    throw SourceError.notSupported(d.pos(), "a deferred function literal in a block that captures " + s.name + " from that block is",
                            "move the defer to the top level of the function");
                args.add(new Expr.Var(s.placeholder));
            }
            call = new Stmt.Call(f.name(), args);
        } else {
            Prepared p = prepare(l, c, "defer");
            call = p.make().apply(snapshot(l, p.args(), conditional, d.pos()));
        }
        Symbol.Local flag = null;
        if (conditional) {
            flag = l.hiddenToEnd("\u00b7defer", GoType.BOOL, d.pos());
            fn.prologue.add(new Stmt.Set(flag.placeholder, new Expr.Const(0)));
            l.out.add(new Stmt.Set(flag.placeholder, new Expr.Const(1)));
        }
        fn.defers.add(new FunctionContext.Deferred(List.of(call), flag));
    }

    /** Deferred arguments keep the value they have at the defer statement. */
    private static List<Expr> snapshot(StmtLowering l, List<Expr> args, boolean conditional, Pos at) {
        List<Expr> out = new ArrayList<>();
        for (Expr e : args) {
            if (e instanceof Expr.Const || !conditional && stable(e, l.fn)) {
                out.add(e);
            } else {
                Symbol.Local copy = l.hiddenToEnd("\u00b7arg", GoType.INT, at);
                l.out.add(new Stmt.Set(copy.placeholder, e));
                out.add(new Expr.Var(copy.placeholder));
            }
        }
        return out;
    }

    /** True if no variable {@code e} reads is ever assigned in the function (package-level objects never are). */
    private static boolean stable(Expr e, FunctionContext fn) {
        if (e instanceof Expr.Var v) {
            if (!Symbol.Local.isPlaceholder(v.name())) return true;
            String name = v.name().substring(v.name().lastIndexOf('\u0001') + 1);
            return !name.startsWith("\u00b7") && !fn.assignedNames.contains(name);
        }
        if (e instanceof Expr.Unary u) return stable(u.operand(), fn);
        if (e instanceof Expr.Binary b) return stable(b.left(), fn) && stable(b.right(), fn);
        return true;
    }

    /** A lifted literal: its name, its own arguments, and the enclosing function's variables it captured. */
    record Lifted(String name, List<Expr> args, List<Symbol.Local> captured) {
        List<Expr> allArgs() {
            List<Expr> all = new ArrayList<>(args);
            for (Symbol.Local s : captured) all.add(new Expr.Var(s.placeholder));
            return all;
        }
    }

    private static Lifted lift(StmtLowering l, Ast.Call c, Ast.FuncLit lit, FunctionContext.Kind kind) {
        List<GoType> params = new ArrayList<>();
        for (Ast.Param p : lit.params()) params.add(FunctionLowering.paramType(l, p));
        List<Expr> args = args(l, c, params, "function literal");
        String name = l.fn.nextLiteralName();
        FunctionContext child = new FunctionContext(name, l.fn, kind, AstText.assigned(AstText.paramNames(lit.params()), lit.body()));
        FunctionLowering.literal(l.compiler, child, l.scope, lit, params);
        return new Lifted(name, args, new ArrayList<>(child.captures.keySet()));
    }
}
