package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gmplab.engine.Progs.*;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.PStatus;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/**
 * Each G's typed place in an exact snapshot (WorldReader.locate): it names the queue the G is in and its index
 * from that queue's head, the M it is on, or what it is parked on, and agrees with the rest of the snapshot.
 */
class PlacesTest {

    private static Scenario scenario(String name) throws Exception {
        return ScenarioJson.load(Path.of("scenarios", name));
    }

    @Test
    void aRunnableGsIndexIsItsPositionFromItsQueuesHead() throws Exception {
        // given spawn1000 on 4 Ps: busy rings, runnext slots and a long global queue
        try (Engine e = Engine.step(scenario("spawn1000.json").withGomaxprocs(4))) {
            int seen = 0;
            for (int k = 0; k < 40; k++) {
                e.run(e.now() + 50_000);
                Snapshot s = e.snapshot();
                Map<Long, Place> where = new HashMap<>();
                for (Snapshot.G g : s.gs()) where.put(g.goid(), g.where());

                // then every G in a ring, in runnext or in the global queue has that place, with its index from the head
                for (Snapshot.Proc p : s.ps()) {
                    for (int i = 0; i < p.runq().size(); i++) assertThat(where.get(p.runq().get(i))).isEqualTo(new Place.Ring(p.id(), i));
                    if (p.runnext() >= 0) assertThat(where.get(p.runnext())).isEqualTo(new Place.Runnext(p.id()));
                    seen += p.runq().size();
                }
                for (int i = 0; i < s.globalQueue().size(); i++) assertThat(where.get(s.globalQueue().get(i))).isEqualTo(new Place.Global(i));
                seen += s.globalQueue().size();
                // and every G on an M is that M's curg
                for (Snapshot.Thread m : s.ms()) if (m.curg() >= 0) assertThat(where.get(m.curg())).isEqualTo(new Place.OnM(m.id()));
                // and no G is placed in a queue it is not in
                for (Snapshot.G g : s.gs()) {
                    if (g.where() instanceof Place.Ring r) assertThat(s.ps().get(r.p()).runq().get(r.index())).isEqualTo(g.goid());
                    if (g.where() instanceof Place.Global q) assertThat(s.globalQueue().get(q.index())).isEqualTo(g.goid());
                    if (g.where() instanceof Place.Free) assertThat(g.status()).isEqualTo(GStatus.DEAD);
                    if (g.where() instanceof Place.Parked) assertThat(g.status()).isEqualTo(GStatus.WAITING);
                }
            }
            assertThat(seen).as("Gs seen in queues").isGreaterThan(1000);
        }
    }

    @Test
    void aGParkedOnAMutexNamesTheMutexWhoseQueueHoldsIt() throws Exception {
        // given 8 goroutines contending for one mutex on 4 Ps, run until some wait in its semaphore queue
        Scenario contenders = prog().procs(4).mutex("mu").wg("wg").fn(fn("main", add("wg", "8"), loop("i", "8", go("c")), waitWg("wg")))
                .fn(fn("c", loop("j", "50", lock("mu"), work("5us"), unlock("mu"), work("20us")), done("wg"))).build("contenders");
        try (Engine e = Engine.step(contenders)) {
            int parked = 0;
            for (int k = 0; k < 2_000 && parked == 0; k++) {
                e.step();
                Snapshot s = e.snapshot();
                for (Snapshot.G g : s.gs()) {
                    if (!(g.where() instanceof Place.Parked p) || p.on() != Place.On.MUTEX) continue;
                    // then the place names the mutex, and that mutex's semaphore queue holds the G
                    Snapshot.Mutex mu = s.mutexes().stream().filter(m -> m.name().equals(p.object())).findFirst().orElseThrow();
                    assertThat(mu.queue()).contains(g.goid());
                    parked++;
                }
            }
            assertThat(parked).as("Gs parked on the mutex").isPositive();
        }
    }

    @Test
    void labelsSpellPlacesAsLessonChecksWriteThem() {
        assertThat(new Place.Runnext(1).label()).isEqualTo("P1.runnext");
        assertThat(new Place.Ring(0, 3).label()).isEqualTo("P0.runq");
        assertThat(new Place.Global(5).label()).isEqualTo("global");
        assertThat(new Place.OnM(2).label()).isEqualTo("M2");
        assertThat(new Place.Nextg(1).label()).isEqualTo("M1.nextg");
        assertThat(new Place.Lockedg(0).label()).isEqualTo("M0.lockedg");
        assertThat(new Place.Parked(Place.On.CHAN, "ch").label()).isEqualTo("chan");
        assertThat(new Place.Parked(Place.On.WG).label()).isEqualTo("wg");
        assertThat(new Place.Parked(Place.On.WAITING).label()).isEqualTo("waiting");
        assertThat(Place.POOL.label()).isEqualTo("runnable");
        assertThat(Place.FREE.label()).isEqualTo("free");
        assertThat(Place.UNKNOWN.label()).isEmpty();
        assertThatThrownBy(() -> new Place.Ring(0, -1)).hasMessageContaining("≥ 0");
    }

    @Test
    void statusesCarryGosNumbers() {
        for (GStatus s : GStatus.values()) assertThat(GStatus.of(s.go)).isSameAs(s);
        for (PStatus s : PStatus.values()) assertThat(PStatus.of(s.go)).isSameAs(s);
        assertThat(GStatus.SYSCALL.go).isEqualTo(3);
        assertThat(GStatus.DEAD.go).isEqualTo(6);
        assertThat(PStatus.GCSTOP.go).isEqualTo(3);
        assertThatThrownBy(() -> GStatus.of(5)).hasMessageContaining("goroutine status 5 is not one of");
        assertThatThrownBy(() -> PStatus.of(7)).hasMessageContaining("P status 7 is not one of");
    }
}
