package org.gmplab.engine;

/**
 * A thread of the engine: an M, or sysmon. Each is a real Java platform thread. What the turnstile
 * needs to know about it lives here; what Go's scheduler needs lives in the subclass.
 */
public abstract class EngineThread implements Runnable {
    private static final ThreadLocal<EngineThread> CURRENT = new ThreadLocal<>();

    /** Fixed tie-break order for step mode: smaller runs first when wake-up times are equal. */
    final int order;
    final String name;
    /**
     * The Java thread that runs it: its own, made here, or in live mode perhaps a spare started ahead of time
     * ({@link SpareThreads}), set by the turnstile's {@code start} before anyone can wake it.
     */
    volatile Thread thread;

    // Turnstile state. Step mode: touched only by the token holder. Live mode: see LiveTurnstile.
    long time;               // step mode: this thread's virtual clock (ns)
    long debt;               // step mode: time spent (waiting for sched.lock) not yet added to time; paid at the next turn
    boolean parked;          // step mode: waiting for unpark (in the ready queue only if timed)
    boolean timed;           // step mode: parked with a deadline, queued at it
    volatile boolean permit; // a wake-up that arrived before the sleep (Go's note semantics)
    volatile Runnable onExit; // set by the turnstile that started it

    protected EngineThread(int order, String name) {
        this.order = order;
        this.name = name;
        this.thread = new Thread(this::runHere, name);
        this.thread.setDaemon(true);
    }

    /** This engine thread's life, on whichever Java thread calls it. */
    final void runHere() {
        CURRENT.set(this);
        try {
            run();
        } finally {
            Runnable r = onExit;
            if (r != null) r.run();
        }
    }

    /** The engine thread running the caller, or null when called from outside the engine. */
    static EngineThread current() { return CURRENT.get(); }

    public Thread javaThread() { return thread; }
}
