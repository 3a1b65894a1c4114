package org.gmplab.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.gmplab.engine.Engine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The engines left behind by replays: bounded, thinned so that those kept stay spread over the run. */
class SparesTest {
    private final List<Engine> made = new ArrayList<>();

    private Engine engine() throws Exception {
        Engine e = Engine.step(HistoryTest.scenario("pingpong.json"));
        made.add(e);
        return e;
    }

    @AfterEach
    void closeAll() { made.forEach(Engine::close); }

    @Test
    void overTheCountTheSpareNearestTheOneBelowItGoes() throws Exception {
        Spares s = new Spares(3, 1_000, 1_000_000);
        Engine at210 = engine();
        s.keep(engine(), 1_000, 10);
        s.keep(engine(), 200, 10);
        s.keep(at210, 210, 10);
        s.keep(engine(), 600, 10);
        assertThat(s.positions()).containsExactly(200L, 600L, 1_000L);   // 210 was 10 above 200: the smallest gap
        assertThat(at210.liveThreads()).as("the one dropped is closed").isZero();
    }

    @Test
    void aMoveTakesTheNearestSpareAtOrBeforeItsTarget() throws Exception {
        Spares s = new Spares(3, 1_000, 1_000_000);
        Engine at200 = engine();
        s.keep(at200, 200, 10);
        s.keep(engine(), 600, 10);
        assertThat(s.nearest(100)).isEqualTo(-1);
        assertThat(s.take(100)).isNull();
        assertThat(s.nearest(599)).isEqualTo(200);
        Spares.Spare got = s.take(599);
        assertThat(got.position()).isEqualTo(200);
        assertThat(got.engine()).isSameAs(at200);
        assertThat(s.positions()).containsExactly(600L);
    }

    @Test
    void goroutinesAndThreadsBoundTheSparesAsTheCountDoes() throws Exception {
        Spares byGs = new Spares(10, 1_000, 100);
        byGs.keep(engine(), 100, 60);
        byGs.keep(engine(), 500, 60);
        assertThat(byGs.positions()).containsExactly(500L);   // 100 (gap 100 from the start) < 400
        Engine one = engine();
        Spares byThreads = new Spares(10, one.liveThreads(), 1_000_000);
        byThreads.keep(one, 300, 1);
        byThreads.keep(engine(), 900, 1);
        assertThat(byThreads.positions()).hasSize(1);
        byThreads.clear();
        assertThat(byThreads.positions()).isEmpty();
        assertThat(one.liveThreads()).isZero();
    }

    @Test
    void aSecondEngineAtTheSamePositionIsClosed() throws Exception {
        Spares s = new Spares(3, 1_000, 1_000_000);
        Engine first = engine(), second = engine();
        s.keep(first, 300, 1);
        s.keep(second, 300, 1);
        assertThat(s.positions()).containsExactly(300L);
        assertThat(second.liveThreads()).isZero();
        assertThat(first.liveThreads()).isPositive();
    }
}
