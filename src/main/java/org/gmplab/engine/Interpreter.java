package org.gmplab.engine;

import java.util.List;

import org.gmplab.engine.program.Insn;
import org.gmplab.engine.program.IntExpr;

/**
 * Runs a goroutine's compiled code on its M, one instruction at a time, until the goroutine yields,
 * blocks, exits or is asked to stop (preemption is honoured at every instruction boundary and every
 * {@code workSlice} inside a long {@code work}, like Go's function-prologue check). Each instruction is a
 * scheduling point: in step mode the turnstile may let another engine thread run in between.
 */
final class Interpreter {
    /** Why the goroutine stopped running on this M; the M then does Go's matching mcall function. */
    enum Yield { GOSCHED, PREEMPTED, PARK, EXIT }

    /** Thrown when main returns: as in Go, the whole program exits. */
    static final class ProgramExit extends RuntimeException {
        ProgramExit() { super("main returned", null, false, false); }
    }

    private final Machine m;
    /** The wait group whose lock is held while parking; released by the M after the G is waiting. */
    private WaitGroup parkedOn;

    Interpreter(Machine m) { this.m = m; }

    Yield run(Goroutine gp) {
        Turnstile ts = m.sched.ts;
        Costs costs = m.sched.costs;
        try {
            for (;;) {
                if (gp.preempt) return Yield.PREEMPTED;
                Goroutine.Frame f = gp.frame;
                Insn in = f.code.at(f.pc);
                switch (in.op()) {
                    case Insn.WORK -> {
                        if (f.workLeft < 0) {
                            long d = ((Insn.Work) in).nanos().eval(f.locals);
                            if (d < 0) throw new GoPanic("panic: work of negative duration " + d + "ns");
                            f.workLeft = d;
                        }
                        while (f.workLeft > 0) {
                            long slice = Math.min(f.workLeft, costs.workSlice());
                            ts.spend(m, slice);
                            f.workLeft -= slice;
                            if (gp.preempt && f.workLeft > 0) return Yield.PREEMPTED;
                        }
                        f.workLeft = -1;
                        f.pc++;
                    }
                    case Insn.GO -> {
                        Insn.Go g = (Insn.Go) in;
                        long[] args = eval(g.args(), f.locals);
                        f.pc++;
                        m.newproc(m.sched.program.function(g.fn()), args, gp);
                    }
                    case Insn.CALL -> {
                        Insn.Call c = (Insn.Call) in;
                        long[] args = eval(c.args(), f.locals);
                        f.pc++;
                        gp.frame = new Goroutine.Frame(m.sched.program.function(c.fn()), f, args);
                        ts.pass(m, costs.statement());
                    }
                    case Insn.SET -> {
                        Insn.Set set = (Insn.Set) in;
                        f.locals[set.slot()] = set.value().eval(f.locals);
                        f.pc++;
                        ts.pass(m, costs.statement());
                    }
                    case Insn.JUMP_IF_ZERO -> {
                        Insn.JumpIfZero j = (Insn.JumpIfZero) in;
                        f.pc = j.cond().eval(f.locals) == 0 ? j.target() : f.pc + 1;
                        ts.pass(m, costs.statement());
                    }
                    case Insn.JUMP -> {
                        f.pc = ((Insn.Jump) in).target();
                        ts.pass(m, costs.statement());
                    }
                    case Insn.GOSCHED -> {
                        f.pc++;
                        return Yield.GOSCHED;
                    }
                    case Insn.RETURN -> {
                        gp.frame = f.caller;
                        if (gp.frame == null) {
                            if (gp.goid == 1) throw new ProgramExit();
                            gp.stack = f; // kept with the dead G for reuse, as Go keeps its stack
                            return Yield.EXIT;
                        }
                        ts.pass(m, costs.statement());
                    }
                    case Insn.WG_ADD -> {
                        Insn.WgAdd a = (Insn.WgAdd) in;
                        long delta = a.delta().eval(f.locals);
                        f.pc++;
                        wgAdd(gp, m.sched.waitGroups[a.wg()], delta, a.text());
                    }
                    case Insn.WG_DONE -> {
                        f.pc++;
                        wgAdd(gp, m.sched.waitGroups[((Insn.WgDone) in).wg()], -1, in.text());
                    }
                    case Insn.WG_WAIT -> {
                        WaitGroup wg = m.sched.waitGroups[((Insn.WgWait) in).wg()];
                        f.pc++;
                        wg.lock.lock();
                        if (wg.counter == 0) {
                            wg.lock.unlock();
                            ts.pass(m, costs.statement());
                            continue;
                        }
                        // Park with wg.lock held: the M releases it once gp is waiting, so a wg.Done on
                        // another M cannot ready gp before it has really stopped (Go's gopark unlockf).
                        wg.waiters.addLast(gp);
                        gp.waitingOn = wg;
                        gp.waitReason = "semacquire";
                        parkedOn = wg;
                        return Yield.PARK;
                    }
                    default -> throw new IllegalStateException("unknown instruction " + in);
                }
            }
        } catch (ArithmeticException e) {
            throw new GoPanic("panic: runtime error: integer divide by zero");
        }
    }

    private void wgAdd(Goroutine gp, WaitGroup wg, long delta, String text) {
        List<Goroutine> woken = wg.add(delta);
        for (Goroutine w : woken) m.ready(w, gp + " " + text);
        m.sched.ts.pass(m, m.sched.costs.statement());
    }

    /** Called by the M after the parked G is marked waiting (Go's park_m calling unlockf). */
    void unlockParked() {
        WaitGroup wg = parkedOn;
        parkedOn = null;
        if (wg != null) wg.lock.unlock();
    }

    private static final long[] NO_ARGS = {};

    private static long[] eval(IntExpr[] exprs, long[] locals) {
        if (exprs.length == 0) return NO_ARGS;
        long[] out = new long[exprs.length];
        for (int i = 0; i < out.length; i++) out[i] = exprs[i].eval(locals);
        return out;
    }
}
