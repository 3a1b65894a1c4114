package org.gmplab.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/** The ring of recent snapshots is bounded in count and in bytes, evicting the oldest first. */
class SnapshotRingTest {
    /** A snapshot at {@code position} of a world with {@code gs} goroutines. */
    static Snapshot world(long position, int gs) {
        List<Snapshot.G> g = new ArrayList<>();
        for (int i = 1; i <= gs; i++) g.add(new Snapshot.G(i, GStatus.RUNNABLE, "", -1, "main.worker", "work 20µs", 1, new Place.Global(i - 1)));
        return new Snapshot(0, position, 1, 1, 0, 0, 0, 0, List.of(), List.of(), List.of(), 0, List.of(), List.of(), g);
    }

    @Test
    void aByteBudgetEvictsTheOldestSnapshotsAndKeepsTheNewest() {
        long each = SnapshotRing.bytes(world(0, 1_000));
        SnapshotRing ring = new SnapshotRing(4096, 10 * each);
        for (long p = 1; p <= 25; p++) ring.put(world(p, 1_000));
        assertThat(ring.size()).isEqualTo(10);
        assertThat(ring.bytes()).isEqualTo(10 * each).isLessThanOrEqualTo(ring.budget());
        for (long p = 1; p <= 15; p++) assertThat(ring.contains(p)).as("position %d", p).isFalse();
        for (long p = 16; p <= 25; p++) assertThat(ring.get(p).events()).isEqualTo(p);
    }

    @Test
    void bytesGrowWithTheGoroutinesSoAWorldTenTimesLargerKeepsATenthAsManyPositions() {
        assertThat(SnapshotRing.bytes(world(0, 10_000))).isBetween(600_000L, 1_000_000L);   // measured 0.69–0.91 MB
        long budget = 100 * SnapshotRing.bytes(world(0, 1_000));
        SnapshotRing small = new SnapshotRing(4096, budget), large = new SnapshotRing(4096, budget);
        for (long p = 1; p <= 300; p++) {
            small.put(world(p, 1_000));
            large.put(world(p, 10_000));
        }
        assertThat(small.size()).isEqualTo(100);
        assertThat(large.size()).isBetween(9, 10);
    }

    @Test
    void nearbySnapshotsOfAnEngineAreCountedForWhatTheyDoNotShareSoTheBudgetKeepsManyMoreOfThem() throws Exception {
        // given spawn1000 on 4 Ps, stopped where most of its goroutines wait in queues, and a budget of ten whole snapshots
        try (Engine e = Engine.step(ScenarioJson.load(Path.of("scenarios", "spawn1000.json")).withGomaxprocs(4))) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.seq() >= 2_500);
            Snapshot first = e.snapshot();
            long alone = SnapshotRing.bytes(first);
            SnapshotRing ring = new SnapshotRing(4096, 10 * alone);
            ring.put(first);
            // when the next 99 positions are kept, one event apart
            for (int i = 0; i < 99; i++) {
                e.runUntil(Long.MAX_VALUE, ev -> true);
                ring.put(e.snapshot());
            }
            // then they all fit: each adds the goroutines that changed, not a whole world (counted whole, ten would)
            assertThat(ring.size()).isEqualTo(100);
            assertThat(ring.bytes()).isBetween(alone, ring.budget());
            // and the estimate still counts every record the ring holds, each once
            Set<Snapshot.G> records = Collections.newSetFromMap(new IdentityHashMap<>());
            for (long p = first.events(); p <= e.eventCount(); p++) if (ring.contains(p)) records.addAll(ring.get(p).gs());
            assertThat(ring.bytes()).isGreaterThan(64L * records.size());
        }
    }

    @Test
    void aSnapshotWhoseCountedPredecessorIsEvictedOutOfOrderIsCountedWhole() throws Exception {
        // given two engines' stretches interleaved as a replay and a spare leave them: a1 a2 a3 of one, then b1 of the
        // other, then a2 and a3 reached again (touched), so the ring's order is a1 b1 a2 a3
        Path spawn = Path.of("scenarios", "spawn1000.json");
        try (Engine a = Engine.step(ScenarioJson.load(spawn).withGomaxprocs(4));
             Engine b = Engine.step(ScenarioJson.load(spawn).withGomaxprocs(4))) {
            a.runUntil(Long.MAX_VALUE, ev -> ev.seq() >= 2_500);
            b.runUntil(Long.MAX_VALUE, ev -> ev.seq() >= 3_000);
            SnapshotRing ring = new SnapshotRing(4, Long.MAX_VALUE);
            List<Long> as = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                a.runUntil(Long.MAX_VALUE, ev -> true);
                Snapshot s = a.snapshot();
                as.add(s.events());
                ring.put(s);
            }
            Snapshot b1 = b.snapshot();
            ring.put(b1);
            ring.touch(as.get(1));
            ring.touch(as.get(2));
            // when the next put evicts a1, which a2 was counted against
            b.runUntil(Long.MAX_VALUE, ev -> true);
            Snapshot b2 = b.snapshot();
            ring.put(b2);
            assertThat(ring.contains(as.get(0))).isFalse();
            // then a2, which now holds what it shared with a1 alone, is counted whole: every record kept counts once
            Set<Snapshot.G> records = Collections.newSetFromMap(new IdentityHashMap<>());
            for (long p : List.of(as.get(1), as.get(2), b1.events(), b2.events())) if (ring.contains(p)) records.addAll(ring.get(p).gs());
            assertThat(ring.size()).isEqualTo(4);
            assertThat(ring.bytes()).isGreaterThan(64L * records.size());
        }
    }

    @Test
    void theNewestSnapshotStaysEvenAboveTheBudgetAndTheCountStillBounds() {
        SnapshotRing ring = new SnapshotRing(3, 1);
        ring.put(world(1, 10));
        ring.put(world(2, 10));
        assertThat(ring.size()).isEqualTo(1);
        assertThat(ring.contains(2)).isTrue();
        SnapshotRing byCount = new SnapshotRing(3, Long.MAX_VALUE);
        for (long p = 1; p <= 5; p++) byCount.put(world(p, 10));
        assertThat(byCount.size()).isEqualTo(3);
        assertThat(byCount.contains(3)).isTrue();
        assertThat(byCount.contains(2)).isFalse();
    }

    @Test
    void droppingTheFutureGivesItsBytesBack() {
        SnapshotRing ring = new SnapshotRing(100, Long.MAX_VALUE);
        for (long p = 1; p <= 10; p++) ring.put(world(p, 100 * (int) p));
        long kept = 0;
        for (long p = 1; p <= 4; p++) kept += SnapshotRing.bytes(world(p, 100 * (int) p));
        ring.dropAfter(4);
        assertThat(ring.size()).isEqualTo(4);
        assertThat(ring.bytes()).isEqualTo(kept);
        ring.put(world(2, 5_000));   // already there: neither replaced nor counted twice
        assertThat(ring.bytes()).isEqualTo(kept);
    }

    @Test
    void aSnapshotPutAgainBecomesTheNewestSoAStretchJustKeptIsNotEvictedInTheMiddle() {
        SnapshotRing ring = new SnapshotRing(3);
        ring.put(world(1, 1));
        ring.put(world(2, 1));
        ring.put(world(3, 1));
        ring.put(world(1, 1));   // reached again: now the newest
        ring.put(world(4, 1));   // evicts 2, the oldest, not 1
        assertThat(ring.contains(1)).isTrue();
        assertThat(ring.contains(2)).isFalse();
        assertThat(ring.touch(3)).isTrue();
        assertThat(ring.touch(2)).isFalse();
        ring.put(world(5, 1));   // evicts 1 (3 was touched after it)
        assertThat(ring.contains(3)).isTrue();
        assertThat(ring.contains(1)).isFalse();
        assertThat(ring.size()).isEqualTo(3);
    }
}
