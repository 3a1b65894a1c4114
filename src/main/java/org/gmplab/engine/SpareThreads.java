package org.gmplab.engine;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Live mode: Java platform threads started ahead of need, for {@code newm}. Go's {@code newm} is a {@code clone}
 * and the new M runs within tens of µs; a Java thread takes 0.15–0.2 ms of its creator's time in
 * {@code Thread.start()} and about as much again before it runs its first line on this 2-core machine, and more
 * under load (docs/benchmarks.md, "Blocking system calls, round 3"). An M made for a P that sysmon retook from a
 * system call paid that at every step of a burst of blocking calls, and sysmon, which makes it, retook nothing
 * meanwhile. A spare is a thread already started and parked: {@link #take} hands it an engine thread, and it runs
 * it as soon as it is woken, as an idle M would be. The Ms, their events and the scheduler's decisions are the
 * same; only the Java thread under a new M was started earlier.
 *
 * <p>Who starts it, and when, decides how many threads a run makes. A spare is started by an M that is blocking in a
 * system call ({@link #startWhileBlocked}): its thread has nothing else to do until the call ends, so the start
 * costs no one a wait, and no thread is kept only to start others. It is started only when it will likely be
 * taken: spares are wanted ({@link #want}, asked by {@code Sched.newm} once Ms are made beyond those a program that
 * never blocks in a system call needs), and no M was idle as this one entered its call, so when sysmon retakes its
 * P, {@code handoffp} will have no M to wake and will make one. A {@code newm} that comes while the spare is still
 * starting takes it rather than start another ({@link #take}). A program that never blocks starts no thread it does
 * not use, and a burst of blocking calls leaves at most {@link #SPARES} unused (0.2–0.3 a run in the benchmark's,
 * where a spawner thread that kept one spare ready cost two threads more than Go's: docs/benchmarks.md, "Round 14").
 * The price: an M that starts a spare in its call is busy for the start, which may outlast the call and end it late
 * (4–11 of 38,400 calls here, where the machine's wake-ups end 92–216 of them more than 1 ms late).
 */
final class SpareThreads {
    /**
     * How many started threads are kept waiting once spares are wanted; {@code -Dgmplab.spares=0} turns them off,
     * which is how the benchmark compares with and without (docs/benchmarks.md).
     */
    static final int SPARES = Integer.getInteger("gmplab.spares", 1);

    /**
     * For measuring what the threads' starts cost a run, and off by default: {@code -Dgmplab.spares.ahead=N} starts
     * N spares when the engine is made, before its program runs, so that its first N new Ms start no thread. Go's
     * {@code newm} pays a {@code clone} inside the run for every M; with the blocking system calls' Ms all started
     * ahead the engine runs them at Go's speed at GOMAXPROCS 1 and 1 % faster at 2, and as shipped 4–7 % slower
     * (docs/benchmarks.md, "Round 27"). Not a default: a program that never blocks would carry N threads Go does not
     * make. Returns the setting, 0 if unset; anything but a number from 0 to {@link #MAX_AHEAD} is refused with that
     * range ({@link Engine#checkSettings}, at the start).
     */
    static int aheadByDefault() {
        String v = System.getProperty("gmplab.spares.ahead", "0");
        try {
            return ahead(Integer.parseInt(v.trim()));
        } catch (NumberFormatException e) {
            throw refused(v);
        }
    }

    /** The most spares {@code -Dgmplab.spares.ahead} may start: each is a platform thread. */
    static final int MAX_AHEAD = 1024;

    /** {@code n}, if it is a number of spares to start ahead; else refused, with the allowed range. */
    static int ahead(int n) {
        if (n < 0 || n > MAX_AHEAD) throw refused(n);
        return n;
    }

    private static IllegalArgumentException refused(Object setting) {
        return new IllegalArgumentException("-Dgmplab.spares.ahead=" + setting + ": allowed 0–" + MAX_AHEAD);
    }

    /**
     * The least wall time a call must have left for its M to start a spare in it: a start takes 0.12–0.2 ms here
     * (median; p99 0.6–1.9 ms), and a call that ended while its M was still in {@code Thread.start()} ends late.
     */
    static final long MIN_BLOCKED_NANOS = 500_000;

    /** A started thread waiting for an engine thread to run. */
    private final class Spare {
        final Thread thread = threads.newThread(() -> carry(this));
        final AtomicReference<EngineThread> job = new AtomicReference<>();   // set once, by take
        Spare() {
            thread.setName(name + "-spare");
            thread.setDaemon(true);
            thread.setPriority(priority);   // set, not inherited from the thread that starts it
        }
    }

    private final String name;
    private final int priority;   // the Java priority of every thread started here: the Ms' own (LiveTurnstile)
    private final ThreadFactory threads;
    private final Queue<Spare> ready = new ConcurrentLinkedQueue<>();   // spares whose threads run, waiting for a job
    private final AtomicReference<Spare> starting = new AtomicReference<>();   // started, its thread not yet running
    private final Queue<Thread> started = new ConcurrentLinkedQueue<>();   // every thread started here, to join
    private volatile boolean wanted, shutdown;

    /** Spares at Java priority {@code priority}, as the Ms they will carry; {@link #aheadByDefault} of them started now. */
    SpareThreads(String name, int priority) { this(name, priority, Thread::new, aheadByDefault()); }

    /** With the spares' threads made by {@code threads} (a test slows their start down). */
    SpareThreads(String name, int priority, ThreadFactory threads) { this(name, priority, threads, 0); }

    /** … and {@code ahead} spares started now, returning once each runs and is ready to be taken. */
    SpareThreads(String name, int priority, ThreadFactory threads, int ahead) {
        this.name = name;
        this.priority = priority;
        this.threads = threads;
        for (int i = 0; i < ahead; i++) {
            Spare s = new Spare();
            started.add(s.thread);
            s.thread.start();
        }
        while (ready.size() < ahead) LockSupport.parkNanos(10_000);   // each offers itself from its first line
    }

    /**
     * A spare now running {@code t} (its {@code thread} set to it, woken), or null if there is none: the caller starts
     * {@code t}'s own thread. A ready spare first; else the one still starting, if no M has claimed it: {@code t} then
     * runs as soon as its thread does, sooner than on a thread started now, and the caller does not wait in
     * {@code Thread.start()}; and the spare is not left over, a thread more than Go's, when no other M follows.
     */
    Thread take(EngineThread t) {
        Spare s;
        while ((s = ready.poll()) != null && !s.job.compareAndSet(null, t)) { }   // skip those claimed while starting
        if (s == null && ((s = starting.get()) == null || !s.job.compareAndSet(null, t))) return null;
        t.thread = s.thread;
        LockSupport.unpark(s.thread);
        return s.thread;
    }

    /** From now on, let Ms blocked in system calls start spares ({@link #startWhileBlocked}). */
    void want() {
        if (SPARES > 0) wanted = true;
    }

    /**
     * Called on an M's thread as it blocks in a system call with {@code wallNanos} of it left, when no M was idle:
     * starts a spare from here if spares are wanted, fewer than {@link #SPARES} are ready, none is starting, and the
     * call leaves time for it. Returns whether it started one.
     */
    boolean startWhileBlocked(long wallNanos) {
        if (!wanted || shutdown || wallNanos < MIN_BLOCKED_NANOS) return false;
        ready.removeIf(s -> s.job.get() != null);   // claimed as they became ready: their Ms' threads now
        if (ready.size() >= SPARES || starting.get() != null) return false;
        Spare s = new Spare();
        if (!starting.compareAndSet(null, s)) return false;   // another M's call started one meanwhile
        started.add(s.thread);
        s.thread.start();
        return true;
    }

    /**
     * A spare's life: offer itself once its thread runs (unless an M claimed it meanwhile), wait for an engine thread,
     * then run it as its own. It is offered as ready from here, not by its starter after {@code start()}: most of a
     * thread's start comes after {@code start()} returns, before its first line, and an M handed a ready spare should
     * not wait for it (docs/benchmarks.md, "Blocking system calls, round 4").
     */
    private void carry(Spare s) {
        if (s.job.get() == null) ready.add(s);
        starting.compareAndSet(s, null);   // a spare started ahead was never the one starting
        EngineThread t;
        while ((t = s.job.get()) == null) {
            if (shutdown) return;
            LockSupport.park(this);
        }
        Thread.currentThread().setName(t.name);
        t.runHere();
    }

    /** Ends the spares no engine thread took (those that did end with theirs). */
    void shutdown() {
        shutdown = true;
        for (Spare s : ready) LockSupport.unpark(s.thread);
    }

    /** Waits up to {@code millis} for every thread started here to end (after {@link #shutdown}). */
    void join(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        for (Thread t : started) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) return;
            t.join(left);
        }
    }

    /** The spares no engine thread took, if still alive (a taken one is its M's thread). */
    int alive() {
        int n = 0;
        for (Spare s : ready) if (s.job.get() == null && s.thread.isAlive()) n++;
        return n;
    }
}
