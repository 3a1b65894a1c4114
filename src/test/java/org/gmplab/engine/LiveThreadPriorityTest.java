package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.ScenarioFiles;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The Java priority of a live engine's threads ({@link Engine#live(Scenario, double, boolean, int)}): every M,
 * sysmon, and the spares that carry Ms made by {@code newm} run at the priority asked, all the same one, so
 * the Ms compete among themselves as before; without one (the CLI, the benchmarks) they run at the default.
 */
@Tag("live")
class LiveThreadPriorityTest {

    /** Blocking system calls at GOMAXPROCS 1: sysmon retakes Ps, newm makes Ms, and those Ms run on spares. */
    private static Scenario syscalls() throws Exception {
        return ScenarioFiles.load(Path.of("bench/go/syscall/gmplab.go")).withGomaxprocs(1);
    }

    @Test
    void everyThreadOfALiveEngineRunsAtThePriorityItWasGiven() throws Exception {
        Engine e = Engine.live(syscalls(), 1, false, Thread.MIN_PRIORITY);
        try {
            assertThat(e.awaitEnd(120, TimeUnit.SECONDS)).isNotNull();
            // allm holds every M and sysmon; each one's thread is the Java thread that ran it, its own or a spare's
            assertThat(e.sched().allm).hasSizeGreaterThan(2);
            assertThat(e.sched().allm).allSatisfy(m ->
                    assertThat(m.thread.getPriority()).as(m.name).isEqualTo(Thread.MIN_PRIORITY));
        } finally {
            e.close();
        }
    }

    @Test
    void withoutAPriorityALiveEnginesThreadsRunAtTheDefault() throws Exception {
        Engine e = Engine.live(syscalls(), 1, false);
        try {
            assertThat(e.awaitEnd(120, TimeUnit.SECONDS)).isNotNull();
            assertThat(e.sched().allm).allSatisfy(m ->
                    assertThat(m.thread.getPriority()).as(m.name).isEqualTo(Thread.NORM_PRIORITY));
        } finally {
            e.close();
        }
    }

    @Test
    void aPriorityOutsideJavasRangeIsRefusedInOneLine() {
        assertThatThrownBy(() -> new LiveTurnstile(1, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("thread priority must be between 1 and 10, got 0");
    }
}
