package org.gmplab.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@code sync.Mutex}, simplified: a contended {@code Lock} parks the goroutine ({@code sync.Mutex.Lock});
 * {@code Unlock} hands the mutex straight to the oldest waiter and readies it. That is Go's starvation
 * mode; Go's normal mode also lets a running newcomer barge in and spins a little first (see the
 * assumptions in docs/engine.md).
 */
final class Mutex implements Waitable {
    final String name;
    final ReentrantLock lock = new ReentrantLock();  // the semaphore's lock, not the mutex itself
    boolean locked;                                  // guarded by lock
    final ArrayDeque<Goroutine> waiters = new ArrayDeque<>(); // guarded by lock

    Mutex(String name) { this.name = name; }

    @Override
    public List<Goroutine> waiters() {
        lock.lock();
        try { return new ArrayList<>(waiters); } finally { lock.unlock(); }
    }

    @Override public String toString() { return name; }
}
