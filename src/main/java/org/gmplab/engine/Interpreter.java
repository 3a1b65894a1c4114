package org.gmplab.engine;

import java.util.List;

import org.gmplab.scenario.Insn;
import org.gmplab.scenario.IntExpr;

/**
 * Runs a goroutine's compiled code on its M, one instruction at a time, until the goroutine yields,
 * blocks, exits or is asked to stop (preemption is honoured at every scheduling point, like Go's
 * function-prologue check).
 *
 * <p>Scheduling points, where the turnstile may let another engine thread run: every instruction that
 * other threads can see (a channel operation, a {@code go}, a lock...), every {@code workSlice} inside a
 * long {@code work}, and in step mode every {@code workSlice} of <em>local</em> instructions (assignments,
 * jumps, calls and returns: they touch only the goroutine's own frame). Local instructions in between
 * are only counted, their cost paid at the next scheduling point: nothing outside the goroutine can tell
 * the difference, and a busy loop no longer hands the token over every few virtual nanoseconds (a switch
 * of Java threads each time, which made nine goroutines in {@code for {}} take seconds of wall time per
 * virtual millisecond). A preemption asked for meanwhile is seen at most a {@code workSlice} late, as in
 * a long {@code work}, and Go's own asynchronous preemption takes microseconds to land too.
 */
final class Interpreter {
    /** Why the goroutine stopped running on this M; the M then does Go's matching mcall function. */
    enum Yield { GOSCHED, GOSCHED_INJECTED, PREEMPTED, PARK, EXIT, EXITSYSCALL0, GOYIELD }

    /** Thrown when main returns: as in Go, the whole program exits. */
    static final class ProgramExit extends RuntimeException {
        ProgramExit() { super("main returned", null, false, false); }
    }

    /**
     * Live mode: local instructions run between two looks at the turnstile (where a freeze stops the M and a
     * shutdown unwinds it). Their cost means nothing there (time is the wall clock), so looking after every
     * one only read the turnstile's volatile flags once per statement. Looking every so many is as safe:
     * local instructions change only the goroutine's own frame, which no other thread reads while the world
     * runs (a snapshot reads it with the world frozen), so the world a freeze stops a few statements later is
     * one that could have been stopped as well; a freeze or a shutdown waits at most this many statements
     * (a microsecond or so) longer. Preemption is still seen at every instruction ({@code gp.preempt}), and
     * every instruction others can see is still a scheduling point. Step mode keeps its {@code workSlice}.
     */
    static final int LIVE_LOCAL_RUN = 64;

    private final Machine m;
    /**
     * Go's {@code unlockf} for gopark: what the M must do once the G is waiting — release the lock the G
     * parked under, or add its timer. Set just before returning {@link Yield#PARK}.
     */
    private Runnable unlockf;

    Interpreter(Machine m) { this.m = m; }

    Yield run(Goroutine gp) {
        Turnstile ts = m.sched.ts;
        Costs costs = m.sched.costs;
        long statement = costs.statement();
        long quantum = ts instanceof StepTurnstile ? costs.workSlice() : LIVE_LOCAL_RUN * statement;
        long owed = 0; // virtual ns of local instructions run since the last scheduling point
        try {
            resume(gp);
            for (;;) {
                Goroutine.CallFrame f = gp.frame;
                int pc = f.pc;
                Insn in = f.code.at(pc);
                int op = f.code.op(pc);   // not in.op(): a megamorphic call at every instruction
                f.at = pc;   // the statement it is at, for the snapshot's line
                if (owed > 0 && (owed >= quantum || !local(op))) {
                    ts.pass(m, owed); // others run first whatever is earlier than what comes next
                    owed = 0;
                }
                if (gp.preempt) return Yield.PREEMPTED;
                if (gp.injected != null) {
                    Yield y = injected(gp);
                    if (y != null) return y;
                    continue;
                }
                switch (op) {
                    case Insn.CALL -> {
                        call(gp, f, (Insn.Call) in);
                        owed += statement;
                    }
                    case Insn.SET -> {
                        Insn.Set set = (Insn.Set) in;
                        f.locals[set.slot()] = set.value().eval(f.locals);
                        f.pc++;
                        owed += statement;
                    }
                    case Insn.JUMP_IF_ZERO -> {
                        Insn.JumpIfZero j = (Insn.JumpIfZero) in;
                        f.pc = j.cond().eval(f.locals) == 0 ? j.target() : f.pc + 1;
                        owed += statement;
                    }
                    case Insn.JUMP -> {
                        int target = ((Insn.Jump) in).target();
                        if (target == f.pc && statement > 0) {
                            // for {}: it would jump to itself until the next scheduling point; count those jumps at once
                            owed += statement * Math.max(1, (quantum - owed + statement - 1) / statement);
                        } else {
                            f.pc = target;
                            owed += statement;
                        }
                    }
                    case Insn.GOSCHED -> {
                        f.pc++;
                        return Yield.GOSCHED;
                    }
                    case Insn.RETURN -> {
                        gp.frame = f.caller;
                        if (gp.frame == null) {
                            if (owed > 0) ts.pass(m, owed); // the goroutine's statements happened before it exits
                            if (gp.goid == 1) {
                                m.sched.mainMainReturned = ts.now(m);
                                throw new ProgramExit();
                            }
                            gp.stack = f; // kept with the dead G for reuse, as Go keeps its stack
                            return Yield.EXIT;
                        }
                        owed += statement;
                    }
                    case Insn.MAIN_MAIN -> {
                        m.sched.mainMainBegan = ts.now(m);
                        gp.frame = new Goroutine.CallFrame(m.sched.program.function(((Insn.MainMain) in).fn()), null, NO_ARGS);
                        owed += statement;
                    }
                    // Scheduling points: what others can see. Their owed cost is 0 here (paid above).
                    case Insn.WORK -> {
                        Yield y = work(gp, f, (Insn.Work) in);
                        if (y != null) return y;
                    }
                    case Insn.MAKECHAN, Insn.SEND, Insn.RECV, Insn.CLOSE, Insn.SELECT -> {
                        Yield y = chanOp(gp, f, in, op);
                        if (y != null) return y;
                    }
                    case Insn.WG_ADD, Insn.WG_DONE, Insn.WG_WAIT, Insn.LOCK, Insn.UNLOCK -> {
                        Yield y = syncOp(gp, f, in);
                        if (y != null) return y;
                    }
                    case Insn.GO, Insn.SYSCALL, Insn.SLEEP, Insn.NETREAD, Insn.GOMAXPROCS, Insn.LOCK_OS_THREAD, Insn.PARK -> {
                        Yield y = runtimeOp(gp, f, in);
                        if (y != null) return y;
                    }
                    default -> throw new IllegalStateException("unknown instruction " + in);
                }
            }
        } catch (ArithmeticException e) {
            if (owed > 0) ts.pass(m, owed); // the panic comes after the statements before it
            throw new GoPanic("panic: runtime error: integer divide by zero");
        }
    }

    /**
     * A {@code work}: spends its virtual time a {@code workSlice} at a time, a preemption or an injected
     * Gosched honoured between slices (the rest is left in {@code f.workLeft}). Null means go on running.
     */
    private Yield work(Goroutine gp, Goroutine.CallFrame f, Insn.Work in) {
        Turnstile ts = m.sched.ts;
        Costs costs = m.sched.costs;
        if (f.workLeft < 0) {
            long d = in.nanos().eval(f.locals);
            if (d < 0) throw new GoPanic("panic: work of negative duration " + d + "ns");
            f.workLeft = d;
        }
        while (f.workLeft > 0) {
            long slice = Math.min(f.workLeft, costs.workSlice());
            ts.spend(m, slice);
            f.workLeft -= slice;
            if (gp.preempt && f.workLeft > 0) return Yield.PREEMPTED;
            if (gp.injected instanceof Action.Gosched && f.workLeft > 0) {
                gp.injected = null; // the work goes on when the G runs again, as after a preemption
                return Yield.GOSCHED_INJECTED;
            }
        }
        f.workLeft = -1;
        f.pc++;
        return null;
    }

    /**
     * The channel instructions: Go's {@code makechan}, {@code chansend}, {@code chanrecv}, {@code closechan}
     * and {@code selectgo}. Null means go on running.
     */
    private Yield chanOp(Goroutine gp, Goroutine.CallFrame f, Insn in, int op) {
        Turnstile ts = m.sched.ts;
        Costs costs = m.sched.costs;
        Handles handles = m.sched.handles;
        switch (op) {
            case Insn.MAKECHAN -> {
                Insn.MakeChan mk = (Insn.MakeChan) in;
                long cap = mk.capacity().eval(f.locals);
                if (cap < 0 || cap > org.gmplab.scenario.Scenario.MAX_CHANNEL_CAP) throw Channel.sizeOutOfRange(cap);
                f.locals[mk.slot()] = handles.makeChan((int) cap).handle;
                f.pc++;
                ts.pass(m, costs.statement());
            }
            case Insn.SEND -> {
                Insn.Send snd = (Insn.Send) in;
                Channel c = chan(handles, snd.ch().eval(f.locals));
                if (c == null) return park(gp, null, "chan send (nil chan)", () -> m.sched.parkForever(gp));
                if (c.send(m, gp, snd.value().eval(f.locals))) {
                    f.pc++;
                    ts.pass(m, costs.statement());
                    return null;
                }
                return park(gp, c, "chan send", c.chanparkcommit); // pc stays: resumeChanOp finishes it
            }
            case Insn.RECV -> {
                Insn.Recv rcv = (Insn.Recv) in;
                Channel c = chan(handles, rcv.ch().eval(f.locals));
                if (c == null) return park(gp, null, "chan receive (nil chan)", () -> m.sched.parkForever(gp));
                if (c.recv(m, gp, f, rcv.slot())) {
                    f.pc++;
                    ts.pass(m, costs.statement());
                    return null;
                }
                return park(gp, c, "chan receive", c.chanparkcommit);
            }
            case Insn.CLOSE -> {
                Channel c = handles.chanOrNil(((Insn.Close) in).ch().eval(f.locals));
                if (c == null) throw new GoPanic("panic: close of nil channel");
                f.pc++;
                c.close(m, gp);
                ts.pass(m, costs.statement());
            }
            case Insn.SELECT -> {
                Insn.Select sel = (Insn.Select) in;
                int r = Select.selectgo(m, gp, sel, f, handles);
                if (r == Select.PARKED) {
                    Sudog[] sgs = gp.selectSudogs;
                    if (sgs.length == 0) return park(gp, null, "select (no cases)", () -> m.sched.parkForever(gp));
                    return park(gp, gp.waitingOn, gp.waitReason, () -> Select.unlockAll(sgs));
                }
                f.pc = r == Select.DEFAULT ? sel.defaultTarget() : sel.targets()[r];
                ts.pass(m, costs.statement());
            }
            default -> throw new IllegalStateException("not a channel instruction: " + in);
        }
        return null;
    }

    /**
     * The sync instructions: WaitGroup's Add, Done and Wait, Mutex's Lock and Unlock (Go's semacquire and
     * semrelease underneath). Null means go on running.
     */
    private Yield syncOp(Goroutine gp, Goroutine.CallFrame f, Insn in) {
        Turnstile ts = m.sched.ts;
        Costs costs = m.sched.costs;
        Handles handles = m.sched.handles;
        switch (in.op()) {
            case Insn.WG_ADD -> {
                Insn.WgAdd a = (Insn.WgAdd) in;
                WaitGroup wg = handles.get(a.wg().eval(f.locals), WaitGroup.class, "sync.WaitGroup");
                long delta = a.delta().eval(f.locals);
                f.pc++;
                wgAdd(gp, wg, delta, a.text());
            }
            case Insn.WG_DONE -> {
                WaitGroup wg = handles.get(((Insn.WgDone) in).wg().eval(f.locals), WaitGroup.class, "sync.WaitGroup");
                f.pc++;
                wgAdd(gp, wg, -1, in.text());
            }
            case Insn.WG_WAIT -> {
                WaitGroup wg = handles.get(((Insn.WgWait) in).wg().eval(f.locals), WaitGroup.class, "sync.WaitGroup");
                f.pc++;
                wg.lock.lock();
                if (wg.counter.get() == 0) {
                    wg.lock.unlock();
                    ts.pass(m, costs.statement());
                    return null;
                }
                // Park with wg.lock held: the M releases it once gp is waiting, so a wg.Done on
                // another M cannot ready gp before it has really stopped (Go's gopark unlockf).
                wg.waiters.addLast(gp);
                return park(gp, wg, "semacquire", wg.lock::unlock);
            }
            case Insn.LOCK -> {
                Mutex mu = handles.get(((Insn.Lock) in).mu().eval(f.locals), Mutex.class, "sync.Mutex");
                // The pc stays on Lock while the G spins or sleeps: woken, it goes on in lockSlow.
                if (!mu.lockSlow(m, gp)) return park(gp, mu, "sync.Mutex.Lock", mu.lock::unlock);
                f.pc++;
                ts.pass(m, costs.statement());
            }
            case Insn.UNLOCK -> {
                Mutex mu = handles.get(((Insn.Unlock) in).mu().eval(f.locals), Mutex.class, "sync.Mutex");
                f.pc++;
                Mutex.Unlocked u = mu.unlock();
                // semrelease: readyWithTime puts the woken waiter into our P's runnext
                if (u.woken() != null) m.ready(u.woken(), gp, in.text(), u.why());
                ts.pass(m, costs.statement());
                if (u.handoff()) return Yield.GOYIELD; // the waiter inherits our time slice
            }
            default -> throw new IllegalStateException("not a sync instruction: " + in);
        }
        return null;
    }

    /**
     * The runtime's own calls: {@code newproc}, system calls ({@code entersyscall}), {@code time.Sleep},
     * network reads (the netpoller), {@code GOMAXPROCS}, {@code LockOSThread}, a {@code gopark} forever.
     * Null means go on running.
     */
    private Yield runtimeOp(Goroutine gp, Goroutine.CallFrame f, Insn in) {
        Turnstile ts = m.sched.ts;
        Costs costs = m.sched.costs;
        switch (in.op()) {
            case Insn.GO -> {
                Insn.Go g = (Insn.Go) in;
                long[] args = goArgs(g.args(), f.locals);
                f.pc++;
                m.newproc(m.sched.program.function(g.fn()), args, gp);
            }
            case Insn.SYSCALL -> {
                Insn.Syscall sc = (Insn.Syscall) in;
                long d = Math.max(0, sc.nanos().eval(f.locals));
                f.pc++;
                m.entersyscall(gp, d, sc.blocking());
                ts.syscall(m, d, m.sched.nmidle == 0); // the M is blocked in the kernel
                if (!m.exitsyscall(gp)) return exitsyscall0(gp);
                ts.pass(m, costs.statement());
            }
            case Insn.SLEEP -> {
                long d = ((Insn.Sleep) in).nanos().eval(f.locals);
                f.pc++;
                if (d <= 0) { // time.Sleep returns at once for d <= 0
                    ts.pass(m, costs.statement());
                    return null;
                }
                long when = Timers.when(ts.now(m), d);
                // Go's resetForSleep: the timer is added once the G is waiting.
                return park(gp, "timer", "sleep", () -> m.addSleepTimer(gp, when));
            }
            case Insn.NETREAD -> {
                long d = Math.max(0, ((Insn.NetRead) in).nanos().eval(f.locals));
                f.pc++;
                long at = Timers.when(ts.now(m), d);
                Sched sched = m.sched;
                return park(gp, "netpoll", "IO wait", () -> sched.netpoll.arm(gp, at, m));
            }
            case Insn.GOMAXPROCS -> {
                long n = ((Insn.Gomaxprocs) in).n().eval(f.locals);
                f.pc++;
                // GOMAXPROCS(n < 1) only asks; Go caps large values, we cap at MAX_PROCS.
                int want = (int) Math.min(n, org.gmplab.scenario.Scenario.MAX_PROCS);
                if (n >= 1 && want != m.sched.gomaxprocs) m.gomaxprocs(gp, want);
                ts.pass(m, costs.statement());
            }
            case Insn.LOCK_OS_THREAD -> {
                f.pc++;
                m.lockOSThread(gp, ((Insn.LockOSThread) in).lock());
                ts.pass(m, costs.statement());
            }
            case Insn.PARK -> {
                f.pc++;
                Sched sched = m.sched;
                return park(gp, "the runtime (no garbage collector here wakes it)", ((Insn.Park) in).reason(), () -> sched.parkForever(gp));
            }
            default -> throw new IllegalStateException("not a runtime call: " + in);
        }
        return null;
    }

    /** Finishes what the G was doing when it last stopped: a system call's exit, a channel operation it parked in. */
    private void resume(Goroutine gp) {
        if (gp.exitsyscall0) {
            // Go's exitsyscall after mcall(exitsyscall0) returns: the call is over, on whichever P we got
            gp.exitsyscall0 = false;
            if (m.p != null) m.p.syscalltick++; // (Go 1.0 has no Ps)
        }
        Sudog woken = gp.param;
        if (woken != null) resumeChanOp(gp, woken);
    }

    /** A call: a new frame on the G's stack, its arguments evaluated in the caller's. */
    private void call(Goroutine gp, Goroutine.CallFrame f, Insn.Call c) {
        long[] args = eval(c.args(), f.locals);
        if (f.depth >= Goroutine.MAX_DEPTH) throw stackOverflow(); // Go's morestack → newstack
        f.pc++;
        gp.frame = new Goroutine.CallFrame(m.sched.program.function(c.fn()), f, args);
    }

    /**
     * The channel behind handle {@code h}, or null for nil: {@link Handles#chanOrNil}, through a small cache of
     * this M's own. A channel made at run time is found in a concurrent map keyed by a boxed handle, a cost a
     * ping-pong paid at every operation (Go holds a pointer). Handles are never reused, so an entry whose
     * handle matches is the channel for good; a miss (or anything but a channel) asks {@code handles}.
     */
    private Channel chan(Handles handles, long h) {
        int i = (int) h & (chanCache.length - 1);
        Channel c = chanCache[i];
        if (c != null && c.handle == h) return c;
        c = handles.chanOrNil(h);
        if (c != null) chanCache[i] = c;
        return c;
    }

    private final Channel[] chanCache = new Channel[16];

    /** Instructions that touch only the goroutine's own frame: nothing outside it can see them run. */
    private static boolean local(int op) {
        return op == Insn.SET || op == Insn.JUMP || op == Insn.JUMP_IF_ZERO || op == Insn.CALL || op == Insn.RETURN;
    }

    /** The slow path of exitsyscall: the M does {@code mcall(exitsyscall0)}; the G goes on where it runs next. */
    private static Yield exitsyscall0(Goroutine gp) {
        gp.exitsyscall0 = true;
        return Yield.EXITSYSCALL0;
    }

    /** Carries out an action injected from outside at this instruction boundary; null means go on running. */
    private Yield injected(Goroutine gp) {
        Action a = gp.injected;
        gp.injected = null;
        Turnstile ts = m.sched.ts;
        if (a instanceof Action.InjectSyscall sc) {
            m.entersyscall(gp, sc.nanos(), false);
            ts.syscall(m, sc.nanos(), m.sched.nmidle == 0);
            if (!m.exitsyscall(gp)) return exitsyscall0(gp);
            ts.pass(m, m.sched.costs.statement());
            return null;
        }
        if (a instanceof Action.Gosched) return Yield.GOSCHED_INJECTED; // the pc stays: it runs on from here
        if (a instanceof Action.Block) {
            Sched sched = m.sched;
            return park(gp, "injected", "injected", () -> sched.injectedBlocked.add(gp));
        }
        throw new IllegalStateException("cannot inject " + a + " into a running goroutine");
    }

    /** Prepares Go's gopark: the G will wait on {@code on} for {@code reason}; the M runs {@code unlock} after. */
    private Yield park(Goroutine gp, Object on, String reason, Runnable unlock) {
        gp.waitingOn = on;
        gp.waitReason = reason;
        unlockf = unlock;
        return Yield.PARK;
    }

    /** The G was woken by a channel partner: finish the operation it parked in. */
    private void resumeChanOp(Goroutine gp, Sudog woken) {
        gp.setParam(null);
        gp.waiting = null;
        Goroutine.CallFrame f = gp.frame;
        Insn in = f.code.at(f.pc);
        if (in instanceof Insn.Select sel) {
            f.pc = sel.targets()[Select.resume(gp, woken)];
        } else if (in instanceof Insn.Send) {
            if (!woken.success) throw new GoPanic("panic: send on closed channel");
            f.pc++;
            releaseSudog(woken);
        } else {
            f.pc++; // a receive: the value is already in its local
            releaseSudog(woken);
        }
    }

    /**
     * Go's {@code acquireSudog}: a sudog for a plain channel operation about to park, reused from this M's cache
     * (Go keeps one per P, {@code pp.sudogcache}; an M runs Gs only while it holds a P, and Go 1.0's Ms have none).
     * A ping-pong parks a goroutine at every switch: a new one each time was an allocation per switch.
     */
    Sudog acquireSudog(Goroutine gp, Channel c) {
        return nsudog == 0 ? new Sudog(gp, c, false, -1) : sudogcache[--nsudog].reset(gp, c);
    }

    /**
     * Go's {@code releaseSudog}, by the woken G once its operation is over: its sudog is in no queue any more
     * (the waker dequeued it under the channel's lock). A select's sudogs are not reused: the channels whose
     * case did not fire still hold theirs, skipped lazily by {@link Channel#dequeue}.
     */
    private void releaseSudog(Sudog sg) {
        sg.g = null;
        sg.frame = null;
        if (nsudog < sudogcache.length) sudogcache[nsudog++] = sg;
    }

    private final Sudog[] sudogcache = new Sudog[16];
    private int nsudog;

    private void wgAdd(Goroutine gp, WaitGroup wg, long delta, String text) {
        List<Goroutine> woken = wg.add(delta);
        for (int i = 0; i < woken.size(); i++) m.ready(woken.get(i), gp, text, null); // no iterator: wg.Done of every goroutine of a storm
        m.sched.ts.pass(m, m.sched.costs.statement());
    }

    /** Called by the M after the parked G is marked waiting (Go's park_m calling unlockf). */
    void unlockParked() {
        Runnable u = unlockf;
        unlockf = null;
        if (u != null) u.run();
    }

    /** What Go's {@code newstack} prints when a goroutine's stack would grow past {@code maxstacksize}. */
    private static GoPanic stackOverflow() {
        return new GoPanic("runtime: goroutine stack exceeds " + Goroutine.MAX_STACK_SIZE + "-byte limit\nfatal error: stack overflow");
    }

    private static final long[] NO_ARGS = {};

    /**
     * A go statement's arguments, in an array of this M's kept for their number: {@code newproc1} copies them
     * into the new G's frame before the statement returns (as Go copies them onto the new G's stack), so
     * nothing keeps the array. A fan-out tree of 2M goroutines allocated 2M of them (24 of the 28 bytes it
     * allocated per goroutine), garbage a collector had to clear on the other core.
     */
    private long[] goArgs(IntExpr[] exprs, long[] locals) {
        int n = exprs.length;
        if (n == 0) return NO_ARGS;
        long[] out = n < goArgs.length ? goArgs[n] : new long[n];
        if (out == null) out = goArgs[n] = new long[n];
        for (int i = 0; i < n; i++) out[i] = exprs[i].eval(locals);
        return out;
    }

    /** {@link #goArgs}'s arrays, by number of arguments. */
    private final long[][] goArgs = new long[8][];

    private static long[] eval(IntExpr[] exprs, long[] locals) {
        if (exprs.length == 0) return NO_ARGS;
        long[] out = new long[exprs.length];
        for (int i = 0; i < out.length; i++) out[i] = exprs[i].eval(locals);
        return out;
    }
}
