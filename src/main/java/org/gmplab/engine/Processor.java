package org.gmplab.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.PStatus;

/**
 * Go's {@code p}: the right to run Go code. An M must hold a P to run goroutines; there are exactly
 * GOMAXPROCS of them. Each owns a local run queue (ring + runnext), a free list of dead Gs and a
 * cache of goids, so that the common paths (go, schedule, exit) touch no shared lock.
 */
public final class Processor {
    /** Go's gFree thresholds: spill at 64 down to 31, refill up to 32 (gfput / gfget). */
    static final int GFREE_SPILL_AT = 64, GFREE_KEEP_BELOW = 32, GFREE_REFILL_TO = 32;
    /** Go's {@code _GoidCacheBatch}: goids are taken from sched.goidgen 16 at a time. */
    static final int GOID_CACHE_BATCH = 16;

    final int id;
    final Sched sched;
    /** Changed by the owner, or by CAS from {@code SYSCALL} (sysmon's retake, exitsyscall, stop-the-world). */
    volatile PStatus status = PStatus.IDLE;
    /** The M that owns it (Go's {@code p.m}); null when idle or in a syscall. */
    volatile Machine m;
    final RunQueue runq;
    /**
     * Incremented on every schedule except when the G inherits the slice (runnext). Written by the owner with a
     * release store ({@link #tick}), as Go writes it plainly; sysmon reads it without a lock, hence volatile.
     */
    volatile long schedtick;
    /**
     * Incremented when this P's M enters or leaves a system call, or when the P is taken from it; written by the
     * owner (or the thread that took the P, under sched.lock), read by sysmon without a lock, hence volatile.
     */
    volatile long syscalltick;
    /**
     * For the event log only (not Go's): the seq of the latest event that released this P (idle, handed off,
     * retaken, left in a system call), or -1; written only with a sink attached (see {@link Trace}).
     */
    long cause = -1;
    /** Set by pidleput/pidleget under sched.lock; read without it as Go reads {@code idlepMask}. */
    volatile boolean idle;
    /** Link in the idle P list. Guarded by sched.lock. */
    Processor link;
    /** Asks the M running this P to reschedule at the next opportunity (Go's {@code pp.preempt}). */
    volatile boolean preempt;
    /** Go 1.23 keeps timers per P: here, the {@code time.Sleep}s started on it. */
    final Timers timers = new Timers();

    /** When the current system call on this P began (for explanations only; Go does not keep it). */
    volatile long syscallStart;
    // Go's p.sysmontick: what sysmon saw at its last look. Touched only by sysmon.
    long sysmonSchedtick, sysmonSchedwhen, sysmonSyscalltick, sysmonSyscallwhen;

    // CAS on status: sysmon's retake and stop-the-world move a P out of _Psyscall against its M's exitsyscall.
    // Release stores on schedtick and gFreeN: the owner's counters, which Go writes plainly.
    private static final VarHandle STATUS = VarHandles.field(MethodHandles.lookup(), "status", PStatus.class);
    private static final VarHandle SCHEDTICK = VarHandles.field(MethodHandles.lookup(), "schedtick", long.class);
    private static final VarHandle GFREEN = VarHandles.field(MethodHandles.lookup(), "gFreeN", int.class);

    /** Go's {@code atomic.Cas(&pp.status, from, to)}. */
    boolean casStatus(PStatus from, PStatus to) { return STATUS.compareAndSet(this, from, to); }

    /**
     * {@code pp.schedtick++}, by the owner as a G starts a new time slice: a release store, as Go's is a plain one.
     * A volatile store is a full fence, at every schedule, for readers (sysmon, the views) that need none: it drains
     * the store buffer, and after stores to a G last written on the other CPU it waits for those lines. Measured
     * with the other counters made so: the storm at p = 2 went from 1.45 to 2.08 times p = 1 with the vCPUs near,
     * unchanged with them far (docs/benchmarks.md, "Round 20").
     */
    void tick() { SCHEDTICK.setRelease(this, schedtick + 1); }

    // Local free list of dead Gs (Go's p.gFree). Owner-only; gfreecnt is read racily by schedtrace.
    private final GList gFree = new GList(GFREE_SPILL_AT);
    // gFreeN: written by the owner with release stores (setGFreeN), as Go writes pp.gFree.n plainly; volatile
    // because schedtrace and the views read it from other threads.
    private volatile int gFreeN;

    private long goidcache, goidcacheend;

    Processor(int id, Sched sched, int runqSize) {
        this.id = id;
        this.sched = sched;
        // runqgrab: "if pp.status == _Prunning { usleep(3) }" -- give the owner a chance to run the G it
        // just readied into runnext before a thief takes it.
        this.runq = new RunQueue(runqSize, () -> {
            if (runnextStealBackoff()) sched.usleep(sched.costs.runnextBackoff());
        });
    }

    /**
     * Whether a thief about to take this P's runnext sleeps 3 µs first ({@code runqgrab}): when the P is
     * running, its owner is likely to run that G at once. Go 1.26 (CL 720441) skips the sleep when the P's G
     * is in a system call — the P is still {@code _Prunning} then, but its owner will not be scheduling soon.
     */
    boolean runnextStealBackoff() {
        if (status != PStatus.RUNNING) return false;
        if (!sched.go126) return true;
        Machine mp = m;
        if (mp == null) return false;
        Goroutine gp = mp.curg;
        return gp == null || gp.status != GStatus.SYSCALL;
    }

    public int id() { return id; }
    public PStatus status() { return status; }
    public RunQueue runq() { return runq; }
    public long schedtick() { return schedtick; }
    public long syscalltick() { return syscalltick; }
    public int gfreecnt() { return gFreeN; }
    public Machine m() { return m; }

    /** The next goid, from this P's cache of 16 (Go's newproc1). Owner only. */
    long nextGoid() {
        if (goidcache == goidcacheend) {
            goidcache = sched.goidgen.addAndGet(GOID_CACHE_BATCH);
            goidcache -= GOID_CACHE_BATCH - 1;
            goidcacheend = goidcache + GOID_CACHE_BATCH;
        }
        return goidcache++;
    }

    /**
     * Go's {@code gfput}: puts a dead G on this P's free list; at 64, moves Gs to the global list until
     * 31 remain. Returns how many were moved (0 mostly). Owner only.
     */
    int gfput(Goroutine gp) {
        gFree.push(gp);
        int n = gFreeN + 1;
        int moved = 0;
        if (n >= GFREE_SPILL_AT) {
            sched.gFreeLock.lock();
            try {
                moved = gFree.moveTo(sched.gFree, n - GFREE_KEEP_BELOW + 1);
                sched.setGFreeN(sched.gFreeN + moved);
            } finally {
                sched.gFreeLock.unlock();
            }
            n -= moved;
        }
        setGFreeN(n);
        return moved;
    }

    /** How many Gs the last {@link #gfget} took from the global free list. */
    int lastRefill;

    /**
     * Go's {@code gfget}: a dead G to reuse, or null. If the local list is empty and the global one is not,
     * first moves up to 32 Gs here, and clears them in one loop: they were freed on other Ps, so their lines
     * are likely in another CPU's cache (see {@link Goroutine#clearDead}). Owner only.
     */
    Goroutine gfget() {
        lastRefill = 0;
        if (gFree.isEmpty() && sched.gFreeN > 0) {
            sched.gFreeLock.lock();
            try {
                lastRefill = sched.gFree.moveTo(gFree, GFREE_REFILL_TO - gFreeN);
                sched.setGFreeN(sched.gFreeN - lastRefill);
                setGFreeN(gFreeN + lastRefill);
            } finally {
                sched.gFreeLock.unlock();
            }
            gFree.clearHead(lastRefill);
        }
        Goroutine gp = gFree.pop();
        if (gp == null) return null;
        gp.schedlink = null;
        setGFreeN(gFreeN - 1);
        return gp;
    }

    /** Go's {@code gfpurge}: moves every dead G to the global free list (when the P is destroyed). */
    void gfpurge() {
        sched.gFreeLock.lock();
        try {
            sched.setGFreeN(sched.gFreeN + gFree.moveTo(sched.gFree, gFree.size()));
        } finally {
            sched.gFreeLock.unlock();
        }
        setGFreeN(0);
    }

    /** {@code pp.gFree.n = n}: a release store (see {@link #tick}). Owner only. */
    private void setGFreeN(int n) { GFREEN.setRelease(this, n); }

    /** The local free list. Exact only when the world is stopped. */
    GList gFree() { return gFree; }

    @Override public String toString() { return "P" + id; }
}
