package org.gmplab.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A P's timer heap (Go 1.23's {@code p.timers}). The only timers here are {@code time.Sleep}s: each
 * wakes its goroutine when it fires. Timers are added by the P's owner and run by whoever checks them:
 * the owner in {@code findRunnable}, a thief in its last steal round, or the P that absorbs this one when
 * GOMAXPROCS shrinks.
 */
final class Timers {
    /** A sleeping goroutine's timer; {@code seq} orders equal deadlines by creation. */
    record Timer(long when, long seq, Goroutine g) {}

    /** Go's {@code maxWhen}: the latest time a timer can be set for. */
    static final long MAX_WHEN = Long.MAX_VALUE;

    /**
     * Go's {@code when} (time.go): the time {@code d} ns after {@code now}; {@code now} for d <= 0, and
     * {@link #MAX_WHEN} where the sum would overflow, so a sleep of 2^63-1 ns waits "forever" instead of
     * waking at once. Every clock that moves by a program's duration moves through here.
     */
    static long when(long now, long d) {
        if (d <= 0) return now;
        long t = now + d;
        return t < now ? MAX_WHEN : t;
    }

    private static final Comparator<Timer> EARLIEST = Comparator.comparingLong(Timer::when).thenComparingLong(Timer::seq);

    private final ReentrantLock lock = new ReentrantLock();
    private final PriorityQueue<Timer> heap = new PriorityQueue<>(EARLIEST);
    /** Earliest deadline, or 0 if none; read without the lock (Go's {@code timer0When}). */
    private volatile long wakeTime;

    void add(Timer t) {
        lock.lock();
        try {
            heap.add(t);
            wakeTime = heap.peek().when();
        } finally {
            lock.unlock();
        }
    }

    /** Go's {@code timers.wakeTime}: the earliest deadline, 0 if there is no timer. */
    long wakeTime() { return wakeTime; }

    int size() {
        lock.lock();
        try { return heap.size(); } finally { lock.unlock(); }
    }

    /** Removes and returns the timers due at {@code now}, earliest first (Go's {@code timers.check} runs them). */
    List<Timer> due(long now) {
        long w = wakeTime;
        if (w == 0 || w > now) return List.of();
        lock.lock();
        try {
            List<Timer> out = new ArrayList<>();
            while (!heap.isEmpty() && heap.peek().when() <= now) out.add(heap.poll());
            wakeTime = heap.isEmpty() ? 0 : heap.peek().when();
            return out;
        } finally {
            lock.unlock();
        }
    }

    /** Moves every timer to {@code to} (Go's {@code timers.take}, when a P is destroyed). */
    void moveTo(Timers to) {
        List<Timer> all;
        lock.lock();
        try {
            all = new ArrayList<>(heap);
            heap.clear();
            wakeTime = 0;
        } finally {
            lock.unlock();
        }
        for (Timer t : all) to.add(t);
    }

    /** Sleeping goroutines by deadline. World stopped for an exact answer. */
    List<Goroutine> sleepers() {
        lock.lock();
        try {
            List<Timer> ts = new ArrayList<>(heap);
            ts.sort(EARLIEST);
            List<Goroutine> out = new ArrayList<>();
            for (Timer t : ts) out.add(t.g());
            return out;
        } finally {
            lock.unlock();
        }
    }
}
