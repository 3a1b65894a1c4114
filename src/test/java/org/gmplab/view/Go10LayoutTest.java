package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.trace.SchedTrace;
import org.junit.jupiter.api.Test;

/** A Go 1.0 world has no Ps: the layout and schedtrace must still work, showing Ms and the global queue. */
class Go10LayoutTest {

    private static Snapshot midRun() {
        Scenario sc = Worlds.scenario("go10-vs-gmp.json");
        assertThat(sc.scheduler()).isEqualTo(Scenario.Scheduler.GO10);
        try (Engine e = Engine.step(sc)) {
            e.run(40_000);
            return e.snapshot();
        }
    }

    @Test
    void layoutOfAWorldWithoutPsKeepsMsAndGsInsideTheCanvas() {
        // given the Go 1.0 setting mid-run: no Ps, Ms running, a long global queue
        Snapshot s = midRun();
        assertThat(s.ps()).isEmpty();
        assertThat(s.globalQueue()).isNotEmpty();
        for (int[] size : LayoutTest.SIZES) {
            // when it is laid out
            Layout l = Layout.compute(s, size[0], size[1], 1.0);
            // then there are no P cards, and everything placed is inside the canvas
            assertThat(l.cards).isEmpty();
            Rect canvas = new Rect(0, 0, size[0], size[1]);
            List<Rect> boxes = l.boxes();
            for (Rect r : boxes) assertThat(canvas.contains(r)).as("%s inside the canvas", r).isTrue();
        }
    }

    @Test
    void mPoolsAreNamedForGo10AndM1IsNotSysmon() {
        // given the Go 1.0 setting just after matchmg handed G2..G4 to new Ms that have not run yet
        Snapshot s;
        try (Engine e = Engine.step(Worlds.scenario("go10-vs-gmp.json"))) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == org.gmplab.snapshot.EventKind.GO && ev.g() == 5);
            s = e.snapshot();
        }
        Layout l = Layout.compute(s, 1280, 720, 1.0);
        // then M1 is an ordinary M waiting with its nextg, not sysmon, and the pools say what they hold
        assertThat(l.pools.get("sysmon").chips()).isEmpty();
        assertThat(l.pools.get("syscall").title()).isEqualTo("Ms with a G (no Ps)");
        assertThat(l.pools.get("otherM").title()).isEqualTo("Ms between Gs");
        assertThat(l.pools.get("otherM").chips()).extracting(Layout.Chip::label).contains("M1 →G2");
    }

    @Test
    void schedtraceSaysWhichSchedulerAndCountsTheLock() {
        Snapshot s = midRun();
        String line = SchedTrace.format(s, false);
        assertThat(line).startsWith("SCHED 0ms: gomaxprocs=4 ").contains(" scheduler=go1.0 mcpu=").contains(" schedlock=").endsWith("[]\n");
        assertThat(SchedTrace.format(s, true)).doesNotContain("  P0:").contains("  M0:");
    }
}
