package org.gmplab.engine;

import java.util.ArrayList;
import java.util.List;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.GStatus;

/**
 * How each {@link Action} from outside is checked against the world and carried out: mostly by the
 * same functions Go would use for such an external event ({@code injectglist} for new or unblocked
 * goroutines, the poller for network data), or by a flag the goroutine's M honours at its next
 * instruction (an injected syscall, block or Gosched; a Gosched also at the next slice of a long work).
 */
final class Actions {
    private Actions() { }

    static long goidOf(Action a) {
        if (a instanceof Action.InjectSyscall x) return x.goid();
        if (a instanceof Action.Block x) return x.goid();
        if (a instanceof Action.Unblock x) return x.goid();
        if (a instanceof Action.NetReady x) return x.goid();
        if (a instanceof Action.Gosched x) return x.goid();
        return -1;
    }

    /** A validated action: what it does, in words, and the doing of it. */
    record Prepared(String what, Runnable effect) {}

    /**
     * Checks {@code a} against the world now and returns its description and effect; nothing happens until
     * the effect runs. Throws IllegalArgumentException naming what is wrong.
     */
    static Prepared prepare(Sched sched, Action a, java.util.function.LongSupplier now) {
        if (a instanceof Action.InjectSyscall x) {
            if (x.nanos() < 0 || x.nanos() > 60_000_000_000L) throw new IllegalArgumentException("a syscall lasts 0 to 60 s, not " + x.nanos() + " ns");
            Goroutine g = running(sched, x.goid(), "enter a system call");
            return new Prepared("G" + x.goid() + " enters a system call of " + x.nanos() / 1000 + " µs at its next instruction", () -> g.injected = x);
        }
        if (a instanceof Action.Block x) {
            Goroutine g = running(sched, x.goid(), "block");
            return new Prepared("G" + x.goid() + " blocks at its next instruction until unblocked", () -> g.injected = x);
        }
        if (a instanceof Action.Gosched x) {
            Goroutine g = running(sched, x.goid(), "call runtime.Gosched()");
            return new Prepared("G" + x.goid() + " calls runtime.Gosched() at its next instruction: it goes to the tail of the global queue", () -> g.injected = x);
        }
        if (a instanceof Action.Unblock x) {
            Goroutine g = find(sched, x.goid());
            if (!sched.injectedBlocked.contains(g)) throw new IllegalArgumentException("G" + x.goid() + " was not blocked from outside");
            return new Prepared("G" + x.goid() + " is unblocked: it goes to the global queue", () -> {
                sched.injectedBlocked.remove(g);
                sched.injectglistFromOutside(new ArrayList<>(List.of(g)));
            });
        }
        if (a instanceof Action.Spawn x) {
            if (x.count() < 1 || x.count() > 100_000) throw new IllegalArgumentException("spawn 1 to 100000 goroutines, not " + x.count());
            org.gmplab.scenario.Code fn = sched.program.functions().stream().filter(c -> c.name().equals(x.fn()) && !c.name().startsWith("runtime.")).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no function named " + x.fn()));
            if (fn.nparams() != x.args().size())
                throw new IllegalArgumentException(x.fn() + " takes " + fn.nparams() + " arguments, not " + x.args().size());
            long[] args = x.args().stream().mapToLong(Long::longValue).toArray();
            return new Prepared(x.count() + " goroutine(s) running " + x.fn() + " start: to the global queue, and idle Ps are started for them", () -> {
                List<Goroutine> gs = new ArrayList<>();
                for (int i = 0; i < x.count(); i++) gs.add(sched.newprocNoP(fn, args));
                sched.injectglistFromOutside(gs);
            });
        }
        if (a instanceof Action.SetGomaxprocs x) {
            Scenario.checkProcs(x.n());
            org.gmplab.scenario.Code code = org.gmplab.scenario.Compiler.compile(
                    org.gmplab.scenario.Program.of(new org.gmplab.scenario.Function("main", List.of(),
                            List.of(new org.gmplab.scenario.Stmt.Gomaxprocs(org.gmplab.scenario.Expr.of(x.n())))))).main();
            return new Prepared("a goroutine starts to call runtime.GOMAXPROCS(" + x.n() + ")", () -> {
                Goroutine g = sched.newprocNoP(renamed(code, "runtime.GOMAXPROCS"), new long[0]);
                sched.injectglistFromOutside(new ArrayList<>(List.of(g)));
            });
        }
        if (a instanceof Action.NetReady x) {
            Goroutine g = find(sched, x.goid());
            if (!sched.netpoll.waitersInOrder().contains(g)) throw new IllegalArgumentException("G" + x.goid() + " is not waiting for the network");
            return new Prepared("the data for G" + x.goid() + "'s network read arrives now", () -> sched.netpoll.arriveNow(g, now.getAsLong(), null));
        }
        throw new IllegalArgumentException("unknown action " + a);
    }

    private static org.gmplab.scenario.Code renamed(org.gmplab.scenario.Code c, String name) {
        return new org.gmplab.scenario.Code(c.index(), name, c.nparams(), c.nlocals(), c.insns());
    }

    private static Goroutine find(Sched sched, long goid) {
        for (Goroutine g : sched.allgs()) if (g.goid == goid && g.status != GStatus.DEAD) return g;
        throw new IllegalArgumentException("no live goroutine G" + goid);
    }

    private static Goroutine running(Sched sched, long goid, String what) {
        Goroutine g = find(sched, goid);
        if (g.status != GStatus.RUNNING)
            throw new IllegalArgumentException("G" + goid + " is " + g.status.name().toLowerCase() + ", not running: only a running goroutine can " + what);
        if (g.injected != null) throw new IllegalArgumentException("G" + goid + " already has an action pending");
        return g;
    }

}
