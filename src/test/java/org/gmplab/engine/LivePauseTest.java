package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Pausing a live run ({@link Engine#pause}, the UI's pause): the world is held stopped with every M at a
 * safe point and the clock still, so it shows one consistent moment for as long as it is held; resuming
 * loses and duplicates nothing, however often it is done; closing a paused engine ends it at once.
 */
@Tag("live")
class LivePauseTest {
    static final int CYCLES_PER_RUN = 120;

    @Test
    void aPausedWorldStaysOneConsistentMomentAndTheClockStandsStill() throws Exception {
        double speed = 0.05;
        try (Engine e = Engine.live(LiveBlockingStressTest.mix(4, 1), speed, true)) {
            awaitEvents(e);
            assertThat(e.pause()).isTrue();
            assertThat(e.paused()).isTrue();
            e.checkInvariants();
            Snapshot a = e.snapshotStopped(true);
            long t = e.now();
            Thread.sleep(100);
            Snapshot b = e.snapshotStopped(true);
            assertThat(b).isEqualTo(a);
            assertThat(e.now()).isEqualTo(t);
            assertThat(e.snapshot()).as("a paused world is read exactly, with each G's place").isEqualTo(a);
            long resumed = System.nanoTime();
            e.resume();
            assertThat(e.paused()).isFalse();
            while (e.now() == t) Thread.onSpinWait();
            long now = e.now(), since = System.nanoTime() - resumed;
            // from where it stood: on by no more than the wall time since the resume at the clock's speed, however
            // long that was on a busy machine (a clock that had run on while held would be ahead by the 100 ms held)
            assertThat(now).as("the clock goes on from where it stood").isGreaterThan(t).isLessThanOrEqualTo(t + (long) (since * speed) + 1);
        }
    }

    @Test
    void manyPauseResumeCyclesLoseAndDuplicateNoGoroutine() throws Exception {
        int cycles = 0;
        for (int rep = 0; rep < 8; rep++) {
            boolean storm = rep % 2 == 0;
            Scenario sc = storm ? Scenarios.spawn(5_000, 2 * Scenarios.US, 4, rep) : LiveBlockingStressTest.mix(4, rep);
            int goroutines = storm ? 5_000 : LiveBlockingStressTest.WORKERS;
            AtomicIntegerArray exits = new AtomicIntegerArray(goroutines + 64 * sc.gomaxprocs() + 64);
            LongAdder duplicates = new LongAdder();
            Engine e = Engine.live(sc, storm ? 1 : 0.2, false, goid -> {
                if (exits.getAndIncrement((int) goid) != 0) duplicates.increment();
            });
            // Each cycle stops the world and checks it; the world runs only between a resume and the next pause,
            // so the cycles per run are bounded (then the run goes on to its end undisturbed).
            for (int k = 0; k < CYCLES_PER_RUN && e.outcome() == null; k++) {
                if (!e.pause()) break; // ended meanwhile
                Snapshot s = e.snapshotStopped(true); // throws if an invariant is broken
                Set<Long> seen = new HashSet<>();
                for (Snapshot.G g : s.gs()) {
                    if (g.status() == GStatus.DEAD) continue;
                    assertThat(seen.add(g.goid())).as("G%d appears once", g.goid()).isTrue();
                    assertThat(g.where()).as("G%d has a place", g.goid()).isNotEqualTo(Place.UNKNOWN);
                }
                assertThat(e.snapshotStopped(false)).isEqualTo(s);
                e.resume();
                cycles++;
            }
            Outcome o = e.awaitEnd(60, TimeUnit.SECONDS);
            e.close();
            assertThat(e.liveThreads()).isZero();
            assertThat(o.kind()).as(o.message()).isEqualTo(Outcome.Kind.EXITED);
            assertThat(duplicates.sum()).as("goroutines that exited twice").isZero();
            e.checkInvariants();
            long notExited = e.snapshot().gs().stream().filter(g -> g.goid() != 1 && !g.system() && g.status() != GStatus.DEAD)
                    .peek(g -> assertThat(g.instruction()).as("G%d at %s", g.goid(), g.where()).isEqualTo("return")).count();
            long exited = 0;
            for (int i = 0; i < exits.length(); i++) exited += exits.get(i);
            assertThat(exited + notExited).as("every goroutine ran to its end exactly once").isEqualTo(goroutines);
        }
        assertThat(cycles).isGreaterThan(20);
    }

    /** Live frames, paused or not, hand over each recorded event exactly once, up to the snapshot they come with. */
    @Test
    void liveFramesGiveEachEventOnceInOrderUpToTheirSnapshot() throws Exception {
        try (Engine e = Engine.live(LiveBlockingStressTest.mix(4, 5), 0.5, true)) {
            long next = 1;
            for (int i = 0; e.outcome() == null || i == 0; i++) {
                boolean pause = i % 3 == 0 && e.pause();
                Engine.LiveFrame f = e.takeFrame(true);
                for (org.gmplab.snapshot.Event ev : f.events()) assertThat(ev.seq()).isEqualTo(next++);
                assertThat(next - 1).as("events up to the snapshot").isEqualTo(f.snapshot().events());
                if (pause) e.resume();
            }
            Engine.LiveFrame last = e.takeFrame(false);
            for (org.gmplab.snapshot.Event ev : last.events()) assertThat(ev.seq()).isEqualTo(next++);
            assertThat(next - 1).isEqualTo(e.eventCount());
        }
    }

    @Test
    void actionsFromOutsideWhileTheWorldIsHeldApplyAndLoseNothing() throws Exception {
        // main waits for 600 workers that the test, pausing again and again, spawns 20 at a time into a held world
        // (the window's Inject while paused), while it also changes GOMAXPROCS and makes running Gs yield or
        // enter system calls.
        int cycles = 30, each = 20;
        Scenario sc = Progs.prog().procs(2).wg("wg")
                .fn(Progs.fn("main", Progs.add("wg", Integer.toString(cycles * each)), Progs.go("keeper"), Progs.waitWg("wg")))
                .fn(Progs.fn("keeper", Progs.loop("i", "1000", Progs.sleep("1ms"))))   // a timer pending: not a deadlock
                .fn(Progs.fn("x", Progs.work("50us"), Progs.work("50us"), Progs.done("wg")))
                .build("inject while held");
        AtomicIntegerArray exits = new AtomicIntegerArray(4096);
        LongAdder duplicates = new LongAdder();
        int spawned = 0, others = 0;
        try (Engine e = Engine.live(sc, 0.1, true, goid -> { if (exits.getAndIncrement((int) goid) != 0) duplicates.increment(); })) {
            // main first adds to the WaitGroup and waits (a worker done before that would take the counter below zero)
            while (e.snapshotStopped(false).gs().stream().noneMatch(g -> g.goid() == 1 && g.status() == GStatus.WAITING))
                assertThat(e.outcome()).isNull();
            for (int k = 0; k < cycles; k++) {
                assertThat(e.pause()).as("main waits for workers not spawned yet; the run: %s", e.outcome()).isTrue();
                e.inject(new Action.Spawn("x", each, java.util.List.of()));
                spawned += each;
                if (k % 5 == 4) {
                    e.inject(new Action.SetGomaxprocs(1 + k % 3));   // a goroutine that calls runtime.GOMAXPROCS and exits
                    others++;
                }
                Snapshot s = e.snapshotStopped(true);   // throws if an invariant is broken
                for (Snapshot.G g : s.gs()) {
                    if (g.status() != GStatus.RUNNING || g.goid() == 1) continue;
                    try {
                        e.inject(g.goid() % 2 == 0 ? new Action.Gosched(g.goid()) : new Action.InjectSyscall(g.goid(), 20_000));
                    } catch (IllegalArgumentException told) {
                        assertThat(told).hasMessageContaining("already has an action pending");   // held since the last time
                    }
                }
                e.checkInvariants();
                e.resume();
            }
            Outcome o = e.awaitEnd(60, TimeUnit.SECONDS);
            assertThat(o.kind()).as(o.message()).isEqualTo(Outcome.Kind.EXITED);
        }
        assertThat(duplicates.sum()).as("goroutines that exited twice").isZero();
        int exited = 0;
        for (int i = 3; i < exits.length(); i++) exited += exits.get(i);   // G1 main, G2 the keeper
        // every worker ran to its end (main returned: 600 wg.Done) once (a second Done would have taken the counter
        // below zero, a fatal error); a runtime.GOMAXPROCS goroutine may not have finished when main returned
        assertThat(exited).as("goroutines that exited").isBetween(spawned, spawned + others);
    }

    /**
     * Live mode looks at the turnstile only every {@link Interpreter#LIVE_LOCAL_RUN} local statements: goroutines
     * that run nothing else (assignments and jumps in a loop) must still stop for every pause, show one moment
     * while held, and unwind when the engine closes.
     */
    @Test
    void goroutinesRunningOnlyLocalStatementsStopForEveryPause() throws Exception {
        Scenario sc = Progs.prog().procs(2)
                .fn(Progs.fn("main", Progs.go("count"), Progs.go("count"), Progs.go("count"), Progs.set("x", "0"),
                        new org.gmplab.scenario.Stmt.While(Progs.e("x >= 0"), Progs.body(Progs.set("x", "x + 1")))))
                .fn(Progs.fn("count", Progs.set("x", "0"), new org.gmplab.scenario.Stmt.While(Progs.e("x >= 0"), Progs.body(Progs.set("x", "x + 3")))))
                .build("local loops");
        try (Engine e = Engine.live(sc, 1, false)) {
            for (int i = 0; i < 50; i++) {
                assertThat(e.pause()).as("pause %d", i).isTrue();
                Snapshot a = e.snapshotStopped(true);
                assertThat(e.snapshotStopped(true)).as("pause %d: one moment while held", i).isEqualTo(a);
                e.resume();
            }
        }
    }

    @Test
    void closingAPausedEngineReturnsPromptly() throws Exception {
        Engine e = Engine.live(LiveBlockingStressTest.mix(4, 3), 0.01, true);
        awaitEvents(e);
        assertThat(e.pause()).isTrue();
        e.close();
        // every M ended, and the run was cut where it was held rather than run on to its end first
        assertThat(e.liveThreads()).isZero();
        assertThat(e.outcome()).as("how the run ended").isNull();
    }

    @Test
    void pausingAnEndedRunSaysSo() throws Exception {
        try (Engine e = Engine.live(Scenarios.spawn(10, 0, 2, 1), 1, false)) {
            assertThat(e.awaitEnd(30, TimeUnit.SECONDS)).isNotNull();
            assertThat(e.pause()).isFalse();
            assertThat(e.paused()).isFalse();
        }
    }

    /** Until the live run has shown it is under way (instead of a pause of a guessed length). */
    static void awaitEvents(Engine e) {
        while (e.eventCount() < 100 && e.outcome() == null) Thread.onSpinWait();
    }
}
