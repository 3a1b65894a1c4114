package org.gmplab.engine;

import java.util.concurrent.locks.ReentrantLock;

/**
 * A lock of Go's runtime ({@code runtime.mutex}) in live mode: taken as Go 1.23's {@code lock2}
 * ({@code lock_futex.go}) takes it — a few short spins and one yield before it sleeps. Java's {@link ReentrantLock}
 * parks the thread at once; its holder's {@code unlock} must then wake it, and on this machine's virtual CPUs a
 * futex wake-up of an idle core costs tens of microseconds, where the holders of these locks hold them for a few.
 * With two Ms on two cores, the spawn storm's Ms slept about 6,400 times per million goroutines (mostly on
 * {@code sched.lock} and the free list's lock) with locks that park at once, 2,500 times with Go's spin, and ran
 * 19–37 % faster (docs/benchmarks.md, round 6).
 *
 * <p>Only a lock found taken spins, so an uncontended acquisition costs what {@link #tryLock} costs; in step mode
 * one engine thread runs at a time and never passes its turn holding the lock, so it never spins there.
 */
final class RuntimeMutex extends ReentrantLock {
    /** Go's {@code active_spin}: rounds of spinning before yielding. */
    static final int ACTIVE_SPIN = 4;
    /** Go's {@code active_spin_cnt}: {@code procyield}'s pause instructions per round. */
    static final int ACTIVE_SPIN_CNT = 30;
    /** Go's {@code ncpu > 1}, read once at start as Go reads it. */
    private static final boolean MULTICORE = Runtime.getRuntime().availableProcessors() > 1;

    @Override
    public void lock() {
        if (!tryLock() && !spin(this)) super.lock();
    }

    /**
     * The part of Go's {@code lock2} before its first sleep, for a lock found taken: {@link #ACTIVE_SPIN} rounds of
     * trying it (when it looks free) then {@code procyield(30)} ({@link Thread#onSpinWait}), one {@code osyield}
     * ({@link Thread#yield}) and a last try. True if it took the lock; false if the caller must sleep for it (its
     * blocking acquisition: Go's {@code futexsleep}). On a machine with one CPU Go does not spin; neither does this.
     * After a sleep Go spins and yields again before its next sleep; here the woken thread is at the head of the
     * lock's queue and Java's lock tries it briefly before parking again, a difference in how long a loser waits
     * that the measured sleeps (docs/benchmarks.md, round 6) did not need.
     */
    static boolean spin(ReentrantLock l) {
        if (MULTICORE) {
            for (int i = 0; i < ACTIVE_SPIN; i++) {
                if (!l.isLocked() && l.tryLock()) return true;
                for (int j = 0; j < ACTIVE_SPIN_CNT; j++) Thread.onSpinWait();
            }
        }
        if (!l.isLocked() && l.tryLock()) return true;
        Thread.yield();
        return !l.isLocked() && l.tryLock();
    }
}
