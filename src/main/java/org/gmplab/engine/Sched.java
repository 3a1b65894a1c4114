package org.gmplab.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

import org.gmplab.engine.program.CompiledProgram;
import org.gmplab.snapshot.EventKind;

/**
 * Go's {@code schedt} and the scheduler-wide functions of proc.go that are not about one M: the global
 * run queue, idle P and idle M lists, spinning counters, the global free list, and {@code wakep},
 * {@code startm}, {@code newm}, {@code pidleput}/{@code pidleget}, {@code mput}/{@code mget},
 * {@code globrunqget}, {@code checkdead}.
 *
 * <p>{@code lock} is Go's {@code sched.lock}. No engine thread ever passes the turnstile while holding
 * it, so in step mode it is never contended, and a frozen world never has it held.
 */
public final class Sched {
    /** Go's {@code sched.maxmcount}. */
    static final int MAX_MCOUNT = 10_000;

    final ReentrantLock lock = new ReentrantLock();
    final GlobalRunQueue runq = new GlobalRunQueue(lock);

    // Idle Ms (Go's sched.midle, LIFO) and idle Ps (sched.pidle, LIFO). Guarded by lock.
    private Machine midle;
    volatile int nmidle;
    private Processor pidle;
    final AtomicInteger npidle = new AtomicInteger();

    /** Ms spinning, or about to spin (counted before the M starts, as in Go). */
    final AtomicInteger nmspinning = new AtomicInteger();
    /** "Someone found work but no idle P to put a spinning M on" (Go 1.21+). */
    final AtomicInteger needspinning = new AtomicInteger();

    final AtomicLong goidgen = new AtomicLong();
    private int mnext;                       // guarded by lock
    final List<Machine> allm = new CopyOnWriteArrayList<>();

    // Every G ever allocated (Go's allgs). Guarded by allglock.
    final ReentrantLock allglock = new ReentrantLock();
    final ArrayList<Goroutine> allgs = new ArrayList<>();

    // Global free list of dead Gs (Go's sched.gFree; we keep every stack, so one list). Guarded by gFreeLock.
    final ReentrantLock gFreeLock = new ReentrantLock();
    Goroutine gFree;
    volatile int gFreeN;

    final Processor[] allp;
    final int gomaxprocs;
    volatile boolean mainStarted;

    final Engine engine;
    final Turnstile ts;
    final Trace trace;
    final Costs costs;
    final CompiledProgram program;
    final WaitGroup[] waitGroups;

    Sched(Engine engine, int gomaxprocs, int runqSize, CompiledProgram program, Turnstile ts, Trace trace, Costs costs) {
        this.engine = engine;
        this.gomaxprocs = gomaxprocs;
        this.program = program;
        this.ts = ts;
        this.trace = trace;
        this.costs = costs;
        this.allp = new Processor[gomaxprocs];
        for (int i = 0; i < gomaxprocs; i++) allp[i] = new Processor(i, this, runqSize);
        this.waitGroups = program.waitGroups().stream().map(WaitGroup::new).toArray(WaitGroup[]::new);
    }

    /** The engine thread running this code, or null for the controller. */
    private static EngineThread self() { return EngineThread.current(); }

    /** Go's {@code usleep} on the current engine thread. */
    void usleep(long nanos) {
        EngineThread me = self();
        if (me != null) ts.pass(me, nanos);
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
        if (pp == null) needspinning.set(1);
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

    int mcount() { return allm.size(); }

    /**
     * Go's {@code checkdead}: if no M is running any more, nothing can ever make progress — all
     * goroutines are asleep. (Go also counts Ms locked or in syscalls, and timers; none exist yet.)
     * sched.lock held.
     */
    private void checkdead() {
        if (!mainStarted) return;
        int run = mcount() - nmidle;
        if (run > 0) return;
        throw new GoPanic("fatal error: all goroutines are asleep - deadlock!");
    }

    // ---- global run queue -----------------------------------------------------------------------

    /**
     * Go 1.23's {@code globrunqget}: takes {@code n = min(size/gomaxprocs + 1, size, max (if > 0),
     * capacity/2)} Gs from the global queue; returns the first and puts the rest on pp's local queue.
     * sched.lock held.
     */
    Goroutine globrunqget(Processor pp, int max) {
        assert lock.isHeldByCurrentThread();
        int size = runq.size();
        if (size == 0) return null;
        int n = size / gomaxprocs + 1;
        if (n > size) n = size;
        if (max > 0 && n > max) n = max;
        if (n > pp.runq.capacity() / 2) n = pp.runq.capacity() / 2;
        lastGlobrunqgetN = n;
        Goroutine gp = runq.pop();
        for (n--; n > 0; n--) pp.runq.runqput(runq.pop(), false, runq);
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
            if (trace.on()) trace.emit(caller, EventKind.NEEDSPINNING, -1, caller.id, -1, Trace.d(),
                    "wakep: there is new work but no idle P, so no M can start spinning; needspinning=1 asks the next M about to go idle to spin instead");
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
                int id = mnext++;
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
        if (trace.on()) trace.emit(caller, EventKind.STARTM, -1, nmp.id, pp.id, Trace.d("spinning", spinning ? 1 : 0, "by", caller == null ? -1 : caller.id),
                "startm: woke idle M" + nmp.id + " and handed it P" + pp.id
                        + (spinning ? " to spin: look for work to steal" : " to run its work"));
        ts.unpark(nmp, caller, costs.wakeM());
    }

    /** Go's {@code newm}: a new M (a new Java platform thread) that starts with {@code pp} as its nextp. */
    private void newm(Processor pp, boolean spinning, int id, Machine caller) {
        if (allm.size() >= MAX_MCOUNT) throw new GoPanic("runtime: program exceeds " + MAX_MCOUNT + "-thread limit\nfatal error: thread exhaustion");
        Machine mp = new Machine(this, id);
        mp.nextp = pp;
        // Go sets m.spinning in the new thread's start function (mspinning); nmspinning already counts it.
        mp.spinning = spinning;
        allm.add(mp);
        if (trace.on()) trace.emit(caller, EventKind.NEWM, -1, id, pp.id, Trace.d("spinning", spinning ? 1 : 0, "threads", allm.size(), "by", caller == null ? -1 : caller.id),
                "newm: no idle M, so a new thread M" + id + " is created for P" + pp.id
                        + " (threads=" + allm.size() + "; a thread costs ~" + costs.newm() / 1000 + " µs to start, a goroutine ~"
                        + costs.newproc() + " ns)");
        ts.start(mp, caller, costs.newm());
    }

    /** Creates M0, the main thread, holding P0 (Go's schedinit + mstart). */
    Machine m0() {
        lock.lock();
        try {
            mnext = 1;
        } finally {
            lock.unlock();
        }
        Machine m0 = new Machine(this, 0);
        allm.add(m0);
        return m0;
    }

    /** Go's procresize at start: P0 goes to M0, the others to the idle list (P1 at its head). */
    void initIdlePs() {
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

    List<Goroutine> globalFreeList() {
        List<Goroutine> out = new ArrayList<>();
        for (Goroutine g = gFree; g != null; g = g.schedlink) out.add(g);
        return out;
    }

    List<Goroutine> allgs() {
        allglock.lock();
        try { return new ArrayList<>(allgs); } finally { allglock.unlock(); }
    }
}
