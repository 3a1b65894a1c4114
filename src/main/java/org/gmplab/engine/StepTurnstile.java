package org.gmplab.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * Step mode: a token passed between engine threads so that exactly one runs at a time, always the one
 * whose virtual clock is earliest (ties: lower {@link EngineThread#order} first). Nothing else decides
 * who runs, so the same scenario and seed give the same sequence of events on any machine.
 *
 * <p>Time is virtual: each thread has its own clock, advanced by the cost of what it does; since the
 * earliest thread always runs, the clocks of successive turns never go backwards.
 *
 * <p>A <em>controller</em> (the CLI, a test, the UI's driver thread) holds the token between
 * {@link #runUntil} calls, when the whole engine is frozen at a safe point and may be read without locks.
 *
 * <p>All fields except {@link #current}, {@link #controllerTurn} and {@link #shutdown} are touched only
 * by the token holder; handing the token over through those volatiles orders everything before it.
 */
public final class StepTurnstile implements Turnstile {

    /** Why {@link #runUntil} returned. */
    public enum Stop { REQUESTED, TIME_LIMIT, QUIESCENT, ENDED }

    private static final Comparator<EngineThread> EARLIEST_FIRST =
            Comparator.<EngineThread>comparingLong(t -> t.time).thenComparingInt(t -> t.order);

    private final PriorityQueue<EngineThread> ready = new PriorityQueue<>(EARLIEST_FIRST);
    private final List<EngineThread> all = new ArrayList<>();

    private volatile EngineThread current;      // token holder; null while the controller holds it
    private volatile boolean controllerTurn;
    // shutdown: set by whoever ends the run (the controller or the engine's own end); every waiting thread checks it.
    // controller: the thread that holds the token between runUntil calls, set as each call begins.
    private volatile boolean shutdown;
    private volatile Thread controller;

    private EngineThread paused;   // the thread that handed the token to the controller, if it will go on
    private long limit = Long.MAX_VALUE;
    private boolean stopRequested;
    private Stop why;
    private long clock;            // virtual time of the latest turn
    private Runnable safePoint = () -> { };
    private long safePoints;          // safe points passed so far
    private long stopAtSafePoint = -1; // stop the run at this safe point (for replays)
    // where this engine's threads run, one CPU for all: taken by the controller's first start (an engine that fails
    // before it starts a thread holds none), given back at shutdown
    private volatile StepCpu cpu;

    /**
     * Controller: lets the engine run until {@link #requestStop()} is called by an engine thread, the next
     * turn would start after {@code limit} ns, or no thread is runnable. Returns with the engine frozen.
     */
    public Stop runUntil(long limit) {
        if (shutdown) throw new IllegalStateException("engine is shut down");
        this.limit = limit;
        controller = Thread.currentThread();
        EngineThread t = paused;
        paused = null;
        if (t == null) {
            t = ready.peek();
            if (t == null) return Stop.QUIESCENT;
            if (t.time > limit) { clock = Math.max(clock, limit); return Stop.TIME_LIMIT; }
            ready.poll();
        }
        controllerTurn = false;
        current = t;
        LockSupport.unpark(t.thread);
        while (!controllerTurn) LockSupport.park(this);
        return why;
    }

    /** Controller: the next {@link #runUntil} also stops when the engine reaches safe point {@code n}. */
    public void stopAtSafePoint(long n) { stopAtSafePoint = n; }

    /** How many safe points the engine has passed; a frozen world is identified by this number. */
    public long safePoints() { return safePoints; }

    /** True (once) when the engine has reached the safe point a replay wants to stop at. */
    private boolean atStopSafePoint() {
        if (safePoints != stopAtSafePoint) return false;
        stopAtSafePoint = -1;
        return true;
    }

    /** Engine thread: pause at the next scheduling point and give the controller the turn. */
    public void requestStop() { stopRequested = true; }

    /** Runs {@code hook} on the token holder at every scheduling point, where the world is consistent. */
    public void atSafePoint(Runnable hook) { this.safePoint = hook; }

    /** The run is over: {@code self} hands the token to the controller for good and ends. */
    public void finish(EngineThread self) {
        paused = null;
        clock = Math.max(clock, self.time);
        giveController(Stop.ENDED);
    }

    /** Controller: restores the frozen world's clock (a replay reaching a moment first reached by a time limit). */
    void setClock(long t) { clock = t; }

    /** Virtual time of the latest turn: the "now" of a frozen world. */
    public long clock() { return clock; }

    @Override
    public void start(EngineThread t, EngineThread creator, long delay) {
        t.time = Timers.when(creator != null ? Timers.when(creator.time, creator.debt) : clock, delay);
        ready.add(t);
        all.add(t);
        // A thread started by an engine thread inherits its CPU; one started by the controller is started there.
        if (EngineThread.current() == null) {
            if (cpu == null) cpu = StepCpu.next();
            cpu.start(t.thread);
        } else {
            t.thread.start();
        }
    }

    @Override
    public void awaitFirstTurn(EngineThread self) { awaitTurn(self); }

    @Override
    public void pass(EngineThread self, long cost) {
        safePoints++;
        safePoint.run();
        // Saturates: a blocking syscall of 2^63-1 ns leaves its M at the end of time, not before its start.
        self.time = Timers.when(Timers.when(self.time, cost), self.debt);
        self.debt = 0;
        for (;;) {
            if (stopRequested || atStopSafePoint()) { yieldToController(self, Stop.REQUESTED); continue; }
            EngineThread next = ready.peek();
            boolean selfFirst = next == null || EARLIEST_FIRST.compare(self, next) <= 0;
            if ((selfFirst ? self.time : next.time) > limit) { clock = limit; yieldToController(self, Stop.TIME_LIMIT); continue; }
            if (selfFirst) { clock = self.time; return; }
            ready.poll();
            ready.add(self);
            switchTo(next, self);
            return;
        }
    }

    @Override
    public void spend(EngineThread self, long nanos) { pass(self, nanos); }

    /** Asleep or burning CPU, a thread in step mode is simply runnable again {@code nanos} later. */
    @Override
    public void sleep(EngineThread self, long nanos) { pass(self, nanos); }

    @Override
    public boolean parkUntil(EngineThread self, long deadline) {
        safePoints++;
        safePoint.run();
        payDebt(self);
        if (self.permit) { self.permit = false; return true; }
        self.parked = true;
        self.timed = true;
        long now = self.time;
        self.time = Math.max(now, deadline);
        ready.add(self);
        for (;;) {
            if (stopRequested || atStopSafePoint()) { yieldToController(self, Stop.REQUESTED); continue; }
            EngineThread next = ready.peek();
            if (next.time > limit) { clock = limit; yieldToController(self, Stop.TIME_LIMIT); continue; }
            if (next == self) {
                ready.poll();
                clock = self.time;
                break;
            }
            ready.poll();
            switchTo(next, self);
            break;
        }
        // We run again: either our deadline came (still parked) or someone unparked us first.
        boolean woken = !self.parked;
        self.parked = false;
        self.timed = false;
        return woken;
    }

    @Override
    public void park(EngineThread self) {
        safePoints++;
        safePoint.run();
        payDebt(self);
        if (self.permit) { self.permit = false; return; }
        self.parked = true;
        for (;;) {
            if (stopRequested || atStopSafePoint()) {
                yieldToController(self, Stop.REQUESTED);
                if (!self.parked) { ready.remove(self); return; }  // woken while we were paused
                continue;
            }
            EngineThread next = ready.peek();
            if (next == null) {
                // Nothing can run: the program ended or deadlocked. We come back once someone unparks us.
                paused = null;
                giveController(Stop.QUIESCENT);
                awaitTurn(self);
                return;
            }
            if (next.time > limit) {
                clock = limit;
                yieldToController(self, Stop.TIME_LIMIT);
                if (!self.parked) { ready.remove(self); return; }
                continue;
            }
            ready.poll();
            switchTo(next, self);
            return;  // someone unparked us and it is our turn
        }
    }

    @Override
    public void unpark(EngineThread t, EngineThread waker, long latency) {
        if (!t.parked) { t.permit = true; return; }
        t.parked = false;
        long at = (waker != null ? waker.time + waker.debt : clock) + latency;
        if (t.timed) {
            // Queued at its deadline: move it earlier if the wake-up comes first.
            ready.remove(t);
            t.timed = false;
            t.time = Math.min(t.time, at); // the waker runs now, so `at` is after t went to sleep
        } else {
            t.time = Math.max(t.time, at);
        }
        ready.add(t);
    }

    @Override
    public long now(EngineThread self) { return self != null ? self.time : clock; }

    @Override
    public boolean shuttingDown() { return shutdown; }

    @Override
    public void shutdown() {
        shutdown = true;
        for (EngineThread t : all) LockSupport.unpark(t.thread);
        StepCpu c = cpu;
        if (c != null) c.release();
    }

    /** Adds the time {@code self} spent waiting for sched.lock since its last turn to its clock. */
    private static void payDebt(EngineThread self) {
        self.time = Timers.when(self.time, self.debt);
        self.debt = 0;
    }

    private void switchTo(EngineThread next, EngineThread self) {
        clock = next.time;
        current = next;
        LockSupport.unpark(next.thread);
        awaitTurn(self);
    }

    private void yieldToController(EngineThread self, Stop reason) {
        stopRequested = false;
        paused = self;
        giveController(reason);
        awaitTurn(self);
    }

    private void giveController(Stop reason) {
        why = reason;
        current = null;
        controllerTurn = true;
        LockSupport.unpark(controller);
    }

    private void awaitTurn(EngineThread self) {
        while (current != self) {
            if (shutdown) throw EngineExit.INSTANCE;
            LockSupport.park(this);
        }
        if (shutdown) throw EngineExit.INSTANCE;
    }
}
