package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Snapshots of a live run: the world is stopped at the Ms' next scheduling points, so every snapshot is
 * consistent — each goroutine in exactly one place, every invariant true — while 8 Ps really run.
 */
@Tag("live")
class LiveSnapshotTest {

    @Test
    void thousandsOfSnapshotsWhileEightPsRunAreAllConsistent() throws Exception {
        Scenario sc = LiveBlockingStressTest.mix(8, 1);
        int taken = 0;
        for (int rep = 0; rep < 20; rep++) {
            Engine e = Engine.live(sc, 1, false, null);
            while (e.outcome() == null) {
                Snapshot s = e.snapshotStopped(true); // throws if any invariant is broken
                Set<Long> seen = new HashSet<>();
                for (Snapshot.G g : s.gs()) {
                    if (g.status() == GStatus.DEAD) continue;
                    assertThat(seen.add(g.goid())).as("G%d appears once", g.goid()).isTrue();
                    assertThat(g.where()).as("G%d has a place", g.goid()).isNotEqualTo(Place.UNKNOWN);
                }
                taken++;
            }
            assertThat(e.awaitEnd(30, TimeUnit.SECONDS).kind()).isEqualTo(Outcome.Kind.EXITED);
            e.close();
            assertThat(e.liveThreads()).isZero();
        }
        assertThat(taken).isGreaterThan(1000);
    }
}
