package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.gmplab.scenario.ScenarioJson;
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
                        // then a shared record is the same G, unchanged
                        assertThat(g).isEqualTo(before.gs().get(k));
                    }
                }
                if (s.globalQueue().equals(before.globalQueue())) assertThat(s.globalQueue()).isSameAs(before.globalQueue());
                before = s;
            }
            // and most records are shared: a position changes a few goroutines, not a thousand
            assertThat(shared).as("records shared of %d", total).isGreaterThan(total * 9 / 10);
        }
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
