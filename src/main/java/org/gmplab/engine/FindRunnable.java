package org.gmplab.engine;

import java.util.List;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.PStatus;

/**
 * Go 1.23's {@code findRunnable} and {@code stealWork} for one M: where an M looks for its next
 * goroutine, in Go's order, and how it gives up its P and goes to sleep when there is none. Runs only on
 * its M's thread.
 */
final class FindRunnable {
    /** Go's {@code stealTries}: rounds over all Ps in stealWork; only the last also takes runnext and timers. */
    static final int STEAL_TRIES = 4;
    /** Go: every 61st schedtick, take one G from the global queue first, so it cannot starve. */
    static final int FAIRNESS_TICK = 61;

    private final Machine m;
    private final Sched sched;
    private final StealOrder stealOrder;
    /** Live mode: read the clock only when something needs it, as Go does (see findRunnable). */
    private final boolean lazyNow;

    /** Second result of {@link #findRunnable}: the G continues the current time slice (it came from runnext). */
    boolean inheritTime;
    // Results of stealWork besides the G.
    private long stealPollUntil;
    private boolean stealNewWork;
    /** Set by a part of {@link #findRunnable} that found no G but wants it to start over (Go's {@code goto top}). */
    private boolean top;
    /** Cost of work done since the last safe point; charged when the G starts (no safe point while it is in hand). */
    long owed;
    /**
     * A steal's or a global-queue pull's event, numbered while its Gs were claimed and not yet published
     * ({@link #numberMoved}), for the event that tells of it once the rest is known; and, for a pull, the global
     * queue's size before it.
     */
    private Trace.Batch moved;
    private int movedBefore;
    /** {@link #numberMoved} for a steal into this M's P, which runs the last G taken; null with tracing off. */
    private final RunQueue.Claimed numberSteal;

    FindRunnable(Machine m) {
        this.m = m;
        this.sched = m.sched;
        this.stealOrder = new StealOrder(sched.gomaxprocs);
        this.lazyNow = !(sched.ts instanceof StepTurnstile);
        this.numberSteal = sched.trace.on() ? gs -> numberMoved(m.p, gs, gs[gs.length - 1]) : null;
    }

    private Trace trace() { return sched.trace; }

    /** {@code now} as findRunnable has it, or, in live mode if it has not read the clock yet (0), the time now (Go: {@code if now == 0 { now = nanotime() }}). */
    private long now(long now) { return now == 0 && lazyNow ? sched.ts.now(m) : now; }

    /** Finds a runnable goroutine to execute; blocks (stopm, netpoll) until there is one. */
    Goroutine findRunnable() {
        for (;;) { // top:
            Processor pp = m.p;
            inheritTime = false;
            top = false;
            if (sched.gcwaiting) {
                m.gcstopm();
                continue;
            }

            // timers: run the expired ones of this P; remember when the next one is due. Go reads the clock
            // here only if the P has a timer (timers.check(0) leaves now at 0 otherwise), and later only where
            // something needs it (now(now) below); live mode does the same: a read of the wall clock costs
            // 30-200 ns on a virtual machine, at every schedule. Step mode reads its virtual clock here as it
            // always has: stealing advances it, and the reads below must see the time of this one.
            long now = lazyNow && pp.timers.wakeTime() == 0 ? 0 : sched.ts.now(m);
            long pollUntil = checkTimers(pp, now);

            Goroutine gp = findRunnableBeforeStealing(pp, now);
            if (gp != null) return gp;

            // Spinning Ms: steal work from other Ps. Limit the number of spinning Ms to half the number
            // of busy Ps. This is necessary to prevent excessive CPU consumption when GOMAXPROCS>>1 but
            // the program parallelism is low.
            int busy = sched.gomaxprocs - sched.npidle.get();
            if (m.spinning || 2 * sched.nmspinning.get() < busy) {
                if (!m.spinning) m.becomeSpinning(null, busy);   // the event says why: 2*nmspinning < busy
                gp = stealWork(pp, now);
                if (gp != null) return gp;
                if (stealNewWork) continue;
                long w = stealPollUntil;
                if (w != 0 && (pollUntil == 0 || w < pollUntil)) pollUntil = w;
            }

            // We have nothing to do. Take snapshots of what the re-checks below need after the P is gone.
            Processor[] allpSnapshot = sched.allp;
            boolean[] idlepSnapshot = new boolean[allpSnapshot.length];
            for (int i = 0; i < allpSnapshot.length; i++) idlepSnapshot[i] = allpSnapshot[i].idle;

            gp = releasepUnlessWork(pp);
            if (gp != null) return gp;
            if (top) continue;

            // Delicate dance: thread transitions from spinning to non-spinning state, potentially
            // concurrently with submission of new work. We must drop nmspinning first and then check all
            // sources again (with a StoreLoad barrier in between). If we do it the other way around,
            // another thread can submit work after we've checked all sources but before we drop
            // nmspinning; as a result nobody will unpark a thread to run the work.
            boolean wasSpinning = m.spinning;
            if (m.spinning) {
                gp = stopSpinningAndRecheck(allpSnapshot, idlepSnapshot);
                if (gp != null) return gp;
                if (top) continue;
                // Finally, check for timer creation or expiry concurrently with transitioning from
                // spinning to non-spinning.
                pollUntil = checkTimersNoP(allpSnapshot, pollUntil);
            }

            gp = netpollUntilNextTimer(pollUntil, now, wasSpinning);
            if (gp != null) return gp;
            if (top) continue;
            m.stopm();
        }
    }

    /**
     * The places findRunnable looks before stealing, in Go's order: one G from the global queue every
     * {@value #FAIRNESS_TICK}th schedtick, the local queue, the global queue, the netpoller without blocking.
     */
    private Goroutine findRunnableBeforeStealing(Processor pp, long now) {
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

        // Poll network, without blocking: an optimization before we resort to stealing.
        if (sched.netpoll.inited && sched.netpoll.anyWaiters() && sched.lastpoll.get() != 0) {
            List<Goroutine> list = sched.netpoll.poll(now = now(now));
            if (!list.isEmpty()) return runFirstInjectRest(list, pp, Event.Netpoll.By.NON_BLOCKING);
        }
        return null;
    }

    /**
     * Nothing to do: under sched.lock, a last look at the global queue, then the P goes idle
     * ({@code releasep}, {@code pidleput}). Returns a G from the global queue, or null with {@link #top}
     * set when the world is stopping or an M wanted a spinner ({@code needspinning}).
     */
    private Goroutine releasepUnlessWork(Processor pp) {
        Goroutine gp = null;
        boolean restart = false, wantSpinner = false;
        int n = 0;
        Event.Head idle = null;
        int npidle = 0;
        sched.lock.lock();
        try {
            if (sched.gcwaiting) {
                restart = true;
            } else if (sched.runq.size() != 0) {
                gp = sched.globrunqget(pp, 0, numberGlobrunqget(pp));
                n = sched.lastGlobrunqgetN;
            } else if (!m.spinning && sched.needspinning.get() == 1) {
                wantSpinner = true;
            } else {
                m.releasep();
                sched.pidleput(pp);
                // Numbered, and made the P's cause, under the lock: once it is released another M may take the P
                // (wakep, startm) and log its STARTM with the P's cause, which must be this PIDLE, logged before it.
                if (trace().on()) {
                    idle = trace().at(m, -1, m.id, pp.id);
                    pp.cause = idle.seq();
                    npidle = sched.npidle.get();
                }
            }
        } finally {
            sched.lock.unlock();
        }
        if (restart) {
            top = true;
            return null;
        }
        if (gp != null) {
            emitGlobrunqget(pp, "batch", n);
            return gp;
        }
        if (wantSpinner) {
            // See "Delicate dance" comment in findRunnable: someone wanted a spinner and found no idle P.
            m.becomeSpinning("needspinning=1: an M found work but no idle P for a spinner", -1);
            top = true;
            return null;
        }
        if (idle != null) trace().emit(new Event.Pidle(idle, npidle));
        return null;
    }

    /**
     * The spinning M, its P gone, stops spinning and then checks the global queue and every P's queue
     * again (the "delicate dance"). Returns a G from the global queue on an idle P, or null with
     * {@link #top} set when it took an idle P to steal from a busy one.
     */
    private Goroutine stopSpinningAndRecheck(Processor[] allpSnapshot, boolean[] idlepSnapshot) {
        m.spinning = false;
        if (sched.nmspinning.decrementAndGet() < 0) throw new IllegalStateException("findrunnable: negative nmspinning");
        if (trace().on()) trace().emit(new Event.SpinningStop(trace().at(m, -1, m.id, -1), false, sched.nmspinning.get()));

        // Check global and P runqueues again.
        Goroutine gp = null;
        int n = 0;
        Processor pp2 = null;
        sched.lock.lock();
        try {
            if (sched.runq.size() != 0) {
                pp2 = sched.pidlegetSpinning();
                if (pp2 != null) {
                    gp = sched.globrunqget(pp2, 0, numberGlobrunqget(pp2));
                    if (gp == null) throw new IllegalStateException("global runq empty with non-zero runqsize");
                    n = sched.lastGlobrunqgetN;
                }
            }
        } finally {
            sched.lock.unlock();
        }
        if (pp2 != null) {
            m.acquirep(pp2);
            emitGlobrunqget(pp2, "recheck", n);
            m.becomeSpinning("the re-check found Gs in the global queue", -1);
            return gp;
        }
        pp2 = checkRunqsNoP(allpSnapshot, idlepSnapshot);
        if (pp2 != null) {
            m.acquirep(pp2);
            m.becomeSpinning("the re-check found a busy P with queued Gs: steal from it", -1);
            top = true;
        }
        return null;
    }

    /**
     * Go's "poll network until next timer": with no P, block in the netpoller until {@code pollUntil};
     * the Gs it readies run on an idle P if one is free, else go to the global queue. Otherwise wake the
     * M blocked in the poller if it would sleep past {@code pollUntil}. Returns the first readied G, or
     * null with {@link #top} set when it came back with a P; null without {@code top}: stopm.
     */
    private Goroutine netpollUntilNextTimer(long pollUntil, long now, boolean wasSpinning) {
        if (sched.netpoll.inited && (sched.netpoll.anyWaiters() || pollUntil != 0) && sched.lastpoll.getAndSet(0) != 0) {
            sched.pollUntil.set(pollUntil);
            long delay = pollUntil == 0 ? -1 : Math.max(0, pollUntil - (now = now(now)));
            long waitms = Netpoll.epollWaitMs(delay);
            if (trace().on()) trace().emit(new Event.NetpollBlock(trace().at(m, -1, m.id, -1), false, pollUntil, delay, waitms));
            List<Goroutine> list = sched.netpoll.netpoll(m, waitms);
            now = sched.ts.now(m);
            sched.pollUntil.set(0);
            sched.lastpoll.set(Math.max(1, now)); // 0 means "someone is blocked in the poller"
            Processor pp2;
            sched.lock.lock();
            try {
                pp2 = sched.pidleget();
            } finally {
                sched.lock.unlock();
            }
            if (pp2 == null) {
                if (!list.isEmpty()) explainNetpoll(list, Event.Netpoll.By.POLLER_NO_P);
                sched.injectglist(list, null, m);
            } else {
                m.acquirep(pp2);
                if (!list.isEmpty()) return runFirstInjectRest(list, pp2, Event.Netpoll.By.POLLER);
                if (wasSpinning) m.becomeSpinning("back from the poller with a P", -1);
                top = true;
            }
        } else if (pollUntil != 0 && sched.netpoll.inited) {
            long pollerPollUntil = sched.pollUntil.get();
            if (pollerPollUntil == 0 || pollerPollUntil > pollUntil) sched.netpoll.netpollBreak(m);
        }
        return null;
    }

    /**
     * Go's {@code timers.check}: readies the goroutines of {@code pp}'s expired timers onto this M's P.
     * Returns the time of the next timer of {@code pp}, or 0.
     */
    private long checkTimers(Processor pp, long now) {
        if (pp.timers.wakeTime() == 0) return 0; // no timer (Go's check returns at once)
        List<Timers.Timer> due = pp.timers.due(now);
        // By index: a P with a timer not yet due (main in a long Sleep) gets here at every schedule, and an
        // iterator over the empty list was an allocation each time unless the JIT happened to remove it.
        for (int i = 0; i < due.size(); i++) {
            Timers.Timer t = due.get(i);
            if (trace().on()) {
                Event.Head h = trace().at(m, t.g().goid, m.id, m.p.id);
                t.g().cause = h.seq();   // the READY that follows names this timer
                trace().emit(new Event.Timer(h, false, t.when(), pp.id));
            }
            m.ready(t.g(), null, "the timer", null);
        }
        return pp.timers.wakeTime();
    }

    /** Go's {@code checkTimersNoP}: the earliest timer of any P, folded into {@code pollUntil}. */
    private long checkTimersNoP(Processor[] allpSnapshot, long pollUntil) {
        for (Processor p : allpSnapshot) {
            long w = p.timers.wakeTime();
            if (w != 0 && (pollUntil == 0 || w < pollUntil)) pollUntil = w;
        }
        return pollUntil;
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
     * Only the last round may take a victim's runnext, and runs the victims' expired timers.
     *
     * <p>One scheduling point per round, not one per probe. Each probe costs {@link Costs#stealProbe} of
     * virtual time as before, but the probes of a round are paid together: at the round's end, which is
     * its one scheduling point, or, when a probe finds a G, when the G starts ({@link #oweProbes}). Why this
     * is sound: in step mode only the token holder runs, so with no scheduling point between them the
     * probes of a round all read the world of one instant, the round's start. That is an execution Go
     * allows: its probes are not atomic, and nothing makes the other Ms act while one M looks (another
     * thread may well be descheduled for those few microseconds). What another M does during the round is
     * seen by the next round, or by the re-check after spinning stops, instead of by a later probe of this
     * one. A G found is stolen at the round's start, and its probes are paid before it runs, so it starts
     * at the same virtual time as with a pass per probe; a round that finds nothing ends the M's clock
     * where it ended before, so the other Ms' turns come at the same clocks. Paying before looking instead
     * would read at the round's end, and looking both before and after paying would catch only what is
     * there at both instants: a bias against a runnext that is there only briefly (a ping-pong pair's).
     * With a pass per probe, two spinning Ms at GOMAXPROCS 256 alternated probe by probe, each time a
     * hand-off between two Java threads (docs/engine.md, "Step mode's interleaving").
     */
    private Goroutine stealWork(Processor pp, long now) {
        stealPollUntil = 0;
        stealNewWork = false;
        boolean ranTimer = false;
        int nprocs = sched.gomaxprocs;
        Processor[] allp = sched.allp;
        if (stealOrder.count() != nprocs) stealOrder.reset(nprocs);
        long probes = 0;   // virtual time of this round's probes, not paid yet
        for (int i = 0; i < STEAL_TRIES; i++, probes = pay(probes)) {
            boolean stealTimersOrRunNextG = i == STEAL_TRIES - 1;
            int r = m.cheaprand();
            for (StealOrder.Enum e = stealOrder.start(r); !e.done(); e.next()) {
                if (sched.gcwaiting) {
                    // GC work may be available.
                    stealNewWork = true;
                    pay(probes);
                    return null;
                }
                Processor p2 = allp[e.position()];
                if (pp == p2) continue;
                probes += sched.costs.stealProbe();
                // Steal timers from p2. This call to checkTimers is the only place where we might hold a
                // lock on a different P's timers.
                if (stealTimersOrRunNextG && p2.timers.wakeTime() != 0) {
                    now = now(now);
                    boolean ran = p2.timers.wakeTime() <= now;
                    long w = checkTimers(p2, now);
                    if (w != 0 && (stealPollUntil == 0 || w < stealPollUntil)) stealPollUntil = w;
                    if (ran) {
                        // Running the timers may have made Gs ready on our own queue: run one of them.
                        Goroutine gp = pp.runq.runqget();
                        if (gp != null) {
                            inheritTime = pp.runq.gotRunnext();
                            oweProbes(probes);
                            return gp;
                        }
                        ranTimer = true;
                    }
                }
                if (!p2.idle) {
                    int had = p2.runq.size();
                    Goroutine gp = pp.runq.runqsteal(p2.runq, stealTimersOrRunNextG, numberSteal);
                    if (gp != null) {
                        explainSteal(pp, p2, i, had, r, nprocs, e.inc());
                        oweProbes(probes);
                        return gp;
                    }
                }
            }
        }
        stealNewWork = ranTimer;
        return null;
    }

    /** The scheduling point at the end of a steal round: passes the turn, paying its probes; returns 0 (nothing owed). */
    private long pay(long probes) {
        if (probes > 0) sched.ts.pass(m, probes);
        return 0;
    }

    /**
     * A round that found a G: its probes are paid at the M's next scheduling point, when the G starts. Until
     * then they are the M's {@link EngineThread#debt}, time spent but not yet on its clock: its events keep
     * the round's instant, but sched.lock and the Ms it wakes see the time after the probes, as with a
     * pass per probe. (Live mode has no virtual time to owe.)
     */
    private void oweProbes(long probes) {
        if (!lazyNow) m.debt += probes;
    }

    private void explainSteal(Processor pp, Processor p2, int round, int had, int r, int nprocs, int stride) {
        if (!trace().on()) return;
        int took = pp.runq.stolen();
        boolean runnext = pp.runq.stoleRunnext();
        trace().emit(new Event.Steal(moved.head(), p2.id, round + 1, STEAL_TRIES, had, took, runnext,
                Integer.toUnsignedLong(r) % nprocs, stride, p2.status == PStatus.RUNNING, moved.moved()));
        moved = null;
    }

    /**
     * Numbers the event that moves {@code gs} to pp ({@code named}: the G it takes to run), and makes it their cause,
     * while they are claimed and not yet where another P can take them: otherwise that P could log its own move or
     * EXECUTE of one first, with the cause before this one (see {@link Trace}).
     */
    private void numberMoved(Processor pp, Goroutine[] gs, Goroutine named) {
        moved = trace().numberBatch(m, m.id, pp.id, gs, named);
    }

    /** {@link #numberMoved} for a pull from the global queue to pp, which runs the first G of it (null with tracing off). sched.lock held. */
    private RunQueue.Claimed numberGlobrunqget(Processor pp) {
        if (!trace().on()) return null;
        return gs -> {
            numberMoved(pp, gs, gs[0]);
            movedBefore = sched.runq.size() + gs.length;
        };
    }

    private Goroutine globrunqget(Processor pp, int max, String why) {
        Goroutine gp;
        int n;
        sched.lock.lock();
        try {
            gp = sched.globrunqget(pp, max, numberGlobrunqget(pp));
            n = sched.lastGlobrunqgetN;
        } finally {
            sched.lock.unlock();
        }
        if (gp != null) emitGlobrunqget(pp, why, n);
        return gp;
    }

    /** Explains a global-queue pull of {@code n} Gs and owes its cost. Called without sched.lock. */
    private void emitGlobrunqget(Processor pp, String why, int n) {
        if (trace().on()) {
            trace().emit(new Event.GlobRunqGet(moved.head(), n, movedBefore, why.equals("fairness"), pp.schedtick,
                    FAIRNESS_TICK, sched.gomaxprocs, pp.runq.capacity(), moved.moved()));
            moved = null;
        }
        owed += sched.costs.globalOp();
    }

    /** Go: {@code gp := list.pop(); injectglist(&list); casgstatus(gp, _Gwaiting, _Grunnable)}: the first ready G runs now. */
    private Goroutine runFirstInjectRest(List<Goroutine> list, Processor pp, Event.Netpoll.By where) {
        Goroutine gp = list.get(0);
        explainNetpoll(list, where);
        sched.injectglist(list.subList(1, list.size()), pp, m);
        gp.makeRunnable();
        return gp;
    }

    private void explainNetpoll(List<Goroutine> list, Event.Netpoll.By where) {
        if (!trace().on()) return;
        Event.Head h = trace().at(m, list.get(0).goid, m.id, m.p == null ? -1 : m.p.id);
        for (Goroutine g : list) g.cause = h.seq();   // then injectglist queues them, or the first runs now
        trace().emit(new Event.Netpoll(h, where, Goroutine.goids(list)));
    }
}
