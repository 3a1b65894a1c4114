package org.gmplab.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Go's global run queue {@code sched.runq}: a FIFO list linked through {@link Goroutine#schedlink}, with
 * its size {@code sched.runqsize}. Every method requires {@code sched.lock} held, except
 * {@link #sizeRacy()} which Go also reads without the lock ("if sched.runqsize != 0").
 */
public final class GlobalRunQueue {
    private final ReentrantLock lock;
    private Goroutine head, tail;
    /**
     * Written under sched.lock with release stores ({@link #setSize}), as Go writes it plainly; volatile because
     * {@link #sizeRacy()} reads it without the lock, as Go reads {@code sched.runqsize}.
     */
    private volatile int runqsize;
    private static final VarHandle RUNQSIZE = VarHandles.field(MethodHandles.lookup(), "runqsize", int.class);

    /** @param schedLock Go's {@code sched.lock}, which also guards the idle lists */
    public GlobalRunQueue(ReentrantLock schedLock) { this.lock = schedLock; }

    public GlobalRunQueue() { this(new ReentrantLock()); }

    public void lock() { lock.lock(); }
    public void unlock() { lock.unlock(); }
    public boolean isLockHeld() { return lock.isHeldByCurrentThread(); }

    /** Go's {@code globrunqput}: put at the tail. sched.lock must be held. */
    public void globrunqput(Goroutine gp) {
        assert isLockHeld();
        gp.schedlink = null;
        if (tail != null) tail.schedlink = gp; else head = gp;
        tail = gp;
        setSize(runqsize + 1);
    }

    /** Go's {@code globrunqputhead}: put at the head, so it runs first. sched.lock must be held. */
    public void globrunqputhead(Goroutine gp) {
        assert isLockHeld();
        gp.schedlink = head;
        head = gp;
        if (tail == null) tail = gp;
        setSize(runqsize + 1);
    }

    /**
     * Go's {@code globrunqputbatch}: appends the list {@code batchHead … batchTail}, already linked through
     * {@link Goroutine#schedlink} (the tail's link null), of {@code n} Gs. O(1). sched.lock must be held.
     */
    public void globrunqputbatch(Goroutine batchHead, Goroutine batchTail, int n) {
        assert isLockHeld();
        if (tail != null) tail.schedlink = batchHead; else head = batchHead;
        tail = batchTail;
        setSize(runqsize + n);
    }

    /** Pops the oldest G, or null. sched.lock must be held. */
    public Goroutine pop() {
        assert isLockHeld();
        Goroutine gp = head;
        if (gp == null) return null;
        head = gp.schedlink;
        if (head == null) tail = null;
        gp.schedlink = null;
        setSize(runqsize - 1);
        return gp;
    }

    /**
     * A release store: a volatile one is a full fence, which under the lock waited for the line of the G just
     * linked (last written on the other CPU) and held the lock that much longer. The unlock publishes it.
     */
    private void setSize(int n) { RUNQSIZE.setRelease(this, n); }

    /** sched.lock must be held for an exact answer. */
    public int size() { return runqsize; }

    /** Go reads {@code sched.runqsize} without the lock as a hint before taking it. */
    public int sizeRacy() { return runqsize; }

    /** The G at the head, or null; the others follow through {@link Goroutine#schedlink}. sched.lock must be held, or the world stopped. */
    public Goroutine head() { return head; }

    /** The queue from head to tail. sched.lock must be held, or the world stopped. */
    public List<Goroutine> contents() {
        List<Goroutine> out = new ArrayList<>(runqsize);
        for (Goroutine g = head; g != null; g = g.schedlink) out.add(g);
        return out;
    }
}
