package org.gmplab.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

import org.gmplab.scenario.CompiledProgram;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.PStatus;

/**
 * Go's {@code schedt} and the scheduler-wide functions of proc.go that are not about one M: the global
 * run queue, idle P and idle M lists, spinning counters, the global free list, and {@code wakep},
 * {@code startm}, {@code newm}, {@code pidleput}/{@code pidleget}, {@code mput}/{@code mget},
 * {@code globrunqget}, {@code checkdead}.
 *
 * <p>{@code lock} is Go's {@code sched.lock}. No engine thread ever passes the turnstile while holding
 * it, so in step mode it is never really contended, and a frozen world never has it held; its
 * contention is modelled in virtual time and counted ({@link SchedLock}).
 *
 * <p>With the Go 1.0 scheduler ({@link #go10} not null) there are no Ps ({@link #allp} is empty) and the
 * rules of {@link Go10Sched} and {@link Go10Machine} decide where runnable Gs go and where an M looks for
 * one; the idle M list, the free list, the global queue, the poller and the lock are shared.
 */
public final class Sched {
    /** Go's {@code sched.maxmcount}. */
    static final int MAX_MCOUNT = 10_000;

    final SchedLock lock;
    final GlobalRunQueue runq;
    /** The Go 1.0 scheduler's state (mcpu, mcpumax, its timers), or null under Go 1.23's G-M-P. */
    final Go10Sched go10;
    /**
     * Go 1.26's rules instead of Go 1.23's (docs/engine.md, "Go 1.23 and Go 1.26"): no {@code _Psyscall} — an M
     * in a system call keeps its P in {@code _Prunning} ({@link Syscalls126}); retake, stop-the-world and
     * {@code preemptone} leave or take such a P through {@code setBlockOnExitSyscall}; a thief does not back off
     * before taking the runnext of a P whose G is in a syscall; a G preempted for a stop-the-world stays in its
     * P's runnext.
     */
    final boolean go126;

    // Idle Ms (Go's sched.midle, LIFO) and idle Ps (sched.pidle, LIFO). Guarded by lock.
    private Machine midle;
    // nmidle and npidle are written under lock; read without it (wakep's and checkdead's quick looks, the views),
    // as Go reads sched.nmidle and sched.npidle atomically. npidle, nmspinning and needspinning, which every M
    // writes, are each on a cache line of their own (PaddedAtomicInteger says why).
    volatile int nmidle;
    private Processor pidle;
    final PaddedAtomicInteger npidle = new PaddedAtomicInteger();

    /** Ms spinning, or about to spin (counted before the M starts, as in Go). */
    final PaddedAtomicInteger nmspinning = new PaddedAtomicInteger();
    /** "Someone found work but no idle P to put a spinning M on" (Go 1.21+). */
    final PaddedAtomicInteger needspinning = new PaddedAtomicInteger();

    /** Go's {@code sched.goidgen}: Ps take goids from it in batches ({@code goidcache}), so it is atomic, not locked. */
    final AtomicLong goidgen = new AtomicLong();
    /** Ms reserved so far (Go's {@code sched.mnext}); written under lock, volatile for the views. */
    private volatile int mnext;
    /** Every M ever created, in creation order, sysmon among them. */
    final List<Machine> allm = new CopyOnWriteArrayList<>();

    // Every G ever allocated (Go's allgs). Guarded by allglock.
    final ReentrantLock allglock = new ReentrantLock();
    final ArrayList<Goroutine> allgs = new ArrayList<>();

    // Global free list of dead Gs (Go's sched.gFree; we keep every stack, so one list). Guarded by gFreeLock.
    final ReentrantLock gFreeLock = new RuntimeMutex();
    final GList gFree = new GList(64);
    // gFreeN: written under gFreeLock with release stores (setGFreeN; Go writes it plainly); volatile for schedtrace
    // and the views, which read it without the lock.
    volatile int gFreeN;
    private static final VarHandle GFREEN = VarHandles.field(MethodHandles.lookup(), "gFreeN", int.class);

    /** {@code sched.gFree.n = n}, under gFreeLock: a release store (the unlock publishes it; see {@link Processor#tick}). */
    void setGFreeN(int n) { GFREEN.setRelease(this, n); }

    /** The first {@link #gomaxprocs} Ps; replaced (never changed in place) by procresize. */
    volatile Processor[] allp;
    // allp and gomaxprocs: replaced only by procresize with the world stopped; volatile so that a thread that
    // starts afterwards (and the views) sees the new ones.
    volatile int gomaxprocs;
    /** Every P ever made, also those beyond GOMAXPROCS ({@code _Pdead}), for reuse when it grows again. */
    Processor[] allpEver;
    final int runqSize;
    /** Go's {@code mainStarted}: set once by the main goroutine; read by any M (newproc's wakep) without a lock. */
    volatile boolean mainStarted;
    /**
     * When {@code main.main} began and returned, in the engine's time (ns), -1 until then. A Go program that times
     * itself does so from inside {@code main.main}, after the runtime's boot; set beside it, this is the same span
     * ({@link Engine#mainMainNanos}).
     */
    volatile long mainMainBegan = -1, mainMainReturned = -1;

    /** Time of the last network poll; 0 while an M is blocked in the poller (Go's {@code sched.lastpoll}). */
    final AtomicLong lastpoll = new AtomicLong();
    /** When the M blocked in the poller will wake up, 0 if none (Go's {@code sched.pollUntil}). */
    final AtomicLong pollUntil = new AtomicLong();

    // Stop-the-world (Go's gcwaiting, stopwait, stopnote). stopwait is guarded by lock.
    volatile boolean gcwaiting;
    int stopwait;
    /** The M stopping the world; set and cleared by it, read under lock by the last M to stop, which wakes it. */
    volatile Machine stopper;

    /** sysmon is in deep sleep and wants to be woken by the next syscall (Go's {@code sysmonwait}). */
    volatile boolean sysmonwait;
    /** Set once when sysmon starts; read by Ms on other threads that wake it ({@code sysmonwait}). */
    volatile Sysmon sysmon;
    /** Ms without a P that are not part of deadlock detection (sysmon). Guarded by lock. */
    int nmsys;
    /**
     * Go's {@code sched.nmidlelocked}: idle Ms locked to a goroutine (M0 in {@code stoplockedm} while
     * runtime.main's init is locked to it), less one for each thread outside checkdead's count that is
     * between taking a P or runnable Gs and handing them to an M ({@link #incidlelocked}). Guarded by lock.
     */
    int nmidlelocked;

    /** Order of timers with the same deadline, across Ps: atomic because each P adds timers on its own M. */
    final AtomicLong timerSeq = new AtomicLong();
    /** Goroutines parked with nothing that could wake them (nil channel, empty select). */
    private final java.util.Set<Goroutine> forever = java.util.Collections.synchronizedSet(java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>()));

    void parkForever(Goroutine gp) { forever.add(gp); }

    /** Goroutines blocked from outside ({@link Action.Block}), until {@link Action.Unblock}. */
    final java.util.Set<Goroutine> injectedBlocked = java.util.Collections.synchronizedSet(java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>()));

    /**
     * A new goroutine made from outside the program (no P, so no P's free list or goid cache): the G
     * comes from the global free list or is allocated, and it is not yet queued anywhere.
     */
    Goroutine newprocNoP(org.gmplab.scenario.Code fn, long[] args) {
        Goroutine g;
        gFreeLock.lock();
        try {
            g = gFree.pop();
            if (g != null) {
                setGFreeN(gFreeN - 1);
                g.schedlink = null;
            }
        } finally {
            gFreeLock.unlock();
        }
        if (g == null) g = allgadd(new Goroutine());
        g.goid = goidgen.incrementAndGet();
        g.parentGoid = 0;
        g.startFn = fn;
        Goroutine.CallFrame stack = g.stack;
        g.stack = null;
        g.frame = stack != null ? stack.reset(fn, null, args) : new Goroutine.CallFrame(fn, null, args);
        g.status = GStatus.WAITING; // injectglist makes it runnable
        g.waitReason = "";
        return g;
    }

    List<Goroutine> parkedForever() {
        synchronized (forever) {
            List<Goroutine> out = new ArrayList<>(forever);
            out.sort(java.util.Comparator.comparingLong(g -> g.goid));
            return out;
        }
    }
    final Netpoll netpoll;
    final Handles handles;

    final Engine engine;
    final Turnstile ts;
    final Trace trace;
    final Costs costs;
    final CompiledProgram program;

    Sched(Engine engine, int gomaxprocs, int runqSize, CompiledProgram program, Turnstile ts, Trace trace, Costs costs,
          org.gmplab.scenario.Scenario.Scheduler design, boolean go126) {
        this.engine = engine;
        this.go126 = go126;
        boolean go10Design = design == org.gmplab.scenario.Scenario.Scheduler.GO10;
        this.lock = new SchedLock(ts instanceof StepTurnstile, go10Design, costs.globalOp());
        this.runq = new GlobalRunQueue(lock);
        this.go10 = go10Design ? new Go10Sched(this, gomaxprocs) : null;
        this.gomaxprocs = gomaxprocs;
        this.runqSize = runqSize;
        this.program = program;
        this.ts = ts;
        this.trace = trace;
        this.costs = costs;
        Processor[] ps = new Processor[go10Design ? 0 : gomaxprocs];
        for (int i = 0; i < ps.length; i++) ps[i] = new Processor(i, this, runqSize);
        this.allp = ps;
        this.allpEver = ps.clone();
        this.netpoll = new Netpoll(this);
        this.handles = new Handles(program);
    }

    /** The engine thread running this code, or null for the controller. */
    private static EngineThread self() { return EngineThread.current(); }

    /** Go's {@code usleep} on the current engine thread: {@code nanos} plus the timer slack (see {@link Costs}). */
    void usleep(long nanos) {
        EngineThread me = self();
        if (me instanceof Machine m) usleep(m, nanos);
    }

    /** How long a futex wake-up by {@code by} takes to get the woken M running. */
    long wakeLatency(Machine by) {
        long j = costs.wakeJitter();
        return costs.wakeM() + (j > 0 && by != null ? by.cheaprandn((int) Math.min(j, Integer.MAX_VALUE - 1) + 1) : 0);
    }

    void usleep(Machine m, long nanos) {
        ts.sleep(m, nanos + timerSlack(m));
    }

    /**
     * What a timed sleep or wait of {@code m} lasts beyond its timeout (see {@link Costs#timerSlack}): the
     * hrtimer fires at the end of its slack window, or a little earlier along with another timer; then the
     * woken thread has to be scheduled. Only step mode models it: in live mode the sleep is a real one, and
     * the kernel adds its own slack and wake-up (adding the model's too made sysmon's 20 µs tick last
     * twice Go's, and so Ms blocked in system calls waited twice as long for their Ps to be retaken).
     */
    long timerSlack(Machine m) {
        if (!(ts instanceof StepTurnstile)) return 0;
        long slack = costs.timerSlack(), early = slack / 5;
        return slack <= 0 ? 0 : slack - (early > 0 ? m.cheaprandn((int) Math.min(early, Integer.MAX_VALUE - 1) + 1) : 0) + costs.wakeM();
    }

    // ---- idle P list ----------------------------------------------------------------------------

    /** Go's {@code pidleput}: puts an idle P (with an empty run queue) on the idle list. sched.lock held. */
    void pidleput(Processor pp) {
        assert lock.isHeldByCurrentThread();
        if (!pp.runq.runqempty()) throw new IllegalStateException("pidleput: P has non-empty run queue");
        pp.idle = true;
        pp.link = pidle;
        pidle = pp;
        npidle.incrementAndGet();
    }

    /** Go's {@code pidleget}: an idle P, or null. sched.lock held. */
    Processor pidleget() {
        assert lock.isHeldByCurrentThread();
        Processor pp = pidle;
        if (pp != null) {
            pidle = pp.link;
            pp.link = null;
            pp.idle = false;
            npidle.decrementAndGet();
        }
        return pp;
    }

    /** Go's {@code pidlegetSpinning}: like pidleget, but sets needspinning when none is idle. sched.lock held. */
    Processor pidlegetSpinning() {
        Processor pp = pidleget();
        // Go: sched.needspinning.Store(1). Stored only when it changes: with every P busy, wakep comes here on each
        // ready (at GOMAXPROCS 1, every channel hand-off), and a volatile store is a full fence.
        if (pp == null && needspinning.get() == 0) needspinning.set(1);
        return pp;
    }

    // ---- idle M list ----------------------------------------------------------------------------

    /** Go's {@code mput}: puts an M on the idle list, then checks for deadlock. sched.lock held. */
    void mput(Machine mp) {
        assert lock.isHeldByCurrentThread();
        mp.schedlink = midle;
        midle = mp;
        nmidle++;
        mp.idle = true;
        checkdead();
    }

    /** Go's {@code mget}: an idle M, or null. sched.lock held. */
    Machine mget() {
        assert lock.isHeldByCurrentThread();
        Machine mp = midle;
        if (mp != null) {
            midle = mp.schedlink;
            mp.schedlink = null;
            mp.idle = false;
            nmidle--;
        }
        return mp;
    }

    /**
     * Go's {@code mcount}: Ms ever reserved ({@code sched.mnext}; none is ever freed). An M counts from the
     * moment startm reserves its id under sched.lock, not from when newm adds it to allm after dropping
     * the lock: in between, the new M is already the one that will run its P, and checkdead must not
     * take the gap for "every M is idle".
     */
    int mcount() { return mnext; }

    /**
     * Go's {@code incidlelocked}. Its callers here are the threads checkdead does not count (sysmon, which
     * is in nmsys, and the controls, which are no M at all): {@code incidlelocked(-1)} before they take a
     * P or make Gs runnable pretends that one more M runs, so that an M going idle meanwhile does not
     * count the P or the Gs on their way to an M as a deadlock; {@code incidlelocked(1)} afterwards runs
     * the checkdead that such an M could not conclude. Go does the same in {@code retake} and in sysmon's
     * network poll.
     */
    void incidlelocked(int v) {
        lock.lock();
        try {
            nmidlelocked += v;
            if (v > 0) checkdead();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Go's {@code incidlelocked(±1)} in {@code stoplockedm}/{@code startlockedm}: {@code m}, locked to a G,
     * starts or stops waiting for it. Counted per M as well, so a stopped world can check the sum; the two
     * may come in either order (the G can be readied and handed on before its M has gone to sleep).
     */
    void idleLocked(Machine m, boolean waiting) {
        lock.lock();
        try {
            m.lockedIdle += waiting ? 1 : -1;
            nmidlelocked += waiting ? 1 : -1;
            if (waiting) checkdead();
        } finally {
            lock.unlock();
        }
    }

    /** Reserves an M id (Go's {@code mReserveID}). sched.lock held. */
    int mReserveID() { return mnext++; }

    /**
     * Go's {@code checkdead}: if no M is running any more ({@code mcount() - nmidle - nmidlelocked -
     * nmsys}; an M in a system call or blocked in the poller counts as running), nothing can ever make
     * progress — all goroutines are asleep, unless a timer or the controls can still wake one.
     * sched.lock held.
     */
    private void checkdead() {
        if (!mainStarted) return;
        int run = mcount() - nmidle - nmidlelocked - nmsys;
        if (run > 0) return;
        if (run < 0) throw new IllegalStateException("checkdead: inconsistent counts: mcount=" + mcount() + " nmidle=" + nmidle
                + " nmidlelocked=" + nmidlelocked + " nmsys=" + nmsys);
        for (Goroutine gp : allgs()) {
            GStatus st = gp.status;
            if (st == GStatus.RUNNABLE || st == GStatus.RUNNING || st == GStatus.SYSCALL)
                throw new IllegalStateException("checkdead: runnable g: " + gp + " in status " + st);
        }
        // A sleeping goroutine will wake up: not a deadlock (Go checks the Ps' timers the same way).
        for (Processor pp : allp) if (pp.timers.wakeTime() != 0) return;
        if (go10 != null && go10.timers.wakeTime() != 0) return;
        // Nor while someone outside holds the key: a goroutine blocked from the controls can be unblocked.
        if (!injectedBlocked.isEmpty()) return;
        throw new GoPanic("fatal error: all goroutines are asleep - deadlock!");
    }

    // ---- global run queue -----------------------------------------------------------------------

    /**
     * Go 1.23's {@code globrunqget}: takes {@code n = min(size/gomaxprocs + 1, size, max (if > 0),
     * capacity/2)} Gs from the global queue; returns the first and puts the rest on pp's local queue.
     * sched.lock held.
     */
    Goroutine globrunqget(Processor pp, int max) {
        return globrunqget(pp, max, null);
    }

    /**
     * {@link #globrunqget(Processor, int)}, telling {@code claimed} (if not null) of the Gs taken, the one returned first,
     * once all are off the global queue and before any is on pp's ring, where another P may steal it: live mode's log
     * numbers the pull there ({@link Trace}: number first, publish after).
     */
    Goroutine globrunqget(Processor pp, int max, RunQueue.Claimed claimed) {
        assert lock.isHeldByCurrentThread();
        int size = runq.size();
        if (size == 0) return null;
        int n = size / gomaxprocs + 1;
        // (gomaxprocs is only changed with the world stopped, so it is stable here)
        if (n > size) n = size;
        if (max > 0 && n > max) n = max;
        if (n > pp.runq.capacity() / 2) n = pp.runq.capacity() / 2;
        lastGlobrunqgetN = n;
        if (claimed != null) {
            Goroutine[] gs = new Goroutine[n];
            for (int i = 0; i < n; i++) pp.runq.claim(gs[i] = runq.pop());
            claimed.claimed(gs);
            for (int i = 1; i < n; i++) pp.runq.runqput(gs[i], false, runq);
            return gs[0];
        }
        Goroutine gp = runq.pop();
        pp.runq.claim(gp);
        for (n--; n > 0; n--) {
            Goroutine g = runq.pop();
            pp.runq.claim(g);   // see Goroutine.claim: the lines of the whole batch come at once
            pp.runq.runqput(g, false, runq);
        }
        return gp;
    }

    /** How many Gs the last globrunqget took (for its event). Read under sched.lock right after. */
    int lastGlobrunqgetN;

    // ---- waking Ms ------------------------------------------------------------------------------

    /**
     * Go's {@code wakep}: tries to add one more spinning M, but only if nobody spins already — at most
     * one M is woken per new piece of work, and spinners wake the next one themselves when they find work
     * ({@code resetspinning}).
     */
    void wakep(Machine caller) {
        if (nmspinning.get() != 0 || !nmspinning.compareAndSet(0, 1)) return;
        Processor pp;
        lock.lock();
        try {
            pp = pidlegetSpinning();
        } finally {
            lock.unlock();
        }
        if (pp == null) {
            if (nmspinning.decrementAndGet() < 0) throw new IllegalStateException("wakep: negative nmspinning");
            if (trace.on()) trace.emit(new Event.NeedSpinning(trace.at(caller, -1, caller.id, -1)));
            return;
        }
        startm(pp, true, caller);
    }

    /**
     * Go's {@code startm}: runs {@code pp} (or an idle P if null) on an idle M, or on a new one if no M
     * is idle. With {@code spinning}, the M starts out looking for work (nmspinning was already counted
     * by the caller).
     */
    void startm(Processor pp, boolean spinning, Machine caller) {
        lock.lock();
        Machine nmp;
        try {
            if (pp == null) {
                if (spinning) throw new IllegalStateException("startm: P required for spinning=true");
                pp = pidleget();
                if (pp == null) return;
            }
            nmp = mget();
            if (nmp == null) {
                int id = mReserveID();
                lock.unlock();
                newm(pp, spinning, id, caller);
                return;
            }
        } finally {
            if (lock.isHeldByCurrentThread()) lock.unlock();
        }
        if (nmp.spinning) throw new IllegalStateException("startm: m is spinning");
        if (nmp.nextp != null) throw new IllegalStateException("startm: m has p");
        if (spinning && !pp.runq.runqempty()) throw new IllegalStateException("startm: p has runnable gs");
        nmp.spinning = spinning;
        nmp.nextp = pp;
        if (trace.on()) trace.emit(new Event.StartM(trace.at(caller, -1, nmp.id, pp.id, pp.cause), false, spinning, caller == null ? -1 : caller.id));
        ts.unpark(nmp, caller, wakeLatency(caller));
    }

    /** Go's {@code newm}: a new M (a new Java platform thread) that starts with {@code pp} as its nextp. */
    private void newm(Processor pp, boolean spinning, int id, Machine caller) {
        if (allm.size() >= MAX_MCOUNT) throw new GoPanic("runtime: program exceeds " + MAX_MCOUNT + "-thread limit\nfatal error: thread exhaustion");
        Machine mp = new Machine(this, id);
        mp.nextp = pp;
        // Go sets m.spinning in the new thread's start function (mspinning); nmspinning already counts it.
        mp.spinning = spinning;
        allm.add(mp);
        // More Ms than one per P, sysmon, M0 (locked to runtime.main while it inits) and one on its way to spin:
        // Ms are blocked in system calls, and more may follow soon. Live mode then keeps a Java thread started
        // ahead, since starting one takes far longer than Go's clone (a CPU-bound program never gets here).
        if (allm.size() > gomaxprocs + 3 && ts instanceof LiveTurnstile lt) lt.wantSpares();
        if (trace.on()) trace.emit(new Event.NewM(trace.at(caller, -1, id, pp.id, pp.cause), Event.NewM.For.P, spinning, allm.size(),
                caller == null ? -1 : caller.id, costs.newm(), costs.newproc()));
        ts.start(mp, caller, costs.newm());
    }

    /**
     * Go's {@code handoffp}: a P whose M is gone (retaken from a syscall, handed off by entersyscallblock,
     * or stopped for GC) gets a new M if there is anything for it to do, else goes idle. Each decision is
     * an event naming the rule that fired, in Go's order.
     */
    void handoffp(Processor pp, Machine by) {
        // if it has local work, start it straight away
        if (!pp.runq.runqempty() || runq.sizeRacy() != 0) {
            explainHandoff(by, pp, 1, false);
            startm(pp, false, by);
            return;
        }
        // no local work, check that there are no spinning/idle M's, otherwise our help is not required
        if (nmspinning.get() + npidle.get() == 0 && nmspinning.compareAndSet(0, 1)) {
            needspinning.set(0);
            explainHandoff(by, pp, 4, false);
            startm(pp, true, by);
            return;
        }
        long when;
        lock.lock();
        try {
            if (gcwaiting) {
                pp.status = PStatus.GCSTOP;
                if (--stopwait == 0) ts.unpark(stopper, by, wakeLatency(by));
                explainHandoff(by, pp, 5, false);
                return;
            }
            if (runq.size() != 0) {
                lock.unlock();
                explainHandoff(by, pp, 7, false);
                startm(pp, false, by);
                return;
            }
            // If this is the last running P and nobody is polling network, need to wakeup another M to poll network.
            if (npidle.get() == gomaxprocs - 1 && lastpoll.get() != 0) {
                lock.unlock();
                explainHandoff(by, pp, 8, false);
                startm(pp, false, by);
                return;
            }
            when = pp.timers.wakeTime();
            pidleput(pp);
        } finally {
            if (lock.isHeldByCurrentThread()) lock.unlock();
        }
        explainHandoff(by, pp, 9, when != 0);
        if (when != 0) wakeNetPoller(when, by);
    }

    /** The event of {@link #handoffp}'s {@code rule}, with the queue sizes the rule looked at; {@code timers}: P's timers wake the poller. */
    private void explainHandoff(Machine by, Processor pp, int rule, boolean timers) {
        if (!trace.on()) return;
        Event.Head h = trace.at(by, -1, by == null ? -1 : by.id, pp.id, pp.cause);   // the RETAKE or ENTERSYSCALL that left it
        pp.cause = h.seq();   // what startm or pidleget does next with it
        trace.emit(new Event.Handoffp(h, rule, pp.runq.size(), pp.runq.runnext() != null, runq.sizeRacy(), timers));
    }

    /**
     * Go's {@code injectglist}: makes waiting goroutines runnable (netpoll results, injected spawns).
     * Without a P ({@code pp == null}) they all go to the global queue and idle Ps are started for them;
     * with one, one G per idle P goes global (and that P is started), the rest to the local queue.
     */
    void injectglist(List<Goroutine> glist, Processor pp, Machine by) {
        if (glist.isEmpty()) return;
        if (go10 != null) {
            go10.injectglist(glist, by);
            return;
        }
        for (Goroutine gp : glist) gp.makeRunnable();
        int qsize = glist.size();
        if (pp == null) {
            lock.lock();
            try {
                for (Goroutine gp : glist) runq.globrunqput(gp);
            } finally {
                lock.unlock();
            }
            startIdle(qsize, by);
            return;
        }
        int n = Math.min(npidle.get(), qsize);
        if (n > 0) {
            lock.lock();
            try {
                for (int i = 0; i < n; i++) runq.globrunqput(glist.get(i));
            } finally {
                lock.unlock();
            }
            startIdle(n, by);
        }
        if (n < qsize) pp.runq.runqputbatch(glist.subList(n, qsize), runq);
        wakep(by);
    }

    /**
     * injectglist for the controls (a goroutine spawned or unblocked from outside, in live mode while the
     * Ms run): the controller is no M, so, like sysmon's network poll, it pretends to be a running one
     * ({@link #incidlelocked}) until the Gs are queued and their Ps handed to Ms. A deadlock that only
     * this last checkdead can see ends the run.
     */
    void injectglistFromOutside(List<Goroutine> glist) {
        if (trace.on()) for (Goroutine g : glist) g.cause = outsideCause;
        incidlelocked(-1);
        try {
            injectglist(glist, null, null);
        } finally {
            try {
                incidlelocked(1);
            } catch (RuntimeException e) {
                engine.end(null, e);
            }
        }
    }

    /** The INJECT event of the action being applied (see {@link Engine#inject}), for the Gs it queues; -1 before any. */
    long outsideCause = -1;

    private void startIdle(int n, Machine by) {
        for (int i = 0; i < n; i++) {
            Processor pp;
            lock.lock();
            try {
                pp = pidlegetSpinning();
            } finally {
                lock.unlock();
            }
            if (pp == null) break;
            startm(pp, false, by);
        }
    }

    /**
     * Go's {@code wakeNetPoller}: something must happen at {@code when} (a timer). If an M is blocked in the
     * poller past that time, break it out; if nobody is, make sure some M will look ({@code wakep}).
     */
    void wakeNetPoller(long when, Machine by) {
        if (lastpoll.get() == 0) {
            long pollerPollUntil = pollUntil.get();
            if (pollerPollUntil == 0 || pollerPollUntil > when) netpoll.netpollBreak(by);
        } else {
            wakep(by);
        }
    }

    /** Wakes sysmon from its deep sleep (Go's entersyscall_sysmon and friends). */
    void wakeSysmon(Machine by) {
        lock.lock();
        try {
            if (!sysmonwait) return;
            sysmonwait = false;
        } finally {
            lock.unlock();
        }
        Sysmon s = sysmon;
        if (s != null) ts.unpark(s, by, wakeLatency(by));
    }

    /** runtime.main's {@code newm(sysmon, nil, -1)}: sysmon gets an M of its own, M1, without a P. */
    void startSysmon(Machine caller) {
        int id;
        lock.lock();
        try {
            id = mReserveID();
            nmsys++;
        } finally {
            lock.unlock();
        }
        Sysmon s = new Sysmon(this, id);
        sysmon = s;
        allm.add(s);
        if (trace.on()) trace.emit(new Event.NewM(trace.at(caller, -1, id, -1), Event.NewM.For.SYSMON, false, allm.size(), caller.id,
                costs.newm(), costs.newproc()));
        ts.start(s, caller, costs.newm());
    }

    /** Creates M0, the main thread, holding P0 (Go's schedinit + mstart). */
    Machine m0() {
        lock.lock();
        try {
            mnext = 1;
        } finally {
            lock.unlock();
        }
        Machine m0 = go10 != null ? new Go10Machine(this, 0) : new Machine(this, 0);
        allm.add(m0);
        return m0;
    }

    /** Go's procresize at start: P0 goes to M0, the others to the idle list (P1 at its head). */
    void initIdlePs() {
        lastpoll.set(Math.max(1, ts.now(null))); // schedinit: sched.lastpoll = nanotime(), which is never 0
        lock.lock();
        try {
            for (int i = gomaxprocs - 1; i >= 1; i--) pidleput(allp[i]);
        } finally {
            lock.unlock();
        }
    }

    public Processor[] allp() { return allp; }
    public int gomaxprocs() { return gomaxprocs; }
    public int npidle() { return npidle.get(); }
    public int nmspinning() { return nmspinning.get(); }
    public int needspinning() { return needspinning.get(); }
    public int nmidle() { return nmidle; }
    public List<Machine> allm() { return allm; }
    public GlobalRunQueue globalRunq() { return runq; }
    /** Times sched.lock was taken, contended, and waited for (ns); see {@link SchedLock}. */
    public long lockAcquisitions() { return lock.acquisitions(); }
    public long lockContended() { return lock.contended(); }
    public long lockWaitNanos() { return lock.waitNanos(); }

    /** Idle Ms in list order; exact only when the world is stopped. */
    List<Machine> idleMs() {
        List<Machine> out = new ArrayList<>();
        for (Machine m = midle; m != null; m = m.schedlink) out.add(m);
        return out;
    }

    /** Idle Ps in list order; exact only when the world is stopped. */
    List<Processor> idlePs() {
        List<Processor> out = new ArrayList<>();
        for (Processor p = pidle; p != null; p = p.link) out.add(p);
        return out;
    }

    /** The idle P list's length, counted without copying it (the checks compare it with npidle at every safe point with events). */
    int idlePCount() {
        int n = 0;
        for (Processor p = pidle; p != null; p = p.link) n++;
        return n;
    }

    /** Every G ever allocated (a copy). */
    List<Goroutine> allgs() {
        allglock.lock();
        try { return new ArrayList<>(allgs); } finally { allglock.unlock(); }
    }

    /** allgadd: a newly allocated G joins allgs, under allglock (Go: {@code newg = malg(…); allgadd(newg)}). */
    Goroutine allgadd(Goroutine g) {
        allglock.lock();
        try {
            g.allgsIndex = allgs.size();
            allgs.add(g);
        } finally {
            allglock.unlock();
        }
        return g;
    }
}
