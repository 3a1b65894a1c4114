package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.RepeatedTest;

/**
 * The Go 1.0 scheduler in live mode: Ms really run in parallel and really fight over the one scheduler
 * lock. Whatever the interleaving, every goroutine runs exactly once: none lost, none duplicated.
 */
@Tag("live")
class Go10LiveStressTest {

    @RepeatedTest(5)
    void spawnStormsAndFanOutTreesUnderTheOneLock() throws Exception {
        runAndCheck(Scenarios.spawn(20_000, 0, 4, 1).withScheduler(Scenario.Scheduler.GO10), 20_000);
        runAndCheck(Scenarios.fanout(12, 4, 1).withScheduler(Scenario.Scheduler.GO10), (1 << 13) - 1);
        runAndCheck(Scenarios.spawn(2_000, 2 * Scenarios.US, 8, 1).withScheduler(Scenario.Scheduler.GO10), 2_000);
    }

    /** Channels, select, mutexes, sleeps, network reads and both kinds of syscall, with stopped-world snapshots meanwhile. */
    @RepeatedTest(3)
    void blockingMixWithSnapshotsTakenWhileItRuns() throws Exception {
        Scenario sc = LiveBlockingStressTest.mix(4, 1).withScheduler(Scenario.Scheduler.GO10);
        Engine e = Engine.live(sc, 1, false, null);
        int taken = 0;
        while (e.outcome() == null && taken < 2_000) {
            Snapshot s = e.snapshotStopped(true); // throws if any invariant is broken
            assertThat(s.ps()).isEmpty();
            taken++;
        }
        Outcome o = e.awaitEnd(60, TimeUnit.SECONDS);
        e.close();
        assertThat(o).isNotNull();
        assertThat(o.kind()).as(o.message()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(e.liveThreads()).isZero();
        assertThat(taken).isPositive();
    }

    /** The same mix in step mode, invariants checked at every safe point. */
    @org.junit.jupiter.api.Test
    void blockingMixInStepMode() {
        StepRuns.Run run = StepRuns.run(LiveBlockingStressTest.mix(4, 1).withScheduler(Scenario.Scheduler.GO10));
        assertThat(run.outcome().kind()).as(run.outcome().message()).isEqualTo(Outcome.Kind.EXITED);
    }

    private static void runAndCheck(Scenario sc, int goroutines) throws Exception {
        AtomicIntegerArray exits = new AtomicIntegerArray(goroutines + 2);
        LongAdder duplicates = new LongAdder();
        Engine e = Engine.live(sc, 1, false, goid -> {
            if (exits.getAndIncrement((int) goid) != 0) duplicates.increment();
        });
        Outcome o = e.awaitEnd(120, TimeUnit.SECONDS);
        e.close();
        assertThat(e.liveThreads()).as("no engine thread outlives close()").isZero();
        assertThat(o).as("the program ended").isNotNull();
        assertThat(o.kind()).as(o.message()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(duplicates.sum()).as("goroutines that exited twice").isZero();

        e.checkInvariants();
        Snapshot s = e.snapshot();
        assertThat(s.scheduler()).isEqualTo("go1.0");
        // every go statement and every switch took the lock at least once
        assertThat(s.lock().acquisitions()).isGreaterThanOrEqualTo(goroutines);
        long finishedButNotExited = s.gs().stream()
                .filter(g -> g.goid() != 1 && g.status() != GStatus.DEAD)
                .peek(g -> assertThat(g.instruction()).as("G%d left behind at %s", g.goid(), g.where()).isEqualTo("return"))
                .count();
        long exited = 0;
        for (int i = 0; i < exits.length(); i++) exited += exits.get(i);
        assertThat(exited + finishedButNotExited).as("every goroutine ran to its end exactly once").isEqualTo(goroutines);
    }
}
