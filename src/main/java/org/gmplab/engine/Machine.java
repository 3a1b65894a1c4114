package org.gmplab.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.SplittableRandom;

import org.gmplab.scenario.Code;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.PStatus;

/**
 * Go's {@code m}: an OS thread — here a Java platform thread — that runs goroutines while it holds a P.
 * Its life is Go's g0 loop: {@code schedule()} finds a runnable G ({@link FindRunnable}), {@code execute}s
 * it until the G yields, blocks or exits, and starts over. With nothing to do it parks on the idle list
 * ({@code stopm}); Ms are never destroyed.
 *
 * <p>Everything here runs on this M's own thread, which is Go's {@code getg().m}, except the fields that
 * other threads set to hand it work ({@code nextp}, {@code spinning} before it is woken).
 */
public class Machine extends EngineThread {
    /** Go's {@code stealTries}. */
    static final int STEAL_TRIES = FindRunnable.STEAL_TRIES;
    /** Go's 61-tick fairness check. */
    static final int FAIRNESS_TICK = FindRunnable.FAIRNESS_TICK;

    final int id;
    final Sched sched;
    final Interpreter interp;
    final FindRunnable finder;

    // p, nextp, oldp, curg: written by this M's thread, except nextp which startm sets before waking it; volatile
    // because sysmon (retake), stop-the-world and the views read them from other threads.
    volatile Processor p;        // attached P, or null
    volatile Processor nextp;    // P handed over by whoever woke us (startm)
    volatile Processor oldp;     // the P we had before entering a syscall
    volatile Goroutine curg;     // G running on this M (or in a syscall on it); null while in the scheduler (setCurg)
    volatile boolean spinning;   // out of local work, looking to steal
    volatile boolean blocked;    // parked in stopm or in the poller (scheddetail's blocked=)
    volatile boolean idle;       // on sched.midle
    volatile Goroutine lockedg;  // the G locked to this M (Go's lockedg): it runs only here, and this M runs nothing else
    int lockedIdle;              // this M's share of sched.nmidlelocked (stoplockedm +1, startlockedm -1); guarded by sched.lock
    Machine schedlink;           // idle list link; guarded by sched.lock
    long syscalltick;            // the P's syscalltick when this M entered its syscall

    /** Go's per-M cheaprand state, seeded from the scenario in step mode. */
    private final SplittableRandom rand;

    /** {@link #numberOverflow}, or null with tracing off; and the RUNQPUTSLOW it numbered, not yet emitted. */
    private final RunQueue.Claimed numberOverflow;
    private Trace.Batch overflow;

    Machine(Sched sched, int id) {
        super(id, "M" + id);
        this.id = id;
        this.sched = sched;
        this.interp = new Interpreter(this);
        this.rand = new SplittableRandom(sched.engine.seed() * 0x9E3779B97F4A7C15L + id);
        this.finder = new FindRunnable(this);
        this.numberOverflow = sched.trace.on() ? this::numberOverflow : null;
    }

    public int id() { return id; }
    public Processor p() { return p; }
    public Goroutine curg() { return curg; }
    public boolean spinning() { return spinning; }
    public boolean blocked() { return blocked; }

    Trace trace() { return sched.trace; }
    private int pid() { Processor pp = p; return pp == null ? -1 : pp.id; }

    /** Go's {@code cheaprand}. */
    int cheaprand() { return rand.nextInt(); }

    /** Go's {@code cheaprandn}: uniform in [0, n). */
    int cheaprandn(int n) { return rand.nextInt(n); }

    @Override
    public void run() {
        Turnstile ts = sched.ts;
        try {
            ts.awaitFirstTurn(this);
            // mstart1: a new M runs the P it was given (Go's mstart → acquirep(nextp)).
            if (nextp != null) {
                acquirep(nextp);
                nextp = null;
            }
            for (;;) schedule();
        } catch (Turnstile.EngineExit e) {
            // The engine shut down; this thread simply ends.
        } catch (Throwable t) {
            sched.engine.end(this, t);
        }
    }

    // ---- schedule -------------------------------------------------------------------------------

    /** Go's {@code schedule}: one round of the scheduler: find a runnable G and execute it. */
    void schedule() {
        Goroutine locked = lockedg;
        if (locked != null) {
            stoplockedm();
            execute(locked, false);
            return;
        }
        Processor pp = p;
        if (pp.preempt) pp.preempt = false;   // Go: pp.preempt = false; written only when set (a volatile store is a full fence, at every schedule)
        if (spinning && !pp.runq.runqempty()) throw new IllegalStateException("schedule: spinning with local work");
        Goroutine gp = finder.findRunnable(); // blocks until work is available
        // This thread is going to run a goroutine and is not spinning anymore, so if it was marked as
        // spinning we need to reset it now and potentially start a new spinning M.
        if (spinning) resetspinning();
        if (gp.lockedm != null) {
            // Hands off own p to the locked m, then blocks waiting for a new p (then schedules again).
            startlockedm(gp);
            return;
        }
        execute(gp, finder.inheritTime);
    }

    // ---- locked goroutines (runtime.main's lockOSThread during init) ------------------------------

    /** Go's {@code lockOSThread}/{@code unlockOSThread} for the running G. */
    void lockOSThread(Goroutine gp, boolean lock) {
        gp.lockedm = lock ? this : null;
        lockedg = lock ? gp : null;
    }

    /**
     * Go's {@code stoplockedm}: the G locked to this M is not running (it parked, yielded or was
     * preempted), and this M may run no other: it hands its P to another M and sleeps until someone
     * schedules the locked G and hands it a P ({@link #startlockedm}).
     */
    private void stoplockedm() {
        if (lockedg.lockedm != this) throw new IllegalStateException("stoplockedm: inconsistent locking");
        Processor pp = p == null ? null : releasep();
        // The STOPM comes before the hand-off: once the P is handed off, another M may run what the locked G waits for,
        // ready it and hand a P back to this M (startlockedm) before this thread would get round to saying that it
        // stopped, and a live run's log would read backwards.
        if (trace().on()) trace().emit(new Event.StopM(trace().at(this, lockedg.goid, id, -1), Event.StopM.Why.LOCKED, sched.nmidle,
                pp == null ? -1 : pp.id, false, 0, 0));
        if (pp != null) {
            // Schedule another M to run this p.
            if (trace().on()) pp.cause = -1;   // the HANDOFFP says why it goes (a STOPM releases no P in the log's causes)
            sched.handoffp(pp, this);
        }
        sched.idleLocked(this, true);
        mParkForP();
    }

    /**
     * Go's {@code startlockedm}: the G found to run is locked to another M: hand this P straight to
     * that M, wake it, and sleep on the idle list ({@code stopm}).
     */
    private void startlockedm(Goroutine gp) {
        Machine mp = gp.lockedm;
        if (mp == this) throw new IllegalStateException("startlockedm: locked to me");
        if (mp.nextp != null) throw new IllegalStateException("startlockedm: m has p");
        // directly handoff current P to the locked m
        sched.idleLocked(mp, false);
        Processor pp = releasep();
        mp.nextp = pp;
        if (trace().on()) trace().emit(new Event.StartM(trace().at(this, gp.goid, mp.id, pp.id), true, false, id));
        stopm(mp);
    }

    /**
     * Go's {@code execute}: runs {@code gp} on this M. If {@code inheritTime}, gp continues the current
     * time slice (it came from runnext); otherwise a new slice starts and {@code schedtick} counts it.
     */
    void execute(Goroutine gp, boolean inheritTime) {
        Processor pp = p;
        setCurg(gp);
        gp.setM(this);
        gp.setStatus(GStatus.RUNNING);
        // Written only when they change (a volatile store is a full fence; ready has cleared the reason already).
        if (!gp.waitReason.isEmpty()) gp.waitReason = "";
        if (gp.preempt) gp.preempt = false;
        if (!inheritTime) pp.tick();
        if (trace().on()) {
            Event.Head h = trace().at(this, gp.goid, id, pp.id, gp.cause);
            gp.cause = h.seq();   // what it readies while it runs was readied by this spell
            trace().emit(new Event.Execute(h, false, inheritTime, pp.schedtick));
        }
        if (gp.goid == 1 && !sched.mainStarted) {
            // runtime.main: mainStarted = true, then newm(sysmon, nil, -1).
            sched.mainStarted = true;
            sched.startSysmon(this);
        }
        long cost = sched.costs.gswitch() + finder.owed;
        finder.owed = 0;
        sched.ts.pass(this, cost);
        switch (interp.run(gp)) {
            case GOSCHED -> goschedImpl(gp, false, false);   // Go's gosched_m
            case GOSCHED_INJECTED -> goschedImpl(gp, false, true);
            case PREEMPTED -> goschedImpl(gp, true, false);   // Go's gopreempt_m (preemptPark, for a GC's suspendG, is not modelled)
            case PARK -> parkM(gp);
            case EXIT -> goexit0(gp);
            case EXITSYSCALL0 -> Syscalls.exitsyscall0(this, gp);
            case GOYIELD -> goyield(gp);
        }
    }

    /**
     * Go's {@code goyield_m} (a starving mutex's Unlock): gp goes to the tail of its P's <em>local</em> queue,
     * so the waiter it handed the mutex to, now in runnext, runs at once on the rest of the time slice.
     */
    private void goyield(Goroutine gp) {
        Processor pp = p;
        gp.status = GStatus.RUNNABLE;
        dropg(gp);
        Event.Head h = null;
        if (trace().on()) {
            h = trace().at(this, gp.goid, id, pp.id);   // numbered before runqput publishes gp (see ready)
            gp.cause = h.seq();
        }
        runqput(pp, gp, false);
        if (h != null) {
            trace().emit(new Event.Gosched(h, false, true, false, 0));
            emitOverflow(pp);
        }
    }

    // ---- spinning -------------------------------------------------------------------------------

    /**
     * Go's {@code becomeSpinning}.
     *
     * @param busy gomaxprocs - npidle when the spinning limit was checked, or -1 when not checked
     */
    void becomeSpinning(String why, int busy) {   // why: a constant, or null for findRunnable's half-the-busy-Ps limit
        spinning = true;
        sched.nmspinning.incrementAndGet();
        sched.needspinning.set(0);
        if (trace().on()) trace().emit(new Event.Spinning(trace().at(this, -1, id, pid()), sched.nmspinning.get(), busy, why));
    }

    /**
     * Go's {@code resetspinning}: a spinning M found work. It stops spinning and, since it may have been
     * the last spinner, wakes another one (this is how parallelism ramps up one M at a time).
     */
    private void resetspinning() {
        spinning = false;
        if (sched.nmspinning.decrementAndGet() < 0) throw new IllegalStateException("resetspinning: negative nmspinning");
        if (trace().on()) trace().emit(new Event.SpinningStop(trace().at(this, -1, id, pid()), true, sched.nmspinning.get()));
        sched.wakep(this);
    }

    // ---- P and M parking ------------------------------------------------------------------------

    /** Go's {@code acquirep} (wirep): associate P and this M. */
    void acquirep(Processor pp) {
        if (p != null || pp.m != null || pp.status != PStatus.IDLE)
            throw new IllegalStateException("wirep: invalid p state: M" + id + " P" + pp.id + " " + pp.status + " m=" + pp.m);
        p = pp;
        pp.m = this;
        pp.status = PStatus.RUNNING;
    }

    /** Go's {@code releasep}: disassociate P and this M. */
    Processor releasep() {
        Processor pp = p;
        if (pp.m != this || pp.status != PStatus.RUNNING) throw new IllegalStateException("releasep: invalid p state");
        pp.m = null;
        p = null;
        pp.status = PStatus.IDLE;
        return pp;
    }

    /** Go's {@code stopm}: puts this M on the idle list and sleeps until someone hands it a P. */
    void stopm() { stopm(null); }

    /**
     * {@link #stopm}, waking {@code handedTo} (an M this one has just handed its P to) once this M is on the idle list.
     * Go's {@code startlockedm} wakes the locked M first and then stops; its wake is one {@code futex} call, and the
     * waker is on the idle list long before the woken M can look for one (a Go program at GOMAXPROCS 1 boots with 3 Ms in
     * 44 of 50 starts here). A Java thread's wake-up can keep the waker tens of µs in the kernel on a virtual machine,
     * time enough for the woken M to run ahead, find no M idle and make one more (4 Ms in 71 of 100 starts); so the
     * waker goes on the idle list first. One order or the other leaves the same states; only a race's odds change
     * (docs/engine.md, "Assumptions").
     */
    private void stopm(Machine handedTo) {
        if (p != null) throw new IllegalStateException("stopm holding p");
        if (spinning) throw new IllegalStateException("stopm spinning");
        Event.Head h = null;
        int nmidle = 0;
        sched.lock.lock();
        try {
            sched.mput(this);
            // Numbered under the lock: once it is released, another M may take this one off the idle list and log
            // its STARTM, and a live run's log must not show this M going idle after it was woken.
            if (trace().on()) {
                h = trace().at(this, -1, id, -1);
                nmidle = sched.nmidle;
            }
        } finally {
            sched.lock.unlock();
        }
        if (h != null) trace().emit(new Event.StopM(h, Event.StopM.Why.IDLE, nmidle, -1, false, 0, 0));
        if (handedTo != null) sched.ts.unpark(handedTo, this, sched.wakeLatency(this));
        mParkForP();
    }

    /**
     * Go's {@code mPark} followed by {@code acquirep(gp.m.nextp)}, as {@code stopm} and {@code stoplockedm} end: sleeps
     * until another M hands this one a P ({@code startm}, {@code startlockedm}) and takes it.
     */
    private void mParkForP() {
        blocked = true;
        // Go's m.park note is ours alone; here one wake-up permit serves every note of the thread, so a
        // late netpollBreak can leave a stale one: sleep on until someone has really handed us a P.
        do {
            sched.ts.park(this);
        } while (nextp == null);
        blocked = false;
        acquirep(nextp);
        nextp = null;
    }

    /**
     * Go's {@code gcstopm}: the world is being stopped; give up the P ({@code _Pgcstop}), tell the stopper
     * if we were the last one it waited for, and sleep.
     */
    void gcstopm() {
        if (spinning) {
            spinning = false;
            // OK to just drop nmspinning here, startTheWorld will unpark threads as necessary.
            if (sched.nmspinning.decrementAndGet() < 0) throw new IllegalStateException("gcstopm: negative nmspinning");
        }
        Processor pp = releasep();
        boolean last;
        Machine stopper;   // read under the lock: once it is released the stopper may finish and clear it
        sched.lock.lock();
        try {
            pp.status = PStatus.GCSTOP;
            last = --sched.stopwait == 0;
            stopper = sched.stopper;
        } finally {
            sched.lock.unlock();
        }
        if (trace().on()) trace().emit(new Event.Stw(trace().at(this, -1, id, pp.id), Event.Stw.Phase.P_STOPS, "", sched.stopwait, false, last, 0));
        if (last) sched.ts.unpark(stopper, this, sched.wakeLatency(this));
        stopm();
    }

    // ---- what the running G asks for (newproc, ready, and the mcall functions) -------------------

    /** Go's {@code newproc}: {@code go fn(args)} from the running G. The new G goes to runnext. */
    void newproc(Code fn, long[] args, Goroutine parent) {
        Processor pp = p;
        Goroutine newg = newproc1(fn, args, parent);
        Event.Head h = trace().on() ? numberNewproc(pp, newg, pp.lastRefill) : null;
        runqput(pp, newg, true);
        if (h != null) explainNewproc(pp, newg, parent, h);
        sched.ts.pass(this, sched.costs.newproc());
        if (sched.mainStarted) sched.wakep(this);
    }

    /** Go's runtime·rt0_go → newproc(runtime.main): G1 into P0's runnext before any M runs. */
    void bootMain(Code main) {
        Processor pp = p;
        Goroutine g1 = newproc1(main, new long[0], null);
        Event.Head h = trace().on() ? numberNewproc(pp, g1, 0) : null;
        runqput(pp, g1, true);
        if (h != null) explainNewproc(pp, g1, null, h);
    }

    /** Go's {@code newproc1}: a runnable G for fn, reusing a dead one when possible. */
    private Goroutine newproc1(Code fn, long[] args, Goroutine parent) {
        Processor pp = p;
        Goroutine newg = pp.gfget();
        if (newg == null) newg = sched.allgadd(new Goroutine());
        newg.goid = pp.nextGoid();
        newg.parentGoid = parent == null ? 0 : parent.goid;
        newg.startFn = fn;
        Goroutine.CallFrame stack = newg.stack;
        newg.stack = null;
        newg.frame = stack != null ? stack.reset(fn, null, args) : new Goroutine.CallFrame(fn, null, args);
        newg.waitReason = "";
        newg.status = GStatus.RUNNABLE;
        return newg;
    }

    /**
     * The GO event's number, taken (with newg's cause) before {@code runqput} publishes newg: from then on another P
     * may steal it and log its EXECUTE, which a live run's log must show after the GO that made it.
     */
    private Event.Head numberNewproc(Processor pp, Goroutine newg, int refilled) {
        if (refilled > 0) trace().emit(new Event.GfreeRefill(trace().at(this, -1, id, pp.id), refilled, Processor.GFREE_REFILL_TO));
        Event.Head h = trace().at(this, newg.goid, id, pp.id);
        newg.cause = h.seq();
        return h;
    }

    /** Emits the GO that {@link #numberNewproc} numbered, once runqput has told what it kicked, and its overflow if any. */
    private void explainNewproc(Processor pp, Goroutine newg, Goroutine parent, Event.Head h) {
        Code fn = newg.startFn;
        Goroutine kicked = pp.runq.kicked();
        trace().emit(new Event.Go(h, Event.Go.To.RUNNEXT, newg.parentGoid,
                parent == null ? -1 : parent.goid, fn.name(), kicked == null ? -1 : kicked.goid, pp.runq.size(), newg.system(), 0, 0));
        emitOverflow(pp);
    }

    /**
     * Go's {@code runqput} on pp, this M's P. With tracing on, an overflow's RUNQPUTSLOW is numbered while its Gs are
     * claimed and not yet on the global queue ({@link #numberOverflow}), and the caller emits it after the event of the
     * put itself ({@link #emitOverflow}).
     */
    private void runqput(Processor pp, Goroutine gp, boolean next) {
        pp.runq.runqput(gp, next, sched.runq, numberOverflow);
    }

    /**
     * Numbers the RUNQPUTSLOW of Gs runqputslow has claimed, oldest first, and makes it their cause, before the global
     * queue has them: another M could take them from there at once and log its GLOBRUNQGET first (see {@link Trace}).
     */
    private void numberOverflow(Goroutine[] gs) {
        // named: the G runqputslow was putting, the new one or the runnext it kicked
        overflow = trace().numberBatch(this, id, p.id, gs, gs[gs.length - 1]);
    }

    /** Emits the RUNQPUTSLOW the last {@link #runqput} numbered, if it overflowed. */
    private void emitOverflow(Processor pp) {
        if (overflow == null) return;
        trace().emit(new Event.RunqPutSlow(overflow.head(), overflow.moved().size(), sched.runq.sizeRacy(), pp.runq.capacity(), overflow.moved()));
        overflow = null;
    }

    /**
     * Go's {@code goready}/{@code ready}: gp becomes runnable in this P's runnext, then {@code wakep}. The
     * rest says who readied it, for the event: G {@code by} (or nobody) did {@code how} (a constant, or an
     * instruction's text) on {@code on} (a channel, a mutex..., or null); nothing is formatted here.
     */
    void ready(Goroutine gp, Goroutine by, String how, Object on) {
        Processor pp = p;
        gp.makeRunnable();
        Event.Head h = null;
        if (trace().on()) {
            // numbered (and made gp's cause) before runqput publishes gp: another P may then steal it and log its
            // EXECUTE, which a live run's log must show after this READY
            h = trace().at(this, gp.goid, id, pp.id, by != null ? by.cause : gp.cause);   // the waker's EXECUTE, or the TIMER
            gp.cause = h.seq();
        }
        runqput(pp, gp, true);
        if (h != null) {
            Goroutine kicked = pp.runq.kicked();
            trace().emit(new Event.Ready(h, false, by == null ? -1 : by.goid, how, on == null ? null : on.toString(),
                    kicked == null ? -1 : kicked.goid, 0));
            emitOverflow(pp);
        }
        sched.wakep(this);
    }

    /**
     * Go's {@code goschedImpl}: gp goes to the tail of the global queue; then {@code wakep} (1.22+).
     * {@code injected}: the Gosched was injected from outside ({@link Action.Gosched}), which the event says.
     * Go 1.26: a G preempted for a stop-the-world stays in its P's runnext instead, to run first afterwards.
     */
    private void goschedImpl(Goroutine gp, boolean preempted, boolean injected) {
        Processor pp = p;
        gp.status = GStatus.RUNNABLE;
        dropg(gp);
        if (sched.go126 && preempted && sched.gcwaiting) {
            // If preempted for STW, keep the G on the local P in runnext so it can keep running immediately
            // after the STW.
            Event.Head h = null;
            if (trace().on()) {
                h = trace().at(this, gp.goid, id, pp.id);   // numbered before runqput publishes gp (see ready)
                gp.cause = h.seq();
            }
            runqput(pp, gp, true);
            if (h != null) {
                Goroutine kicked = pp.runq.kicked();
                trace().emit(new Event.Preempt(h, true, kicked == null ? -1 : kicked.goid, sched.runq.sizeRacy()));
                emitOverflow(pp);
            }
            if (sched.mainStarted) sched.wakep(this);
            return;
        }
        Event.Head h = null;
        int global = 0;
        sched.lock.lock();
        try {
            sched.runq.globrunqput(gp);
            if (trace().on()) {
                // numbered (and made gp's cause) before the unlock lets another M take gp from the global queue
                h = trace().at(this, gp.goid, id, pp.id);
                gp.cause = h.seq();
                global = sched.runq.size();
            }
        } finally {
            sched.lock.unlock();
        }
        if (h != null) {
            trace().emit(preempted ? new Event.Preempt(h, false, -1, global)
                    : new Event.Gosched(h, false, false, injected, global));
        }
        sched.ts.pass(this, sched.costs.globalOp());
        if (sched.mainStarted) sched.wakep(this);
    }

    /** Go's {@code park_m}: gp is waiting; release the lock it parked with (interp.parkLock). */
    private void parkM(Goroutine gp) {
        Processor pp = p;
        gp.setStatus(GStatus.WAITING);
        dropg(gp);
        if (!trace().on()) {
            interp.unlockParked();
            return;
        }
        Mutex.LockSlow ls = gp.lockSlow; // read before the G can be woken
        String reason = gp.waitReason, on = String.valueOf(gp.waitingOn), queued = ls != null ? ls.queued : null;
        // numbered before the unlock lets a partner wake it: its READY, and another P's EXECUTE, come after this PARK
        Event.Head h = trace().at(this, gp.goid, id, pp.id);
        interp.unlockParked();
        trace().emit(new Event.Park(h, false, reason, on, queued));
    }

    /** Go's {@code goexit0}: gp is dead; its G goes to this P's free list for reuse. */
    private void goexit0(Goroutine gp) {
        Processor pp = p;
        gp.status = GStatus.DEAD;
        dropg(gp);
        gp.frame = null;
        gp.waitingOn = null;
        long goid = gp.goid;
        int spilled = pp.gfput(gp);
        sched.engine.goexited(goid);
        if (trace().on()) {
            trace().emit(new Event.GoExit(trace().at(this, goid, id, pp.id), false, pp.gfreecnt()));
            if (spilled > 0) trace().emit(new Event.GfreeSpill(trace().at(this, -1, id, pp.id), spilled, Processor.GFREE_SPILL_AT, pp.gfreecnt()));
        }
    }

    // ---- what differs between scheduler designs (Go10Machine overrides these) --------------------

    /** Go's {@code entersyscall}, or {@code entersyscallblock} for a call known to block. */
    void entersyscall(Goroutine gp, long d, boolean blocking) {
        if (blocking) Syscalls.entersyscallblock(this, gp, d);
        else if (sched.go126) Syscalls126.entersyscall(this, gp, d);
        else Syscalls.entersyscall(this, gp, d);
    }

    /** Go's {@code exitsyscall} fast paths: true if the G runs on, false if it goes through exitsyscall0. */
    boolean exitsyscall(Goroutine gp) { return sched.go126 ? Syscalls126.exitsyscall(this, gp) : Syscalls.exitsyscall(this, gp); }

    /** time.Sleep's timer, added once gp is waiting (Go's {@code resetForSleep}): on this M's P. */
    void addSleepTimer(Goroutine gp, long when) {
        Processor pp = p;
        long before = pp.timers.wakeTime();
        sched.netpoll.inited = true;
        pp.timers.add(new Timers.Timer(when, sched.timerSeq.incrementAndGet(), gp));
        if (before == 0 || when < before) sched.wakeNetPoller(when, this);
    }

    /** {@code runtime.GOMAXPROCS(n)} from the running G: stop the world, procresize, start it. */
    void gomaxprocs(Goroutine gp, int n) { StopTheWorld.gomaxprocs(this, gp, n); }

    /** Go's {@code dropg}. */
    private void dropg(Goroutine gp) {
        gp.setM(null);
        setCurg(null);
    }

    /**
     * {@code m.curg = gp}: a release store. Only this M writes it; sysmon and the views read it (volatile reads) and
     * need only what was written before it, as Go's plain store gives them. A volatile store is a full fence, two
     * per switch (execute, dropg) for nothing.
     */
    private void setCurg(Goroutine gp) { CURG.setRelease(this, gp); }

    private static final VarHandle CURG = VarHandles.field(MethodHandles.lookup(), "curg", Goroutine.class);

    @Override public String toString() { return "M" + id; }
}
