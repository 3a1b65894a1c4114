package org.gmplab.engine;

import java.util.ArrayList;
import java.util.List;

import org.gmplab.scenario.Code;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.GStatus;

/**
 * The Go 1.0 scheduler ({@code src/pkg/runtime/proc.c}, 2012): the design Go's G-M-P replaced in 1.1, run
 * by the same engine so that lesson 17 can show why. There are no Ps. Every runnable G waits in one
 * global queue ({@code runtime·sched.ghead/gtail}, here {@link Sched#runq}) guarded by the one scheduler
 * lock ({@code runtime·sched}'s lock, here {@link Sched#lock}); at most {@code mcpumax} (GOMAXPROCS) Ms
 * run Go code at once, counted by {@code mcpu}. So every {@code go} statement ({@code newproc} →
 * {@code newprocreadylocked} → {@code readylocked} → {@code gput} + {@code matchmg}), every wake-up
 * ({@code ready}), every return to the scheduler ({@code schedule} → {@code nextgandunlock}), and every
 * system call ({@code entersyscall}, {@code exitsyscall}) takes that lock: with several Ms it is the
 * bottleneck, and a G runs on whichever M is free (no locality).
 *
 * <p>Rules kept from Go 1.0 (each method names its function): {@code gput} appends to the tail;
 * {@code gget} takes the head; {@code matchmg} hands queued Gs to Ms while {@code mcpu < mcpumax}
 * ({@code mnextg}: the M's {@code nextg}, with {@code mcpu++} done for it), taking an idle M
 * ({@code mget}) or creating one; {@code nextgandunlock} runs the M's {@code nextg} if it has one, else
 * takes the queue's head if {@code mcpu < mcpumax}, else puts the M on the idle list ({@code mput}) and
 * sleeps until {@code matchmg} hands it a G. Wake-ups of Ms happen after the unlock ({@code schedunlock}).
 * Dead Gs are reused from one free list taken under the same lock ({@code gfput}/{@code gfget}); goids
 * come from {@code sched.goidgen} under it.
 *
 * <p>Simplifications (listed in docs/engine.md): {@code entersyscall}/{@code exitsyscall} take the lock
 * (Go 1.0 packed {@code mcpu} and {@code mcpumax} into one atomic word so that their fast paths did not);
 * there is no timer goroutine ({@code timerproc}) nor poll server goroutine: an M with nothing to run
 * checks the timers and the network itself, and blocks in the poller until the next one, and when every
 * M is busy another is sent to wait there ({@link #ensurePoller}); there is no
 * garbage collector, hence no {@code stoptheworld}; {@code LockOSThread} ({@code lockedm}) does not exist.
 *
 * <p>Every field is guarded by {@code sched.lock}.
 *
 * <p>Why this is not in a package of its own ({@code engine.go10}): it and {@link Go10Machine} use some forty
 * package-private members of the engine's interior (the lock, the global queue, the free list, the poller, the
 * Gs' fields, the trace) and the engine reads them back; see "What was rejected" in {@code package-info.java}.
 */
final class Go10Sched {
    private final Sched sched;
    /** Ms running Go code, or handed a G to run ({@code runtime·sched.mcpu}). */
    int mcpu;
    /** At most this many Ms run Go code at once: GOMAXPROCS ({@code runtime·sched.mcpumax}). */
    int mcpumax;
    /** Ms in a system call: this engine's own count (Go 1.0's Sched has no such field; it only adjusts mcpu). */
    int msyscall;
    /** The one timer heap (Go 1.0's {@code timers} in time.goc); it has its own lock, as in Go 1.0. */
    final Timers timers = new Timers();
    /** An M was asked to wait for the timers and the network and has not got there yet. */
    boolean pollerPending;
    /** Ms to wake once the lock is released (Go's {@code mwakeup}, a list here). */
    private final List<Machine> mwakeup = new ArrayList<>();

    Go10Sched(Sched sched, int gomaxprocs) {
        this.sched = sched;
        this.mcpumax = gomaxprocs;
    }

    private Trace trace() { return sched.trace; }

    private static int id(Machine m) { return m == null ? -1 : m.id; }

    // ---- the lock -------------------------------------------------------------------------------

    /**
     * Go 1.0's {@code schedlock}: takes the one scheduler lock for {@code what}; if another M held it at
     * this M's virtual time, the wait is explained in an event.
     */
    void schedlock(Machine m, String what) { schedlock(m, what, 0); }

    /** {@link #schedlock(Machine, String)} where {@code what} has a {@code %d} for {@code n}, filled in only if the event is read. */
    void schedlock(Machine m, String what, long n) {
        SchedLock lock = sched.lock;
        lock.lock();
        long wait = lock.lastWait();
        if (wait > 0 && trace().on())
            trace().emit(new Event.SchedLock(trace().at(m, -1, id(m), -1), wait, lock.acquisitions(), lock.contended(), what, n));
    }

    /** Go 1.0's {@code schedunlock}: releases the lock, then wakes the Ms that {@code mnextg} handed a G. */
    void schedunlock(Machine by) {
        Machine[] wake = mwakeup.isEmpty() ? null : mwakeup.toArray(new Machine[0]);
        mwakeup.clear();
        sched.lock.unlock();
        if (wake != null) for (Machine mp : wake) sched.ts.unpark(mp, by, sched.wakeLatency(by));
    }

    // ---- the queue ------------------------------------------------------------------------------

    /** Go 1.0's {@code gput}: appends gp to the one global queue. Lock held. */
    void gput(Goroutine gp) {
        assert sched.lock.isHeldByCurrentThread();
        sched.runq.globrunqput(gp);
    }

    /** Go 1.0's {@code gget}: the head of the global queue, or null. Lock held. */
    Goroutine gget() {
        assert sched.lock.isHeldByCurrentThread();
        return sched.runq.size() == 0 ? null : sched.runq.pop();
    }

    /**
     * Go 1.0's {@code readylocked}: gp becomes runnable: {@code gput}, then {@code matchmg} so that an M
     * runs it if fewer than mcpumax do. Lock held.
     */
    void readylocked(Goroutine gp, Machine by) {
        gp.makeRunnable();
        gput(gp);
        matchmg(by);
    }

    /**
     * Go 1.0's {@code matchmg}: while fewer than mcpumax Ms run Go code and the queue is not empty, hand
     * its head to an M: an idle one ({@code mget}), or a new thread. Lock held.
     */
    void matchmg(Machine by) {
        assert sched.lock.isHeldByCurrentThread();
        while (mcpu < mcpumax) {
            Goroutine gp = gget();
            if (gp == null) return;
            Machine mp = sched.mget();
            boolean fresh = mp == null;
            if (fresh) mp = newm(by);
            mnextg(mp, gp, by, fresh);
        }
    }

    /** Go 1.0's {@code mnextg}: pass gp to mp for running; mcpu++ now, on mp's behalf. Lock held. */
    private void mnextg(Machine mp, Goroutine gp, Machine by, boolean fresh) {
        mcpu++;
        ((Go10Machine) mp).nextg = gp;
        if (trace().on()) {
            Event.Head h = trace().at(by, gp.goid, mp.id, -1, gp.cause);
            gp.cause = h.seq();
            trace().emit(new Event.MatchMG(h, false, fresh, mcpu, mcpumax));
        }
        if (fresh) return; // it starts with nextg set
        Go10Machine g10 = (Go10Machine) mp;
        if (g10.waitnextg) {
            g10.waitnextg = false;
            mwakeup.add(mp);
        }
    }

    /** A new M for matchmg (Go 1.0 allocates it there and calls newosproc). Lock held. */
    private Machine newm(Machine by) {
        if (sched.allm.size() >= Sched.MAX_MCOUNT) throw new GoPanic("runtime: program exceeds " + Sched.MAX_MCOUNT + "-thread limit\nfatal error: thread exhaustion");
        Go10Machine mp = new Go10Machine(sched, sched.mReserveID());
        sched.allm.add(mp);
        if (trace().on()) trace().emit(new Event.NewM(trace().at(by, -1, mp.id, -1), Event.NewM.For.MATCHMG, false, sched.allm.size(), id(by),
                sched.costs.newm(), sched.costs.newproc()));
        sched.ts.start(mp, by, sched.costs.newm());
        return mp;
    }

    /**
     * Timers and network reads need an M waiting for them even when every M runs Go code or sits in a
     * system call: Go 1.0's {@code timerproc} goroutine slept in {@code notetsleepg} on an M of its own.
     * Called by an M that is about to run a G: if something is pending and nobody waits in the poller,
     * an idle M ({@code mget}) or a new one is sent to wait there. Lock held.
     */
    void ensurePoller(Machine by) {
        boolean pending = timers.wakeTime() != 0 || (sched.netpoll.inited && sched.netpoll.anyWaiters());
        if (!pending || pollerPending || sched.lastpoll.get() == 0) return;
        pollerPending = true;
        Machine mp = sched.mget();
        if (mp == null) {
            mp = newm(by);
            ((Go10Machine) mp).pollerDuty = true;   // it cannot run yet: its first look needs the lock held here
            if (trace().on()) trace().emit(new Event.MatchMG(trace().at(by, -1, mp.id, -1), true, true, mcpu, mcpumax));
            return;
        }
        Go10Machine g10 = (Go10Machine) mp;
        g10.pollerDuty = true;
        g10.waitnextg = false;
        mwakeup.add(mp);
        if (trace().on()) trace().emit(new Event.MatchMG(trace().at(by, -1, mp.id, -1), true, false, mcpu, mcpumax));
    }

    // ---- goroutines -----------------------------------------------------------------------------

    /**
     * Go 1.0's {@code newproc1}: under the lock, a G from the free list ({@code gfget}) or a new one, a goid
     * from {@code goidgen}, then {@code newprocreadylocked}: the G goes to the tail of the global queue.
     */
    Goroutine newproc(Machine m, Code fn, long[] args, Goroutine parent) {
        schedlock(m, "create a goroutine (newproc)");
        Goroutine newg;
        try {
            newg = gfget();
            if (newg == null) newg = sched.allgadd(new Goroutine());
            newg.goid = sched.goidgen.incrementAndGet();
            newg.parentGoid = parent == null ? 0 : parent.goid;
            newg.startFn = fn;
            Goroutine.CallFrame stack = newg.stack;
            newg.stack = null;
            newg.frame = stack != null ? stack.reset(fn, null, args) : new Goroutine.CallFrame(fn, null, args);
            // newprocreadylocked → readylocked: gput, then matchmg.
            newg.makeRunnable();
            gput(newg);
            if (trace().on()) {
                Event.Head h = trace().at(m, newg.goid, id(m), -1);
                newg.cause = h.seq();
                trace().emit(new Event.Go(h, Event.Go.To.GLOBAL, newg.parentGoid,
                        parent == null ? -1 : parent.goid, fn.name(), -1, 0, false, sched.runq.size(), mcpu));
            }
            matchmg(m);
        } finally {
            schedunlock(m);
        }
        return newg;
    }

    /** Go 1.0's {@code ready}: takes the lock, {@code readylocked}, unlocks. */
    void ready(Machine m, Goroutine gp, Goroutine by, String how, Object on) {
        schedlock(m, "ready G%d", gp.goid);
        try {
            gp.makeRunnable();
            gput(gp);
            if (trace().on()) {
                Event.Head h = trace().at(m, gp.goid, id(m), -1, by != null ? by.cause : gp.cause);   // the waker's EXECUTE, or the TIMER
                gp.cause = h.seq();
                trace().emit(new Event.Ready(h, true, by == null ? -1 : by.goid, how,
                        on == null ? null : on.toString(), -1, sched.runq.size()));
            }
            matchmg(m);
        } finally {
            schedunlock(m);
        }
    }

    /** Makes goroutines runnable from outside the program or from the poller: each is readied under one lock hold. */
    void injectglist(List<Goroutine> glist, Machine by) {
        if (glist.isEmpty()) return;
        schedlock(by, "ready %d goroutine(s)", glist.size());
        try {
            for (Goroutine gp : glist) {
                gp.makeRunnable();
                gput(gp);
            }
            matchmg(by);
        } finally {
            schedunlock(by);
        }
    }

    /** Go 1.0's {@code gfput}: a dead G goes to the one free list. Lock held. */
    void gfput(Goroutine gp) {
        assert sched.lock.isHeldByCurrentThread();
        sched.gFreeLock.lock();
        try {
            sched.gFree.push(gp);
            sched.setGFreeN(sched.gFreeN + 1);
        } finally {
            sched.gFreeLock.unlock();
        }
    }

    /** Go 1.0's {@code gfget}: a dead G to reuse, or null. Lock held. */
    private Goroutine gfget() {
        sched.gFreeLock.lock();
        try {
            Goroutine g = sched.gFree.pop();
            if (g != null) {
                sched.setGFreeN(sched.gFreeN - 1);
                g.schedlink = null;
            }
            return g;
        } finally {
            sched.gFreeLock.unlock();
        }
    }

    // ---- system calls ---------------------------------------------------------------------------

    /**
     * Go 1.0's {@code entersyscall}: the G no longer uses a cpu: {@code mcpu--}, {@code msyscall++}, and
     * if Gs wait, {@code matchmg} lets another M run one. The M stays with its G in the kernel.
     */
    void entersyscall(Machine m, Goroutine gp, long d) {
        schedlock(m, "enter a system call (entersyscall)");
        try {
            gp.status = GStatus.SYSCALL;
            mcpu--;
            msyscall++;
            if (trace().on()) trace().emit(new Event.EnterSyscall(trace().at(m, gp.goid, m.id, -1), Event.EnterSyscall.Rules.GO10, d, mcpu, sched.runq.size()));
            if (sched.runq.size() != 0) matchmg(m);
        } finally {
            schedunlock(m);
        }
    }

    /**
     * Go 1.0's {@code exitsyscall}: {@code mcpu++}; if that is still within mcpumax the G runs on (true).
     * Otherwise every cpu is taken: the G is re-queued by {@code schedule} ({@code readyonstop}), which also
     * undoes the {@code mcpu++} (false).
     */
    boolean exitsyscall(Machine m, Goroutine gp) {
        schedlock(m, "return from a system call (exitsyscall)");
        try {
            msyscall--;
            mcpu++;
            boolean room = mcpu <= mcpumax;
            if (room) gp.status = GStatus.RUNNING;
            if (trace().on()) {
                Event.Head h = trace().at(m, gp.goid, m.id, -1);
                gp.cause = h.seq();   // it runs on (fast), or is readied when its M stops (slow)
                trace().emit(new Event.ExitSyscall(h, room ? Event.ExitSyscall.How.GO10_FAST : Event.ExitSyscall.How.GO10_SLOW, -1, -1, -1,
                        sched.runq.size(), mcpu, mcpumax));
            }
            return room;
        } finally {
            schedunlock(m);
        }
    }

    // ---- GOMAXPROCS, timers ---------------------------------------------------------------------

    /**
     * Go 1.0's {@code runtime·gomaxprocsfunc}: under the lock, mcpumax = n and {@code matchmg}. (Go 1.0
     * also had the caller yield if mcpu > mcpumax; here the extra Ms drop out at their next
     * {@code nextgandunlock}.)
     */
    void gomaxprocs(Machine m, Goroutine gp, int n) {
        schedlock(m, "change GOMAXPROCS");
        try {
            int old = mcpumax;
            mcpumax = n;
            sched.gomaxprocs = n;
            if (trace().on()) trace().emit(new Event.Procresize(trace().at(m, gp.goid, m.id, -1), true, old, n, sched.runq.size()));
            matchmg(m);
        } finally {
            schedunlock(m);
        }
    }

    /** time.Sleep: the G's timer goes to the one timer heap; an M blocked in the poller past it is woken. */
    void addTimer(Machine m, Goroutine gp, long when) {
        long before = timers.wakeTime();
        sched.netpoll.inited = true;
        timers.add(new Timers.Timer(when, sched.timerSeq.incrementAndGet(), gp));
        if ((before == 0 || when < before) && sched.lastpoll.get() == 0) {
            long until = sched.pollUntil.get();
            if (until == 0 || until > when) sched.netpoll.netpollBreak(m);
        }
    }

    /** Gs whose timers expired or whose network data arrived by {@code now}; each is explained. */
    List<Goroutine> dueTimersAndNetwork(Machine m, long now) {
        List<Goroutine> out = new ArrayList<>();
        for (Timers.Timer t : timers.due(now)) {
            if (trace().on()) {
                Event.Head h = trace().at(m, t.g().goid, m.id, -1);
                t.g().cause = h.seq();
                trace().emit(new Event.Timer(h, true, t.when(), -1));
            }
            out.add(t.g());
        }
        if (sched.netpoll.inited && sched.netpoll.anyWaiters()) {
            List<Goroutine> net = sched.netpoll.poll(now);
            if (!net.isEmpty() && trace().on()) {
                Event.Head h = trace().at(m, net.get(0).goid, m.id, -1);
                for (Goroutine g : net) g.cause = h.seq();
                trace().emit(new Event.Netpoll(h, Event.Netpoll.By.GO10_POLL, Goroutine.goids(net)));
            }
            out.addAll(net);
        }
        return out;
    }

    /** G1 for runtime.main is handed to M0 before it runs (mcpu = 1). */
    void boot(Go10Machine m0, Code main) {
        sched.lock.lock();
        try {
            Goroutine g1 = sched.allgadd(new Goroutine());
            g1.goid = sched.goidgen.incrementAndGet();
            g1.startFn = main;
            g1.frame = new Goroutine.CallFrame(main, null, new long[0]);
            g1.makeRunnable();
            m0.nextg = g1;
            mcpu = 1;
            if (trace().on()) {
                Event.Head h = trace().at(m0, g1.goid, 0, -1);
                g1.cause = h.seq();
                trace().emit(new Event.Go(h, Event.Go.To.M0, 0, -1, "main", -1, 0, false, 0, 1));
            }
        } finally {
            sched.lock.unlock();
        }
    }
}
