package org.gmplab.scenario.gosrc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gmplab.scenario.Expr;
import org.gmplab.scenario.Stmt;

/**
 * Names the slots of a finished function. The program model has one flat namespace of variables per
 * function, where Go has nested blocks; a variable keeps its Go name unless a variable of the same name
 * is live where it is declared (it shadows it) or the function refers to a package-level object of that
 * name: then it becomes {@code x·1}, {@code x·2}, ... ({@code ·} cannot appear in a Go name, so the new
 * name is never a user's). Variables in disjoint blocks, such as two loops' {@code i}, share one name
 * and one slot, which is safe because a declaration always initialises its variable.
 *
 * <p>The lowered statements refer to variables by placeholder; {@link #rename} then rewrites them.
 */
final class SlotNames {
    private SlotNames() { }

    static final String SEPARATOR = "\u00b7";

    /** Chooses every variable's {@link Symbol.Local#modelName}. */
    static void assign(FunctionContext fn) {
        Set<String> paramNames = new HashSet<>();
        List<Symbol.Local> params = new ArrayList<>(fn.params);
        params.addAll(fn.captures.values());
        for (Symbol.Local p : params) {
            Set<String> taken = new HashSet<>(fn.referencedGlobals);
            taken.addAll(paramNames);
            p.modelName = pick(p.name, taken);
            paramNames.add(p.modelName);
        }
        for (Symbol.Local l : fn.locals) {
            if (l.modelName != null) continue;
            Set<String> taken = new HashSet<>(fn.referencedGlobals);
            taken.addAll(paramNames);
            for (Symbol.Local live : l.liveAtDeclaration) if (live.modelName != null) taken.add(live.modelName);
            l.modelName = pick(l.name, taken);
        }
    }

    private static String pick(String base, Set<String> taken) {
        if (!taken.contains(base)) return base;
        for (int i = 1; ; i++) {
            String n = base + SEPARATOR + i;
            if (!taken.contains(n)) return n;
        }
    }

    /** The statements with every placeholder replaced by its variable's model name. */
    static List<Stmt> rename(List<Stmt> body, FunctionContext fn) {
        Map<String, String> names = new HashMap<>();
        for (Symbol.Local l : fn.locals) names.put(l.placeholder, l.modelName);
        return new Renamer(names).block(body);
    }

    private record Renamer(Map<String, String> names) {
        List<Stmt> block(List<Stmt> stmts) {
            List<Stmt> out = new ArrayList<>(stmts.size());
            for (Stmt s : stmts) out.add(stmt(s));
            return out;
        }

        String name(String n) {
            if (n == null || !Symbol.Local.isPlaceholder(n)) return n;
            String m = names.get(n);
            if (m == null) throw new IllegalStateException("variable without a slot name: " + n);
            return m;
        }

        List<Expr> exprs(List<Expr> es) {
            List<Expr> out = new ArrayList<>(es.size());
            for (Expr e : es) out.add(expr(e));
            return out;
        }

        Expr expr(Expr e) {
            if (e instanceof Expr.Var v) return new Expr.Var(name(v.name()));
            if (e instanceof Expr.Unary u) return new Expr.Unary(u.op(), expr(u.operand()));
            if (e instanceof Expr.Binary b) return new Expr.Binary(b.op(), expr(b.left()), expr(b.right()));
            return e;
        }

        Stmt stmt(Stmt s) {
            if (s instanceof Stmt.Work w) return new Stmt.Work(expr(w.nanos()));
            if (s instanceof Stmt.Go g) return new Stmt.Go(g.fn(), exprs(g.args()));
            if (s instanceof Stmt.Call c) return new Stmt.Call(c.fn(), exprs(c.args()));
            if (s instanceof Stmt.For f) return new Stmt.For(name(f.var()), expr(f.count()), block(f.body()));
            if (s instanceof Stmt.If i) return new Stmt.If(expr(i.cond()), block(i.then()), block(i.otherwise()));
            if (s instanceof Stmt.Set set) return new Stmt.Set(name(set.var()), expr(set.value()));
            if (s instanceof Stmt.While w) return new Stmt.While(expr(w.cond()), block(w.body()));
            if (s instanceof Stmt.WgAdd a) return new Stmt.WgAdd(expr(a.wg()), expr(a.delta()));
            if (s instanceof Stmt.WgDone d) return new Stmt.WgDone(expr(d.wg()));
            if (s instanceof Stmt.WgWait w) return new Stmt.WgWait(expr(w.wg()));
            if (s instanceof Stmt.Lock l) return new Stmt.Lock(expr(l.mu()));
            if (s instanceof Stmt.Unlock u) return new Stmt.Unlock(expr(u.mu()));
            if (s instanceof Stmt.Syscall sc) return new Stmt.Syscall(expr(sc.nanos()), sc.blocking());
            if (s instanceof Stmt.Sleep sl) return new Stmt.Sleep(expr(sl.nanos()));
            if (s instanceof Stmt.NetRead nr) return new Stmt.NetRead(expr(nr.nanos()));
            if (s instanceof Stmt.MakeChan mk) return new Stmt.MakeChan(name(mk.var()), expr(mk.capacity()));
            if (s instanceof Stmt.Send snd) return new Stmt.Send(expr(snd.ch()), expr(snd.value()));
            if (s instanceof Stmt.Recv r) return new Stmt.Recv(expr(r.ch()), name(r.var()));
            if (s instanceof Stmt.Close c) return new Stmt.Close(expr(c.ch()));
            if (s instanceof Stmt.Gomaxprocs g) return new Stmt.Gomaxprocs(expr(g.n()));
            if (s instanceof Stmt.Select sel) {
                List<Stmt.SelectCase> cases = new ArrayList<>();
                for (Stmt.SelectCase c : sel.cases())
                    cases.add(new Stmt.SelectCase(expr(c.ch()), c.value() == null ? null : expr(c.value()), name(c.var()), block(c.body())));
                return new Stmt.Select(cases, block(sel.otherwise()), sel.hasDefault());
            }
            return s; // Gosched, Return: nothing to rename
        }
    }
}
