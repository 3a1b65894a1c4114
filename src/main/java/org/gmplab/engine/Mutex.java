package org.gmplab.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

import org.gmplab.snapshot.Snapshot;

/**
 * {@code sync.Mutex} ({@code sync/mutex.go}) on its semaphore ({@code runtime/sema.go}), with Go's two modes.
 *
 * <p><b>Normal mode.</b> A contended {@code Lock} first spins a little ({@code runtime_canSpin}), then queues
 * on the semaphore, FIFO. {@code Unlock} wakes the front waiter ({@code semrelease}, no hand-off): it is
 * readied into the unlocker's P's runnext and must compete for the lock with goroutines that are running
 * now, which usually win ("barging"); a woken waiter that loses queues again at the <em>front</em>.
 *
 * <p><b>Starvation mode.</b> A waiter that waited more than {@link #STARVATION_THRESHOLD_NS} switches the
 * mutex to starvation mode: {@code Unlock} hands the mutex directly to the front waiter
 * ({@code semrelease(handoff=true)}) and yields its P to it ({@code goyield}); newcomers neither spin nor
 * try to take it, they queue at the tail. The mutex goes back to normal mode when a waiter that gets it is
 * the last one or waited less than 1 ms.
 *
 * <p>Go changes the state word with CAS loops; here each CAS is a critical section under {@link #lock}
 * (the semaphore's lock, which also guards the queue), so every CAS succeeds with the state it read.
 * Under the Go 1.0 scheduler the mutex is Go 1.0's: no spinning, no starvation mode, FIFO only.
 */
final class Mutex implements Waitable {
    /** Go's {@code starvationThresholdNs}. */
    static final long STARVATION_THRESHOLD_NS = 1_000_000;
    /** Go's {@code active_spin}: at most this many spins before queueing. */
    static final int ACTIVE_SPIN = 4;

    final String name;
    final ReentrantLock lock = new ReentrantLock();  // the semaphore's lock, not the mutex itself
    // The state word (guarded by lock): mutexLocked, mutexWoken, mutexStarving, the waiter count.
    private boolean locked, woken, starving;
    private int waiterCount;
    /** The semaphore's queue of parked waiters, front first (guarded by lock). */
    private final ArrayDeque<Goroutine> queue = new ArrayDeque<>();

    Mutex(String name) { this.name = name; }

    /** What {@code lockSlow} keeps in its locals across spins and sleeps; on the G while it is in Lock. */
    static final class LockSlow {
        long waitStartTime;
        boolean starving, awoke;
        int iter;
        /** Parked on the semaphore; the next run of Lock continues after {@code runtime_SemacquireMutex}. */
        boolean parked;
        /** {@code s.ticket}: the unlocker handed the mutex over (starvation mode). */
        boolean handedOff;
        /** Why it queued where it did, for the park event. */
        String queued = "";
    }

    /**
     * Go's {@code Lock} / {@code lockSlow} for {@code gp} on {@code m}, from the start or, after a park, from
     * where {@code runtime_SemacquireMutex} returns. True once {@code gp} holds the mutex; false when gp must
     * park: then {@link #lock} is held, and park's unlock function releases it (Go's goparkunlock).
     */
    boolean lockSlow(Machine m, Goroutine gp) {
        Sched sched = m.sched;
        LockSlow st = gp.lockSlow;
        if (st == null) st = gp.lockSlow = new LockSlow();
        if (st.parked) {
            st.parked = false;
            if (woke(sched.ts.now(m), st, sched.go10 == null)) return acquired(gp);
        }
        for (;;) {
            lock.lock();
            // Don't spin in starvation mode, ownership is handed off to waiters so we won't be able to
            // acquire the mutex anyway.
            if (locked && !starving && canSpin(m, st.iter)) {
                // Active spinning makes sense. Try to set mutexWoken to inform Unlock to not wake other
                // blocked goroutines.
                if (!st.awoke && !woken && waiterCount != 0) {
                    woken = true;
                    st.awoke = true;
                }
                lock.unlock();
                sched.ts.pass(m, sched.costs.procyield()); // runtime_doSpin: procyield(30)
                st.iter++;
                continue;
            }
            boolean wasLocked = locked, wasStarving = starving;
            // Don't try to acquire a starving mutex, new arriving goroutines must queue.
            if (!wasStarving) locked = true;
            if (wasLocked || wasStarving) waiterCount++;
            // This goroutine switches the mutex to starvation mode, unless it is unlocked.
            if (st.starving && wasLocked) starving = true;
            if (st.awoke) {
                if (!woken) throw new IllegalStateException("sync: inconsistent mutex state");
                woken = false;
            }
            if (!wasLocked && !wasStarving) {
                lock.unlock();
                return acquired(gp); // locked the mutex with CAS
            }
            // If we were already waiting before, queue at the front of the queue.
            boolean queueLifo = st.waitStartTime != 0 && sched.go10 == null;
            if (st.waitStartTime == 0) st.waitStartTime = sched.ts.now(m);
            // runtime_SemacquireMutex: the G parks with the semaphore's lock held until it is waiting.
            if (queueLifo) queue.addFirst(gp);
            else queue.addLast(gp);
            st.queued = queueLifo
                    ? "woken, it lost the lock to a running goroutine: queues again at the front (LIFO)"
                            + (starving ? "; it has waited over 1 ms, so the mutex is now in starvation mode" : "")
                    : starving ? "starvation mode: queues at the tail, Unlock hands the mutex to the front waiter"
                    : "normal mode: " + (st.iter > 0 ? "spun " + st.iter + " times, then " : "") + "queues at the tail";
            st.parked = true;
            return false;
        }
    }

    /**
     * After {@code runtime_SemacquireMutex} returns: true if the mutex was handed to us (starvation mode);
     * false to compete again, as a woken waiter.
     */
    private boolean woke(long now, LockSlow st, boolean starvationMode) {
        st.starving = st.starving || starvationMode && now - st.waitStartTime > STARVATION_THRESHOLD_NS;
        lock.lock();
        try {
            if (starving) {
                // The mutex was handed off to us, but the state still counts us as a waiter and is not
                // locked: fix that.
                if (locked || woken || waiterCount == 0 || !st.handedOff) throw new IllegalStateException("sync: inconsistent mutex state");
                locked = true;
                // Exit starvation mode if we waited less than 1 ms or are the last waiter.
                if (!st.starving || waiterCount == 1) starving = false;
                waiterCount--;
                return true;
            }
            st.awoke = true;
            st.iter = 0;
            return false;
        } finally {
            lock.unlock();
        }
    }

    private static boolean acquired(Goroutine gp) {
        gp.lockSlow = null;
        return true;
    }

    /**
     * Go's {@code sync.runtime_canSpin}: spin only a few times, only if GOMAXPROCS > 1 and some other P is
     * running (not idle, not spinning), and only if our P has nothing else to run. The machine is taken
     * to have more than one CPU. Go 1.0's mutex did not spin.
     */
    private static boolean canSpin(Machine m, int iter) {
        Sched sched = m.sched;
        if (sched.go10 != null || iter >= ACTIVE_SPIN) return false;
        if (sched.gomaxprocs <= sched.npidle.get() + sched.nmspinning.get() + 1) return false;
        return m.p.runq.runqempty();
    }

    /**
     * What {@link #unlock} did: the waiter it woke (or null), and whether it handed the mutex to it; {@code why}
     * is how the READY event goes on after "G3 mu.Unlock()", up to its colon.
     */
    record Unlocked(Goroutine woken, boolean handoff, String why) {}

    /** Go's {@code Unlock} / {@code unlockSlow} (the caller readies the woken G, then goyields on a hand-off). */
    Unlocked unlock() {
        lock.lock();
        try {
            if (!locked) throw new GoPanic("fatal error: sync: unlock of unlocked mutex");
            locked = false;
            if (!starving) {
                // If there are no waiters or a goroutine has already been woken or grabbed the lock, no
                // need to wake anyone.
                if (waiterCount == 0 || woken) return new Unlocked(null, false, "");
                // Grab the right to wake someone: semrelease, no hand-off.
                waiterCount--;
                woken = true;
                Goroutine next = queue.pollFirst();
                return new Unlocked(next, false, "wakes the front waiter (normal mode: no hand-off, it must compete for the lock with running goroutines):");
            }
            // Starving mode: hand off mutex ownership to the next waiter, and yield our time slice so that
            // the next waiter can start to run immediately.
            Goroutine next = queue.pollFirst();
            if (next == null) throw new IllegalStateException("sync: starving mutex without waiters");
            next.lockSlow.handedOff = true;
            return new Unlocked(next, true, "hands the mutex directly to the front waiter (starvation mode) and yields its P to it (goyield):");
        } finally {
            lock.unlock();
        }
    }

    Snapshot.Mutex snapshot() {
        lock.lock();
        try {
            List<Long> q = new ArrayList<>();
            for (Goroutine g : queue) q.add(g.goid);
            return new Snapshot.Mutex(name, locked, woken, starving, waiterCount, q);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public List<Goroutine> waiters() {
        lock.lock();
        try { return new ArrayList<>(queue); } finally { lock.unlock(); }
    }

    @Override public String toString() { return name; }
}
