package org.gmplab.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.ScenarioFiles;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The window's live run makes its engine's threads below the window's own ({@link LiveRun#ENGINE_PRIORITY}):
 * the FX and render threads run at {@link Thread#NORM_PRIORITY}, so where the JVM maps Java priorities to the
 * OS's a busy program shown live takes the cores' spare time, not the window's frames. The nice values that
 * follow are measured in docs/benchmarks.md; here, the Java priority of every thread the run made.
 */
@Tag("live")
class LiveRunPriorityTest {
    /** An M (sysmon is one), or a spare thread started ahead for one. */
    private static final Pattern ENGINE_THREAD = Pattern.compile("M\\d+|gmplab-spa.*");

    private static List<Thread> engineThreadsMadeSince(Set<Thread> before) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> !before.contains(t) && ENGINE_THREAD.matcher(t.getName()).matches()).toList();
    }

    @Test
    void theWindowsLiveRunRunsItsEngineBelowTheWindowsThreads() throws Exception {
        Set<Thread> before = Set.copyOf(Thread.getAllStackTraces().keySet());
        Scenario sc = ScenarioFiles.load(Path.of("scenarios/spawn1000.json")).withGomaxprocs(4);
        try (LiveRun run = new LiveRun(sc, 20)) {   // 20 ms of Go time a second: the run lasts seconds
            // frame by frame until M0, sysmon and a spinning M are there; the bound catches a run that makes none
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                while (engineThreadsMadeSince(before).size() < 3) assertThat(run.update(null).last()).isFalse();
            });
            run.pause();   // held: every M waits at a safe point, alive
            List<Thread> made = engineThreadsMadeSince(before);
            assertThat(made).hasSizeGreaterThanOrEqualTo(3).allSatisfy(t ->
                    assertThat(t.getPriority()).as(t.getName()).isEqualTo(LiveRun.ENGINE_PRIORITY));
        }
    }

    @Test
    void onLinuxTheEngineIsBelowNormalAndElsewhereAtNormal() {
        // Windows schedules strictly by priority: a lowest-priority M could hold up each frame's stop of the world
        boolean linux = System.getProperty("os.name", "").startsWith("Linux");
        assertThat(LiveRun.ENGINE_PRIORITY).isEqualTo(linux ? Thread.MIN_PRIORITY : Thread.NORM_PRIORITY);
    }
}
