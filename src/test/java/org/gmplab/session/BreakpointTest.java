package org.gmplab.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.history.History;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/** Each breakpoint fires at the first moment that includes its event, or the first where its state change happens. */
class BreakpointTest {
    static Scenario load(String name) throws Exception { return ScenarioJson.load(Path.of("scenarios", name)); }

    /** Walks the run one position at a time; returns the first position where {@code bp} hits, or -1. */
    static long firstHit(Scenario sc, Breakpoint bp, int max) {
        try (History h = new History(sc)) {
            for (int i = 0; i < max; i++) {
                Snapshot before = h.snapshot();
                if (!h.stepEvent()) return -1;
                if (Breakpoint.firstHit(List.of(bp), h.lastEvents(), before, h.snapshot()) != null) return h.position();
            }
            return -1;
        }
    }

    /** The first position that includes an event matching {@code p}, or -1. */
    static long firstEvent(Scenario sc, Predicate<Event> p, int max) {
        try (History h = new History(sc)) {
            for (int i = 0; i < max; i++) {
                if (!h.stepEvent()) return -1;
                if (h.lastEvents().stream().anyMatch(p)) return h.position();
            }
            return -1;
        }
    }

    /** The first position whose move from the previous one satisfies {@code p}, or -1. */
    static long firstState(Scenario sc, java.util.function.BiPredicate<Snapshot, Snapshot> p, int max) {
        try (History h = new History(sc)) {
            for (int i = 0; i < max; i++) {
                Snapshot before = h.snapshot();
                if (!h.stepEvent()) return -1;
                if (p.test(before, h.snapshot())) return h.position();
            }
            return -1;
        }
    }

    void hitsAtFirst(Scenario sc, Breakpoint bp, EventKind kind, int max) {
        long want = firstEvent(sc, e -> e.kind() == kind, max);
        assertThat(want).as("%s happens in %s", kind, sc.name()).isPositive();
        assertThat(firstHit(sc, bp, max)).as(bp.toString()).isEqualTo(want);
    }

    @Test
    void eventBreakpointsHitTheFirstPositionThatIncludesTheirEvent() throws Exception {
        Scenario spawn4 = load("spawn1000.json").withGomaxprocs(4);
        hitsAtFirst(spawn4, Breakpoint.of(Breakpoint.Kind.STEAL), EventKind.STEAL, 5_000);
        hitsAtFirst(spawn4, Breakpoint.of(Breakpoint.Kind.RUNQPUTSLOW), EventKind.RUNQPUTSLOW, 20_000);
        hitsAtFirst(spawn4, Breakpoint.of(Breakpoint.Kind.GLOBRUNQGET), EventKind.GLOBRUNQGET, 20_000);
        Scenario syscall = load("syscall.json");
        hitsAtFirst(syscall, Breakpoint.of(Breakpoint.Kind.RETAKE), EventKind.RETAKE, 20_000);
        hitsAtFirst(syscall, Breakpoint.of(Breakpoint.Kind.HANDOFFP), EventKind.HANDOFFP, 20_000);
        hitsAtFirst(load("cpubound.json"), Breakpoint.of(Breakpoint.Kind.PREEMPT), EventKind.PREEMPT_REQUEST, 20_000);
    }

    @Test
    void globalPullBreakpointCanAskForFairnessOrBatchOnly() throws Exception {
        Scenario spawn4 = load("spawn1000.json").withGomaxprocs(4);
        for (long fair : new long[] {0, 1}) {
            long want = firstEvent(spawn4, e -> e instanceof org.gmplab.snapshot.Event.GlobRunqGet get && (get.fairness() ? 1 : 0) == fair, 50_000);
            if (want < 0) continue;   // this run may not have both kinds of pull
            assertThat(firstHit(spawn4, new Breakpoint(Breakpoint.Kind.GLOBRUNQGET, fair, -1), 50_000)).isEqualTo(want);
        }
    }

    @Test
    void stealFromAGivenVictimToAGivenThief() throws Exception {
        Scenario spawn4 = load("spawn1000.json").withGomaxprocs(4);
        long want = firstEvent(spawn4, e -> e instanceof org.gmplab.snapshot.Event.Steal st && st.victim() == 0 && e.p() == 2, 20_000);
        if (want > 0) assertThat(firstHit(spawn4, new Breakpoint(Breakpoint.Kind.STEAL, 0, 2), 20_000)).isEqualTo(want);
        long anyFrom0 = firstEvent(spawn4, e -> e instanceof org.gmplab.snapshot.Event.Steal st && st.victim() == 0, 20_000);
        assertThat(firstHit(spawn4, new Breakpoint(Breakpoint.Kind.STEAL, 0, -1), 20_000)).isEqualTo(anyFrom0).isPositive();
    }

    @Test
    void stateBreakpointsHitWhereTheWorldChanges() throws Exception {
        Scenario spawn4 = load("spawn1000.json").withGomaxprocs(4);
        long spin = firstState(spawn4, (a, b) -> a.nmspinning() < 1 && b.nmspinning() >= 1, 5_000);
        assertThat(spin).isPositive();
        assertThat(firstHit(spawn4, new Breakpoint(Breakpoint.Kind.SPINNING, 1, -1), 5_000)).isEqualTo(spin);

        long g1 = firstState(spawn4, (a, b) -> status(a, 1) != status(b, 1), 5_000);
        assertThat(g1).isPositive();
        assertThat(firstHit(spawn4, new Breakpoint(Breakpoint.Kind.G_STATUS, 1, -1), 5_000)).isEqualTo(g1);

        long empty = firstState(spawn4, (a, b) -> {
            for (int i = 0; i < b.ps().size(); i++)
                if (!isEmpty(a.ps().get(i)) && isEmpty(b.ps().get(i))) return true;
            return false;
        }, 50_000);
        assertThat(empty).isPositive();
        assertThat(firstHit(spawn4, new Breakpoint(Breakpoint.Kind.QUEUE_EMPTY, -1, -1), 50_000)).isEqualTo(empty);
    }

    @Test
    void badParametersAreRefusedWithAMessage() {
        assertThatThrownBy(() -> new Breakpoint(Breakpoint.Kind.SPINNING, 0, -1)).hasMessageContaining("k must be");
        assertThatThrownBy(() -> new Breakpoint(Breakpoint.Kind.G_STATUS, -1, -1)).hasMessageContaining("goid");
    }

    static GStatus status(Snapshot s, long goid) {
        return s.gs().stream().filter(g -> g.goid() == goid).map(Snapshot.G::status).findFirst().orElse(null);
    }

    static boolean isEmpty(Snapshot.Proc p) { return p.runq().isEmpty() && p.runnext() < 0; }
}
