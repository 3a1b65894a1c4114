package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.gmplab.scenario.Scenario;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Go 1.23's {@code globrunqget(pp, max)}: n = min(size/gomaxprocs + 1, size, max if > 0, capacity/2). */
class GlobrunqgetTest {

    @ParameterizedTest(name = "size={0} gomaxprocs={1} max={2} runq={3} → n={4}")
    @CsvSource({
            "403, 8, 0, 256, 51",   // the reference trace: 403 → 352 at GOMAXPROCS=8
            "774, 2, 0, 256, 128",  // the reference trace: 774 → 646 at GOMAXPROCS=2 (capped at 128)
            "518, 4, 0, 256, 128",
            "5,   2, 0, 256, 3",
            "1,   4, 0, 256, 1",
            "3,   1, 0, 256, 3",    // size/1+1 = 4 > size: capped at size
            "100, 2, 1, 256, 1",    // the 61-tick pull: max = 1
            "100, 1, 0, 4,   2",    // a lesson-sized ring of 4 takes at most 2
    })
    void takesGoBatchFormula(int size, int procs, int max, int runqSize, int expected) {
        Scenario sc = Scenarios.spawn(1, 0, procs, 1);
        sc = new Scenario(sc.name(), procs, 1, runqSize, sc.program());
        try (Engine e = Engine.step(sc)) {
            // given a global queue of `size` Gs (the engine is frozen before its first turn)
            Sched sched = e.sched();
            Processor pp = sched.allp[0];
            Goroutine g1 = pp.runq.runqget(); // take main out of runnext: P0 starts empty
            List<Goroutine> queued = new ArrayList<>();
            sched.lock.lock();
            try {
                for (int i = 0; i < size; i++) {
                    Goroutine g = new Goroutine(100 + i);
                    queued.add(g);
                    sched.runq.globrunqput(g);
                }
                // when P0 takes from it
                Goroutine got = sched.globrunqget(pp, max);
                // then it took n: the first to run now, the next n-1 into its local queue in order
                assertThat(sched.lastGlobrunqgetN).isEqualTo(expected);
                assertThat(got).isSameAs(queued.get(0));
                assertThat(pp.runq.contents()).containsExactlyElementsOf(queued.subList(1, expected));
                assertThat(sched.runq.size()).isEqualTo(size - expected);
            } finally {
                sched.lock.unlock();
            }
            assertThat(g1.goid).isEqualTo(1);
        }
    }
}
