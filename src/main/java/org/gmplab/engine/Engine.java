package org.gmplab.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;
import java.util.function.Predicate;

import org.gmplab.scenario.CompiledProgram;
import org.gmplab.scenario.Compiler;
import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;

/**
 * A running scenario: the scheduler ({@link Sched}, its Ms, Ps and Gs) plus the mode it runs in. This is
 * the one door the rest of the program uses.
 *
 * <p><b>Step mode</b> ({@link #step}): nothing runs until the caller asks; {@link #runUntil} lets the
 * engine threads take turns until a condition holds, then returns with the world frozen, so
 * {@link #snapshot()} is exact and the invariants are checked at the safe points where events happened, as
 * {@link Checks} says.
 *
 * <p><b>Live mode</b> ({@link #live}): the Ms start at once and run in parallel; {@link #awaitEnd} waits;
 * {@link #snapshotStopped} stops the world for an exact snapshot; {@link #pause}/{@link #resume} hold it
 * stopped and let it go.
 */
public final class Engine implements AutoCloseable {
    public enum Mode { STEP, LIVE }

    /**
     * How step mode checks the invariants at its safe points. A full check walks every G, so running it at
     * every safe point with events made step mode quadratic in the number of goroutines (5.9 k events/s at
     * 1 k goroutines, 1.4 k at 100 k); sampling keeps its cost per event bounded whatever the world's size.
     * The default is {@code -Dgmplab.invariants=sampled|every|off} (sampled if unset; the tests run with every).
     */
    public enum Checks {
        /** No check (benchmarks of the bare engine). */
        OFF,
        /**
         * At every safe point with events, the invariants of the Ps and Ms those events named
         * ({@code WorldReader.checkTouched}); the scheduler's counters once as many events as there are Ps and Ms
         * have happened since they were last checked ({@code checkCounters}: it walks them); the full check once
         * {@value Engine#FULL_CHECK_EVERY} times as many events have happened since the last one as it walks Gs, Ps
         * and Ms (so it costs about half a G's worth of checking per event, whatever the world's size), and at every
         * safe point while those number at most
         * {@value Engine#ALWAYS_FULL} (lessons, small programs).
         */
        SAMPLED,
        /** The full check at every safe point with events. */
        EVERY;

        /** The setting of {@code -Dgmplab.invariants}, SAMPLED if unset. */
        public static Checks byDefault() {
            String v = System.getProperty("gmplab.invariants", "sampled");
            return switch (v) {
                case "sampled" -> SAMPLED;
                case "every" -> EVERY;
                case "off" -> OFF;
                default -> throw new IllegalArgumentException("-Dgmplab.invariants must be sampled, every or off, not " + v);
            };
        }
    }

    /** {@link Checks#SAMPLED}: the full check once the events since the last one reach this many per G, P and M. */
    static final int FULL_CHECK_EVERY = 2;
    /** {@link Checks#SAMPLED}: a world of at most this many Gs, Ps and Ms is fully checked at every safe point. */
    static final int ALWAYS_FULL = 64;

    /** Why {@link #runUntil} returned. */
    public enum Stop { EVENT, TIME_LIMIT, ENDED, QUIESCENT }

    private final Scenario scenario;
    private final Mode mode;
    private final Turnstile ts;
    private final Trace trace;
    private final Sched sched;
    private final WorldReader reader;
    private final Checks checks;
    private final AtomicReference<Outcome> outcome = new AtomicReference<>();
    private final CountDownLatch ended = new CountDownLatch(1);
    /** Called on each M's thread as a G exits; set by the caller after {@code live()} returns, so volatile (read per exit). */
    private volatile LongConsumer onGoexit;

    // Step mode only (touched by the token holder or the controller between turns).
    private final List<Event> pending = new ArrayList<>();
    private Predicate<Event> stopAt = e -> false;
    private boolean dirty;
    private long fullyCheckedAt;                     // the event count at the last full check
    private long countersCheckedAt;                  // the event count at the last check of the scheduler's counters
    private final java.util.BitSet touchedPs = new java.util.BitSet(), touchedMs = new java.util.BitSet();
    private Event stoppedAt;
    private Limit[] limits = {new MemoryBudget()};
    private String limitHit;   // what the limit that stopped the run said

    private Engine(Scenario scenario, Mode mode, Turnstile ts, boolean recordEvents, Checks checks, Costs costs) {
        this.scenario = Objects.requireNonNull(scenario);
        this.mode = mode;
        this.ts = ts;
        this.checks = Objects.requireNonNull(checks);
        this.trace = new Trace(recordEvents ? this::onEvent : null);
        trace.bind(ts);
        CompiledProgram program = Compiler.compile(scenario.program());
        boolean runtimeMain = scenario.runtimeGoroutines() && scenario.scheduler() == Scenario.Scheduler.GMP;
        if (runtimeMain) program = RuntimeMain.wrap(program);
        this.sched = new Sched(this, scenario.gomaxprocs(), scenario.runqSize(), program, ts, trace, costs, scenario.scheduler(),
                scenario.go() == Scenario.GoVersion.GO126);
        if (!runtimeMain) sched.mainMainBegan = 0;   // no runtime.main before it: main.main is G1's own function from the start
        this.reader = new WorldReader(sched);
        if (ts instanceof StepTurnstile st) st.atSafePoint(this::safePoint);
        MemoryBudget.restoreReserve();
    }

    /**
     * Begins, in the background, what lets step mode keep an engine's threads on one CPU ({@link StepCpu}: some
     * 40 ms, which no engine waits for), so that an engine made a little later has it. The window calls it while
     * JavaFX starts, the commands that make step-mode runs before they read their files.
     */
    public static void prepareStepMode() { StepCpu.prepare(); }

    /**
     * Checks the engine's settings given as system properties ({@code -Dgmplab.invariants}, {@code -Dgmplab.step.pin},
     * {@code -Dgmplab.spares.ahead}), so that a program can refuse a bad one in one line at its start rather than with
     * a trace later (or, for the pinning, by quietly doing without it).
     */
    public static void checkSettings() {
        Checks.byDefault();
        StepCpu.pinByDefault();
        SpareThreads.aheadByDefault();
    }

    /** A step-mode engine: deterministic, virtual time, events recorded, invariants checked ({@link Checks#byDefault}). */
    public static Engine step(Scenario scenario) { return step(scenario, Costs.DEFAULT, true); }

    /** With {@code checkInvariants}, checked as {@link Checks#byDefault} says; without, not at all. */
    public static Engine step(Scenario scenario, Costs costs, boolean checkInvariants) {
        return step(scenario, costs, checkInvariants ? Checks.byDefault() : Checks.OFF);
    }

    public static Engine step(Scenario scenario, Costs costs, Checks checks) {
        Engine e = new Engine(scenario, Mode.STEP, new StepTurnstile(), true, checks, costs);
        try {
            e.boot();
        } catch (RuntimeException | Error x) {
            e.close();   // its threads, and its CPU (StepCpu), are not left behind
            throw x;
        }
        return e;
    }

    /**
     * A live-mode engine, already running: Ms are real parallel threads; {@code speed} scales the wall
     * clock; with {@code recordEvents} false the scheduler emits nothing (for full speed).
     */
    public static Engine live(Scenario scenario, double speed, boolean recordEvents) {
        return live(scenario, speed, recordEvents, null);
    }

    /** As {@link #live(Scenario, double, boolean)}, calling {@code onGoexit} with each goid as its goroutine exits. */
    public static Engine live(Scenario scenario, double speed, boolean recordEvents, LongConsumer onGoexit) {
        return live(scenario, speed, recordEvents, onGoexit, Thread.NORM_PRIORITY);
    }

    /**
     * As {@link #live(Scenario, double, boolean)}, every Java thread of the engine (its Ms, sysmon, the threads
     * started ahead for newm) at Java priority {@code threadPriority}: the window runs its engine below its own
     * threads, so that the picture does not stutter because the program it shows is busy. The Ms keep equal
     * priorities among themselves, so what the scheduler does is the same.
     */
    public static Engine live(Scenario scenario, double speed, boolean recordEvents, int threadPriority) {
        return live(scenario, speed, recordEvents, null, threadPriority);
    }

    private static Engine live(Scenario scenario, double speed, boolean recordEvents, LongConsumer onGoexit, int threadPriority) {
        Engine e = new Engine(scenario, Mode.LIVE, new LiveTurnstile(speed, threadPriority), recordEvents, Checks.OFF, Costs.DEFAULT);
        e.onGoexit = onGoexit;
        e.boot();
        return e;
    }

    /** Go's rt0_go/schedinit/newproc(runtime.main)/mstart: M0 with P0, G1 for main in P0's runnext. */
    private void boot() {
        Machine m0 = sched.m0();
        if (sched.go10 != null) {
            // Go 1.0: no Ps; G1 is handed to M0 (mcpu = 1).
            sched.lastpoll.set(Math.max(1, ts.now(null)));
            sched.go10.boot((Go10Machine) m0, sched.program.main());
            ts.start(m0, null, 0);
            return;
        }
        m0.acquirep(sched.allp[0]);
        sched.initIdlePs();
        m0.bootMain(sched.program.main());
        ts.start(m0, null, 0);
    }

    public Scenario scenario() { return scenario; }
    public Mode mode() { return mode; }
    long seed() { return scenario.seed(); }
    Sched sched() { return sched; }

    /** Step mode: calls {@code f} with each goid as its goroutine exits. For tests and statistics. */
    public void onGoexit(LongConsumer f) {
        stepTurnstile();
        this.onGoexit = f;
    }

    void goexited(long goid) {
        LongConsumer f = onGoexit;
        if (f != null) f.accept(goid);
    }

    // ---- step mode ------------------------------------------------------------------------------

    /**
     * Step mode: runs until an event matches {@code stop} (the engine freezes at the next safe point after
     * it), the next turn would start after {@code timeLimit} ns, the program ends, or nothing can run.
     */
    public Stop runUntil(long timeLimit, Predicate<Event> stop) {
        StepTurnstile st = stepTurnstile();
        if (outcome.get() != null) return Stop.ENDED;
        stopAt = stop == null ? e -> false : stop;
        stoppedAt = null;
        StepTurnstile.Stop s = st.runUntil(timeLimit);
        if (limitHit != null) stopByLimit();
        if (outcome.get() != null) return Stop.ENDED;
        return switch (s) {
            case REQUESTED -> Stop.EVENT;
            case TIME_LIMIT -> Stop.TIME_LIMIT;
            case QUIESCENT -> Stop.QUIESCENT;
            case ENDED -> Stop.ENDED;
        };
    }

    /**
     * Step mode: as {@link #runUntil(long, Predicate)}, handing the events to {@code sink} as the run goes
     * (every {@link #DRAIN_EVERY} events, at a safe point) instead of keeping them all for
     * {@link #drainEvents}: a long run then holds none of its history. The run takes the same course,
     * since stopping at a safe point and going on changes nothing in step mode.
     */
    public Stop runUntil(long timeLimit, Predicate<Event> stop, java.util.function.Consumer<? super Event> sink) {
        for (;;) {
            long drainAt = eventCount() + DRAIN_EVERY;
            boolean[] asked = {false};
            Stop s = runUntil(timeLimit, ev -> {
                if (stop != null && stop.test(ev)) asked[0] = true;
                return asked[0] || ev.seq() >= drainAt;
            });
            drainEvents().forEach(sink);
            if (s != Stop.EVENT || asked[0]) return s;
        }
    }

    /** How many events {@link #runUntil(long, Predicate, java.util.function.Consumer)} hands over at a time. */
    static final int DRAIN_EVERY = 8192;

    /** Step mode: runs to the end of the program (or {@code timeLimit}). */
    public Stop run(long timeLimit) { return runUntil(timeLimit, null); }

    /** Step mode: runs until the next major event (one step in the UI). */
    public Stop step() { return runUntil(Long.MAX_VALUE, e -> e.kind().major()); }

    /** The event that stopped the last {@link #runUntil}, if one did. */
    public Event stoppedAt() { return stoppedAt; }

    /** Step mode: the events emitted since the last call. */
    public List<Event> drainEvents() {
        List<Event> out = List.copyOf(pending);
        pending.clear();
        return out;
    }

    private StepTurnstile stepTurnstile() {
        if (!(ts instanceof StepTurnstile st)) throw new IllegalStateException("only in step mode");
        return st;
    }

    private void onEvent(Event e) {
        if (mode == Mode.STEP) {
            pending.add(e);
            dirty = true;
            if (e.p() >= 0) touchedPs.set(e.p());
            if (e.m() >= 0) touchedMs.set(e.m());
            if (stoppedAt == null && stopAt.test(e)) {
                stoppedAt = e;
                ((StepTurnstile) ts).requestStop();
            }
        } else {
            synchronized (pending) { pending.add(e); }
        }
    }

    /** Called by the token holder at each safe point in step mode. */
    private void safePoint() {
        if (dirty && checks != Checks.OFF) {
            dirty = false;
            long events = eventCount();
            int size = checks == Checks.SAMPLED ? reader.size() : 0;
            if (checks == Checks.EVERY || size <= ALWAYS_FULL || events - fullyCheckedAt >= (long) FULL_CHECK_EVERY * size) {
                fullyCheckedAt = countersCheckedAt = events;
                reader.checkInvariants();
            } else {
                reader.checkTouched(touchedPs, touchedMs);
                // the counters walk every M and the idle Ps: once per as many events, so that their share of an
                // event does not grow with GOMAXPROCS
                if (events - countersCheckedAt >= reader.psAndMs()) {
                    countersCheckedAt = events;
                    reader.checkCounters();
                }
            }
            touchedPs.clear();
            touchedMs.clear();
        }
        if (limitHit == null)
            for (Limit l : limits) {
                String why = l.exceeded(this);
                if (why != null) {
                    limitHit = why;
                    ((StepTurnstile) ts).requestStop();
                    break;
                }
            }
    }

    /**
     * Step mode: adds a limit, asked at every safe point from now on (every engine has the
     * {@link MemoryBudget}). The run it stops ends frozen at that safe point, its outcome
     * {@link Outcome.Kind#STOPPED}.
     */
    public void limit(Limit l) {
        stepTurnstile();
        Limit[] more = java.util.Arrays.copyOf(limits, limits.length + 1);
        more[limits.length] = Objects.requireNonNull(l);
        limits = more;
    }

    /** Controller, the world frozen at the safe point where a limit was hit: the run ends there. */
    private void stopByLimit() {
        Outcome o = new Outcome(Outcome.Kind.STOPPED, limitHit);
        if (!outcome.compareAndSet(null, o)) return;
        if (trace.on()) trace.emit(new Event.Fatal(trace.at(null, -1, -1, -1), o.message()));
        ended.countDown();
    }

    // ---- actions from outside -------------------------------------------------------------------

    private final List<Action.AppliedAction> actions = new ArrayList<>();

    /**
     * Applies an action from outside the program now. In step mode the world is frozen between
     * {@link #runUntil} calls and the action is recorded with the safe point it applied at; in live mode
     * it applies at once, racing the running Ms as a real external event would.
     *
     * @throws IllegalArgumentException naming what is wrong (no such goroutine, not in the right state,
     *                                  no such function, a value out of range)
     */
    public void inject(Action a) {
        if (outcome.get() != null) throw new IllegalStateException("the program has ended");
        long sp = ts instanceof StepTurnstile st ? st.safePoints() : -1;
        long event = trace.count();
        long time = now();
        Actions.Prepared p = Actions.prepare(sched, a, this::now); // validates before anything happens
        stopAt = e -> false;     // the last runUntil's stop condition is not about what we do now
        if (trace.on()) {
            Event.Head h = trace.at(null, Actions.goidOf(a), -1, -1);
            sched.outsideCause = h.seq();   // the Gs it queues (injectglistFromOutside) were made runnable by it
            trace.emit(new Event.Inject(h, p.what()));
        }
        p.effect().run();
        if (mode == Mode.STEP) actions.add(new Action.AppliedAction(sp, event, time, a));
    }

    /** The actions applied so far (step mode), in order. */
    public List<Action.AppliedAction> actions() { return List.copyOf(actions); }

    /**
     * Step mode: a new engine that replays {@code scenario} with {@code actions} applied at the safe
     * points where they were first applied, and is left frozen right after the last one ({@code limits}
     * added from the start; one that stops the replay leaves it where it stopped).
     */
    public static Engine replay(Scenario scenario, List<Action.AppliedAction> actions, Limit... limits) {
        Engine e = step(scenario);
        try {
            for (Limit l : limits) e.limit(l);
            for (Action.AppliedAction a : actions) {
                if (e.outcome() != null && e.outcome().kind() == Outcome.Kind.STOPPED) break; // a limit ended it: nothing more applies
                e.reapply(a);
            }
        } catch (RuntimeException | Error x) {
            e.close();   // a replay that diverged leaves no parked threads, nor its CPU (StepCpu), behind
            throw x;
        }
        return e;
    }

    /**
     * Step mode: applies a recorded action again where it was first applied: runs on to its safe point,
     * sets the clock of that moment, then injects it. The first run may have reached that moment through a
     * time limit (many safe points after the last event, as a wait inside a long work does), which set the
     * clock of the frozen world; the action's timing depends on it.
     *
     * @throws IllegalStateException    ("replay diverged") if the run is past that safe point or ends first
     * @throws IllegalArgumentException if the action does not apply there
     */
    public void reapply(Action.AppliedAction a) {
        StepTurnstile st = stepTurnstile();
        if (st.safePoints() < a.safePoint()) {
            st.stopAtSafePoint(a.safePoint());
            runUntil(Long.MAX_VALUE, null);
            st.stopAtSafePoint(-1); // not reached (the run ended): no later run stops there
        }
        if (st.safePoints() != a.safePoint())
            throw new IllegalStateException("replay diverged: " + a.action() + " was recorded at safe point " + a.safePoint()
                    + ", the replay is at " + st.safePoints());
        st.setClock(a.time());
        inject(a.action());
    }

    // ---- live mode ------------------------------------------------------------------------------

    /** Live mode: waits up to {@code timeout} for the program to end; returns its outcome or null. */
    public Outcome awaitEnd(long timeout, TimeUnit unit) throws InterruptedException {
        ended.await(timeout, unit);
        return outcome.get();
    }

    /** Live mode: the events recorded so far (if recording). */
    public List<Event> liveEvents() {
        List<Event> out;
        synchronized (pending) { out = new ArrayList<>(pending); }
        // Ms take a seq and then append, racing each other in between: put them back in seq order.
        out.sort(java.util.Comparator.comparingLong(Event::seq));
        return out;
    }

    // ---- both -----------------------------------------------------------------------------------

    /** Current time in ns: virtual (step) or scaled wall clock (live). */
    public long now() {
        return ts instanceof StepTurnstile st ? st.clock() : ts.now(null);
    }

    /** How the run ended, or null while it goes on. */
    public Outcome outcome() { return outcome.get(); }

    /**
     * How long {@code main.main} ran, from its first statement to its return, in the engine's ns (wall ns in live mode at
     * speed 1); -1 if it has not returned. The runtime's boot before it (runtime.main's goroutines, sysmon, the first
     * threads) is not in it, as it is not in the time a Go program measures from inside {@code main.main}.
     */
    public long mainMainNanos() {
        long began = sched.mainMainBegan, returned = sched.mainMainReturned;
        return began < 0 || returned < 0 ? -1 : returned - began;
    }

    /**
     * The world now. Exact in step mode (frozen between turns), in a paused live run and after a live run ended; while a live
     * run goes on it is read on the fly, as Go's schedtrace reads it, and each G's place is left empty.
     */
    public Snapshot snapshot() {
        boolean ended = outcome.get() != null;
        if (mode == Mode.LIVE && ended) joinThreads(); // after the end, the Ms are still unwinding for a moment
        boolean exact = mode == Mode.STEP || ended || paused();
        return reader.snapshot(now(), trace.count(), exact);
    }

    /**
     * Live mode: stops the world — every M halts at its next scheduling point, as in step mode — takes an
     * exact snapshot (and, with {@code check}, verifies the invariants on it), and lets the world go on.
     * Costs the running program a pause of about the time it takes the slowest M to reach a safe point.
     * While the world is {@link #pause paused} it is already stopped: nothing waits and nothing goes on.
     */
    public Snapshot snapshotStopped(boolean check) {
        return whileStopped(check, () -> reader.snapshot(now(), trace.count(), true));
    }

    /** An exact live snapshot and the events recorded up to it not taken before. */
    public record LiveFrame(Snapshot snapshot, List<Event> events) {
        public LiveFrame { events = List.copyOf(events); }
    }

    /**
     * Live mode: as {@link #snapshotStopped}, and takes the recorded events (in seq order) out of the
     * engine. Both are read in the same stop of the world, where every event the snapshot counts has been
     * recorded and none after it, so successive frames hand over each event exactly once, always up to
     * the snapshot they come with. The events taken are the caller's: {@link #liveEvents} no longer has
     * them, so a long live run does not keep its whole history in memory.
     */
    public LiveFrame takeFrame(boolean check) {
        return whileStopped(check, () -> new LiveFrame(reader.snapshot(now(), trace.count(), true), takeLiveEvents()));
    }

    private <T> T whileStopped(boolean check, java.util.function.Supplier<T> read) {
        if (!(ts instanceof LiveTurnstile lt) || outcome.get() != null) {
            if (mode == Mode.LIVE) joinThreads();
            if (check) reader.checkInvariants();
            return read.get();
        }
        if (!lt.freeze(2_000_000_000L)) {
            // The program ended while we waited: the Ms are unwinding, so read the world once they are gone.
            lt.thaw();
            joinThreads();
            if (check) reader.checkInvariants();
            return read.get();
        }
        try {
            if (check) reader.checkInvariants();
            return read.get();
        } finally {
            lt.thaw();
        }
    }

    private List<Event> takeLiveEvents() {
        List<Event> out;
        synchronized (pending) {
            out = new ArrayList<>(pending);
            pending.clear();
        }
        out.sort(java.util.Comparator.comparingLong(Event::seq));
        return out;
    }

    /**
     * Live mode: stops the world and holds it stopped — every M waits at a safe point and the clock stands
     * still — until {@link #resume}, so snapshots and invariant checks meanwhile see one consistent
     * moment. Does nothing if already paused. {@link #close} ends a paused engine at once.
     *
     * @return true if paused; false if the program has ended (there is nothing to hold)
     * @throws IllegalStateException if the world does not stop within 2 s
     */
    public boolean pause() {
        LiveTurnstile lt = liveTurnstile();
        if (outcome.get() != null) return false;
        return lt.hold(2_000_000_000L);
    }

    /** Live mode: lets a {@link #pause paused} world go on, its clock from where it stood. */
    public void resume() { liveTurnstile().release(); }

    /** Whether a live run is held by {@link #pause}. */
    public boolean paused() { return ts instanceof LiveTurnstile lt && lt.held(); }

    /** Live mode: the clock's speed from now on (virtual ns per wall ns, 1e-6 to 1e6). */
    public void setSpeed(double speed) { liveTurnstile().setSpeed(speed); }

    private LiveTurnstile liveTurnstile() {
        if (!(ts instanceof LiveTurnstile lt)) throw new IllegalStateException("only in live mode");
        return lt;
    }

    /** Checks the invariants now; throws IllegalStateException naming the first one broken. */
    public void checkInvariants() {
        if (mode == Mode.LIVE && outcome.get() != null) joinThreads();
        reader.checkInvariants();
    }

    /** Number of events emitted so far. */
    public long eventCount() { return trace.count(); }

    /**
     * Called on the engine thread that ended the run: main returned, the program failed, or the engine
     * crashed. The first ending wins; the run is over for every thread.
     */
    void end(EngineThread self, Throwable why) {
        // Out of memory, building the outcome (let alone a stack trace) could fail again and leave the
        // controller waiting for a turn that never comes: free the reserve first, and whatever fails
        // here, the run still ends and the token goes back.
        if (why instanceof VirtualMachineError) MemoryBudget.releaseReserve();
        try {
            Outcome o = outcomeOf(self, why);
            if (outcome.compareAndSet(null, o)) {
                int mid = self instanceof Machine m ? m.id : -1;
                try {
                    if (trace.on()) {
                        Event.Head h = trace.at(self, -1, mid, -1);
                        trace.emit(o.kind() == Outcome.Kind.EXITED ? new Event.Exit(h) : new Event.Fatal(h, o.message()));
                    }
                } catch (RuntimeException | VirtualMachineError ignored) {
                    // the run is over either way
                }
            }
        } catch (VirtualMachineError e) {
            outcome.compareAndSet(null, OUT_OF_MEMORY);
        } finally {
            ended.countDown();
            if (ts instanceof StepTurnstile st) {
                if (self != null) st.finish(self);   // the controller (self == null) already has the frozen world
            } else ts.shutdown();
        }
    }

    /** Built ahead: what a run that ran out of memory ends with when nothing more can be built. */
    private static final Outcome OUT_OF_MEMORY = new Outcome(Outcome.Kind.STOPPED, MemoryBudget.outOfMemory());

    private static Outcome outcomeOf(EngineThread self, Throwable why) {
        if (why instanceof Interpreter.ProgramExit) return new Outcome(Outcome.Kind.EXITED, "main returned");
        if (why instanceof GoPanic p) return new Outcome(Outcome.Kind.FATAL, p.getMessage());
        if (why instanceof OutOfMemoryError) return OUT_OF_MEMORY;
        java.io.StringWriter sw = new java.io.StringWriter();
        why.printStackTrace(new java.io.PrintWriter(sw));
        return new Outcome(Outcome.Kind.CRASHED, "engine failure in " + (self == null ? "the controller" : self.thread.getName()) + ": " + why + "\n" + sw);
    }

    /** Stops every engine thread and waits for them to end. */
    @Override
    public void close() {
        ts.shutdown();
        joinThreads();
    }

    private void joinThreads() {
        try {
            for (Machine m : sched.allm) m.thread.join(5_000);
            if (ts instanceof LiveTurnstile lt) lt.joinSpares(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The Ms ever made, sysmon's and M0 among them: Go's {@code mcount}, what schedtrace prints as {@code threads}. */
    public int mcount() { return sched.mcount(); }

    /** Live Java threads still belonging to this engine (0 after {@link #close()}). */
    public int liveThreads() {
        int n = 0;
        for (Machine m : sched.allm) if (m.thread.isAlive()) n++;
        if (ts instanceof LiveTurnstile lt) n += lt.liveSpares();
        return n;
    }
}
