package org.gmplab.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gmplab.scenario.Expr;
import org.gmplab.scenario.ExprParser;
import org.gmplab.scenario.Function;
import org.gmplab.scenario.Program;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.Stmt;

/** A terse way to write test programs: expressions as Go text, statements as calls. */
final class Progs {
    private Progs() { }

    static Expr e(String go) { return ExprParser.parse(go); }
    static Expr v(String name) { return new Expr.Var(name); }
    static List<Stmt> body(Stmt... s) { return Arrays.asList(s); }
    static Stmt work(String d) { return new Stmt.Work(e(d)); }
    static Stmt go(String fn, String... args) { return new Stmt.Go(fn, Arrays.stream(args).map(Progs::e).toList()); }
    static Stmt loop(String var, String n, Stmt... b) { return new Stmt.For(var, e(n), body(b)); }
    static Stmt add(String wg, String n) { return new Stmt.WgAdd(v(wg), e(n)); }
    static Stmt done(String wg) { return new Stmt.WgDone(v(wg)); }
    static Stmt waitWg(String wg) { return new Stmt.WgWait(v(wg)); }
    static Stmt syscall(String d) { return new Stmt.Syscall(e(d), false); }
    static Stmt syscallBlock(String d) { return new Stmt.Syscall(e(d), true); }
    static Stmt sleep(String d) { return new Stmt.Sleep(e(d)); }
    static Stmt netread(String d) { return new Stmt.NetRead(e(d)); }
    static Stmt send(String ch, String val) { return new Stmt.Send(e(ch), e(val)); }
    static Stmt recv(String ch, String var) { return new Stmt.Recv(e(ch), var); }
    static Stmt close(String ch) { return new Stmt.Close(e(ch)); }
    static Stmt set(String var, String val) { return new Stmt.Set(var, e(val)); }
    static Stmt lock(String mu) { return new Stmt.Lock(v(mu)); }
    static Stmt unlock(String mu) { return new Stmt.Unlock(v(mu)); }
    static Stmt gomaxprocs(String n) { return new Stmt.Gomaxprocs(e(n)); }

    static Function fn(String name, List<String> params, Stmt... b) { return new Function(name, params, body(b)); }
    static Function fn(String name, Stmt... b) { return new Function(name, List.of(), body(b)); }

    /** Builder for a scenario with package-level objects. */
    static final class P {
        private final Map<String, Function> fns = new LinkedHashMap<>();
        private final List<String> wgs = new ArrayList<>(), mus = new ArrayList<>();
        private final Map<String, Long> chans = new LinkedHashMap<>();
        private int procs = 2, runq = 256;
        private long seed = 1;
        /**
         * Off by default: each test here checks one rule in a small world of its own, which the runtime's
         * goroutines (G2–G5, more steals and threads at start) would only crowd. RuntimeGoroutinesTest and
         * the comparisons with real Go (spawn1000, syscall, sysmon, spinning) run with them, as Go does.
         */
        private boolean runtimeGoroutines;

        P procs(int n) { procs = n; return this; }
        P seed(long s) { seed = s; return this; }
        P runq(int n) { runq = n; return this; }
        P runtimeGoroutines() { runtimeGoroutines = true; return this; }
        P wg(String... names) { wgs.addAll(List.of(names)); return this; }
        P mutex(String... names) { mus.addAll(List.of(names)); return this; }
        P chan(String name, long cap) { chans.put(name, cap); return this; }
        P fn(Function f) { fns.put(f.name(), f); return this; }

        Scenario build(String name) {
            return new Scenario(name, procs, seed, runq, new Program(fns, wgs, mus, chans), Scenario.Scheduler.GMP, runtimeGoroutines);
        }
    }

    static P prog() { return new P(); }
}
