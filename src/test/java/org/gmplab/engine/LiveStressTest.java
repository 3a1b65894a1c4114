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
import org.junit.jupiter.api.Test;

/**
 * Live mode: Ms really run in parallel, thieves really race owners on the lock-free rings. Whatever the
 * interleaving, every goroutine must run exactly once: none lost, none duplicated.
 */
@Tag("live")
class LiveStressTest {
    private static final int MILLION = 1_000_000;

    @Test
    void spawnStormOfAMillionGoroutinesOn8Ps() throws Exception {
        runAndCheck(Scenarios.spawn(MILLION, 0, 8, 1), MILLION);
    }

    @Test
    void fanOutTreeOfAMillionGoroutinesOn8Ps() throws Exception {
        int depth = 19; // 2^20 - 1 = 1,048,575 goroutines
        runAndCheck(Scenarios.fanout(depth, 8, 1), (1 << (depth + 1)) - 1);
    }

    @RepeatedTest(10)
    void smallerStormsRepeated() throws Exception {
        runAndCheck(Scenarios.spawn(50_000, 0, 8, 1), 50_000);
        runAndCheck(Scenarios.fanout(14, 8, 1), (1 << 15) - 1);
    }

    @RepeatedTest(5)
    void stormsWithWorkOn4Ps() throws Exception {
        runAndCheck(Scenarios.spawn(5_000, 2 * Scenarios.US, 4, 1), 5_000);
    }

    /**
     * Runs live; counts each goid's exit. A goroutine that has done its wg.Done but not yet exited when
     * main returns (as can happen in Go too) is found at its final {@code return}.
     */
    private static void runAndCheck(Scenario sc, int goroutines) throws Exception {
        AtomicIntegerArray exits = new AtomicIntegerArray(goroutines + 2 + 16 * sc.gomaxprocs() + 16);
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
        long finishedButNotExited = s.gs().stream()
                .filter(g -> g.goid() != 1 && !g.system() && g.status() != GStatus.DEAD)
                .peek(g -> assertThat(g.instruction()).as("G%d left behind at %s", g.goid(), g.where()).isEqualTo("return"))
                .count();
        long exited = 0;
        for (int i = 0; i < exits.length(); i++) exited += exits.get(i);
        assertThat(exited + finishedButNotExited).as("every goroutine ran to its end exactly once").isEqualTo(goroutines);
    }
}
