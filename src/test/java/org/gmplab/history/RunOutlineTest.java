package org.gmplab.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.gmplab.engine.Action;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.snapshot.Event;
import org.junit.jupiter.api.Test;

/** A run's outline is what the history meets when it explores the same run to its end. */
class RunOutlineTest {
    static Scenario load(String name) throws Exception { return ScenarioJson.load(Path.of("scenarios", name)); }

    /** Explores {@code h} to the end of its run; the events on the way. */
    static List<Event> exploreToEnd(History h) {
        h.jumpTo(Long.MAX_VALUE / 2);
        return h.explored();
    }

    @Test
    void theOutlineHasTheRunsEndAndEveryStealHandOffRetakeAndPreemptionTheHistoryMeets() throws Exception {
        for (String name : List.of("spawn1000.json", "syscall.json")) {
            Scenario sc = load(name);
            RunOutline o = RunOutline.scan(sc, List.of(), RunOutline.MAX_EVENTS, () -> false);
            try (History h = new History(sc)) {
                List<Event> events = exploreToEnd(h);
                assertThat(h.finished()).as(name).isTrue();
                assertThat(o.complete()).as(name).isTrue();
                assertThat(o.end()).as(name).isEqualTo(h.end());
                assertThat(o.endTime()).as(name).isEqualTo(h.snapshot().time());
                List<RunOutline.Mark> expected = events.stream().filter(e -> RunOutline.MARKED.contains(e.kind()))
                        .map(e -> new RunOutline.Mark(e.seq(), e.time(), e.kind())).toList();
                assertThat(o.marks()).as(name).isNotEmpty().isEqualTo(expected);
                for (Event e : events) {
                    assertThat(o.kind(e.seq())).isEqualTo(e.kind());
                    if (o.timeExact(e.seq())) assertThat(o.timeNear(e.seq())).isEqualTo(e.time());
                    else assertThat(o.timeNear(e.seq())).isLessThanOrEqualTo(e.time());
                }
            }
        }
        // spawn1000 has a steal, the mark the timeline test looks for
        assertThat(RunOutline.scan(load("spawn1000.json"), List.of(), RunOutline.MAX_EVENTS, () -> false).marks())
                .anyMatch(m -> m.kind() == org.gmplab.snapshot.EventKind.STEAL);
    }

    @Test
    void theOutlineFollowsTheRecordedActions() throws Exception {
        Scenario sc = load("spawn1000.json");
        try (History h = new History(sc)) {
            h.jumpTo(40);
            h.inject(new Action.Spawn("worker", 50, List.of(1L)));
            List<Action.AppliedAction> actions = h.actions();
            RunOutline o = RunOutline.scan(sc, actions, RunOutline.MAX_EVENTS, () -> false);
            exploreToEnd(h);
            assertThat(o.end()).isEqualTo(h.end());
            assertThat(o.end()).isNotEqualTo(RunOutline.scan(sc, List.of(), RunOutline.MAX_EVENTS, () -> false).end());
        }
    }

    @Test
    void aRunPastTheEventBudgetHasNoKnownEndAndACancelledScanNoOutline() throws Exception {
        Scenario sc = load("spawn1000.json");
        RunOutline o = RunOutline.scan(sc, List.of(), 1000, () -> false);
        assertThat(o.complete()).isFalse();
        assertThat(o.stoppedBy()).contains("1000 events");
        assertThat(o.end()).isBetween(1000L, 1100L);
        assertThat(o.kind(1000)).isNotNull();
        AtomicInteger asked = new AtomicInteger();
        assertThat(RunOutline.scan(sc, List.of(), RunOutline.MAX_EVENTS, () -> asked.incrementAndGet() > 50)).isNull();
    }
}
