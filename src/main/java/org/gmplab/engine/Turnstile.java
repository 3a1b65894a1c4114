package org.gmplab.engine;

/**
 * Decides which engine threads may run, and what time it is. The scheduler code is the same in both
 * modes; only this differs:
 * <ul>
 * <li>{@link StepTurnstile}: one engine thread at a time, the one whose virtual wake-up time is earliest
 * (ties broken by a fixed order), so a seeded run is exactly repeatable;</li>
 * <li>{@link LiveTurnstile}: open; threads really run in parallel and time is the wall clock.</li>
 * </ul>
 * Every method but {@link #start} is called by the engine thread it names as {@code self}.
 */
public interface Turnstile {

    /** Makes a new thread runnable at {@code delay} ns from now and starts its Java thread. Called by its creator. */
    void start(EngineThread t, EngineThread creator, long delay);

    /** First call of a new thread: waits until it may run. */
    void awaitFirstTurn(EngineThread self);

    /** A scheduling point: {@code self} spends {@code cost} ns and lets earlier threads run first. */
    void pass(EngineThread self, long cost);

    /** Burns {@code nanos} of CPU time (a goroutine's {@code work}). */
    void spend(EngineThread self, long nanos);

    /** Go's {@code usleep}: {@code self} sleeps {@code nanos} without using CPU. */
    void sleep(EngineThread self, long nanos);

    /**
     * A blocking system call: {@code self} is in the kernel for {@code nanos} ({@link #sleep}). {@code noIdleM}: no M
     * was idle as it entered, so the retake of its P will make a new one (live mode may start its Java thread now).
     */
    default void syscall(EngineThread self, long nanos, boolean noIdleM) { sleep(self, nanos); }

    /** Go's {@code notesleep}: blocks until {@link #unpark}; returns at once if the wake-up came first. */
    void park(EngineThread self);

    /**
     * Go's {@code notetsleep}: like {@link #park} but gives up at time {@code deadline} (ns, on this
     * turnstile's clock). Returns true if woken by {@link #unpark}, false on timeout.
     */
    boolean parkUntil(EngineThread self, long deadline);

    /** Go's {@code notewakeup}: {@code t} becomes runnable {@code latency} ns from now. */
    void unpark(EngineThread t, EngineThread waker, long latency);

    /** Current time in ns as seen by {@code self} (virtual in step mode). */
    long now(EngineThread self);

    /** Engine threads check this at scheduling points; once true they unwind and end. */
    boolean shuttingDown();

    /** Ends the run: every engine thread unwinds with {@link EngineExit} at its next turn. */
    void shutdown();

    /** Thrown inside an engine thread to unwind it when the engine shuts down. */
    final class EngineExit extends RuntimeException {
        static final EngineExit INSTANCE = new EngineExit();
        private EngineExit() { super("engine shut down", null, false, false); }
    }
}
