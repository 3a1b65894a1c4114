package org.gmplab.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A P's local run queue: a lock-free ring of goroutines plus the {@code runnext} slot, exactly as in Go's
 * {@code runtime/proc.go} ({@code runqput}, {@code runqget}, {@code runqgrab}, {@code runqsteal},
 * {@code runqempty}, {@code runqputslow}).
 *
 * <h2>Who may do what</h2>
 * Only the owner P's M puts into the ring and moves {@code runqtail}. Anybody may consume by advancing
 * {@code runqhead} with a CAS: the owner ({@link #runqget}), a thief ({@link #runqgrab}) and the owner
 * again when the ring is full ({@link #runqputslow}). {@code runnext} is swapped by the owner and may be
 * CASed to empty by the owner or a thief.
 *
 * <h2>Memory ordering (Go's words, Java's accessors)</h2>
 * {@code runqhead} and {@code runqtail} are free-running {@code int}s: they are only ever compared by
 * difference ({@code tail - head}), which is correct across wrap-around as with Go's {@code uint32}s. A slot
 * is written with a plain store and published by a release store of the tail ("store-release, makes the
 * item available for consumption"); consumers load the tail with acquire before reading slots, and commit
 * a consume with a CAS of the head. A thief may read a slot at the same time as the owner overwrites it
 * (after another consumer moved the head on): the thief's CAS then fails, and what it read is thrown
 * away. That is why the copy happens <em>before</em> the CAS, and why a failed CAS restarts from scratch.
 *
 * <h2>Approximate answers</h2>
 * {@link #size()} is exact only for the owner or when the world is stopped; {@link #runqempty()} may
 * answer "not empty" for a queue that just became empty, but never "empty" for a queue that had a
 * goroutine during the whole call.
 */
public final class RunQueue {
    /**
     * Told by the owner of Gs it has claimed and not yet published to the other Ps: where live mode's event log numbers
     * the event that moves them, so that no other P can take one and log that first (see {@code Trace}).
     */
    @FunctionalInterface
    public interface Claimed {
        void claimed(Goroutine[] gs);
    }

    /** Called by a thief just before it takes the victim's {@code runnext}; the victim decides whether to back off. */
    @FunctionalInterface
    public interface RunnextStealGuard {
        /** Go: {@code if pp.status == _Prunning { usleep(3) }} in {@code runqgrab}. */
        void beforeRunnextSteal();

        RunnextStealGuard NONE = () -> { };
    }

    private static final VarHandle HEAD = VarHandles.field(MethodHandles.lookup(), "runqhead", int.class);
    private static final VarHandle TAIL = VarHandles.field(MethodHandles.lookup(), "runqtail", int.class);
    private static final VarHandle RUNNEXT = VarHandles.field(MethodHandles.lookup(), "runnext", Goroutine.class);

    private final Goroutine[] runq;
    private final int mask;
    /** {@link #runqputslow}'s batch (Go's stack array {@code [len(pp.runq)/2 + 1]*g}). Owner only. */
    private final Goroutine[] slowBatch;
    private final RunnextStealGuard guard;

    /** Consumers CAS it (see class comment). Accessed only through {@link #HEAD}. */
    @SuppressWarnings("unused") private int runqhead;
    /** Written only by the owner, with release. The owner may read it plainly. */
    private int runqtail;
    /** The next G to run, if any: "a G that was readied by the current G and should run next". */
    @SuppressWarnings("unused") private Goroutine runnext;

    // Owner-only results of the last operation, so that the scheduler can explain it without allocating.
    private Goroutine kicked;
    private int overflowed;
    private boolean gotRunnext;
    private int stolen;
    private boolean stoleRunnext;
    /** The sum of {@link Goroutine#claim}'s results, kept only so that the JIT keeps its loads. */
    private int claims;

    public RunQueue(int capacity, RunnextStealGuard guard) {
        if (capacity < 2 || Integer.bitCount(capacity) != 1)
            throw new IllegalArgumentException("run queue capacity must be a power of two >= 2, got " + capacity);
        this.runq = new Goroutine[capacity];
        this.mask = capacity - 1;
        this.slowBatch = new Goroutine[capacity / 2 + 1];
        this.guard = guard;
    }

    public RunQueue(int capacity) { this(capacity, RunnextStealGuard.NONE); }

    public int capacity() { return runq.length; }

    /**
     * Assertions only ({@code -ea}): the thread inside one of the owner's methods ({@link #runqput},
     * {@link #runqputbatch}, {@link #runqget}, {@link #runqsteal}) now, or null. Go's rule is "executed only by
     * the owner P". The owner cannot be named here: a P changes Ms, and an M fills a P it has just taken from
     * the idle list before it wires it (findRunnable's re-check, as in Go). What the rule protects can be
     * checked: the ring has one producer, so no two threads are ever inside the owner's side at once (as
     * the Disruptor asserts its single writer). Never read when assertions are off.
     */
    private final java.util.concurrent.atomic.AtomicReference<Thread> ownerInside = new java.util.concurrent.atomic.AtomicReference<>();

    /** Marks the calling thread as the owner inside; fails if another thread is. For {@code assert} only. */
    boolean ownerEnters() {
        Thread t = Thread.currentThread(), in = ownerInside.compareAndExchange(null, t);
        if (in != null && in != t)
            throw new AssertionError("run queue: " + t.getName() + " entered an owner-only method while " + in.getName() + " is in one (executed only by the owner P)");
        return true;
    }

    private boolean ownerLeaves() {
        ownerInside.set(null);
        return true;
    }

    /**
     * Go's {@code runqput}: tries to put {@code gp} on the local runnable queue. If {@code next}, puts it
     * in {@code runnext} and kicks the previous runnext G (if any) to the tail of the ring. If the ring is
     * full, moves half of it plus the new G to the global queue ({@link #runqputslow}).
     * Executed only by the owner P.
     */
    public void runqput(Goroutine gp, boolean next, GlobalRunQueue global) {
        runqput(gp, next, global, null);
    }

    /**
     * {@link #runqput(Goroutine, boolean, GlobalRunQueue)}, telling {@code overflow} (if not null) of the Gs an overflow
     * moves to the global queue, oldest first, once they are claimed and before they are there.
     */
    public void runqput(Goroutine gp, boolean next, GlobalRunQueue global, Claimed overflow) {
        assert ownerEnters();
        try {
            kicked = null;
            overflowed = 0;
            if (next) {
                Goroutine oldnext;
                do {
                    oldnext = (Goroutine) RUNNEXT.getAcquire(this);
                } while (!RUNNEXT.compareAndSet(this, oldnext, gp));
                if (oldnext == null) return;
                // Kick the old runnext out to the regular run queue.
                kicked = oldnext;
                gp = oldnext;
            }
            for (;;) {
                int h = (int) HEAD.getAcquire(this); // load-acquire, synchronize with consumers
                int t = runqtail;
                if (t - h < runq.length) {
                    runq[t & mask] = gp;
                    TAIL.setRelease(this, t + 1); // store-release, makes the item available for consumption
                    return;
                }
                if (runqputslow(gp, h, t, global, overflow)) return;
                // The queue is not full now (a consumer moved the head), so the put above must succeed.
            }
        } finally {
            assert ownerLeaves();
        }
    }

    /**
     * Go's {@code runqputslow}: moves the oldest half of the full ring ({@code capacity/2} Gs) plus
     * {@code gp} to the tail of the global queue, in FIFO order, under the global queue's lock.
     * Returns false if a consumer raced us for the head (the caller retries the fast path).
     * Executed only by the owner P.
     *
     * <p>As in Go, the Gs are copied out before the CAS that claims them (a thief may take them meanwhile,
     * and then the copy is thrown away), linked into a list only once they are ours, and the lock is held
     * just to append that list. Go copies into an array on its stack; here each queue keeps one such array
     * ({@link #slowBatch}), since only the owner ever runs this.
     */
    boolean runqputslow(Goroutine gp, int h, int t, GlobalRunQueue global) {
        return runqputslow(gp, h, t, global, null);
    }

    /** {@link #runqputslow(Goroutine, int, int, GlobalRunQueue)}, telling {@code claimed} (if not null) of the batch before the global queue has it. */
    boolean runqputslow(Goroutine gp, int h, int t, GlobalRunQueue global, Claimed claimed) {
        int n = (t - h) / 2;
        if (n != runq.length / 2) throw new IllegalStateException("runqputslow: queue is not full");
        Goroutine[] batch = slowBatch;
        for (int i = 0; i < n; i++) batch[i] = runq[(h + i) & mask];
        if (!HEAD.compareAndSet(this, h, h + n)) return false; // cas-release, commits consume
        batch[n] = gp;
        // Link the goroutines.
        for (int i = 0; i < n; i++) batch[i].schedlink = batch[i + 1];
        batch[n].schedlink = null;
        overflowed = n + 1;
        if (claimed != null) claimed.claimed(java.util.Arrays.copyOf(batch, n + 1));
        // Now put the batch on global queue.
        global.lock();
        try {
            global.globrunqputbatch(batch[0], batch[n], n + 1);
        } finally {
            global.unlock();
        }
        return true;
    }

    /**
     * Go 1.23's {@code runqputbatch}: appends as many of {@code batch} as fit, publishing the tail once;
     * what does not fit goes to the global queue. Executed only by the owner P.
     */
    public void runqputbatch(java.util.List<Goroutine> batch, GlobalRunQueue global) {
        assert ownerEnters();
        try {
            int h = (int) HEAD.getAcquire(this);
            int t = runqtail;
            int n = 0;
            while (n < batch.size() && t - h < runq.length) {
                runq[t & mask] = batch.get(n++);
                t++;
            }
            TAIL.setRelease(this, t);
            if (n < batch.size()) {
                global.lock();
                try {
                    for (int i = n; i < batch.size(); i++) global.globrunqput(batch.get(i));
                } finally {
                    global.unlock();
                }
            }
        } finally {
            assert ownerLeaves();
        }
    }

    /**
     * Pops the newest G of the ring from its tail (Go's P.destroy moves a dying P's queue this way, to
     * the head of the global queue, so that order is kept). Only when the world is stopped.
     */
    Goroutine popTail() {
        int h = (int) HEAD.getAcquire(this);
        int t = runqtail;
        if (t == h) return null;
        t--;
        Goroutine gp = runq[t & mask];
        TAIL.setRelease(this, t);
        return gp;
    }

    /** Clears runnext and returns what was in it. Only when the world is stopped. */
    Goroutine takeRunnext() { return (Goroutine) RUNNEXT.getAndSet(this, null); }

    /**
     * Go's {@code runqget}: takes runnext if set (then {@link #gotRunnext()} is true: the G inherits the
     * time slice), else the oldest G of the ring. Returns null if both are empty.
     * Executed only by the owner P.
     */
    public Goroutine runqget() {
        assert ownerEnters();
        try {
            // If there's a runnext, it's the next G to run. A failed CAS can only mean a thief took it:
            // runnext is then empty, and we go on with the ring without retrying.
            Goroutine next = (Goroutine) RUNNEXT.getAcquire(this);
            if (next != null && RUNNEXT.compareAndSet(this, next, null)) {
                gotRunnext = true;
                return next;
            }
            gotRunnext = false;
            for (;;) {
                int h = (int) HEAD.getAcquire(this); // load-acquire, synchronize with other consumers
                int t = runqtail;
                if (t == h) return null;
                Goroutine gp = runq[h & mask];
                if (HEAD.compareAndSet(this, h, h + 1)) return gp; // cas-release, commits consume
            }
        } finally {
            assert ownerLeaves();
        }
    }

    /**
     * Go's {@code runqgrab}: copies half (rounded up) of this queue's Gs into {@code batch} starting at
     * {@code batchHead}, and claims them. If the ring is empty and {@code stealRunNextG}, takes runnext
     * instead, after the victim's back-off. Returns the number of Gs grabbed.
     * Can be executed by any P (a thief calls it on the victim's queue).
     */
    int runqgrab(Goroutine[] batch, int batchHead, boolean stealRunNextG) {
        return grab(batch, batchHead, stealRunNextG) & ~FROM_RUNNEXT;
    }

    /** Flag in {@link #grab}'s result: the one G grabbed was runnext. */
    private static final int FROM_RUNNEXT = 1 << 30;

    private int grab(Goroutine[] batch, int batchHead, boolean stealRunNextG) {
        int bmask = batch.length - 1;
        for (;;) {
            int h = (int) HEAD.getAcquire(this); // load-acquire, synchronize with other consumers
            int t = (int) TAIL.getAcquire(this); // load-acquire, synchronize with the producer
            int n = t - h;
            n = n - n / 2;
            if (n == 0) {
                if (stealRunNextG) {
                    // Try to steal from runnext.
                    Goroutine next = (Goroutine) RUNNEXT.getAcquire(this);
                    if (next != null) {
                        // Sleep to ensure that the owner is not about to run the G we are about to
                        // steal: it just readied it and is likely to schedule it right away.
                        guard.beforeRunnextSteal();
                        if (!RUNNEXT.compareAndSet(this, next, null)) continue;
                        batch[batchHead & bmask] = next;
                        return 1 | FROM_RUNNEXT;
                    }
                }
                return 0;
            }
            if (n > runq.length / 2) continue; // read inconsistent h and t
            for (int i = 0; i < n; i++) batch[(batchHead + i) & bmask] = runq[(h + i) & mask];
            if (HEAD.compareAndSet(this, h, h + n)) return n; // cas-release, commits consume
        }
    }

    /**
     * {@link Goroutine#claim}s gp, a G this P has taken out of the global queue and is about to put here, or
     * has stolen into its ring and not yet published. Owner only.
     */
    void claim(Goroutine gp) { claims += gp.claim(); }

    /**
     * Go's {@code runqsteal}: steals half of the Gs from {@code victim}'s queue into this (the thief's)
     * queue and returns one of them to run now (the last one grabbed), or null. {@link #stolen()} then tells
     * how many were taken, {@link #stoleRunnext()} whether it was the victim's runnext.
     * Executed only by the owner P of this queue, the thief; it must have an empty ring.
     */
    public Goroutine runqsteal(RunQueue victim, boolean stealRunNextG) {
        return runqsteal(victim, stealRunNextG, null);
    }

    /**
     * {@link #runqsteal(RunQueue, boolean)}, telling {@code claimed} (if not null) of the Gs taken, in the victim's order
     * (the one returned last), before the tail store that lets other thieves take them from here.
     */
    public Goroutine runqsteal(RunQueue victim, boolean stealRunNextG, Claimed claimed) {
        assert ownerEnters();
        try {
            if (victim.runq.length != runq.length) throw new IllegalArgumentException("run queues differ in capacity");
            stolen = 0;
            stoleRunnext = false;
            int t = runqtail;
            int n = victim.grab(runq, t, stealRunNextG);
            stoleRunnext = (n & FROM_RUNNEXT) != 0;
            n &= ~FROM_RUNNEXT;
            if (n == 0) return null;
            stolen = n;
            for (int i = 0; i < n; i++) claim(runq[(t + i) & mask]);   // before the tail publishes them
            if (claimed != null) {
                Goroutine[] gs = new Goroutine[n];
                for (int i = 0; i < n; i++) gs[i] = runq[(t + i) & mask];
                claimed.claimed(gs);
            }
            n--;
            Goroutine gp = runq[(t + n) & mask];
            if (n == 0) return gp;
            int h = (int) HEAD.getAcquire(this); // load-acquire, synchronize with consumers
            if (t - h + n >= runq.length) throw new IllegalStateException("runqsteal: runq overflow");
            TAIL.setRelease(this, t + n); // store-release, makes the item available for consumption
            return gp;
        } finally {
            assert ownerLeaves();
        }
    }

    /**
     * Go's {@code runqempty}: reports whether this queue has no Gs. It re-reads the tail so that it never
     * reports empty spuriously: {@code runqput(next=true)} may kick runnext into the ring and the owner may
     * then consume runnext, so "ring empty" and "runnext empty" seen at different moments would both be
     * true while a G was in the queue all along. Any P may call it.
     */
    public boolean runqempty() {
        for (;;) {
            int head = (int) HEAD.getAcquire(this);
            int tail = (int) TAIL.getAcquire(this);
            Goroutine next = (Goroutine) RUNNEXT.getAcquire(this);
            if (tail == (int) TAIL.getAcquire(this)) return head == tail && next == null;
        }
    }

    /**
     * Number of Gs in the ring ({@code runqtail - runqhead}, as schedtrace prints it: runnext not counted).
     * Any thread may call it. Loading tail then head, a caller other than the owner could see the head
     * pass the tail it loaded (a negative size); loading head then tail, it could see the tail run far
     * ahead of a stale head (more than capacity). So, as {@link #runqempty} does with the tail, it
     * re-reads the head: if unchanged, the tail was loaded while the head had that value, and the answer
     * is the size the ring had at that instant, always in 0..capacity (possibly out of date on return).
     */
    public int size() {
        for (;;) {
            int h = (int) HEAD.getAcquire(this);
            int t = (int) TAIL.getAcquire(this);
            if (h == (int) HEAD.getAcquire(this)) return t - h;
        }
    }

    public int head() { return (int) HEAD.getAcquire(this); }
    public int tail() { return (int) TAIL.getAcquire(this); }
    public Goroutine runnext() { return (Goroutine) RUNNEXT.getAcquire(this); }

    /** The ring's Gs from head to tail. Exact only when the world is stopped (step mode pause, STW). */
    public Goroutine[] contents() {
        int h = head(), t = tail();
        Goroutine[] out = new Goroutine[Math.max(0, Math.min(t - h, runq.length))]; // clamped for racy reads
        for (int i = 0; i < out.length; i++) out[i] = runq[(h + i) & mask];
        return out;
    }

    /**
     * The {@code i}th G from {@code head} (a value {@link #head} returned), read in place: a snapshot walks the rings
     * without copying them as {@link #contents} does. Exact only when the world is stopped.
     */
    public Goroutine at(int head, int i) { return runq[(head + i) & mask]; }

    // Owner-only reports about the last operation.

    /** After {@link #runqput}: the G kicked out of runnext into the ring, or null. */
    public Goroutine kicked() { return kicked; }
    /** After {@link #runqput}: how many Gs went to the global queue (capacity/2 + 1), or 0. */
    public int overflowed() { return overflowed; }
    /** After {@link #runqget}: whether the G came from runnext (Go's {@code inheritTime}). */
    public boolean gotRunnext() { return gotRunnext; }
    /** After {@link #runqsteal}: how many Gs were taken from the victim, including the one returned. */
    public int stolen() { return stolen; }
    /** After {@link #runqsteal}: whether the G taken was the victim's runnext. */
    public boolean stoleRunnext() { return stoleRunnext; }
}
