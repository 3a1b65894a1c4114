package org.gmplab.scenario;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes a program held as JSON as the Go it stands for, so that the source pane can show a lesson's
 * program as a Go scenario would be written: {@code go handle(i)}, {@code wg.Wait()}, {@code v := <-ch}.
 * It is for reading, not for compiling back (JSON stays the serialized form): a parameter's type is
 * guessed from how the function uses it, and the model's first assignment to a local is written
 * {@code :=}. Each statement is one line (a loop, an if or a select its header line), recorded in
 * {@link Listing#walk} order.
 */
final class ListingWriter {
    private final Program program;
    private final StringBuilder out = new StringBuilder();
    private int line = 1;
    private List<Integer> lines;
    private Set<String> declared;
    private Map<String, String> paramTypes;

    private ListingWriter(Program program) { this.program = program; }

    static Listing write(Program p) {
        ListingWriter w = new ListingWriter(p);
        Map<String, int[]> lines = w.file();
        return Listing.rendered(w.out.toString(), lines);
    }

    private Map<String, int[]> file() {
        emit("package main");
        emit("");
        Set<String> imports = new java.util.TreeSet<>();
        if (!program.waitGroups().isEmpty() || !program.mutexes().isEmpty()) imports.add("sync");
        for (Function f : program.functions().values()) Listing.walk(f.body(), s -> {
            if (s instanceof Stmt.Sleep || s instanceof Stmt.Work || s instanceof Stmt.Syscall || s instanceof Stmt.NetRead) imports.add("time");
            if (s instanceof Stmt.Gosched || s instanceof Stmt.Gomaxprocs) imports.add("runtime");
            if (paramUse(s, "").equals("*sync.WaitGroup") || paramUse(s, "").equals("*sync.Mutex")) imports.add("sync");
        });
        if (!imports.isEmpty()) {
            emit("import (");
            for (String i : imports) emit("\t\"" + i + "\"");
            emit(")");
            emit("");
        }
        for (String wg : program.waitGroups()) emit("var " + wg + " sync.WaitGroup");
        for (String mu : program.mutexes()) emit("var " + mu + " sync.Mutex");
        program.channels().forEach((ch, cap) -> emit("var " + ch + " = " + make(cap)));
        if (!program.waitGroups().isEmpty() || !program.mutexes().isEmpty() || !program.channels().isEmpty()) emit("");
        Map<String, int[]> all = new LinkedHashMap<>();
        boolean first = true;
        for (Function f : program.functions().values()) {
            if (!first) emit("");
            first = false;
            all.put(f.name(), function(f));
        }
        return all;
    }

    private int[] function(Function f) {
        lines = new ArrayList<>();
        declared = new HashSet<>(f.params());
        paramTypes = new HashMap<>();
        for (String p : f.params()) paramTypes.put(p, "int");
        Listing.walk(f.body(), s -> {
            for (String p : f.params()) {
                String t = paramUse(s, p);
                if (!t.isEmpty()) paramTypes.put(p, t);
            }
        });
        StringBuilder sig = new StringBuilder("func ").append(f.name()).append('(');
        for (int i = 0; i < f.params().size(); i++) {
            String p = f.params().get(i);
            sig.append(i > 0 ? ", " : "").append(p).append(' ').append(paramTypes.get(p));
        }
        emit(sig.append(") {").toString());
        block(f.body(), 1);
        emit("}");
        int[] l = new int[lines.size()];
        for (int i = 0; i < l.length; i++) l[i] = lines.get(i);
        return l;
    }

    private void block(List<Stmt> stmts, int depth) { for (Stmt s : stmts) stmt(s, depth); }

    private void stmt(Stmt s, int depth) {
        lines.add(line);   // the statement's line, in walk order: before the statements nested in it
        String in = "\t".repeat(depth);
        if (s instanceof Stmt.Work w) emit(in + "work(" + duration(w.nanos()) + ")");
        else if (s instanceof Stmt.Go g) emit(in + "go " + g.fn() + args(g.fn(), g.args()));
        else if (s instanceof Stmt.Call c) emit(in + c.fn() + args(c.fn(), c.args()));
        else if (s instanceof Stmt.Gosched) emit(in + "runtime.Gosched()");
        else if (s instanceof Stmt.For f) {
            String count = expr(f.count());
            emit(in + (f.var().equals("_") ? "for range " + count : "for " + f.var() + " := 0; " + f.var() + " < " + count + "; " + f.var() + "++") + " {");
            block(f.body(), depth + 1);
            emit(in + "}");
        } else if (s instanceof Stmt.If i) {
            emit(in + "if " + expr(i.cond()) + " {");
            block(i.then(), depth + 1);
            if (!i.otherwise().isEmpty()) {
                emit(in + "} else {");
                block(i.otherwise(), depth + 1);
            }
            emit(in + "}");
        } else if (s instanceof Stmt.Set set) emit(in + assign(set.var()) + expr(set.value()));
        else if (s instanceof Stmt.Return) emit(in + "return");
        else if (s instanceof Stmt.While w) {
            boolean forever = w.cond() instanceof Expr.Const c && c.value() != 0;
            emit(in + (forever ? "for {" : "for " + expr(w.cond()) + " {"));
            block(w.body(), depth + 1);
            emit(in + "}");
        } else if (s instanceof Stmt.WgAdd a) emit(in + expr(a.wg()) + ".Add(" + expr(a.delta()) + ")");
        else if (s instanceof Stmt.WgDone d) emit(in + expr(d.wg()) + ".Done()");
        else if (s instanceof Stmt.WgWait w) emit(in + expr(w.wg()) + ".Wait()");
        else if (s instanceof Stmt.Lock l) emit(in + expr(l.mu()) + ".Lock()");
        else if (s instanceof Stmt.Unlock u) emit(in + expr(u.mu()) + ".Unlock()");
        else if (s instanceof Stmt.Syscall sc) emit(in + "syscall(" + duration(sc.nanos()) + ")" + (sc.blocking() ? " // entersyscallblock" : ""));
        else if (s instanceof Stmt.Sleep sl) emit(in + "time.Sleep(" + duration(sl.nanos()) + ")");
        else if (s instanceof Stmt.NetRead nr) emit(in + "netread(" + duration(nr.nanos()) + ")");
        else if (s instanceof Stmt.MakeChan mk) emit(in + assign(mk.var()) + make(mk.capacity() instanceof Expr.Const c ? c.value() : null, mk.capacity()));
        else if (s instanceof Stmt.Send snd) emit(in + expr(snd.ch()) + " <- " + expr(snd.value()));
        else if (s instanceof Stmt.Recv r) emit(in + (r.var() == null ? "" : assign(r.var())) + "<-" + expr(r.ch()));
        else if (s instanceof Stmt.Close c) emit(in + "close(" + expr(c.ch()) + ")");
        else if (s instanceof Stmt.Select sel) {
            emit(in + "select {");
            for (Stmt.SelectCase c : sel.cases()) {
                String comm = c.isSend() ? expr(c.ch()) + " <- " + expr(c.value()) : (c.var() == null ? "" : assign(c.var())) + "<-" + expr(c.ch());
                emit(in + "case " + comm + ":");
                block(c.body(), depth + 1);
            }
            if (sel.hasDefault()) {
                emit(in + "default:");
                block(sel.otherwise(), depth + 1);
            }
            emit(in + "}");
        } else if (s instanceof Stmt.Gomaxprocs g) emit(in + "runtime.GOMAXPROCS(" + expr(g.n()) + ")");
        else throw new IllegalArgumentException("unknown statement " + s);
    }

    private void emit(String text) {
        out.append(text).append('\n');
        line++;
    }

    /** {@code x := } the first time the function assigns {@code x}, {@code x = } after (the model declares on first assignment). */
    private String assign(String var) { return var + (declared.add(var) ? " := " : " = "); }

    private String make(Long cap) { return make(cap, cap == null ? null : new Expr.Const(cap)); }

    private String make(Long constant, Expr cap) {
        return constant != null && constant == 0 ? "make(chan int)" : "make(chan int, " + expr(cap) + ")";
    }

    /** Arguments, with {@code &} before a package-level wait group or mutex passed to a function. */
    private String args(String fn, List<Expr> args) {
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < args.size(); i++) {
            Expr a = args.get(i);
            boolean address = a instanceof Expr.Var v && (program.waitGroups().contains(v.name()) || program.mutexes().contains(v.name()));
            b.append(i > 0 ? ", " : "").append(address ? "&" : "").append(expr(a));
        }
        return b.append(')').toString();
    }

    /** How a statement uses {@code param} directly ("" if it does not say): {@code *sync.WaitGroup}, {@code *sync.Mutex} or {@code chan int}. */
    private static String paramUse(Stmt s, String param) {
        if (s instanceof Stmt.WgAdd a) return named(a.wg(), param) ? "*sync.WaitGroup" : "";
        if (s instanceof Stmt.WgDone d) return named(d.wg(), param) ? "*sync.WaitGroup" : "";
        if (s instanceof Stmt.WgWait w) return named(w.wg(), param) ? "*sync.WaitGroup" : "";
        if (s instanceof Stmt.Lock l) return named(l.mu(), param) ? "*sync.Mutex" : "";
        if (s instanceof Stmt.Unlock u) return named(u.mu(), param) ? "*sync.Mutex" : "";
        if (s instanceof Stmt.Send snd) return named(snd.ch(), param) ? "chan int" : "";
        if (s instanceof Stmt.Recv r) return named(r.ch(), param) ? "chan int" : "";
        if (s instanceof Stmt.Close c) return named(c.ch(), param) ? "chan int" : "";
        if (s instanceof Stmt.Select sel) for (Stmt.SelectCase c : sel.cases()) if (named(c.ch(), param)) return "chan int";
        return "";
    }

    /** Whether {@code e} is the variable {@code name}; with name "", whether it is a variable at all. */
    private static boolean named(Expr e, String name) {
        return e instanceof Expr.Var v && (name.isEmpty() || v.name().equals(name));
    }

    private static String expr(Expr e) {
        try {
            return ExprFormat.format(e);
        } catch (IllegalArgumentException notGo) {   // a name the Go front end made (x·1): shown as it is
            return e.toString();
        }
    }

    /** A duration as Go writes one: {@code 200 * time.Microsecond}, {@code time.Millisecond}, or {@code time.Duration(n)}. */
    static String duration(Expr e) {
        if (!(e instanceof Expr.Const c)) return "time.Duration(" + expr(e) + ")";
        long ns = c.value();
        String[][] units = {{"1000000000", "time.Second"}, {"1000000", "time.Millisecond"}, {"1000", "time.Microsecond"}};
        for (String[] u : units) {
            long unit = Long.parseLong(u[0]);
            if (ns != 0 && ns % unit == 0) return ns == unit ? u[1] : ns / unit + " * " + u[1];
        }
        return Long.toString(ns);
    }
}
