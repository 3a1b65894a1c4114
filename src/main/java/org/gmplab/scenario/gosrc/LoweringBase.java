package org.gmplab.scenario.gosrc;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.gmplab.scenario.Stmt;

/**
 * What every lowering step needs: the function being compiled, the block it is in, where statements
 * go, and the names: looking them up (capturing a variable of an enclosing function on the way), types,
 * and the compiler's own hidden variables.
 */
abstract class LoweringBase {

    final GoCompiler compiler;
    /** The function being compiled; null while checking package-level constants. */
    final FunctionContext fn;
    Scope scope;
    /** Where statements go; receives in expressions add theirs here. Null at package level. */
    List<Stmt> out;

    LoweringBase(GoCompiler compiler, FunctionContext fn, Scope scope) {
        this.compiler = compiler;
        this.fn = fn;
        this.scope = scope;
    }

    // ---- names ----

    /** The symbol {@code id} names here; reading a variable of an enclosing function captures it. */
    Symbol lookup(Ast.Ident id) {
        if (id.name().equals("_")) throw new SourceError(id.pos(), "cannot use _ as value");
        Symbol s = scope.lookup(id.name());
        if (s == null) throw new SourceError(id.pos(), "undefined: " + id.name());
        if (s instanceof Symbol.PendingConstant p) return compiler.constant(p);
        if (s instanceof Symbol.Local l && fn != null && l.owner != fn) return capture(l, fn);
        if (s instanceof Symbol.Global g && fn != null) fn.referencedGlobals.add(g.modelName());
        return s;
    }

    /**
     * {@code outer} as seen from {@code f}: the parameter of {@code f} (and of each literal in between)
     * that carries its value in. The outer variable counts as used: the go or defer statement reads it.
     */
    Symbol.Local capture(Symbol.Local outer, FunctionContext f) {
        if (outer.owner == f) return outer;
        Symbol.Local via = capture(outer, f.parent);
        via.used = true;
        Symbol.Local p = f.captures.get(via);
        if (p == null) {
            p = compiler.newLocal(outer.name, outer.type, outer.declared, f, 0, via, true, false, Set.of());
            f.captures.put(via, p);
        }
        return p;
    }

    // ---- types ----

    GoType type(Ast.TypeNode t) {
        if (t instanceof Ast.NamedType n) {
            Symbol s;
            if (n.pkg() != null) {
                Symbol pkg = lookup(n.pkg());
                if (!(pkg instanceof Symbol.Package p)) throw new SourceError(n.pos(), n.pkg().name() + "." + n.name().name() + " is not a type");
                s = Universe.member(p, n.name());
            } else {
                s = lookup(n.name());
            }
            if (!(s instanceof Symbol.TypeName tn)) throw new SourceError(n.pos(), AstText.type(t) + " is not a type");
            if (tn.type() == null)
                throw SourceError.notSupported(n.pos(), "type " + tn.name() + " is",
                        "values in a scenario are int, time.Duration, bool and channels");
            return tn.type();
        }
        if (t instanceof Ast.ChanType c) {
            GoType elem = type(c.elem());
            if (elem instanceof GoType.SyncObject so)
                throw SourceError.notSupported(c.elem().pos(), "channels of " + so + " are", "send *" + so + " instead");
            return new GoType.Chan(c.dir(), elem);
        }
        if (t instanceof Ast.PointerType p) {
            GoType elem = type(p.elem());
            if (elem instanceof GoType.SyncObject so) return new GoType.Pointer(so.kind());
            throw SourceError.notSupported(p.pos(), "pointers to " + elem + " are", "pointers are only supported to sync.WaitGroup and sync.Mutex");
        }
        return GoType.EMPTY_STRUCT;
    }

    /**
     * A compiler-made variable of the current function, declared in the current block (under its
     * placeholder, which no Go name can equal) so that later variables do not take its slot.
     */
    Symbol.Local hidden(String base, GoType type, Pos at) {
        Symbol.Local l = compiler.newLocal(base, type, at, fn, fn.loopDepth(), null, false, true, liveLocals());
        scope.declare(l.placeholder, l);
        return l;
    }

    /** A hidden variable that keeps its slot to the end of the function (defer flags and copied arguments). */
    Symbol.Local hiddenToEnd(String base, GoType type, Pos at) {
        Symbol.Local l = compiler.newLocal(base, type, at, fn, 0, null, false, true, liveLocals());
        fn.top.declare(l.placeholder, l);
        return l;
    }

    /** The variables of this function declared in the blocks open here: a new variable may not share their slots. */
    Set<Symbol.Local> liveLocals() {
        Set<Symbol.Local> live = new HashSet<>();
        for (Scope s = scope; s != null && s.fn == fn; s = s.parent)
            for (Symbol sym : s.symbols()) if (sym instanceof Symbol.Local l) live.add(l);
        return live;
    }
}
