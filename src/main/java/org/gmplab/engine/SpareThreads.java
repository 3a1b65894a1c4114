package org.gmplab.engine;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Live mode: Java platform threads started ahead of need, for {@code newm}. Go's {@code newm} is a {@code clone}
 * and the new M runs within tens of µs; a Java thread takes 0.2–0.6 ms of its creator's time in
 * {@code Thread.start()} and about 1 ms more before it runs its first line, on this 2-core machine under load
 * (docs/benchmarks.md, "Blocking system calls, round 3"). An M made for a P that sysmon retook from a system call paid that
 * at every step of a burst of blocking calls, and sysmon, which makes it, retook nothing meanwhile. A spare is a
 * thread already started and parked: {@link #take} hands it an engine thread, and it runs it as soon as it is
 * woken, as an idle M would be. The Ms, their events and the scheduler's decisions are the same; only the Java
 * thread under a new M was started earlier, by a thread of its own ({@code spawner}) that keeps
 * {@link #SPARES} ready.
 *
 * <p>Spares are started only once they are likely needed ({@link #want}, asked by {@code Sched.newm} when Ms are made
 * beyond those a program that never blocks in a system call needs): such a program starts no thread it does not use.
 */
final class SpareThreads {
    /**
     * How many started threads are kept waiting once spares are wanted; {@code -Dgmplab.spares=0} turns them off,
     * which is how the benchmark compares with and without (docs/benchmarks.md).
     */
    static final int SPARES = Integer.getInteger("gmplab.spares", 1);

    /** A started thread waiting for an engine thread to run. */
    private final class Spare {
        final Thread thread = threads.newThread(() -> carry(this));
        volatile EngineThread job;
        Spare() {
            thread.setName(name + "-spare");
            thread.setDaemon(true);
            thread.setPriority(priority);
        }
    }

    private final String name;
    private final int priority;   // the Java priority of every thread started here: the Ms' own (LiveTurnstile)
    private final ThreadFactory threads;
    private final Queue<Spare> ready = new ConcurrentLinkedQueue<>();   // spares whose threads run, waiting for a job
    private final AtomicInteger starting = new AtomicInteger();   // spares started, not yet in ready
    private final Queue<Thread> started = new ConcurrentLinkedQueue<>();   // every thread started here, to join
    private volatile boolean wanted, shutdown;
    private volatile Thread spawner;

    /** Spares and spawner at Java priority {@code priority}, as the Ms they will carry. */
    SpareThreads(String name, int priority) { this(name, priority, Thread::new); }

    /** With the spares' threads made by {@code threads} (a test slows their start down). */
    SpareThreads(String name, int priority, ThreadFactory threads) {
        this.name = name;
        this.priority = priority;
        this.threads = threads;
    }

    /**
     * A started spare now running {@code t} (its {@code thread} set to it, woken), or null if none is ready: the
     * caller starts {@code t}'s own thread. Asks for another spare either way if spares are wanted.
     */
    Thread take(EngineThread t) {
        Spare s = ready.poll();
        if (wanted) LockSupport.unpark(spawner);
        if (s == null) return null;
        t.thread = s.thread;
        s.job = t;
        LockSupport.unpark(s.thread);
        return s.thread;
    }

    /** From now on, keep {@link #SPARES} threads started ahead (the first call starts the spawner). */
    synchronized void want() {
        if (wanted || shutdown || SPARES == 0) return;
        wanted = true;
        Thread sp = new Thread(this::spawn, name + "-spawner");
        sp.setDaemon(true);
        sp.setPriority(priority);
        spawner = sp;
        started.add(sp);
        sp.start();
    }

    /** The spawner: tops the spares up whenever one is taken. */
    private void spawn() {
        while (!shutdown) {
            if (ready.size() + starting.get() < SPARES) {
                Spare s = new Spare();
                started.add(s.thread);
                starting.incrementAndGet();
                s.thread.start();
            } else {
                LockSupport.park(this);
            }
        }
    }

    /**
     * A spare's life: offer itself once its thread runs, wait for an engine thread, then run it as its own. It is
     * offered from here, not by the spawner after {@code start()}: most of a thread's start comes after
     * {@code start()} returns, before its first line, and a spare taken then made the M wait for all of it
     * (docs/benchmarks.md, "Blocking system calls, round 4").
     */
    private void carry(Spare s) {
        ready.add(s);
        starting.decrementAndGet();
        EngineThread t;
        while ((t = s.job) == null) {
            if (shutdown) return;
            LockSupport.park(this);
        }
        Thread.currentThread().setName(t.name);
        t.runHere();
    }

    /** Ends the spawner and the spares no engine thread took (those that did end with theirs). */
    void shutdown() {
        shutdown = true;
        Thread sp = spawner;
        if (sp != null) LockSupport.unpark(sp);
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

    /** The spawner and the spares no engine thread took, if still alive (a taken one is its M's thread). */
    int alive() {
        Thread sp = spawner;
        int n = sp != null && sp.isAlive() ? 1 : 0;
        for (Spare s : ready) if (s.thread.isAlive()) n++;
        return n;
    }
}
