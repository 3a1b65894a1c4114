package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.gmplab.engine.program.Scenario;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

class Go10SmokeTest {
    @Test
    void runs() {
        Scenario sc = Scenarios.spawn(Integer.getInteger("n", 50), Long.getLong("w", 5000), 4, 1).withScheduler(Scenario.Scheduler.GO10);
        try (Engine e = Engine.step(sc)) {
            e.run(60_000_000_000L);
            Snapshot s = e.snapshot();
            System.out.println("go10 outcome " + e.outcome() + " lock " + s.lock() + " threads " + s.threads() + " t=" + e.now());
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        }
        try (Engine e = Engine.step(sc.withScheduler(Scenario.Scheduler.GMP))) {
            e.run(60_000_000_000L);
            Snapshot s = e.snapshot();
            System.out.println("gmp outcome " + e.outcome() + " lock " + s.lock() + " threads " + s.threads() + " t=" + e.now());
        }
    }
}
