package org.gmplab.scenario.gosrc;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.gmplab.scenario.Expr;
import org.gmplab.scenario.Stmt;

/**
 * Lowers Go's simple statements: declarations, assignments, sends, and calls, including {@code go}
 * and {@code defer}. Control flow is {@link FunctionLowering}'s.
 *
 * <p>Assignments keep Go's order: every right-hand side is evaluated before any variable is assigned,
 * so {@code a, b = b, a} goes through hidden temporaries; a single {@code x := <-ch} or
 * {@code ch := make(chan int)} becomes one {@link Stmt.Recv} or {@link Stmt.MakeChan} into the variable.
 */
abstract class StmtLowering extends ExprLowering {

    StmtLowering(GoCompiler compiler, FunctionContext fn, Scope scope) { super(compiler, fn, scope); }

    abstract void stmt(Ast.StmtNode s);

    void pushScope() { scope = new Scope(scope, fn); }

    void popScope() { scope = scope.parent; }

    /** Runs {@code lower} with a fresh statement list and returns what it emitted. */
    List<Stmt> lowerInto(Runnable lower) {
        List<Stmt> saved = out;
        out = new ArrayList<>();
        try {
            lower.run();
            return out;
        } finally {
            out = saved;
        }
    }

    // ---- variables ----

    /** Declares a variable of this function in the current block; null for {@code _}. */
    Symbol.Local declare(Ast.Ident id, GoType type) {
        if (id.name().equals("_")) return null;
        Symbol prev = scope.local(id.name());
        if (prev != null) throw new SourceError(id.pos(), id.name() + " redeclared in this block");
        Symbol.Local l = compiler.newLocal(id.name(), type, id.pos(), fn, fn.loopDepth(), null, false, false, liveLocals());
        scope.declare(id.name(), l);
        return l;
    }

    /** The variable an assignment writes, checked as a write; null for {@code _}. */
    Symbol.Local target(Ast.ExprNode lhs) {
        Ast.ExprNode e = AstText.unparen(lhs);
        if (!(e instanceof Ast.Ident id)) throw new SourceError(Ast.start(lhs), "cannot assign to " + AstText.of(lhs) + " (neither addressable nor a map index expression)");
        if (id.name().equals("_")) return null;
        Symbol s = lookup(id);
        if (s instanceof Symbol.Local l) {
            write(l, id.pos());
            return l;
        }
        if (s instanceof Symbol.Global g)
            throw SourceError.notSupported(id.pos(), "assigning to the package-level " + g.type() + " " + id.name() + " is",
                    "package-level objects are made once; use a local variable");
        Operand o = expr(id);
        throw new SourceError(id.pos(), "cannot assign to " + o.describe());
    }

    /**
     * Records a write to {@code l}, refusing the ones the by-value capture of goroutine literals would
     * get wrong: a literal assigning a captured variable, or the enclosing function assigning a variable
     * after a go statement captured it (except a loop's own variable in its post statement: Go 1.22 gives
     * each iteration a fresh one).
     */
    void write(Symbol.Local l, Pos at) {
        if (l.captureOf != null) {
            String from = l.captureOf.owner.modelName;
            throw SourceError.notSupported(at, "assigning to " + l.name + ", which this function literal captures from " + from + ", is",
                    "the literal runs as its own function with a copy of " + l.name + " (the model has no shared variables); "
                            + "pass values in as arguments and results back over a channel");
        }
        Pos goAt = fn.capturedByGo.get(l);
        if (goAt != null && !(fn.inPostOf != null && fn.inPostOf.ownVars.contains(l)))
            throw SourceError.notSupported(at, "assigning to " + l.name + " after the go statement at line " + goAt.line() + " captured it is",
                    "the goroutine got a copy of " + l.name + " when it started (the model has no shared variables); "
                            + "pass the value as an argument or send it over a channel");
        for (FunctionContext.Breakable b : fn.breakables) if (b.loop) b.writes.putIfAbsent(l, at);
    }

    // ---- declarations ----

    void varDecl(Ast.VarDecl d) {
        GoType declared = d.type() == null ? null : type(d.type());
        if (declared instanceof GoType.SyncObject so) {
            if (!d.values().isEmpty()) throw new SourceError(d.values().get(0).pos(), "a " + so + " cannot be assigned a value; declare it with var " + d.names().get(0).name() + " " + so);
            for (Ast.Ident id : d.names()) syncVar(id, so);
            return;
        }
        int n = d.names().size();
        if (d.values().isEmpty()) {
            for (Ast.Ident id : d.names()) {
                Symbol.Local l = declare(id, declared);
                if (l != null) out.add(new Stmt.Set(l.placeholder, new Expr.Const(0))); // the zero value (nil for channels)
            }
            return;
        }
        if (d.values().size() != n) throw mismatch(d.pos(), n, d.values().size());
        List<Rhs> values = rhs(d.values());
        List<Symbol.Local> targets = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            GoType t = declared != null ? declared : newVarType(values.get(i), d.names().get(i));
            if (declared != null) check(values.get(i), declared, "variable declaration");
            targets.add(declare(d.names().get(i), t));
        }
        for (int i = 0; i < n; i++) emitInto(targets.get(i), values.get(i));
    }

    /**
     * A {@code sync.WaitGroup} or {@code sync.Mutex} declared in a function. The model makes these objects
     * once, at package level, so one declared in main outside loops (which runs once) is lifted there;
     * anywhere else each call would need a new one.
     */
    private void syncVar(Ast.Ident id, GoType.SyncObject so) {
        if (!fn.isMain || fn.loopDepth() > 0)
            throw SourceError.notSupported(id.pos(), "a " + so + " declared in " + (fn.isMain ? "a loop" : fn.isLiteral() ? "a function literal" : "a function other than main") + " is",
                    "the model makes wait groups and mutexes once; declare it at package level or in main, outside loops");
        if (id.name().equals("_")) return;
        if (scope.local(id.name()) != null) throw new SourceError(id.pos(), id.name() + " redeclared in this block");
        Symbol.Global g = compiler.addGlobal(id.name(), so, id.pos(), null);
        scope.declare(id.name(), g);
    }

    void constDecl(Ast.ConstDecl d) {
        if (d.values().size() != d.names().size()) throw mismatch(d.pos(), d.names().size(), d.values().size());
        List<Symbol.Constant> cs = new ArrayList<>();
        for (int i = 0; i < d.names().size(); i++) cs.add(compiler.constantValue(this, d.names().get(i), d.type(), d.values().get(i)));
        for (int i = 0; i < cs.size(); i++) {
            Ast.Ident id = d.names().get(i);
            if (id.name().equals("_")) continue;
            if (scope.local(id.name()) != null) throw new SourceError(id.pos(), id.name() + " redeclared in this block");
            scope.declare(id.name(), cs.get(i));
        }
    }

    private static SourceError mismatch(Pos at, int vars, int values) {
        return new SourceError(at, "assignment mismatch: " + vars + (vars == 1 ? " variable" : " variables") + " but " + values + (values == 1 ? " value" : " values"));
    }

    // ---- assignments ----

    /** A right-hand side: a make or receive that can go straight into its variable, or a value. */
    sealed interface Rhs {
        GoType type();
        Ast.ExprNode node();
    }

    record MakeRhs(MakeArgs make, Ast.ExprNode node) implements Rhs {
        public GoType type() { return make.type(); }
    }

    record RecvRhs(Expr ch, GoType type, Ast.ExprNode node) implements Rhs {}

    record ValueRhs(Operand value) implements Rhs {
        public GoType type() { return value.type(); }
        public Ast.ExprNode node() { return value.node(); }
    }

    /**
     * Lowers right-hand sides in order. A make or receive at the top goes straight into its variable
     * when nothing else on the right side has effects to order it against.
     */
    List<Rhs> rhs(List<Ast.ExprNode> exprs) {
        boolean direct = exprs.size() == 1;
        if (!direct) {
            direct = true;
            for (Ast.ExprNode e : exprs) if (innerEffects(e)) direct = false;
        }
        List<Rhs> out = new ArrayList<>();
        for (Ast.ExprNode e : exprs) out.add(direct ? directRhs(e) : new ValueRhs(value(e)));
        return out;
    }

    private boolean innerEffects(Ast.ExprNode e) {
        Ast.ExprNode x = AstText.unparen(e);
        if (x instanceof Ast.Unary u && u.op().equals("<-")) return AstText.hasEffects(u.x());
        if (x instanceof Ast.Call c && isMake(c)) return c.args().stream().anyMatch(AstText::hasEffects);
        return AstText.hasEffects(x);
    }

    private boolean isMake(Ast.Call c) {
        return AstText.unparen(c.fun()) instanceof Ast.Ident id && scope.lookup(id.name()) instanceof Symbol.Builtin b && b.name().equals("make");
    }

    private Rhs directRhs(Ast.ExprNode e) {
        Ast.ExprNode x = AstText.unparen(e);
        if (x instanceof Ast.Call c && isMake(c)) return new MakeRhs(makeArgs(c), e);
        if (x instanceof Ast.Unary u && u.op().equals("<-")) {
            Operand ch = value(u.x());
            return new RecvRhs(ch.expr(), receivable(ch, u.pos()).elem(), e);
        }
        return new ValueRhs(value(e));
    }

    private GoType newVarType(Rhs r, Ast.Ident name) {
        GoType t = GoType.defaultType(r.type());
        if (t == null) throw new SourceError(Ast.start(r.node()), "use of untyped nil in assignment to " + name.name());
        if (t instanceof GoType.SyncObject so)
            throw new SourceError(Ast.start(r.node()), "cannot copy " + so + " " + AstText.of(r.node()) + " into " + name.name() + "; use &" + AstText.of(r.node()));
        return t;
    }

    private Expr check(Rhs r, GoType to, String context) {
        Operand o = r instanceof ValueRhs v ? v.value() : Operand.value(r.type(), null, r.node());
        return convert(o, to, context);
    }

    /** Emits {@code target = r} ({@code target} null for {@code _}). */
    void emitInto(Symbol.Local target, Rhs r) {
        String v = target == null ? null : target.placeholder;
        if (r instanceof MakeRhs m) {
            if (v != null) out.add(new Stmt.MakeChan(v, m.make().capacity()));
        } else if (r instanceof RecvRhs rc) {
            out.add(new Stmt.Recv(rc.ch(), v));
        } else if (v != null) {
            out.add(new Stmt.Set(v, ((ValueRhs) r).value().expr()));
        }
    }

    void assign(Ast.Assign a) {
        if (!a.op().equals("=") && !a.op().equals(":=")) {
            compound(a);
            return;
        }
        int n = a.lhs().size(), m = a.rhs().size();
        if (n != m) {
            if (n == 2 && m == 1 && AstText.unparen(a.rhs().get(0)) instanceof Ast.Unary u && u.op().equals("<-"))
                throw SourceError.notSupported(a.pos(), "the two-value receive v, ok := <-ch is",
                        "the model's receive has no ok result; signal the end with a separate done channel");
            throw mismatch(a.pos(), n, m);
        }
        boolean define = a.op().equals(":=");
        // For :=, a name already declared in this block is assigned, the others are new variables.
        boolean[] fresh = new boolean[n];
        Set<String> seen = new HashSet<>(), existing = new HashSet<>();
        boolean anyNew = false;
        for (int i = 0; i < n; i++) {
            Ast.ExprNode l = a.lhs().get(i);
            if (!(l instanceof Ast.Ident id)) {
                if (define) throw new SourceError(Ast.start(l), "non-name " + AstText.of(l) + " on left side of :=");
                if (AstText.unparen(l) instanceof Ast.Ident pid) existing.add(pid.name());
                continue;
            }
            if (id.name().equals("_")) continue;
            if (define && !seen.add(id.name())) throw new SourceError(id.pos(), id.name() + " repeated on left side of :=");
            fresh[i] = define && scope.local(id.name()) == null;
            anyNew |= fresh[i];
            if (!fresh[i]) existing.add(id.name());
        }
        if (define && !anyNew) throw new SourceError(a.pos(), "no new variables on left side of :=");
        List<Rhs> values = rhs(a.rhs());
        Symbol.Local[] targets = new Symbol.Local[n];
        GoType[] types = new GoType[n];
        for (int i = 0; i < n; i++) {
            if (fresh[i]) {
                types[i] = newVarType(values.get(i), (Ast.Ident) a.lhs().get(i));
            } else {
                targets[i] = target(a.lhs().get(i));
                if (targets[i] != null) {
                    check(values.get(i), targets[i].type, "assignment");
                    types[i] = targets[i].type;
                } else if (values.get(i) instanceof ValueRhs v && v.value().isNil()) {
                    throw new SourceError(Ast.start(v.node()), "use of untyped nil in assignment");
                }
            }
        }
        // Parallel assignment: if a right side reads a variable assigned on the left, go through temporaries.
        boolean cross = n > 1 && a.rhs().stream().anyMatch(r -> AstText.mentions(r, existing));
        Symbol.Local[] temps = new Symbol.Local[n];
        if (cross) {
            for (int i = 0; i < n; i++) {
                if (types[i] != null) temps[i] = hidden("\u00b7tmp", types[i], a.pos());
                emitInto(temps[i], values.get(i)); // a blank target still receives
            }
        }
        for (int i = 0; i < n; i++) if (fresh[i]) targets[i] = declare((Ast.Ident) a.lhs().get(i), types[i]);
        for (int i = 0; i < n; i++) {
            if (!cross) emitInto(targets[i], values.get(i));
            else if (targets[i] != null) out.add(new Stmt.Set(targets[i].placeholder, new Expr.Var(temps[i].placeholder)));
        }
    }

    /** {@code x op= y}: Go counts it as a write of x, not a use. */
    private void compound(Ast.Assign a) {
        if (a.lhs().size() != 1 || a.rhs().size() != 1)
            throw new SourceError(a.pos(), "assignment operation " + a.op() + " requires single-valued expressions");
        String op = a.op().substring(0, a.op().length() - 1);
        Ast.ExprNode l = a.lhs().get(0);
        if (AstText.unparen(l) instanceof Ast.Ident id && id.name().equals("_")) throw new SourceError(id.pos(), "cannot use _ as value");
        Symbol.Local t = target(l);
        boolean used = t.used;
        Operand v = value(new Ast.Binary(a.pos(), op, l, a.rhs().get(0)));
        t.used = used;
        out.add(new Stmt.Set(t.placeholder, convert(v, t.type, "assignment")));
    }

    void incDec(Ast.IncDec s) {
        Ast.ExprNode l = s.target();
        if (AstText.unparen(l) instanceof Ast.Ident id && id.name().equals("_")) throw new SourceError(id.pos(), "cannot use _ as value");
        Symbol.Local t = target(l);
        if (!GoType.isInteger(t.type))
            throw new SourceError(s.pos(), "invalid operation: " + AstText.of(l) + (s.inc() ? "++" : "--") + " (non-numeric type " + t.type + ")");
        out.add(new Stmt.Set(t.placeholder, new Expr.Binary(s.inc() ? "+" : "-", new Expr.Var(t.placeholder), new Expr.Const(1))));
    }

    void send(Ast.SendStmt s) {
        Operand ch = value(s.ch());
        GoType.Chan c = sendable(ch, s.pos());
        Operand v = value(s.value());
        out.add(new Stmt.Send(ch.expr(), convert(v, c.elem(), "send")));
    }

    void exprStmt(Ast.ExprStmt s) {
        Ast.ExprNode x = AstText.unparen(s.x());
        if (x instanceof Ast.Call c) {
            out.add(Calls.prepare(this, c, "").build());
        } else if (x instanceof Ast.Unary u && u.op().equals("<-")) {
            Operand ch = value(u.x());
            receivable(ch, u.pos());
            out.add(new Stmt.Recv(ch.expr(), null));
        } else {
            Operand o = expr(s.x());
            throw new SourceError(Ast.start(s.x()), o.describe() + " is not used");
        }
    }
}
