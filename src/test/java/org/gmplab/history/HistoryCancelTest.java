package org.gmplab.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gmplab.history.HistoryTest.json;
import static org.gmplab.history.HistoryTest.scenario;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.gmplab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** A long move stops when its cancel flag is up: at a recorded position it reached, or where it was. */
class HistoryCancelTest {

    /** The snapshot a fresh history shows at position {@code n}. */
    static String fresh(Scenario sc, long n) {
        try (History h = new History(sc)) {
            h.jumpTo(n);
            assertThat(h.position()).isEqualTo(n);
            return json(h.snapshot());
        }
    }

    @Test
    void aJumpFarAheadCancelledStopsAtThePositionItReachedWhichIsRecorded() throws Exception {
        Scenario sc = scenario("pingpong.json");
        try (History h = new History(sc)) {
            long start = h.position();
            AtomicLong asked = new AtomicLong();
            h.cancelWhen(() -> asked.incrementAndGet() > 3000);   // up after some positions explored
            h.jumpTo(20_000);

            long reached = h.position();
            assertThat(reached).isBetween(start + 1, 19_999L);
            assertThat(h.end()).isEqualTo(reached);
            assertThat(json(h.snapshot())).isEqualTo(fresh(sc, reached));
            // the flag down again, the history goes on from there and back as if never stopped
            h.cancelWhen(null);
            h.jumpTo(20_000);
            assertThat(json(h.snapshot())).isEqualTo(fresh(sc, h.position()));
            h.jumpTo(reached);
            assertThat(json(h.snapshot())).isEqualTo(fresh(sc, reached));
        }
    }

    @Test
    void aReplayFromTheStartCancelledThrowsAndLeavesTheHistoryWhereItWas() throws Exception {
        Scenario sc = scenario("pingpong.json");
        try (History h = new History(sc, 256)) {
            h.jumpTo(20_000);
            long at = h.position();
            long early = 50;   // long out of the ring: only a replay from the start reaches it
            String there = json(h.snapshot());
            AtomicBoolean cancel = new AtomicBoolean(true);
            h.cancelWhen(cancel::get);

            assertThatThrownBy(() -> h.jumpTo(early)).isInstanceOf(History.Cancelled.class);
            assertThat(h.position()).isEqualTo(at);
            assertThat(json(h.snapshot())).isEqualTo(there);

            cancel.set(false);
            assertThat(h.stepEvent()).isTrue();   // the engine was set back: this replays to here first
            assertThat(json(h.snapshot())).isEqualTo(fresh(sc, h.position()));
            h.jumpTo(early);
            assertThat(json(h.snapshot())).isEqualTo(fresh(sc, h.position()));
        }
    }
}
