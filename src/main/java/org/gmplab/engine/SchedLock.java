package org.gmplab.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Go's {@code sched.lock} (Go 1.0: the lock of {@code runtime·sched}, taken by {@code schedlock}), with
 * a count of how often it is taken and how often a thread had to wait for it. The count is the point of
 * lesson 17: Go 1.0 takes this one lock on every {@code schedule}, {@code newproc} and {@code ready};
 * Go 1.23 takes it only when a P's own queue is not enough.
 *
 * <p><b>Step mode.</b> One engine thread runs at a time and never passes the turnstile while holding the
 * lock, so the real lock is never contended. Contention is modelled in virtual time instead: each
 * acquisition holds the lock for {@code hold} ns (Costs' global-queue operation), the lock is free again
 * at {@link #freeAt}, and a thread that asks for it earlier, by its own virtual clock, waits until then.
 * With {@code charge} (the Go 1.0 scheduler) the wait and the hold are added to the thread's clock (its
 * {@link EngineThread#debt}, paid at its next scheduling point); without it (Go 1.23) the waits are only
 * counted, so that Go 1.23's timings stay those its lessons were written against.
 *
 * <p><b>Live mode.</b> Threads really race for it: an acquisition is contended when {@code tryLock}
 * fails, and the wait is wall-clock time. A contended acquisition spins briefly before it sleeps, as Go's
 * {@code lock2} does ({@link RuntimeMutex#spin}).
 *
 * <p>The counters are written only by the holder; they are read exactly while the world is stopped and
 * approximately otherwise.
 */
final class SchedLock extends ReentrantLock {
    private final boolean virtual;
    private final boolean charge;
    private final long hold;

    // Written only by the holder, with opaque stores: a volatile store is a full fence on every
    // acquisition, which live mode's hottest paths (wakep on every go statement) paid for nothing.
    private long acquisitions;
    private long contended;
    private long waitNanos;
    private static final VarHandle ACQUISITIONS = VarHandles.field(MethodHandles.lookup(), "acquisitions", long.class);
    private static final VarHandle CONTENDED = VarHandles.field(MethodHandles.lookup(), "contended", long.class);
    private static final VarHandle WAIT_NANOS = VarHandles.field(MethodHandles.lookup(), "waitNanos", long.class);
    /** Step mode: the virtual time at which the lock is free again. Guarded by this lock. */
    private long freeAt;
    /** How long the current holder waited for it. Guarded by this lock. */
    private long lastWait;

    /**
     * @param virtual step mode: model contention in virtual time
     * @param charge  add waits and holds to the acquiring thread's clock
     * @param hold    ns each acquisition keeps the lock
     */
    SchedLock(boolean virtual, boolean charge, long hold) {
        this.virtual = virtual;
        this.charge = charge;
        this.hold = hold;
    }

    /** Takes the lock and counts the acquisition (a re-entrant one is not counted). */
    @Override
    public void lock() {
        if (isHeldByCurrentThread()) {
            super.lock();
            return;
        }
        if (virtual) {
            super.lock();
            ACQUISITIONS.setOpaque(this, acquisitions + 1);
            lastWait = 0;
            EngineThread t = EngineThread.current();
            if (t == null) return; // the controller, with the world frozen: no virtual clock
            long now = t.time + t.debt;
            long start = Math.max(now, freeAt);
            long wait = start - now;
            if (wait > 0) {
                CONTENDED.setOpaque(this, contended + 1);
                WAIT_NANOS.setOpaque(this, waitNanos + wait);
                lastWait = wait;
            }
            freeAt = start + hold;
            if (charge) t.debt += wait + hold;
            return;
        }
        if (tryLock()) {
            ACQUISITIONS.setOpaque(this, acquisitions + 1);
            lastWait = 0;
            return;
        }
        long t0 = System.nanoTime();
        if (!RuntimeMutex.spin(this)) super.lock();   // Go's lock2: spin a little before sleeping
        long wait = Math.max(1, System.nanoTime() - t0);
        ACQUISITIONS.setOpaque(this, acquisitions + 1);
        CONTENDED.setOpaque(this, contended + 1);
        WAIT_NANOS.setOpaque(this, waitNanos + wait);
        lastWait = wait;
    }

    /** Acquisitions so far (re-entrant ones not counted). */
    long acquisitions() { return (long) ACQUISITIONS.getOpaque(this); }

    /** Acquisitions that had to wait because another thread held the lock. */
    long contended() { return (long) CONTENDED.getOpaque(this); }

    /** Total time threads waited for the lock, in ns (virtual in step mode, wall clock in live mode). */
    long waitNanos() { return (long) WAIT_NANOS.getOpaque(this); }

    /** How long the current holder waited for the lock. Call with the lock held. */
    long lastWait() { return lastWait; }
}
