package org.gmplab.scenario;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a {@link Program} into flat {@link Code}: variables become slots, {@code for} and {@code if}
 * become jumps. A {@code for i := 0; i < n; i++} loop evaluates {@code n} once into a hidden slot.
 */
public final class Compiler {
    private final Map<String, Integer> fnIndex = new HashMap<>();
    private final Map<String, Integer> arity = new HashMap<>();
    private final List<CompiledProgram.Global> globals = new ArrayList<>();
    private final Map<String, Long> handles = new HashMap<>();

    private Compiler(Program p) {
        int i = 0;
        for (Function f : p.functions().values()) {
            fnIndex.put(f.name(), i++);
            arity.put(f.name(), f.params().size());
        }
        for (String wg : p.waitGroups()) global(new CompiledProgram.Global(wg, CompiledProgram.Kind.WAIT_GROUP, 0));
        for (String mu : p.mutexes()) global(new CompiledProgram.Global(mu, CompiledProgram.Kind.MUTEX, 0));
        p.channels().forEach((ch, cap) -> global(new CompiledProgram.Global(ch, CompiledProgram.Kind.CHANNEL, cap)));
    }

    private void global(CompiledProgram.Global g) {
        if (handles.putIfAbsent(g.name(), (long) globals.size() + 1) != null)
            throw new IllegalArgumentException("package-level " + g.name() + " declared twice");
        globals.add(g);
    }

    public static CompiledProgram compile(Program p) {
        Compiler c = new Compiler(p);
        Listing listing = Listing.of(p);
        List<Code> codes = new ArrayList<>();
        for (Function f : p.functions().values()) codes.add(c.new FunctionCompiler(f, listing.lines(f.name())).compile());
        Integer main = c.fnIndex.get("main");
        if (main == null) throw new IllegalArgumentException("a program needs a function named main");
        return new CompiledProgram(codes, c.globals, main);
    }

    private final class FunctionCompiler {
        private final Function f;
        private final Map<String, Integer> slots = new LinkedHashMap<>();
        private final List<Insn> out = new ArrayList<>();
        private int hidden;
        /** The listing's line of each statement, in {@link Listing#walk} order (null: none). */
        private final int[] stmtLines;
        /** The next statement's number in walk order. */
        private int stmtIndex;
        /** The line of each instruction emitted so far (0: not yet known; grown with {@code out}). */
        private int[] lines = new int[16];
        /** The line of the statement being compiled, or of the last one: a statement without a line of its own takes it. */
        private int line;

        FunctionCompiler(Function f, int[] stmtLines) {
            this.f = f;
            this.stmtLines = stmtLines;
            for (String p : f.params()) slot(p);
        }

        Code compile() {
            block(f.body());
            out.add(new Insn.Return("return"));   // falling off the end: at the last statement's line
            lineFrom(out.size() - 1, line);
            return new Code(fnIndex.get(f.name()), f.name(), f.params().size(), slots.size() + hidden, out,
                    java.util.Arrays.copyOf(lines, out.size()));
        }

        /** Gives the instructions from {@code from} on that no nested statement claimed the line {@code l}. */
        private void lineFrom(int from, int l) {
            if (lines.length < out.size()) lines = java.util.Arrays.copyOf(lines, Math.max(out.size(), lines.length * 2));
            for (int pc = from; pc < out.size(); pc++) if (lines[pc] == 0) lines[pc] = l;
        }

        private int slot(String name) { return slots.computeIfAbsent(name, n -> slots.size() + hidden); }

        private int hiddenSlot() { return slots.size() + hidden++; }

        private void block(List<Stmt> stmts) { for (Stmt s : stmts) stmt(s); }

        /**
         * One statement's instructions, each with the statement's line: a loop's or an if's tests and jumps get
         * the header's line, the statements nested in it their own.
         */
        private void stmt(Stmt s) {
            int k = stmtIndex++;
            int mine = stmtLines != null && k < stmtLines.length && stmtLines[k] != 0 ? stmtLines[k] : line;
            line = mine;
            int from = out.size();
            emit(s);
            lineFrom(from, mine);
            line = mine;
        }

        private void emit(Stmt s) {
            if (s instanceof Stmt.Work w) {
                out.add(new Insn.Work(expr(w.nanos()), "work(" + durationText(w.nanos()) + ")"));
            } else if (s instanceof Stmt.Go g) {
                out.add(new Insn.Go(fn(g.fn(), g.args().size()), exprs(g.args()), "go " + g.fn() + args(g.args())));
            } else if (s instanceof Stmt.Call c) {
                out.add(new Insn.Call(fn(c.fn(), c.args().size()), exprs(c.args()), c.fn() + args(c.args())));
            } else if (s instanceof Stmt.Gosched) {
                out.add(new Insn.Gosched("runtime.Gosched()"));
            } else if (s instanceof Stmt.Set set) {
                IntExpr v = expr(set.value());
                out.add(new Insn.Set(slot(set.var()), v, set.var() + " = " + set.value()));
            } else if (s instanceof Stmt.For loop) {
                int limit = hiddenSlot();
                out.add(new Insn.Set(limit, expr(loop.count()), "n := " + loop.count()));
                // "_" is no variable: each such loop needs a counter of its own, or nested ones would share it
                int var = loop.var().equals("_") ? hiddenSlot() : slot(loop.var());
                out.add(new Insn.Set(var, l -> 0, loop.var() + " := 0"));
                int top = out.size();
                int exit = out.size();
                out.add(null); // patched below
                block(loop.body());
                out.add(new Insn.Set(var, l -> l[var] + 1, loop.var() + "++"));
                out.add(new Insn.Jump(top, "for " + loop.var() + " < " + loop.count()));
                out.set(exit, new Insn.JumpIfZero(l -> l[var] < l[limit] ? 1 : 0, out.size(), "for " + loop.var() + " < " + loop.count()));
            } else if (s instanceof Stmt.If iff) {
                int test = out.size();
                out.add(null);
                block(iff.then());
                if (iff.otherwise().isEmpty()) {
                    out.set(test, new Insn.JumpIfZero(expr(iff.cond()), out.size(), "if " + iff.cond()));
                } else {
                    int skip = out.size();
                    out.add(null);
                    out.set(test, new Insn.JumpIfZero(expr(iff.cond()), out.size(), "if " + iff.cond()));
                    block(iff.otherwise());
                    out.set(skip, new Insn.Jump(out.size(), "else"));
                }
            } else if (s instanceof Stmt.While w && w.body().isEmpty() && w.cond() instanceof Expr.Const c && c.value() != 0) {
                // for {}: one jump to itself, which the interpreter runs as a spin until its next scheduling point
                out.add(new Insn.Jump(out.size(), "for " + w.cond()));
            } else if (s instanceof Stmt.While w) {
                int top = out.size();
                out.add(null);
                block(w.body());
                out.add(new Insn.Jump(top, "for " + w.cond()));
                out.set(top, new Insn.JumpIfZero(expr(w.cond()), out.size(), "for " + w.cond()));
            } else if (s instanceof Stmt.Return) {
                out.add(new Insn.Return("return"));
            } else if (s instanceof Stmt.WgAdd a) {
                out.add(new Insn.WgAdd(expr(a.wg()), expr(a.delta()), a.wg() + ".Add(" + a.delta() + ")"));
            } else if (s instanceof Stmt.WgDone d) {
                out.add(new Insn.WgDone(expr(d.wg()), d.wg() + ".Done()"));
            } else if (s instanceof Stmt.WgWait w) {
                out.add(new Insn.WgWait(expr(w.wg()), w.wg() + ".Wait()"));
            } else if (s instanceof Stmt.Lock l) {
                out.add(new Insn.Lock(expr(l.mu()), l.mu() + ".Lock()"));
            } else if (s instanceof Stmt.Unlock u) {
                out.add(new Insn.Unlock(expr(u.mu()), u.mu() + ".Unlock()"));
            } else if (s instanceof Stmt.Syscall sc) {
                out.add(new Insn.Syscall(expr(sc.nanos()), sc.blocking(), "syscall(" + durationText(sc.nanos()) + ")"));
            } else if (s instanceof Stmt.Sleep sl) {
                out.add(new Insn.Sleep(expr(sl.nanos()), "time.Sleep(" + durationText(sl.nanos()) + ")"));
            } else if (s instanceof Stmt.NetRead nr) {
                out.add(new Insn.NetRead(expr(nr.nanos()), "netread(" + durationText(nr.nanos()) + ")"));
            } else if (s instanceof Stmt.MakeChan mk) {
                IntExpr cap = expr(mk.capacity());
                out.add(new Insn.MakeChan(slot(mk.var()), cap, mk.var() + " := make(chan int, " + mk.capacity() + ")"));
            } else if (s instanceof Stmt.Send snd) {
                out.add(new Insn.Send(expr(snd.ch()), expr(snd.value()), snd.ch() + " <- " + snd.value()));
            } else if (s instanceof Stmt.Recv rcv) {
                IntExpr ch = expr(rcv.ch());
                out.add(new Insn.Recv(ch, rcv.var() == null ? -1 : slot(rcv.var()),
                        (rcv.var() == null ? "" : rcv.var() + " := ") + "<-" + rcv.ch()));
            } else if (s instanceof Stmt.Close cl) {
                out.add(new Insn.Close(expr(cl.ch()), "close(" + cl.ch() + ")"));
            } else if (s instanceof Stmt.Select sel) {
                select(sel);
            } else if (s instanceof Stmt.Gomaxprocs g) {
                out.add(new Insn.Gomaxprocs(expr(g.n()), "runtime.GOMAXPROCS(" + g.n() + ")"));
            } else {
                throw new IllegalArgumentException("unknown statement " + s);
            }
        }

        /** select: the Select instruction, then each case body (and default) ending in a jump past them all. */
        private void select(Stmt.Select sel) {
            int n = sel.cases().size();
            IntExpr[] chs = new IntExpr[n], values = new IntExpr[n];
            int[] slots = new int[n], targets = new int[n];
            StringBuilder text = new StringBuilder("select {");
            for (int i = 0; i < n; i++) {
                Stmt.SelectCase c = sel.cases().get(i);
                chs[i] = expr(c.ch());
                values[i] = c.isSend() ? expr(c.value()) : null;
                slots[i] = c.isSend() || c.var() == null ? -1 : slot(c.var());
                text.append(" case ").append(c.isSend() ? c.ch() + " <- " + c.value() : (c.var() == null ? "" : c.var() + " := ") + "<-" + c.ch()).append(';');
            }
            if (sel.hasDefault()) text.append(" default;");
            text.append(" }");
            int at = out.size();
            out.add(null);
            List<Integer> exits = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                targets[i] = out.size();
                block(sel.cases().get(i).body());
                exits.add(out.size());
                out.add(null);
            }
            int defaultTarget = -1;
            if (sel.hasDefault()) {
                defaultTarget = out.size();
                block(sel.otherwise());
            }
            int end = out.size();
            for (int e : exits) out.set(e, new Insn.Jump(end, "end of select case"));
            out.set(at, new Insn.Select(chs, values, slots, targets, defaultTarget, text.toString()));
        }

        private int fn(String name, int nargs) {
            Integer i = fnIndex.get(name);
            if (i == null) throw new IllegalArgumentException(f.name() + ": no function named " + name);
            if (arity.get(name) != nargs)
                throw new IllegalArgumentException(f.name() + ": " + name + " takes " + arity.get(name) + " arguments, not " + nargs);
            return i;
        }

        private IntExpr[] exprs(List<Expr> es) {
            IntExpr[] out = new IntExpr[es.size()];
            for (int i = 0; i < out.length; i++) out[i] = expr(es.get(i));
            return out;
        }

        private IntExpr expr(Expr e) {
            if (e instanceof Expr.Const c) { long v = c.value(); return l -> v; }
            if (e instanceof Expr.Var v) {
                Integer s = slots.get(v.name());
                if (s == null) {
                    Long h = handles.get(v.name());
                    if (h == null) throw new IllegalArgumentException(f.name() + ": undefined: " + v.name());
                    long handle = h;
                    return l -> handle;
                }
                int slot = s;
                return l -> l[slot];
            }
            if (e instanceof Expr.Unary u) {
                IntExpr x = expr(u.operand());
                return switch (u.op()) {
                    case "-" -> l -> -x.eval(l);
                    case "!" -> l -> x.eval(l) == 0 ? 1 : 0;
                    default -> throw new IllegalArgumentException("unknown operator " + u.op());
                };
            }
            Expr.Binary b = (Expr.Binary) e;
            IntExpr x = expr(b.left()), y = expr(b.right());
            return switch (b.op()) {
                case "+" -> l -> x.eval(l) + y.eval(l);
                case "-" -> l -> x.eval(l) - y.eval(l);
                case "*" -> l -> x.eval(l) * y.eval(l);
                case "/" -> l -> x.eval(l) / y.eval(l);   // ArithmeticException = Go's divide-by-zero panic
                case "%" -> l -> x.eval(l) % y.eval(l);
                case "<" -> l -> x.eval(l) < y.eval(l) ? 1 : 0;
                case "<=" -> l -> x.eval(l) <= y.eval(l) ? 1 : 0;
                case ">" -> l -> x.eval(l) > y.eval(l) ? 1 : 0;
                case ">=" -> l -> x.eval(l) >= y.eval(l) ? 1 : 0;
                case "==" -> l -> x.eval(l) == y.eval(l) ? 1 : 0;
                case "!=" -> l -> x.eval(l) != y.eval(l) ? 1 : 0;
                case "&&" -> l -> x.eval(l) != 0 && y.eval(l) != 0 ? 1 : 0;
                case "||" -> l -> x.eval(l) != 0 || y.eval(l) != 0 ? 1 : 0;
                default -> throw new IllegalArgumentException("unknown operator " + b.op());
            };
        }

        private String args(List<Expr> es) {
            StringBuilder sb = new StringBuilder("(");
            for (int i = 0; i < es.size(); i++) sb.append(i > 0 ? ", " : "").append(es.get(i));
            return sb.append(')').toString();
        }
    }

    /** "1ms" for a constant whole number of ms, else the expression. */
    public static String durationText(Expr e) {
        if (e instanceof Expr.Const c) return formatDuration(c.value());
        return e.toString();
    }

    public static String formatDuration(long ns) {
        if (ns != 0 && ns % 1_000_000_000L == 0) return ns / 1_000_000_000L + "s";
        if (ns != 0 && ns % 1_000_000L == 0) return ns / 1_000_000L + "ms";
        if (ns != 0 && ns % 1_000L == 0) return ns / 1_000L + "µs";
        return ns + "ns";
    }
}
