package org.gmplab.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@code sync.WaitGroup}: a counter and the goroutines parked in {@code Wait} (Go parks them on a
 * semaphore, so scheddetail shows them as {@code 4(semacquire)}).
 *
 * <p>As in Go, {@code Add} and {@code Done} are one atomic add on the counter; only the one that brings it
 * to zero takes the lock, to release the waiters (Go's {@code runtime_Semrelease} for each). {@code Wait}
 * looks at the counter under the lock and parks holding it, so a Done that reaches zero meanwhile waits
 * for the waiter to be queued (and parked) before it looks at the queue: no wake-up is lost. A fan-out of
 * a million goroutines that each call {@code wg.Done} no longer queues them all on one lock.
 */
final class WaitGroup implements Waitable {
    final String name;
    final ReentrantLock lock = new ReentrantLock();
    /** Go's {@code state}'s counter half. Changed atomically; read under lock by Wait. */
    final AtomicLong counter = new AtomicLong();
    final ArrayDeque<Goroutine> waiters = new ArrayDeque<>(); // guarded by lock, FIFO

    WaitGroup(String name) { this.name = name; }

    /**
     * Go's {@code WaitGroup.Add}: applies {@code delta}; returns the waiters to ready if the counter reached
     * zero. Throws on a negative counter.
     */
    List<Goroutine> add(long delta) {
        long v = counter.addAndGet(delta);
        if (v < 0) throw new GoPanic("sync: negative WaitGroup counter");
        if (v > 0) return List.of();
        lock.lock();
        try {
            // An Add since then (the group reused, with no waiter at the zero) makes the next zero theirs.
            if (counter.get() != 0 || waiters.isEmpty()) return List.of();
            List<Goroutine> out = new ArrayList<>(waiters);
            waiters.clear();
            return out;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public List<Goroutine> waiters() {
        lock.lock();
        try { return new ArrayList<>(waiters); } finally { lock.unlock(); }
    }

    @Override public String toString() { return name; }
}
