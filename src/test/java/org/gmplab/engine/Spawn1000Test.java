package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.gmplab.snapshot.Event;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * GO-SCHEDULER.md 3.a: one goroutine spawns 1000 that each spin 1 ms. The global queue grows only in
 * multiples of 129 (runqputslow: 128 + 1) and drains in batches of min(size/GOMAXPROCS+1, size, 128)
 * plus single pulls every 61 schedticks — compare reference/go-traces/a_spawn1000_*.
 */
class Spawn1000Test {

    @ParameterizedTest(name = "GOMAXPROCS={0}")
    @ValueSource(ints = {2, 4, 8})
    void globalQueueGrowsBy129AndDrainsByGoFormula(int procs) {
        StepRuns.Run run = StepRuns.run(Scenarios.spawn(1000, Scenarios.MS, procs, 1));
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);

        long global = 0;
        int overflows = 0, batches = 0, fairness = 0;
        for (Event e : run.events()) {
            switch (e.kind()) {
                case RUNQPUTSLOW -> {
                    assertThat(((Event.RunqPutSlow) e).moved()).as("runqputslow moves half the ring plus one").isEqualTo(129);
                    global += 129;
                    overflows++;
                }
                case GLOBRUNQGET -> {
                    Event.GlobRunqGet get = (Event.GlobRunqGet) e;
                    long before = get.before(), n = get.n();
                    assertThat(before).isEqualTo(global);
                    if (get.fairness()) {
                        assertThat(n).as("the 61-tick pull takes exactly one").isEqualTo(1);
                        fairness++;
                    } else {
                        assertThat(n).as("globrunqget batch with %d queued", before)
                                .isEqualTo(Math.min(Math.min(before / procs + 1, before), 128));
                        batches++;
                    }
                    global -= n;
                }
                case GOSCHED, PREEMPT -> global++;
                default -> { }
            }
        }
        assertThat(global).isZero();
        assertThat(overflows).as("1000 spawns overflow a 256-slot ring several times").isGreaterThanOrEqualTo(2);
        assertThat(batches).isPositive();
        assertThat(fairness).as("61-tick pulls happen while the global queue is non-empty").isPositive();
        // All Ps worked in parallel: 1000 × 1 ms on N Ps takes about 1000/N ms.
        assertThat(run.endTime()).isBetween(1000L * Scenarios.MS / procs, 1000L * Scenarios.MS / procs * 11 / 10);
    }

    /** findRunnable's 61-tick check: the single pull happens exactly when schedtick % 61 == 0. */
    @ParameterizedTest(name = "GOMAXPROCS={0}")
    @ValueSource(ints = {2, 4})
    void fairnessPullHappensOnEvery61stSchedtick(int procs) {
        StepRuns.Run run = StepRuns.run(Scenarios.spawn(1000, Scenarios.MS, procs, 1));
        long[] schedtick = new long[procs];
        for (Event e : run.events()) {
            if (e instanceof Event.Execute x) schedtick[e.p()] = x.schedtick();
            if (e instanceof Event.GlobRunqGet get && get.fairness())
                assertThat(schedtick[e.p()] % Machine.FAIRNESS_TICK).isZero();
        }
    }
}
