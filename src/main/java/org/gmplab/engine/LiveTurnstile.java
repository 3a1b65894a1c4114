package org.gmplab.engine;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Live mode: the turnstile is open. Ms run truly in parallel on the machine's cores, {@code work} burns
 * real CPU, and time is the wall clock since start multiplied by {@code speed} (0.001 is slow motion
 * for a class, 1 is real time, larger is faster).
 *
 * <h2>Freezing for a snapshot</h2>
 * {@link #freeze()} stops the world the way step mode always has it: every engine thread halts at its
 * next scheduling point — the very points where step mode switches threads and checks the invariants.
 * A thread is <em>running</em> unless it is blocked in {@link #park}, {@link #parkUntil} or {@link #sleep};
 * a freeze waits until every running thread waits at a gate, and a blocked thread that wakes up waits at
 * the gate before it touches anything. No lock is ever held at a gate.
 *
 * <h2>Holding the world (pause)</h2>
 * {@link #hold} is a freeze that lasts until {@link #release}: the UI's pause. While held, the clock stands
 * still too — a paused program's timers and sleeps do not run out behind its back, and two snapshots of
 * a held world are equal. {@link #freeze}/{@link #thaw} inside a hold neither wait nor let the world go.
 * The clock is one immutable {@link Clock} swapped whole, so a reader never sees half a change (of speed,
 * of hold or release).
 */
public final class LiveTurnstile implements Turnstile {
    /**
     * The virtual time {@code base} at wall time {@code wall} (System.nanoTime), advancing at {@code speed}
     * unless {@code stopped}.
     */
    private record Clock(long base, long wall, double speed, boolean stopped) {
        long at(long nanoTime) { return stopped ? base : base + (long) ((nanoTime - wall) * speed); }
    }

    private volatile Clock clock;   // replaced whole under this; read by any thread (volatile: a fresh value)
    private volatile boolean shutdown;
    private final Queue<EngineThread> all = new ConcurrentLinkedQueue<>();

    /** A freeze is asked for: running threads stop at their next gate. Written under this; read by any thread at each gate. */
    private volatile boolean frozen;
    private volatile boolean held;  // written under this; read by any thread
    // threads not blocked in the turnstile: written by every M that parks or wakes, on a line of its own so that it
    // does not take away the line with frozen and shutdown, which every M reads at every safe point
    private final PaddedAtomicInteger running = new PaddedAtomicInteger();
    private final AtomicInteger atGate = new AtomicInteger();  // running threads waiting at a gate
    private volatile Thread freezer;
    /** The Java priority of every thread of this engine: its Ms, sysmon and the spares. */
    private final int priority;
    /** Started threads for the Ms newm will make (see {@link SpareThreads}). */
    private final SpareThreads spares;

    public LiveTurnstile(double speed) { this(speed, Thread.NORM_PRIORITY); }

    /**
     * With every engine thread at Java priority {@code priority}. All of them get the same one, so among
     * themselves they compete as Go's threads do; what it changes is their share against the process's other
     * threads — the window's — where the JVM maps Java priorities to the OS's (docs/install.md).
     */
    public LiveTurnstile(double speed, int priority) {
        checkSpeed(speed);
        if (priority < Thread.MIN_PRIORITY || priority > Thread.MAX_PRIORITY)
            throw new IllegalArgumentException("thread priority must be between " + Thread.MIN_PRIORITY + " and " + Thread.MAX_PRIORITY + ", got " + priority);
        this.clock = new Clock(0, System.nanoTime(), speed, false);
        this.priority = priority;
        this.spares = new SpareThreads("gmplab", priority);
    }

    private static void checkSpeed(double speed) {
        if (!(speed >= 1e-6 && speed <= 1e6)) throw new IllegalArgumentException("speed must be between 1e-6 and 1e6, got " + speed);
    }

    /** The speed the clock runs at (virtual ns per wall ns). */
    public double speed() { return clock.speed(); }

    /**
     * Changes the speed from now on; virtual time goes on from where it is. Sleepers and parked Ms are woken
     * to work their waits out again at the new rate, and a {@code work} slice under way goes on at it.
     */
    public synchronized void setSpeed(double speed) {
        checkSpeed(speed);
        Clock c = clock;
        long wall = System.nanoTime();
        clock = new Clock(c.at(wall), wall, speed, c.stopped());
        for (EngineThread t : all) LockSupport.unpark(t.thread);   // their loops recompute what is left
    }

    @Override
    public void start(EngineThread t, EngineThread creator, long delay) {
        all.add(t);
        running.incrementAndGet(); // counted from now: the new thread's first act is to pass a gate
        t.onExit = this::exited;
        if (spares.take(t) != null) return;   // a spare runs it, made at this priority
        t.thread.setPriority(priority);
        t.thread.start();
    }

    /**
     * From now on keep a Java thread started ahead of the next {@code newm} (see {@link SpareThreads}): called when
     * Ms are made beyond what a program that never blocks in a system call needs, and more are likely to follow.
     */
    void wantSpares() { spares.want(); }

    /** Waits up to {@code millis} for the spare threads to end after {@link #shutdown}. */
    void joinSpares(long millis) throws InterruptedException { spares.join(millis); }

    /** Spare threads still alive. */
    int liveSpares() { return spares.alive(); }

    @Override
    public void awaitFirstTurn(EngineThread self) { gate(); }

    @Override
    public void pass(EngineThread self, long cost) {
        if (shutdown) throw EngineExit.INSTANCE;
        if (frozen) gate();
    }

    /**
     * Wall time of one burn-then-rest period of a slowed-down {@code work}: short enough that a freeze, which
     * waits for the M to reach its gate, is never held up by more than about this.
     */
    static final long PERIOD_NANOS = 1_000_000;

    @Override
    public void spend(EngineThread self, long nanos) {
        // What is left is counted in virtual ns, so a change of speed applies to the rest of the slice.
        double speedNow = clock.speed();
        long end = System.nanoTime() + (long) (nanos / speedNow);
        for (long t = System.nanoTime(); t - end < 0; t = System.nanoTime()) {
            if (shutdown) throw EngineExit.INSTANCE;
            if (frozen) {
                long left = end - t;
                gate();
                end = System.nanoTime() + left; // a frozen world does not burn the G's CPU time
                continue;
            }
            double s = clock.speed();
            if (s != speedNow) {
                long leftVirtual = (long) ((end - t) * speedNow);
                end = t + (long) (leftVirtual / s);
                speedNow = s;
                continue;
            }
            // The G costs its real CPU time, whatever the speed: slowed down, an M burns its core for a
            // share of each period equal to the speed and rests for the remainder, as if the G's
            // instructions ran at the clock's pace. (Burning the whole stretched time would make slow
            // motion cost a core per M, and starve the FX and render threads on a small machine.)
            long period = Math.min(end - t, PERIOD_NANOS);
            long burnUntil = t + (speedNow >= 1 ? period : (long) (period * speedNow));
            // Burn, but give the core up to any other runnable thread (sched_yield): with as many Ms as
            // cores a pure spin starves the FX and render threads. Alone on its core the M gets it straight back.
            while (System.nanoTime() - burnUntil < 0 && !frozen && !shutdown) Thread.yield();
            long rest = t + period - System.nanoTime();
            if (rest > 0 && !frozen) LockSupport.parkNanos(this, rest);
        }
    }

    @Override
    public void sleep(EngineThread self, long nanos) {
        blocked();
        try {
            sleepUntil(Timers.when(now(self), nanos));
        } finally {
            unblocked();
        }
    }

    /**
     * A blocking system call. If no M was idle as {@code self} entered it, the retake of its P will make a new M:
     * its thread may start that M's Java thread meanwhile ({@link SpareThreads#startWhileBlocked}). The call's end
     * is fixed first; a start that outlasts the call ends it late, which is rare beside the wake-ups that do
     * (docs/benchmarks.md, "Round 14").
     */
    @Override
    public void syscall(EngineThread self, long nanos, boolean noIdleM) {
        blocked();
        try {
            long until = Timers.when(now(self), nanos);
            if (noIdleM) {
                Clock c = clock;
                if (!c.stopped()) spares.startWhileBlocked((long) ((until - c.at(System.nanoTime())) / c.speed()));
            }
            sleepUntil(until);
        } finally {
            unblocked();
        }
    }

    /** Parks until the virtual clock reads {@code until}. */
    private void sleepUntil(long until) {
        // A wake-up by a thaw (or any unpark) is not the end of the sleep, and a held clock keeps the sleeper asleep.
        for (;;) {
            if (shutdown) throw EngineExit.INSTANCE;
            Clock c = clock;
            long left = until - c.at(System.nanoTime());
            if (left <= 0) return;
            LockSupport.parkNanos(this, c.stopped() ? 50_000_000L : Math.max(1, (long) (left / c.speed())));
        }
    }

    @Override
    public boolean parkUntil(EngineThread self, long deadline) {
        blocked();
        try {
            for (;;) {
                if (self.permit) {
                    self.permit = false;
                    return true;
                }
                if (shutdown) throw EngineExit.INSTANCE;
                Clock c = clock;
                long left = deadline - c.at(System.nanoTime());
                if (left <= 0) return false;
                LockSupport.parkNanos(this, c.stopped() ? 50_000_000L : Math.max(1, (long) (left / c.speed())));
            }
        } finally {
            unblocked();
        }
    }

    @Override
    public void park(EngineThread self) {
        blocked();
        try {
            while (!self.permit) {
                if (shutdown) throw EngineExit.INSTANCE;
                LockSupport.park(this);
            }
            self.permit = false;
        } finally {
            unblocked();
        }
    }

    @Override
    public void unpark(EngineThread t, EngineThread waker, long latency) {
        t.permit = true;
        LockSupport.unpark(t.thread);
    }

    @Override public long now(EngineThread self) { return clock.at(System.nanoTime()); }

    @Override public boolean shuttingDown() { return shutdown; }

    @Override
    public void shutdown() {
        shutdown = true;
        frozen = false;
        spares.shutdown();
        for (EngineThread t : all) LockSupport.unpark(t.thread);
    }

    /** Called by an engine thread when it ends. */
    private void exited() {
        running.decrementAndGet();
        wakeFreezer();
    }

    // ---- freezing -------------------------------------------------------------------------------

    /**
     * Stops every engine thread at its next scheduling point and returns once they all wait there.
     * Must be followed by {@link #thaw()}. Not reentrant; one freezer at a time.
     *
     * @return true if the world is stopped; false if the engine shut down meanwhile (its threads are then
     *         unwinding, not stopped: the caller must wait for them to end instead)
     * @throws IllegalStateException if the world does not stop within {@code timeoutNanos}
     */
    public synchronized boolean freeze(long timeoutNanos) {
        if (held) return !shutdown;
        freezer = Thread.currentThread();
        frozen = true;
        for (EngineThread t : all) LockSupport.unpark(t.thread);   // an M resting inside a slowed work comes to its gate now
        long deadline = System.nanoTime() + timeoutNanos;
        while (atGate.get() < running.get()) {
            if (shutdown) return false;
            if (System.nanoTime() - deadline > 0) {
                thaw();
                throw new IllegalStateException("the world did not stop: " + atGate.get() + " of " + running.get() + " threads at a safe point");
            }
            LockSupport.parkNanos(this, 20_000);
        }
        return !shutdown;
    }

    /** Lets the frozen threads go on (not while the world is held: then {@link #release} does). */
    public synchronized void thaw() {
        if (held) return;
        frozen = false;
        freezer = null;
        for (EngineThread t : all) LockSupport.unpark(t.thread);
    }

    /**
     * Freezes the world and keeps it frozen, with the clock stopped, until {@link #release}: every M waits
     * at a safe point. Does nothing if already held.
     *
     * @return true if the world is held; false if the engine shut down meanwhile
     * @throws IllegalStateException if the world does not stop within {@code timeoutNanos}
     */
    public synchronized boolean hold(long timeoutNanos) {
        if (held) return !shutdown;
        if (!freeze(timeoutNanos)) {
            thaw();
            return false;
        }
        held = true;
        Clock c = clock;
        long wall = System.nanoTime();
        clock = new Clock(c.at(wall), wall, c.speed(), true);
        return true;
    }

    /** Ends a {@link #hold}: the clock goes on from where it stood, and so do the threads. */
    public synchronized void release() {
        if (!held) return;
        held = false;
        Clock c = clock;
        clock = new Clock(c.base(), System.nanoTime(), c.speed(), false);
        thaw();
    }

    /** Whether the world is held by {@link #hold}. */
    public boolean held() { return held; }

    /** A running thread waits here while the world is frozen. */
    private void gate() {
        // Look again after leaving: a new freeze may have begun (and counted us as still waiting)
        // between the thaw that let us go and our leaving the count; we touch nothing until it ends.
        while (frozen) {
            atGate.incrementAndGet();
            wakeFreezer();
            try {
                while (frozen && !shutdown) LockSupport.park(this);
            } finally {
                atGate.decrementAndGet();
            }
            if (shutdown) throw EngineExit.INSTANCE;
        }
    }

    private void blocked() {
        running.decrementAndGet();
        wakeFreezer();
    }

    /** Back from blocking: counts as running again only once the world is not frozen. */
    private void unblocked() {
        for (;;) {
            while (frozen && !shutdown) LockSupport.park(this);
            running.incrementAndGet();
            if (shutdown) throw EngineExit.INSTANCE; // nothing more to do: unwind at once
            if (!frozen) return;
            running.decrementAndGet(); // a freeze began meanwhile: we have touched nothing yet
            wakeFreezer();
        }
    }

    private void wakeFreezer() {
        Thread f = freezer;
        if (f != null) LockSupport.unpark(f);
    }
}
