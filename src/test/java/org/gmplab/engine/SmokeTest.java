package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void spawnRunsToTheEnd() {
        try (Engine e = Engine.step(Scenarios.spawn(1000, Scenarios.MS, 2, 1))) {
            Engine.Stop s = e.run(Long.MAX_VALUE);
            System.out.println(s + " " + e.outcome() + " events=" + e.eventCount() + " t=" + e.now());
            var evs = e.drainEvents();
            evs.stream().limit(40).forEach(ev -> System.out.println(ev.seq() + " " + ev.time() + " " + ev.kind() + " " + ev.why()));
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        }
    }
}
