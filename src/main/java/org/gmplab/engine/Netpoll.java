package org.gmplab.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The network poller (Go's netpoll with epoll behind it). A goroutine doing a network read parks here
 * ("IO wait") until its data arrives; arrival times are part of the scenario. Polling without blocking
 * returns the goroutines whose data has arrived; one M at a time may block in the poller until the next
 * arrival or timer ({@code sched.lastpoll == 0} while it does), and {@link #netpollBreak} wakes it early.
 */
final class Netpoll {
    record Waiter(long readyAt, long seq, Goroutine g) {}

    private final Sched sched;
    private final ReentrantLock lock = new ReentrantLock();
    private final PriorityQueue<Waiter> waiters =
            new PriorityQueue<>(Comparator.comparingLong(Waiter::readyAt).thenComparingLong(Waiter::seq));
    private long seq;
    /** Go's {@code netpollInited}: set by the first timer or network read. */
    volatile boolean inited;
    /** The M blocked in {@link #netpollBlock}, if any (only one at a time: the lastpoll swap). */
    private volatile Machine blocked;

    Netpoll(Sched sched) { this.sched = sched; }

    /** Registers a goroutine waiting for data that arrives at {@code readyAt}. */
    void add(Goroutine g, long readyAt) {
        inited = true;
        lock.lock();
        try {
            waiters.add(new Waiter(readyAt, seq++, g));
        } finally {
            lock.unlock();
        }
    }

    /**
     * Registers a network read whose data arrives at {@code readyAt}. If an M is blocked in the poller
     * past that time, it is woken so that it re-arms for the earlier arrival (epoll would wake at once
     * when the data arrives).
     */
    void arm(Goroutine g, long readyAt, EngineThread by) {
        add(g, readyAt);
        if (sched.lastpoll.get() == 0) {
            long until = sched.pollUntil.get();
            if (until == 0 || until > readyAt) netpollBreak(by);
        }
    }

    /** Makes the data of {@code g}'s read arrive at {@code now} (an action from outside); false if it is not waiting here. */
    boolean arriveNow(Goroutine g, long now, EngineThread by) {
        lock.lock();
        try {
            if (!waiters.removeIf(w -> w.g() == g)) return false;
            waiters.add(new Waiter(now, seq++, g));
        } finally {
            lock.unlock();
        }
        if (sched.lastpoll.get() == 0) netpollBreak(by);
        return true;
    }

    /** Go's {@code netpollAnyWaiters}. */
    boolean anyWaiters() {
        lock.lock();
        try { return !waiters.isEmpty(); } finally { lock.unlock(); }
    }

    /** The next arrival, or 0 when nobody waits. */
    long nextArrival() {
        lock.lock();
        try { return waiters.isEmpty() ? 0 : waiters.peek().readyAt(); } finally { lock.unlock(); }
    }

    /** Go's {@code netpoll(0)}: the goroutines whose data has arrived by {@code now}, without blocking. */
    List<Goroutine> poll(long now) {
        lock.lock();
        try {
            List<Goroutine> out = new ArrayList<>();
            while (!waiters.isEmpty() && waiters.peek().readyAt() <= now) out.add(waiters.poll().g());
            return out;
        } finally {
            lock.unlock();
        }
    }

    /** Go's cap on one epoll wait for a timer: 1e9 ms, about 11.5 days. */
    static final long EPOLL_MAX_WAIT_MS = 1_000_000_000L;

    /**
     * {@code netpoll_epoll.go}: the timeout {@code epoll_pwait} gets for a delay of {@code delay} ns, in
     * whole milliseconds: -1 (wait forever) for a negative delay, 0 (just poll) for 0, 1 ms for anything
     * shorter, else the delay truncated to whole milliseconds (the M then re-checks its timers and waits
     * again). This is why, in an otherwise idle Go program on Linux, a 50 µs {@code time.Sleep} takes about 1 ms.
     */
    static long epollWaitMs(long delay) {
        if (delay < 0) return -1;
        if (delay == 0) return 0;
        if (delay < 1_000_000) return 1;
        if (delay < 1_000_000_000_000_000L) return delay / 1_000_000;
        return EPOLL_MAX_WAIT_MS;
    }

    /**
     * Go's blocking {@code netpoll(delay)} on Linux: {@code m} waits in {@code epoll_pwait} for
     * {@code waitms} milliseconds ({@link #epollWaitMs}; -1 forever), plus the kernel's timer slack, or
     * until the next network arrival (epoll returns as the data comes) or {@link #netpollBreak}; then
     * returns what is ready.
     */
    List<Goroutine> netpoll(Machine m, long waitms) {
        long now = sched.ts.now(m);
        long until = waitms < 0 ? 0 : waitms == 0 ? now : now + waitms * 1_000_000 + sched.timerSlack(m);
        return netpollBlock(m, until);
    }

    /**
     * Blocks {@code m} in the poller until the next arrival, {@code until} (a deadline, 0 for none), or
     * {@link #netpollBreak}; then returns what is ready. The Go 1.0 design waits for its timers this way,
     * to the nanosecond, as its timer goroutine's {@code notetsleepg} did.
     */
    List<Goroutine> netpollBlock(Machine m, long until) {
        long arrival = nextArrival();
        long deadline = arrival == 0 ? until : until == 0 ? arrival : Math.min(arrival, until);
        blocked = m;
        try {
            m.blocked = true;
            if (deadline == 0) sched.ts.park(m);
            else sched.ts.parkUntil(m, deadline);
        } finally {
            m.blocked = false;
            blocked = null;
            breakPending.set(false);
        }
        return poll(sched.ts.now(m));
    }

    /**
     * Go's {@code netpollBreak}: wakes the M blocked in the poller, if any — once: like Go's
     * {@code netpollWakeSig}, further breaks are dropped until the poller has woken up.
     */
    void netpollBreak(EngineThread by) {
        Machine m = blocked;
        if (m != null && breakPending.compareAndSet(false, true))
            sched.ts.unpark(m, by, sched.wakeLatency(by instanceof Machine mb ? mb : null));
    }

    /** Go's {@code netpollWakeSig}: at most one break of the blocked poller pending, however many threads ask for it. */
    private final java.util.concurrent.atomic.AtomicBoolean breakPending = new java.util.concurrent.atomic.AtomicBoolean();

    /** The M blocked in the poller, or null. */
    Machine blockedM() { return blocked; }

    /** Goroutines waiting for the network, by arrival. World stopped for an exact answer. */
    List<Goroutine> waitersInOrder() {
        lock.lock();
        try {
            List<Waiter> ws = new ArrayList<>(waiters);
            ws.sort(Comparator.comparingLong(Waiter::readyAt).thenComparingLong(Waiter::seq));
            List<Goroutine> out = new ArrayList<>();
            for (Waiter w : ws) out.add(w.g());
            return out;
        } finally {
            lock.unlock();
        }
    }
}
