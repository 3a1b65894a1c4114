package org.gmplab.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@code sync.WaitGroup}: a counter and the goroutines parked in {@code Wait} (Go parks them on a
 * semaphore, so scheddetail shows them as {@code 4(semacquire)}).
 */
final class WaitGroup implements Waitable {
    final String name;
    final ReentrantLock lock = new ReentrantLock();
    long counter;                                  // guarded by lock
    final ArrayDeque<Goroutine> waiters = new ArrayDeque<>(); // guarded by lock, FIFO

    WaitGroup(String name) { this.name = name; }

    /** Applies {@code delta}; returns the waiters to ready if the counter reached zero. Throws on a negative counter. */
    List<Goroutine> add(long delta) {
        lock.lock();
        try {
            counter += delta;
            if (counter < 0) throw new GoPanic("sync: negative WaitGroup counter");
            if (counter > 0 || waiters.isEmpty()) return List.of();
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
