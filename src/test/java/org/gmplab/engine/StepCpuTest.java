package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Step mode keeps each engine's threads on one CPU ({@link StepCpu}): every thread of a step-mode engine,
 * those its controller starts and those its Ms start in {@code newm}, may run only on the CPU the engine was
 * given, the first with fewest engines open (so two engines open at once get two CPUs where the counts were even),
 * and a closed engine gives it back. Read from Linux's own account of each thread ({@code /proc/self/task/<tid>/status});
 * skipped where step mode cannot pin (not Linux, one CPU, no taskset).
 */
class StepCpuTest {

    @Test
    void readsTheCpusAProcessMayRunOn() {
        assertThat(StepCpu.allowedCpus(List.of("Name:\tjava", "Cpus_allowed:\t4f", "Cpus_allowed_list:\t0-3,6"))).containsExactly(0, 1, 2, 3, 6);
        assertThat(StepCpu.allowedCpus(List.of("Cpus_allowed_list:\t5"))).containsExactly(5);
        assertThat(StepCpu.allowedCpus(List.of("Name:\tjava"))).isEmpty();
    }

    @Test
    void anEngineTakesTheFirstCpuWithFewestEnginesOpen() {
        assertThat(StepCpu.choose(new int[] {0, 0})).isZero();
        assertThat(StepCpu.choose(new int[] {1, 0})).isOne();
        assertThat(StepCpu.choose(new int[] {1, 1})).isZero();
        assertThat(StepCpu.choose(new int[] {2, 1, 3, 1})).isOne();
    }

    @Test
    @Tag("process")   // taskset
    @Timeout(120)
    void everyThreadOfAStepModeEngineRunsOnTheCpuItWasGiven() throws Exception {
        assumeTrue(StepCpu.possible(), "step mode pins its threads on Linux with two CPUs or more");
        assumeTrue(StepCpu.awaitPinned(), "taskset could not pin a thread here");
        int[] cpus = StepCpu.cpus();

        // the CPU each engine should get, from the counts of engines open (an earlier test may have left some)
        int a = StepCpu.choose(StepCpu.openCounts()), forA = cpus[a];
        Set<String> before = tids();
        // 8 Ps and 200 goroutines: main's M, sysmon's, and Ms that newm starts from other Ms as the Ps get work
        try (Engine engineA = Engine.step(Scenarios.spawn(200, 20 * Scenarios.US, 8, 1))) {
            engineA.run(100 * Scenarios.US);   // frozen mid-run: every thread it made is alive, parked
            Map<String, List<Integer>> ofA = engineThreads(before);
            assertThat(ofA.keySet()).as("main's M, sysmon's and Ms started by Ms").contains("M0").hasSizeGreaterThan(4);
            assertThat(new HashSet<>(ofA.values())).as("the CPUs each thread of one engine may run on: %s", ofA)
                    .containsExactly(List.of(forA));

            int forB = cpus[StepCpu.choose(StepCpu.openCounts())];
            assertThat(StepCpu.openCounts()[a]).as("A's CPU counts A").isPositive();
            Set<String> beforeB = tids();
            try (Engine b = Engine.step(Scenarios.spawn(200, 20 * Scenarios.US, 8, 1))) {
                b.run(100 * Scenarios.US);
                assertThat(new HashSet<>(engineThreads(beforeB).values())).containsExactly(List.of(forB));
            }
        }
        int[] open = StepCpu.openCounts();
        int forC = cpus[StepCpu.choose(open)];
        Set<String> beforeC = tids();
        try (Engine c = Engine.step(Scenarios.spawn(200, 20 * Scenarios.US, 8, 1))) {
            c.run(100 * Scenarios.US);
            assertThat(new HashSet<>(engineThreads(beforeC).values())).as("after A and B shut down").containsExactly(List.of(forC));
        }
        assertThat(StepCpu.openCounts()).as("every engine gave its CPU back").isEqualTo(open);
    }

    /** The threads made since {@code before} that are engine threads (Ms, sysmon's among them): name → allowed CPUs. */
    private static Map<String, List<Integer>> engineThreads(Set<String> before) throws IOException {
        Map<String, List<Integer>> out = new HashMap<>();
        for (String tid : tids()) {
            if (before.contains(tid)) continue;
            try {
                String name = Files.readString(Path.of("/proc/self/task", tid, "comm")).trim();
                if (!name.matches("M\\d+")) continue; // sysmon's M too
                out.put(name, StepCpu.allowedCpus(Files.readAllLines(Path.of("/proc/self/task", tid, "status"))));
            } catch (NoSuchFileException ended) {
                // a thread that ended meanwhile (another test's leftover) is no engine thread of these
            }
        }
        return out;
    }

    private static Set<String> tids() throws IOException {
        Set<String> out = new HashSet<>();
        try (Stream<Path> s = Files.list(Path.of("/proc/self/task"))) {
            s.forEach(p -> out.add(p.getFileName().toString()));
        }
        return out;
    }
}
