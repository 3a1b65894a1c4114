package org.gmplab.engine;

import java.util.SplittableRandom;

import org.gmplab.engine.program.Code;
import org.gmplab.snapshot.EventKind;

/**
 * Go's {@code m}: an OS thread — here a Java platform thread — that runs goroutines while it holds a P.
 * Its life is Go's g0 loop: {@code schedule()} finds a runnable G ({@code findRunnable}), {@code execute}s
 * it until the G yields, blocks or exits, and starts over. With nothing to do it parks on the idle list
 * ({@code stopm}); Ms are never destroyed.
 *
 * <p>Everything here runs on this M's own thread, which is Go's {@code getg().m}.
 */
public final class Machine extends EngineThread {
    /** Go's {@code stealTries}: rounds over all Ps in stealWork; only the last also takes runnext. */
    static final int STEAL_TRIES = 4;
    /** Go: every 61st schedtick, take one G from the global queue first, so it cannot starve. */
    static final int FAIRNESS_TICK = 61;

    final int id;
    final Sched sched;
    final Interpreter interp;

    volatile Processor p;        // attached P, or null
    volatile Processor nextp;    // P handed over by whoever woke us (startm)
    volatile Goroutine curg;     // G running on this M, or null (running g0: the scheduler)
    volatile boolean spinning;   // out of local work, looking to steal
    volatile boolean blocked;    // parked in stopm (scheddetail's blocked=)
    volatile boolean idle;       // on sched.midle
    Machine schedlink;           // idle list link; guarded by sched.lock

    /** Go's per-M cheaprand state, seeded from the scenario in step mode. */
    private final SplittableRandom rand;
    private final StealOrder stealOrder;
    private boolean inheritTime; // second result of findRunnable
    private long owed;           // cost of work done since the last safe point, charged at execute

    Machine(Sched sched, int id) {
        super(id, "M" + id);
        this.id = id;
        this.sched = sched;
        this.interp = new Interpreter(this);
        this.rand = new SplittableRandom(sched.engine.seed() * 0x9E3779B97F4A7C15L + id);
        this.stealOrder = new StealOrder(sched.gomaxprocs);
    }

    public int id() { return id; }
    public Processor p() { return p; }
    public Goroutine curg() { return curg; }
    public boolean spinning() { return spinning; }
    public boolean blocked() { return blocked; }

    private Trace trace() { return sched.trace; }
    private int pid() { Processor pp = p; return pp == null ? -1 : pp.id; }

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
    private void schedule() {
        Processor pp = p;
        if (spinning && !pp.runq.runqempty()) throw new IllegalStateException("schedule: spinning with local work");
        Goroutine gp = findRunnable(); // blocks until work is available
        // This thread is going to run a goroutine and is not spinning anymore, so if it was marked as
        // spinning we need to reset it now and potentially start a new spinning M.
        if (spinning) resetspinning();
        execute(gp, inheritTime);
    }

    /**
     * Go's {@code execute}: runs {@code gp} on this M. If {@code inheritTime}, gp continues the current
     * time slice (it came from runnext); otherwise a new slice starts and {@code schedtick} counts it.
     */
    private void execute(Goroutine gp, boolean inheritTime) {
        Processor pp = p;
        curg = gp;
        gp.m = this;
        gp.status = GStatus.RUNNING;
        gp.waitReason = "";
        gp.preempt = false;
        if (!inheritTime) pp.schedtick++;
        if (trace().on()) trace().emit(this, EventKind.EXECUTE, gp.goid, id, pp.id,
                Trace.d("inheritTime", inheritTime ? 1 : 0, "schedtick", pp.schedtick),
                inheritTime
                        ? "M" + id + " runs " + gp + " from P" + pp.id + "'s runnext: it inherits the current time slice (schedtick stays " + pp.schedtick + ")"
                        : "M" + id + " runs " + gp + " on P" + pp.id + ": a new time slice (schedtick " + (pp.schedtick - 1) + "→" + pp.schedtick + ")");
        if (gp.goid == 1 && !sched.mainStarted) sched.mainStarted = true; // runtime.main sets mainStarted
        long cost = sched.costs.gswitch() + owed;
        owed = 0;
        sched.ts.pass(this, cost);
        switch (interp.run(gp)) {
            case GOSCHED -> goschedImpl(gp, false);
            case PREEMPTED -> goschedImpl(gp, true);
            case PARK -> parkM(gp);
            case EXIT -> goexit0(gp);
        }
    }

    // ---- findRunnable ---------------------------------------------------------------------------

    /**
     * Go 1.23's {@code findRunnable}: finds a runnable goroutine to execute, trying in order: the
     * 61-tick global pull, the local run queue, the global queue, stealing from other Ps; then gives up the
     * P and parks the M until someone hands it a P again. Sets {@link #inheritTime}.
     */
    private Goroutine findRunnable() {
        for (;;) { // top:
            Processor pp = p;
            inheritTime = false;

            // Check the global runnable queue once in a while to ensure fairness. Otherwise two goroutines
            // can completely occupy the local runqueue by constantly respawning each other.
            if (pp.schedtick % FAIRNESS_TICK == 0 && sched.runq.sizeRacy() > 0) {
                Goroutine gp = globrunqget(pp, 1, "fairness");
                if (gp != null) return gp;
            }

            // local runq
            Goroutine gp = pp.runq.runqget();
            if (gp != null) {
                inheritTime = pp.runq.gotRunnext();
                return gp;
            }

            // global runq
            if (sched.runq.sizeRacy() != 0) {
                gp = globrunqget(pp, 0, "batch");
                if (gp != null) return gp;
            }

            // Spinning Ms: steal work from other Ps. Limit the number of spinning Ms to half the number
            // of busy Ps. This is necessary to prevent excessive CPU consumption when GOMAXPROCS>>1 but
            // the program parallelism is low.
            int busy = sched.gomaxprocs - sched.npidle.get();
            if (spinning || 2 * sched.nmspinning.get() < busy) {
                if (!spinning) becomeSpinning("2*nmspinning=" + 2 * sched.nmspinning.get() + " < busy Ps=" + busy + " (at most half of the busy Ps may have a spinner)", busy);
                gp = stealWork(pp);
                if (gp != null) return gp;
            }

            // We have nothing to do. Take snapshots of what the re-checks below need after the P is gone.
            Processor[] allpSnapshot = sched.allp;
            boolean[] idlepSnapshot = new boolean[allpSnapshot.length];
            for (int i = 0; i < allpSnapshot.length; i++) idlepSnapshot[i] = allpSnapshot[i].idle;

            boolean wantSpinner = false;
            int n = 0;
            sched.lock.lock();
            try {
                if (sched.runq.size() != 0) {
                    gp = sched.globrunqget(pp, 0);
                    n = sched.lastGlobrunqgetN;
                } else if (!spinning && sched.needspinning.get() == 1) {
                    wantSpinner = true;
                } else {
                    releasep();
                    sched.pidleput(pp);
                }
            } finally {
                sched.lock.unlock();
            }
            if (gp != null) {
                emitGlobrunqget(pp, gp, "batch", n);
                return gp;
            }
            if (wantSpinner) {
                // See "Delicate dance" comment below: someone wanted a spinner and found no idle P.
                becomeSpinning("needspinning=1: an M found work but no idle P for a spinner");
                continue;
            }
            if (trace().on()) trace().emit(this, EventKind.PIDLE, -1, id, pp.id, Trace.d("npidle", sched.npidle.get()),
                    "M" + id + " found nothing to run: P" + pp.id + " goes to the idle list (idleprocs=" + sched.npidle.get() + ")");

            // Delicate dance: thread transitions from spinning to non-spinning state, potentially
            // concurrently with submission of new work. We must drop nmspinning first and then check all
            // sources again (with a StoreLoad barrier in between). If we do it the other way around,
            // another thread can submit work after we've checked all sources but before we drop
            // nmspinning; as a result nobody will unpark a thread to run the work.
            if (spinning) {
                spinning = false;
                if (sched.nmspinning.decrementAndGet() < 0) throw new IllegalStateException("findrunnable: negative nmspinning");
                if (trace().on()) trace().emit(this, EventKind.SPINNING_STOP, -1, id, -1, Trace.d("nmspinning", sched.nmspinning.get()),
                        "M" + id + " stops spinning before it sleeps, then checks every queue once more (the \"delicate dance\": new work submitted meanwhile is not lost)");

                // Check global and P runqueues again.
                sched.lock.lock();
                Processor pp2 = null;
                try {
                    if (sched.runq.size() != 0) {
                        pp2 = sched.pidlegetSpinning();
                        if (pp2 != null) {
                            gp = sched.globrunqget(pp2, 0);
                            if (gp == null) throw new IllegalStateException("global runq empty with non-zero runqsize");
                            n = sched.lastGlobrunqgetN;
                        }
                    }
                } finally {
                    sched.lock.unlock();
                }
                if (pp2 != null) {
                    acquirep(pp2);
                    emitGlobrunqget(pp2, gp, "recheck", n);
                    becomeSpinning("the re-check found Gs in the global queue");
                    return gp;
                }
                pp2 = checkRunqsNoP(allpSnapshot, idlepSnapshot);
                if (pp2 != null) {
                    acquirep(pp2);
                    becomeSpinning("the re-check found a busy P with queued Gs: steal from it");
                    continue;
                }
            }
            stopm();
        }
    }

    /** Go's {@code checkRunqsNoP}: if some busy P has queued work, take an idle P to go and steal it. */
    private Processor checkRunqsNoP(Processor[] allpSnapshot, boolean[] idlepSnapshot) {
        for (int id = 0; id < allpSnapshot.length; id++) {
            if (!idlepSnapshot[id] && !allpSnapshot[id].runq.runqempty()) {
                sched.lock.lock();
                try {
                    // Can't get a P: don't bother checking the remaining Ps.
                    return sched.pidlegetSpinning();
                } finally {
                    sched.lock.unlock();
                }
            }
        }
        return null;
    }

    /**
     * Go's {@code stealWork}: {@value #STEAL_TRIES} rounds, each visiting every P once in the random
     * coprime-stride order of {@code stealOrder}; steals half of the first non-empty victim's queue.
     * Only the last round may take a victim's runnext.
     */
    private Goroutine stealWork(Processor pp) {
        int nprocs = sched.gomaxprocs;
        for (int i = 0; i < STEAL_TRIES; i++) {
            boolean stealRunNextG = i == STEAL_TRIES - 1;
            int r = rand.nextInt(); // Go: cheaprand()
            for (StealOrder.Enum e = stealOrder.start(r); !e.done(); e.next()) {
                Processor p2 = sched.allp[e.position()];
                if (pp == p2) continue;
                sched.ts.pass(this, sched.costs.stealProbe());
                if (!p2.idle) {
                    int had = p2.runq.size();
                    Goroutine gp = pp.runq.runqsteal(p2.runq, stealRunNextG);
                    if (gp != null) {
                        int took = pp.runq.stolen();
                        if (trace().on()) trace().emit(this, EventKind.STEAL, gp.goid, id, pp.id,
                                Trace.d("victim", p2.id, "round", i + 1, "had", had, "took", took, "runnext", pp.runq.stoleRunnext() ? 1 : 0,
                                        "start", Integer.toUnsignedLong(r) % nprocs, "stride", e.inc()),
                                pp.runq.stoleRunnext()
                                        ? "P" + pp.id + ": steal round " + (i + 1) + "/" + STEAL_TRIES + ", P" + p2.id + " had 0 in its ring → took its runnext " + gp
                                          + (p2.status == PStatus.RUNNING ? " after " + sched.costs.runnextBackoff() / 1000 + " µs (runnext is only taken in the last round)" : "")
                                        : "P" + pp.id + ": steal round " + (i + 1) + "/" + STEAL_TRIES + ", victim P" + p2.id + " had " + had
                                          + " → took " + took + " (half, rounded up); runs " + gp + " now, queues " + (took - 1));
                        return gp;
                    }
                }
            }
        }
        return null;
    }

    private Goroutine globrunqget(Processor pp, int max, String why) {
        Goroutine gp;
        int n;
        sched.lock.lock();
        try {
            gp = sched.globrunqget(pp, max);
            n = sched.lastGlobrunqgetN;
        } finally {
            sched.lock.unlock();
        }
        if (gp != null) emitGlobrunqget(pp, gp, why, n);
        return gp;
    }

    /** Explains a global-queue pull of {@code n} Gs, then charges its cost. Called without sched.lock. */
    private void emitGlobrunqget(Processor pp, Goroutine gp, String why, int n) {
        if (trace().on()) {
            int before = sched.runq.sizeRacy() + n;
            String text = why.equals("fairness")
                ? "P" + pp.id + ": schedtick " + pp.schedtick + " is a multiple of " + FAIRNESS_TICK + " → takes one G (" + gp + ") from the global queue first, so it cannot starve"
                : "P" + pp.id + ": local queue empty → takes n = min(" + before + "/" + sched.gomaxprocs + "+1, " + before + ", " + pp.runq.capacity() / 2
                  + ") = " + n + " from the global queue (runs " + gp + ", queues " + (n - 1) + ")";
            trace().emit(this, EventKind.GLOBRUNQGET, gp.goid, id, pp.id,
                    Trace.d("n", n, "before", before, "fairness", why.equals("fairness") ? 1 : 0), text);
        }
        owed += sched.costs.globalOp(); // charged when the G starts: no safe point while it is in hand
    }

    // ---- spinning -------------------------------------------------------------------------------

    /** Go's {@code becomeSpinning}. */
    private void becomeSpinning(String why) { becomeSpinning(why, -1); }

    /** @param busy gomaxprocs - npidle when the spinning limit was checked, or -1 when not checked */
    private void becomeSpinning(String why, int busy) {
        spinning = true;
        sched.nmspinning.incrementAndGet();
        sched.needspinning.set(0);
        if (trace().on()) trace().emit(this, EventKind.SPINNING, -1, id, pid(), Trace.d("nmspinning", sched.nmspinning.get(), "busy", busy),
                "M" + id + " starts spinning (looking for work to steal): " + why);
    }

    /**
     * Go's {@code resetspinning}: a spinning M found work. It stops spinning and, since it may have been
     * the last spinner, wakes another one (this is how parallelism ramps up one M at a time).
     */
    private void resetspinning() {
        spinning = false;
        if (sched.nmspinning.decrementAndGet() < 0) throw new IllegalStateException("resetspinning: negative nmspinning");
        if (trace().on()) trace().emit(this, EventKind.SPINNING_STOP, -1, id, pid(), Trace.d("nmspinning", sched.nmspinning.get()),
                "M" + id + " found work and stops spinning; it calls wakep so that another M takes over the search");
        sched.wakep(this);
    }

    // ---- P and M parking ------------------------------------------------------------------------

    /** Go's {@code acquirep} (wirep): associate P and this M. */
    void acquirep(Processor pp) {
        if (p != null || pp.m != null || pp.status != PStatus.IDLE)
            throw new IllegalStateException("wirep: invalid p state: M" + id + " P" + pp.id + " " + pp.status);
        p = pp;
        pp.m = this;
        pp.status = PStatus.RUNNING;
    }

    /** Go's {@code releasep}: disassociate P and this M. */
    private Processor releasep() {
        Processor pp = p;
        if (pp.m != this || pp.status != PStatus.RUNNING) throw new IllegalStateException("releasep: invalid p state");
        pp.m = null;
        p = null;
        pp.status = PStatus.IDLE;
        return pp;
    }

    /** Go's {@code stopm}: puts this M on the idle list and sleeps until someone hands it a P. */
    private void stopm() {
        if (p != null) throw new IllegalStateException("stopm holding p");
        if (spinning) throw new IllegalStateException("stopm spinning");
        sched.lock.lock();
        try {
            sched.mput(this);
        } finally {
            sched.lock.unlock();
        }
        if (trace().on()) trace().emit(this, EventKind.STOPM, -1, id, -1, Trace.d("nmidle", sched.nmidle),
                "M" + id + " has no P and nothing to do: it sleeps on the idle M list (idlethreads=" + sched.nmidle + "); threads are never destroyed");
        blocked = true;
        sched.ts.park(this);
        blocked = false;
        acquirep(nextp);
        nextp = null;
    }

    // ---- what the running G asks for (newproc, ready, and the mcall functions) -------------------

    /** Go's {@code newproc}: {@code go fn(args)} from the running G. The new G goes to runnext. */
    void newproc(Code fn, long[] args, Goroutine parent) {
        Processor pp = p;
        Goroutine newg = newproc1(fn, args, parent);
        int refilled = pp.lastRefill;
        pp.runq.runqput(newg, true, sched.runq);
        if (trace().on()) explainNewproc(pp, newg, parent, refilled);
        sched.ts.pass(this, sched.costs.newproc());
        if (sched.mainStarted) sched.wakep(this);
    }

    /** Go's runtime·rt0_go → newproc(runtime.main): G1 into P0's runnext before any M runs. */
    void bootMain(Code main) {
        Processor pp = p;
        Goroutine g1 = newproc1(main, new long[0], null);
        pp.runq.runqput(g1, true, sched.runq);
        if (trace().on()) explainNewproc(pp, g1, null, 0);
    }

    /** Go's {@code newproc1}: a runnable G for fn, reusing a dead one when possible. */
    private Goroutine newproc1(Code fn, long[] args, Goroutine parent) {
        Processor pp = p;
        Goroutine newg = pp.gfget();
        if (newg == null) {
            newg = new Goroutine();
            sched.allglock.lock();
            try {
                sched.allgs.add(newg);
            } finally {
                sched.allglock.unlock();
            }
        }
        newg.goid = pp.nextGoid();
        newg.parentGoid = parent == null ? 0 : parent.goid;
        newg.startFn = fn;
        Goroutine.Frame stack = newg.stack;
        newg.stack = null;
        newg.frame = stack != null ? stack.reset(fn, null, args) : new Goroutine.Frame(fn, null, args);
        newg.waitReason = "";
        newg.status = GStatus.RUNNABLE;
        return newg;
    }

    private void explainNewproc(Processor pp, Goroutine newg, Goroutine parent, int refilled) {
        Code fn = newg.startFn;
        {
            if (refilled > 0) trace().emit(this, EventKind.GFREE_REFILL, -1, id, pp.id, Trace.d("moved", refilled),
                    "gfget: P" + pp.id + "'s free list was empty → moved " + refilled + " dead Gs from the global free list (up to " + Processor.GFREE_REFILL_TO + ")");
            Goroutine kicked = pp.runq.kicked();
            int over = pp.runq.overflowed();
            trace().emit(this, EventKind.GO, newg.goid, id, pp.id,
                    Trace.d("parent", newg.parentGoid, "kicked", kicked == null ? -1 : kicked.goid, "runq", pp.runq.size()),
                    (parent == null ? "" : parent + ": ") + "go " + fn.name() + "() creates " + newg + " in P" + pp.id + "'s runnext"
                            + (kicked == null ? "" : "; the previous runnext " + kicked + " is kicked to the tail of the local queue"));
            if (over > 0) trace().emit(this, EventKind.RUNQPUTSLOW, kicked == null ? newg.goid : kicked.goid, id, pp.id,
                    Trace.d("moved", over, "global", sched.runq.sizeRacy()),
                    "P" + pp.id + "'s local queue was full (" + pp.runq.capacity() + ") → runqputslow moved its oldest half ("
                            + (over - 1) + ") plus one = " + over + " Gs to the global queue (now " + sched.runq.sizeRacy() + ")");
        }
    }

    /** Go's {@code goready}/{@code ready}: gp becomes runnable in this P's runnext, then {@code wakep}. */
    void ready(Goroutine gp, String by) {
        Processor pp = p;
        gp.waitingOn = null;
        gp.waitReason = "";
        gp.status = GStatus.RUNNABLE;
        pp.runq.runqput(gp, true, sched.runq);
        if (trace().on()) {
            Goroutine kicked = pp.runq.kicked();
            trace().emit(this, EventKind.READY, gp.goid, id, pp.id, Trace.d("kicked", kicked == null ? -1 : kicked.goid),
                    by + " readies " + gp + " into P" + pp.id + "'s runnext" + (kicked == null ? "" : " (" + kicked + " is kicked to the tail)"));
        }
        sched.wakep(this);
    }

    /** Go's {@code goschedImpl}: gp goes to the tail of the global queue; then {@code wakep} (1.22+). */
    private void goschedImpl(Goroutine gp, boolean preempted) {
        Processor pp = p;
        gp.status = GStatus.RUNNABLE;
        dropg(gp);
        sched.lock.lock();
        try {
            sched.runq.put(gp);
        } finally {
            sched.lock.unlock();
        }
        if (trace().on()) trace().emit(this, preempted ? EventKind.PREEMPT : EventKind.GOSCHED, gp.goid, id, pp.id,
                Trace.d("global", sched.runq.sizeRacy()),
                gp + (preempted ? " was preempted" : " called runtime.Gosched()") + ": it goes to the tail of the global queue (now "
                        + sched.runq.sizeRacy() + "), not the local one, so every P can pick it up");
        sched.ts.pass(this, sched.costs.globalOp());
        if (sched.mainStarted) sched.wakep(this);
    }

    /** Go's {@code park_m}: gp is waiting; release the lock it parked with (interp.parkLock). */
    private void parkM(Goroutine gp) {
        Processor pp = p;
        gp.status = GStatus.WAITING;
        dropg(gp);
        interp.unlockParked();
        if (trace().on()) trace().emit(this, EventKind.PARK, gp.goid, id, pp.id, Trace.d(),
                gp + " blocks (" + gp.waitReason + ") on " + gp.waitingOn + ": M" + id + " keeps P" + pp.id + " and schedules another G");
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
            trace().emit(this, EventKind.GOEXIT, goid, id, pp.id, Trace.d("gfreecnt", pp.gfreecnt()),
                    "G" + goid + " returned: it is dead and its G goes to P" + pp.id + "'s free list (gfreecnt=" + pp.gfreecnt() + ") to be reused by a later go statement");
            if (spilled > 0) trace().emit(this, EventKind.GFREE_SPILL, -1, id, pp.id, Trace.d("moved", spilled),
                    "gfput: P" + pp.id + "'s free list reached " + Processor.GFREE_SPILL_AT + " → moved " + spilled + " to the global free list, keeping " + pp.gfreecnt());
        }
    }

    /** Go's {@code dropg}. */
    private void dropg(Goroutine gp) {
        gp.m = null;
        curg = null;
    }

    @Override public String toString() { return "M" + id; }
}
