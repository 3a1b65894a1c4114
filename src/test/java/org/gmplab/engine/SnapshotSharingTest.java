package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.gmplab.scenario.ScenarioJson;
import org.gmplab.snapshot.ChunkList;
import org.gmplab.snapshot.LongList;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/**
 * Successive exact snapshots share the records of the goroutines that did not change and an unchanged global queue,
 * so a history keeping a stretch of them holds each unchanged goroutine once; what they show is unchanged by it.
 */
class SnapshotSharingTest {

    @Test
    void aSnapshotSharesTheRecordsOfTheGsThatDidNotChangeSinceTheLastOne() throws Exception {
        // given spawn1000 on 4 Ps, stopped where most of its goroutines wait in queues
        try (Engine e = Engine.step(ScenarioJson.load(Path.of("scenarios", "spawn1000.json")).withGomaxprocs(4))) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.seq() >= 2_500);
            Snapshot before = e.snapshot();
            int shared = 0, total = 0;
            for (int i = 0; i < 20; i++) {
                // when the engine moves one position on
                e.runUntil(Long.MAX_VALUE, ev -> true);
                Snapshot s = e.snapshot();
                Set<Snapshot.G> old = Collections.newSetFromMap(new IdentityHashMap<>());
                old.addAll(before.gs());
                for (int k = 0; k < s.gs().size(); k++) {
                    Snapshot.G g = s.gs().get(k);
                    total++;
                    if (old.contains(g)) {
                        shared++;
                    }
                }
                // then it shows what a reader that shares nothing shows: no shared record stands for a G that changed
                assertThat(s).isEqualTo(unshared(e));
                if (s.globalQueue().equals(before.globalQueue())) assertThat(s.globalQueue()).isSameAs(before.globalQueue());
                before = s;
            }
            // and most records are shared: a position changes a few goroutines, not a thousand
            assertThat(shared).as("records shared of %d", total).isGreaterThan(total * 9 / 10);
        }
    }

    @Test
    void aSnapshotOfAWorldThatDidNotMoveSharesEveryChunkAndPAndAllocatesAFewObjectsNotACopyOfTheWorld() throws Exception {
        var mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        assumeTrue(mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled());
        // given spawn1000 on 4 Ps, stopped where most of its goroutines wait in the rings and the global queue
        try (Engine e = Engine.step(ScenarioJson.load(Path.of("scenarios", "spawn1000.json")).withGomaxprocs(4))) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.seq() >= 2_500);
            Snapshot before = e.snapshot();
            assertThat(before.gs()).hasSizeGreaterThan(1_000);
            assertThat(before.globalQueue()).isNotEmpty();
            e.snapshot();   // loads what a first snapshot loads
            // when it is snapshotted again without moving
            long at = mx.getThreadAllocatedBytes(Thread.currentThread().getId());
            Snapshot s = e.snapshot();
            long allocated = mx.getThreadAllocatedBytes(Thread.currentThread().getId()) - at;
            // then it allocates a few objects (about 8 KB here, interpreted), not a copy of the world (each G's record list
            // and place, the queues' goids, a map of places: 57 bytes a goroutine before, 57 KB here)
            assertThat(allocated).as("bytes allocated by a snapshot of %d goroutines", s.gs().size()).isLessThan(16L * s.gs().size());
            // and it shows the same world, in the same chunks, Ps and global queue
            assertThat(s).isEqualTo(before);
            assertThat(((ChunkList<Snapshot.G>) s.gs()).chunksNotIn((ChunkList<Snapshot.G>) before.gs())).isZero();
            assertThat(s.ps()).isSameAs(before.ps());
            assertThat(s.globalQueue()).isSameAs(before.globalQueue());
        }
    }

    @Test
    void aPWhoseRingAndFieldsDidNotChangeIsTheSameRecordAndOneThatDidIsNew() throws Exception {
        try (Engine e = Engine.step(ScenarioJson.load(Path.of("scenarios", "spawn1000.json")).withGomaxprocs(4))) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.seq() >= 2_500);
            Snapshot before = e.snapshot();
            int sharedPs = 0, newPs = 0;
            for (int i = 0; i < 30; i++) {
                e.runUntil(Long.MAX_VALUE, ev -> true);
                Snapshot s = e.snapshot();
                for (int k = 0; k < s.ps().size(); k++) {
                    Snapshot.Proc p = s.ps().get(k), was = before.ps().get(k);
                    if (p.equals(was)) {
                        assertThat(p).isSameAs(was);
                        sharedPs++;
                    } else {
                        assertThat(p).isNotSameAs(was);
                        newPs++;
                    }
                }
                assertThat(s.ps()).isEqualTo(unshared(e).ps());   // a shared P is one that did not change
                before = s;
            }
            assertThat(sharedPs).isPositive();
            assertThat(newPs).isPositive();
        }
    }

    /** The world now, read by a reader with no snapshot before it to share with. */
    private static Snapshot unshared(Engine e) {
        return new WorldReader(e.sched()).snapshot(e.now(), e.eventCount(), true);
    }

    @Test
    void aLongListEqualsTheListOfTheSameLongs() {
        LongList l = LongList.wrap(new long[] {3, 1, 2});
        assertThat(l).isEqualTo(List.of(3L, 1L, 2L)).hasSameHashCodeAs(List.of(3L, 1L, 2L)).containsExactly(3L, 1L, 2L);
        assertThat(List.of(3L, 1L, 2L)).isEqualTo(l);
        assertThat(LongList.copyOf(List.of(3L, 1L, 2L))).isEqualTo(l);
        assertThat(LongList.copyOf(l)).isSameAs(l);
        assertThat(l.same(new long[] {3, 1, 2})).isTrue();
        assertThat(l.same(new long[] {3, 1})).isFalse();
    }
}
