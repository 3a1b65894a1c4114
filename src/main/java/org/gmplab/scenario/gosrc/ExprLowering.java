package org.gmplab.scenario.gosrc;

import java.math.BigInteger;
import java.util.List;

import org.gmplab.scenario.Expr;
import org.gmplab.scenario.Stmt;

/**
 * Type-checks Go expressions and lowers them to the model's integer {@link Expr}s, as Go's type checker
 * would: untyped constants take the type their context needs, constant expressions are folded (so
 * {@code 2 * time.Millisecond} is the constant 2000000), {@code int} and {@code time.Duration} do not
 * mix without a conversion, conditions must be {@code bool}.
 *
 * <p>A receive {@code <-ch} inside an expression becomes a {@link Stmt.Recv} into a hidden variable,
 * emitted before the statement that uses it: Go evaluates receives left to right before the operators
 * that combine them, and the model's expressions have no other effects, so this keeps the meaning.
 * Where Go might not evaluate the operand at all (right of {@code &&} and {@code ||}) or evaluates it
 * again on every iteration (a loop condition), that is refused.
 *
 * <p>With no function ({@link #fn} null) this checks package-level constant expressions.
 */
class ExprLowering extends LoweringBase {

    /** Where a receive would not be evaluated exactly once, and why, or null if it would be. */
    private String noEffects, noEffectsWhy;

    ExprLowering(GoCompiler compiler, FunctionContext fn, Scope scope) { super(compiler, fn, scope); }

    // ---- expressions ----

    /** A value: a constant, variable or computed value (not a type, package or function). */
    Operand value(Ast.ExprNode e) {
        Operand x = expr(e);
        switch (x.mode()) {
            case TYPE -> throw new SourceError(e.pos(), AstText.of(e) + " (type) is not an expression");
            case CALLABLE -> {
                if (x.symbol() instanceof Symbol.Builtin b && !b.intrinsic())
                    throw new SourceError(e.pos(), AstText.of(e) + " (built-in function) must be called");
                throw SourceError.notSupported(e.pos(), "function values are", "call " + AstText.of(e) + "(...)");
            }
            default -> { }
        }
        return x;
    }

    /** A value of type bool (for if and for). */
    Operand condition(Ast.ExprNode e, String where) {
        Operand x = value(e);
        if (!GoType.isBool(x.type())) throw new SourceError(Ast.start(e), "non-boolean condition in " + where + ": " + x.describe());
        return x;
    }

    Operand expr(Ast.ExprNode e) {
        if (e instanceof Ast.Ident id) return ident(id);
        if (e instanceof Ast.IntLit lit) {
            if (lit.value().bitLength() > 63)
                throw new SourceError(lit.pos(), "integer constant " + lit.text() + " does not fit in 64 bits");
            return Operand.constant(GoType.UNTYPED_INT, lit.value().longValue(), lit);
        }
        if (e instanceof Ast.Unary || e instanceof Ast.Binary) {
            BigInteger v = exact(e);
            if (v != null) {
                if (v.bitLength() > 63) throw new SourceError(e.pos(), "constant overflow: " + AstText.of(e) + " does not fit in 64 bits");
                return Operand.constant(GoType.UNTYPED_INT, v.longValue(), e);
            }
        }
        if (e instanceof Ast.OtherLit lit) throw literal(lit);
        if (e instanceof Ast.Paren p) {
            Operand x = expr(p.x());
            return new Operand(x.mode(), x.type(), x.expr(), x.constant(), x.symbol(), e);
        }
        if (e instanceof Ast.Selector s) return selector(s);
        if (e instanceof Ast.Call c) return callValue(c);
        if (e instanceof Ast.Unary u) return unary(u);
        if (e instanceof Ast.Binary b) return binary(b);
        if (e instanceof Ast.FuncLit f)
            throw SourceError.notSupported(f.pos(), "function literals are", "only in go func(){...}() and defer func(){...}()");
        if (e instanceof Ast.TypeExpr t) return new Operand(Operand.Mode.TYPE, type(t.type()), null, null, null, e);
        return Operand.value(GoType.EMPTY_STRUCT, new Expr.Const(0), e); // struct{}{}
    }

    /** Go's compiler keeps untyped constants to 512 bits; beyond that, {@link #exact} leaves the overflow to the 64-bit folding. */
    private static final int EXACT_BITS = 512;

    /**
     * The exact value of an untyped integer constant expression (integer literals, untyped integer
     * constants, the integer operators), or null if {@code e} is anything else. Go computes these exactly
     * and checks the range only once a value is used, so {@code 1<<63 - 1} and {@code -9223372036854775808}
     * are int64s though a step on the way to them is not. The model's constants are 64-bit, so the whole
     * expression is folded here first; typed constants ({@code int(1) << 63}, {@code time.Hour * 1e10}) overflow
     * at each step, as in Go, through the 64-bit folding in {@link #binary} and {@link #unary}.
     */
    private BigInteger exact(Ast.ExprNode e) {
        if (e instanceof Ast.IntLit lit) return lit.value();
        if (e instanceof Ast.Paren p) return exact(p.x());
        if (e instanceof Ast.Ident id) {
            Symbol s = id.name().equals("_") ? null : scope.lookup(id.name());
            if (s instanceof Symbol.PendingConstant p) s = compiler.constant(p);
            return s instanceof Symbol.Constant c && c.type() == GoType.UNTYPED_INT ? BigInteger.valueOf(c.value()) : null;
        }
        if (e instanceof Ast.Unary u) {
            BigInteger x = exact(u.x());
            if (x == null) return null;
            return switch (u.op()) {
                case "+" -> x;
                case "-" -> x.negate();
                case "^" -> x.not();
                default -> null;
            };
        }
        if (!(e instanceof Ast.Binary b)) return null;
        BigInteger x = exact(b.x());
        BigInteger y = x == null ? null : exact(b.y());
        if (y == null) return null;
        boolean shift = b.op().equals("<<") || b.op().equals(">>");
        if (shift && (y.signum() < 0 || y.compareTo(BigInteger.valueOf(EXACT_BITS)) > 0)) return null;
        if ((b.op().equals("/") || b.op().equals("%")) && y.signum() == 0) return null;
        BigInteger r = switch (b.op()) {
            case "+" -> x.add(y);
            case "-" -> x.subtract(y);
            case "*" -> x.multiply(y);
            case "/" -> x.divide(y);      // truncated, as Go's
            case "%" -> x.remainder(y);
            case "&" -> x.and(y);
            case "|" -> x.or(y);
            case "^" -> x.xor(y);
            case "&^" -> x.andNot(y);
            case "<<" -> x.shiftLeft(y.intValue());
            case ">>" -> x.shiftRight(y.intValue());
            default -> null;               // comparisons and logic: not an integer
        };
        return r == null || r.bitLength() > EXACT_BITS ? null : r;
    }

    private static SourceError literal(Ast.OtherLit lit) {
        return switch (lit.kind()) {
            case FLOAT -> SourceError.notSupported(lit.pos(), "floating-point numbers are", "values are integers; write durations as 1500 * time.Microsecond");
            case IMAG -> SourceError.notSupported(lit.pos(), "complex numbers are", null);
            case CHAR -> SourceError.notSupported(lit.pos(), "rune literals are", "values are integers");
            default -> SourceError.notSupported(lit.pos(), "strings are", "values are integers; a scenario prints nothing");
        };
    }

    private Operand ident(Ast.Ident id) {
        Symbol s = lookup(id);
        if (s instanceof Symbol.Local l) {
            l.used = true;
            return new Operand(Operand.Mode.VARIABLE, l.type, new Expr.Var(l.placeholder), null, l, id);
        }
        if (s instanceof Symbol.Global g) return new Operand(Operand.Mode.VARIABLE, g.type(), new Expr.Var(g.modelName()), null, g, id);
        if (s instanceof Symbol.Constant c) return new Operand(Operand.Mode.CONSTANT, c.type(), new Expr.Const(c.value()), c.value(), c, id);
        if (s instanceof Symbol.TypeName t) {
            if (t.type() == null) type(new Ast.NamedType(id.pos(), null, id)); // throws "not supported"
            return new Operand(Operand.Mode.TYPE, t.type(), null, null, t, id);
        }
        if (s instanceof Symbol.Func || s instanceof Symbol.Builtin) return new Operand(Operand.Mode.CALLABLE, null, null, null, s, id);
        if (s instanceof Symbol.Package p) {
            if (p.name().equals("syscall") && p.path().equals("syscall"))
                throw new SourceError(id.pos(), "syscall here is the imported package \"syscall\", which hides the syscall(d) intrinsic; remove the import");
            throw new SourceError(id.pos(), "use of package " + p.name() + " without selector");
        }
        Symbol.Unsupported u = (Symbol.Unsupported) s;
        throw SourceError.notSupported(id.pos(), u.name() + " is", u.hint());
    }

    private Operand selector(Ast.Selector s) {
        if (AstText.unparen(s.x()) instanceof Ast.Ident id && !(id.name().equals("_"))) {
            Symbol base = scope.lookup(id.name());
            if (base instanceof Symbol.Package p) {
                Symbol m = Universe.member(p, s.sel());
                if (m instanceof Symbol.Constant c) return new Operand(Operand.Mode.CONSTANT, c.type(), new Expr.Const(c.value()), c.value(), c, s);
                if (m instanceof Symbol.TypeName t) return new Operand(Operand.Mode.TYPE, t.type(), null, null, t, s);
                return new Operand(Operand.Mode.CALLABLE, null, null, null, m, s);
            }
        }
        Operand x = value(s.x());
        if (x.type() instanceof GoType.SyncObject || x.type() instanceof GoType.Pointer)
            throw SourceError.notSupported(s.sel().pos(), "method values are", "call " + AstText.of(s) + "()");
        throw new SourceError(s.sel().pos(), AstText.of(s) + " undefined (type " + x.type() + " has no field or method " + s.sel().name() + ")");
    }

    /** A call used as a value: only conversions and make have one here. */
    private Operand callValue(Ast.Call c) {
        Operand f = expr(c.fun());
        if (f.mode() == Operand.Mode.TYPE) return conversion(f, c);
        if (f.symbol() instanceof Symbol.Builtin b && b.name().equals("make")) {
            MakeArgs m = makeArgs(c);
            Symbol.Local tmp = temp("·chan", m.type(), c.pos(), "a make");
            out.add(new Stmt.MakeChan(tmp.placeholder, m.capacity()));
            return Operand.value(m.type(), new Expr.Var(tmp.placeholder), c);
        }
        if (f.symbol() instanceof Symbol.Builtin b && b.name().equals("runtime.GOMAXPROCS"))
            throw SourceError.notSupported(c.pos(), "the result of runtime.GOMAXPROCS is", "call it as a statement; the scenario's gomaxprocs is in its // gmplab: header");
        if (f.symbol() instanceof Symbol.Builtin b && !b.intrinsic() && !b.name().equals("close"))
            throw SourceError.notSupported(c.fun().pos(), b.name() + " is", Universe.builtinHint(b.name()));
        throw new SourceError(c.fun().pos(), AstText.of(c) + " (no value) used as value");
    }

    private Operand conversion(Operand to, Ast.Call c) {
        if (c.args().size() != 1)
            throw new SourceError(c.pos(), (c.args().isEmpty() ? "missing argument" : "too many arguments") + " in conversion to " + to.type());
        Operand x = value(c.args().get(0));
        GoType t = to.type();
        boolean ok = GoType.isInteger(t) && GoType.isInteger(x.type()) || GoType.isBool(t) && GoType.isBool(x.type())
                || GoType.assignable(x.type(), t);
        if (!ok) throw new SourceError(Ast.start(c.args().get(0)), "cannot convert " + x.describe() + " to type " + t);
        if (x.isConstant()) return Operand.constant(t, x.constant(), c);
        return Operand.value(t, x.expr(), c);
    }

    record MakeArgs(GoType.Chan type, Expr capacity) {}

    /** {@code make(chan T)} or {@code make(chan T, n)}. */
    MakeArgs makeArgs(Ast.Call c) {
        if (c.args().isEmpty()) throw new SourceError(c.pos(), "not enough arguments for make() (expected 1, found 0)");
        Operand t = expr(c.args().get(0));
        if (t.mode() != Operand.Mode.TYPE) throw new SourceError(c.args().get(0).pos(), AstText.of(c.args().get(0)) + " is not a type");
        if (!(t.type() instanceof GoType.Chan ch))
            throw SourceError.notSupported(c.args().get(0).pos(), "make(" + t.type() + ") is", "make only makes channels here");
        if (c.args().size() > 2) throw new SourceError(c.args().get(2).pos(), "too many arguments for make(" + ch + ")");
        Expr cap = new Expr.Const(0);
        if (c.args().size() == 2) {
            Operand n = value(c.args().get(1));
            if (!GoType.isInteger(n.type())) throw new SourceError(Ast.start(c.args().get(1)), "cannot use " + n.describe() + " as the buffer size of make: it must be an integer");
            if (n.isConstant() && n.constant() < 0) throw new SourceError(Ast.start(c.args().get(1)), "invalid argument: buffer size " + n.constant() + " must not be negative");
            cap = n.expr();
        }
        return new MakeArgs(ch, cap);
    }

    private Operand unary(Ast.Unary u) {
        switch (u.op()) {
            case "&" -> {
                Operand x = expr(u.x());
                if (x.symbol() instanceof Symbol.Global g && g.type() instanceof GoType.SyncObject so)
                    return Operand.value(new GoType.Pointer(so.kind()), x.expr(), u);
                throw SourceError.notSupported(u.pos(), "taking the address of " + AstText.of(u.x()) + " is",
                        "pointers are only supported to sync.WaitGroup and sync.Mutex variables");
            }
            case "*" -> throw SourceError.notSupported(u.pos(), "pointer indirection (*p) is", "call methods on the pointer directly: wg.Done()");
            case "<-" -> {
                Operand ch = value(u.x());
                GoType.Chan c = receivable(ch, u.pos());
                Symbol.Local tmp = temp("·recv", c.elem(), u.pos(), "a receive");
                out.add(new Stmt.Recv(ch.expr(), tmp.placeholder));
                return Operand.value(c.elem(), new Expr.Var(tmp.placeholder), u);
            }
            default -> { }
        }
        Operand x = value(u.x());
        String op = u.op();
        boolean ok = op.equals("!") ? GoType.isBool(x.type()) : GoType.isInteger(x.type());
        if (!ok) throw new SourceError(u.pos(), "invalid operation: operator " + op + " not defined on " + x.describe());
        if (x.isConstant()) {
            long v = x.constant();
            long r = switch (op) {
                case "-" -> checked(() -> Math.negateExact(v), u);
                case "!" -> v == 0 ? 1 : 0;
                case "^" -> ~v;
                default -> v;
            };
            return Operand.constant(x.type(), r, u);
        }
        return switch (op) {
            case "+" -> Operand.value(x.type(), x.expr(), u);
            case "^" -> throw SourceError.notSupported(u.pos(), "the operator ^ on a variable is", "the model's expressions have + - * / %, comparisons and logic");
            default -> Operand.value(x.type(), new Expr.Unary(op, x.expr()), u);
        };
    }

    /** The channel type of {@code ch}, checked to allow receiving. */
    GoType.Chan receivable(Operand ch, Pos at) {
        if (!(ch.type() instanceof GoType.Chan c))
            throw new SourceError(at, "invalid operation: cannot receive from non-channel " + ch.describe());
        if (!c.canReceive())
            throw new SourceError(at, "invalid operation: cannot receive from send-only channel " + ch.describe());
        return c;
    }

    GoType.Chan sendable(Operand ch, Pos at) {
        if (!(ch.type() instanceof GoType.Chan c))
            throw new SourceError(at, "invalid operation: cannot send to non-channel " + ch.describe());
        if (!c.canSend())
            throw new SourceError(at, "invalid operation: cannot send to receive-only channel " + ch.describe());
        return c;
    }

    private Operand binary(Ast.Binary b) {
        String op = b.op();
        if (op.equals("&&") || op.equals("||")) {
            Operand x = value(b.x());
            Operand y = withoutEffects("the right operand of " + op,
                    "Go receives there only if the left operand does not decide the result", () -> value(b.y()));
            for (Operand o : List.of(x, y))
                if (!GoType.isBool(o.type()))
                    throw new SourceError(b.pos(), "invalid operation: operator " + op + " not defined on " + o.describe());
            GoType t = x.type() == GoType.BOOL || y.type() == GoType.BOOL ? GoType.BOOL : GoType.UNTYPED_BOOL;
            if (x.isConstant() && y.isConstant())
                return Operand.constant(t, op.equals("&&") ? (x.constant() != 0 && y.constant() != 0 ? 1 : 0) : (x.constant() != 0 || y.constant() != 0 ? 1 : 0), b);
            return Operand.value(t, new Expr.Binary(op, x.expr(), y.expr()), b);
        }
        Operand x = value(b.x());
        Operand y = value(b.y());
        if (op.equals("<<") || op.equals(">>")) return shift(b, x, y);
        GoType t = unify(b, x, y);
        switch (op) {
            case "==", "!=" -> {
                if (x.isNil() && y.isNil()) throw new SourceError(b.pos(), "invalid operation: nil " + op + " nil (operator " + op + " not defined on nil)");
                if (!GoType.comparable(t)) throw new SourceError(b.pos(), "invalid operation: " + AstText.of(b) + " (" + t + " cannot be compared)");
                return compare(b, x, y);
            }
            case "<", "<=", ">", ">=" -> {
                if (!GoType.isInteger(t)) throw undefinedOp(b, x.isNil() || !GoType.isInteger(x.type()) ? x : y);
                return compare(b, x, y);
            }
            default -> { }
        }
        if (!GoType.isInteger(t)) throw undefinedOp(b, GoType.isInteger(x.type()) ? y : x);
        if ((op.equals("/") || op.equals("%")) && y.isConstant() && y.constant() == 0)
            throw new SourceError(Ast.start(b.y()), "invalid operation: division by zero");
        if (x.isConstant() && y.isConstant()) return Operand.constant(t, fold(op, x.constant(), y.constant(), b), b);
        return switch (op) {
            case "+", "-", "*", "/", "%" -> Operand.value(t, new Expr.Binary(op, x.expr(), y.expr()), b);
            default -> throw SourceError.notSupported(b.pos(), "the operator " + op + " on variables is",
                    "the model's expressions have + - * / %, comparisons and logic (constants may use any operator)");
        };
    }

    private SourceError undefinedOp(Ast.Binary b, Operand culprit) {
        return new SourceError(b.pos(), "invalid operation: operator " + b.op() + " not defined on " + culprit.describe());
    }

    /** The common type of a binary operation's operands; an untyped constant takes the other side's type. */
    private GoType unify(Ast.Binary b, Operand x, Operand y) {
        GoType tx = x.type(), ty = y.type();
        if (tx.equals(ty)) return tx;
        if (GoType.isUntyped(tx) && GoType.assignable(tx, ty)) return ty;
        if (GoType.isUntyped(ty) && GoType.assignable(ty, tx)) return tx;
        if (tx == GoType.UNTYPED_INT && ty == GoType.UNTYPED_BOOL || tx == GoType.UNTYPED_BOOL && ty == GoType.UNTYPED_INT)
            throw new SourceError(b.pos(), "invalid operation: " + AstText.of(b) + " (mismatched types " + tx + " and " + ty + ")");
        if (tx instanceof GoType.Chan cx && ty instanceof GoType.Chan cy && cx.elem().equals(cy.elem())
                && (cx.dir() == Ast.ChanDir.BOTH || cy.dir() == Ast.ChanDir.BOTH))
            return cx.dir() == Ast.ChanDir.BOTH ? ty : tx;
        String hint = (tx == GoType.INT && ty == GoType.DURATION || tx == GoType.DURATION && ty == GoType.INT)
                ? "; convert the int: time.Duration(n)" : "";
        throw new SourceError(b.pos(), "invalid operation: " + AstText.of(b) + " (mismatched types " + tx + " and " + ty + ")" + hint);
    }

    private Operand compare(Ast.Binary b, Operand x, Operand y) {
        String op = b.op();
        if (x.isConstant() && y.isConstant() && !x.isNil()) {
            long l = x.constant(), r = y.constant();
            boolean v = switch (op) {
                case "==" -> l == r;
                case "!=" -> l != r;
                case "<" -> l < r;
                case "<=" -> l <= r;
                case ">" -> l > r;
                default -> l >= r;
            };
            return Operand.constant(GoType.UNTYPED_BOOL, v ? 1 : 0, b);
        }
        return Operand.value(GoType.UNTYPED_BOOL, new Expr.Binary(op, x.expr(), y.expr()), b);
    }

    private Operand shift(Ast.Binary b, Operand x, Operand y) {
        if (!GoType.isInteger(x.type())) throw undefinedOp(b, x);
        if (!GoType.isInteger(y.type())) throw new SourceError(b.pos(), "invalid operation: shift count " + y.describe() + " must be integer");
        if (!x.isConstant() || !y.isConstant())
            throw SourceError.notSupported(b.pos(), "the operator " + b.op() + " on variables is", "the model's expressions have + - * / %, comparisons and logic (constants may use any operator)");
        long n = y.constant();
        if (n < 0) throw new SourceError(Ast.start(b.y()), "invalid shift count " + n + " (must not be negative)");
        long v = x.constant();
        long r;
        if (b.op().equals(">>")) r = n >= 63 ? (v < 0 ? -1 : 0) : v >> n;
        else {
            if (v != 0 && (n >= 63 || (v << n) >> n != v))
                throw new SourceError(b.pos(), "constant overflow: " + AstText.of(b) + " does not fit in 64 bits");
            r = v << n;
        }
        return Operand.constant(x.type(), r, b);
    }

    private long fold(String op, long l, long r, Ast.Binary b) {
        return checked(() -> switch (op) {
            case "+" -> Math.addExact(l, r);
            case "-" -> Math.subtractExact(l, r);
            case "*" -> Math.multiplyExact(l, r);
            case "/" -> {
                if (l == Long.MIN_VALUE && r == -1) throw new ArithmeticException();
                yield l / r;
            }
            case "%" -> l % r;
            case "&" -> l & r;
            case "|" -> l | r;
            case "^" -> l ^ r;
            default -> l & ~r; // &^
        }, b);
    }

    private static long checked(java.util.function.LongSupplier f, Ast.ExprNode at) {
        try {
            return f.getAsLong();
        } catch (ArithmeticException overflow) {
            throw new SourceError(at.pos(), "constant overflow: " + AstText.of(at) + " does not fit in 64 bits");
        }
    }

    // ---- assignability ----

    /** {@code x} as a value of type {@code to}, or Go's "cannot use ... as ... value in {context}". */
    Expr convert(Operand x, GoType to, String context) {
        if (GoType.assignable(x.type(), to)) return x.expr();
        String hint = "";
        if (x.type() instanceof GoType.SyncObject so && to instanceof GoType.Pointer p && p.kind() == so.kind())
            hint = "; pass its address: &" + AstText.of(x.node());
        else if (x.type() instanceof GoType.SyncObject)
            hint = "; a " + x.type() + " must not be copied";
        else if (x.type() == GoType.INT && to == GoType.DURATION)
            hint = "; convert it: time.Duration(" + AstText.of(x.node()) + ")";
        throw new SourceError(Ast.start(x.node()), "cannot use " + x.describe() + " as " + to + " value in " + context + hint);
    }

    // ---- effects ----

    /** Runs {@code f} where a receive would not happen exactly once (see the class comment). */
    <T> T withoutEffects(String where, String why, java.util.function.Supplier<T> f) {
        String saved = noEffects, savedWhy = noEffectsWhy;
        noEffects = where;
        noEffectsWhy = why;
        try {
            return f.get();
        } finally {
            noEffects = saved;
            noEffectsWhy = savedWhy;
        }
    }

    /** A hidden variable for the result of a receive or make inside an expression. */
    Symbol.Local temp(String base, GoType type, Pos at, String what) {
        if (out == null || fn == null) throw new SourceError(at, what + " is not constant; only constants are allowed at package level");
        if (noEffects != null)
            throw SourceError.notSupported(at, what + " in " + noEffects + " is", noEffectsWhy);
        return hidden(base, type, at);
    }

}
