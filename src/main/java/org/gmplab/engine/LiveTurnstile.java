package org.gmplab.engine;

import java.util.concurrent.locks.LockSupport;

/**
 * Live mode: the turnstile is open. Ms run truly in parallel on the machine's cores, {@code work} burns
 * real CPU, and time is the wall clock since start multiplied by {@code speed} (0.001 is slow motion
 * for a class, 1 is real time, larger is faster).
 */
public final class LiveTurnstile implements Turnstile {
    private final long t0 = System.nanoTime();
    private final double speed;
    private volatile boolean shutdown;

    public LiveTurnstile(double speed) {
        if (!(speed >= 1e-6 && speed <= 1e6)) throw new IllegalArgumentException("speed must be between 1e-6 and 1e6, got " + speed);
        this.speed = speed;
    }

    private final java.util.Queue<EngineThread> all = new java.util.concurrent.ConcurrentLinkedQueue<>();

    @Override
    public void start(EngineThread t, EngineThread creator, long delay) {
        all.add(t);
        t.thread.start();
    }

    @Override public void awaitFirstTurn(EngineThread self) { }

    @Override
    public void pass(EngineThread self, long cost) {
        if (shutdown) throw EngineExit.INSTANCE;
    }

    @Override
    public void spend(EngineThread self, long nanos) {
        long end = System.nanoTime() + (long) (nanos / speed);
        while (System.nanoTime() - end < 0) {
            if (shutdown) throw EngineExit.INSTANCE;
            Thread.onSpinWait();
        }
    }

    @Override
    public void sleep(EngineThread self, long nanos) {
        if (shutdown) throw EngineExit.INSTANCE;
        LockSupport.parkNanos(this, Math.max(1, (long) (nanos / speed)));
    }

    @Override
    public boolean parkUntil(EngineThread self, long deadline) {
        for (;;) {
            if (self.permit) {
                self.permit = false;
                return true;
            }
            if (shutdown) throw EngineExit.INSTANCE;
            long left = deadline - now(self);
            if (left <= 0) return false;
            LockSupport.parkNanos(this, Math.max(1, (long) (left / speed)));
        }
    }

    @Override
    public void park(EngineThread self) {
        while (!self.permit) {
            if (shutdown) throw EngineExit.INSTANCE;
            LockSupport.park(this);
        }
        self.permit = false;
    }

    @Override
    public void unpark(EngineThread t, EngineThread waker, long latency) {
        t.permit = true;
        LockSupport.unpark(t.thread);
    }

    @Override public long now(EngineThread self) { return (long) ((System.nanoTime() - t0) * speed); }

    @Override public boolean shuttingDown() { return shutdown; }

    @Override
    public void shutdown() {
        shutdown = true;
        for (EngineThread t : all) LockSupport.unpark(t.thread);
    }
}
