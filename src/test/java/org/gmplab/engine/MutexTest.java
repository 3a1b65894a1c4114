package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.*;

import java.util.List;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.view.Inspector;
import org.gmplab.view.Layout;
import org.junit.jupiter.api.Test;

/** sync.Mutex's normal and starvation modes (sync/mutex.go on runtime/sema.go), GO-SCHEDULER.md 1.13. */
class MutexTest {

    /** 8 goroutines: each locks, works 5 µs, unlocks, works 20 µs, {@code n} times. */
    private static Scenario contenders(int procs, int n, long seed) {
        return prog().procs(procs).seed(seed).mutex("mu").wg("wg").fn(fn("main",
                        add("wg", "8"), loop("i", "8", go("c")), waitWg("wg")))
                .fn(fn("c", loop("j", String.valueOf(n), lock("mu"), work("5us"), unlock("mu"), work("20us")), done("wg")))
                .build("contenders-" + seed);
    }

    /**
     * {@code sync.Mutex.lockSlow} / {@code unlockSlow} in normal mode: a woken waiter competes with running
     * goroutines (barging) instead of being handed the lock, so 8 contenders at GOMAXPROCS=4 keep more
     * than one P busy (Go keeps 2.4–3.6 busy). Hand-off to the oldest waiter alone makes a convoy: about
     * one P runs and the others idle.
     */
    @Test
    void lockSlow_normalModeKeepsSeveralPsBusy() {
        for (long seed = 1; seed <= 3; seed++) {
            StepRuns.Run run = StepRuns.run(contenders(4, 200, seed));
            assertThat(run.outcome().kind()).as(run.outcome().message()).isEqualTo(Outcome.Kind.EXITED);
            double cpu = 8 * 200 * 25_000.0;
            double busyPs = cpu / run.endTime();
            assertThat(busyPs).as("seed %d: busy Ps on average", seed).isGreaterThan(2.0);
        }
    }

    /**
     * A hog on one P re-locks the mutex right after each Unlock (it is running: barging); a waiter starts
     * 100 µs later on the other P, after the hog holds the mutex.
     */
    private static Scenario hogAndWaiter() {
        return prog().procs(2).mutex("mu").wg("wg").fn(fn("main",
                        add("wg", "2"), go("hog"), go("waiter"), waitWg("wg")))
                .fn(fn("hog", loop("j", "40", lock("mu"), work("500us"), unlock("mu")), done("wg")))
                .fn(fn("waiter", work("100us"), lock("mu"), unlock("mu"), done("wg"))).build("starve");
    }

    /**
     * {@code sync.Mutex.lockSlow}: the waiter spins first ({@code runtime_canSpin}: another P runs, its own
     * queue is empty), then queues; Unlock wakes it without a hand-off, the running hog takes the mutex
     * again first, and the woken waiter queues again at the front of the semaphore (LIFO).
     */
    @Test
    void lockSlow_wokenWaiterLosesToTheRunningHogAndQueuesAtTheFront() {
        List<Event> parks = StepRuns.run(hogAndWaiter()).of(EventKind.PARK).stream()
                .filter(e -> e.why().contains("sync.Mutex.Lock")).toList();
        assertThat(parks.get(0).why()).contains("normal mode: spun 4 times, then queues at the tail");
        assertThat(parks.get(1).why()).contains("woken, it lost the lock to a running goroutine: queues again at the front (LIFO)");
    }

    /**
     * {@code sync.Mutex.unlockSlow} in starvation mode: a waiter that waited more than 1 ms switches the
     * mutex to starvation mode; Unlock then hands the mutex to it directly and yields (goyield): the
     * unlocker goes to the tail of its local queue and the new owner runs at once from runnext.
     */
    @Test
    void unlockSlow_starvationModeHandsOffAndYields() {
        try (Engine e = Engine.step(hogAndWaiter())) {
            boolean sawStarving = false;
            while (e.outcome() == null && !sawStarving) {
                e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.PARK || ev.kind() == EventKind.GOSCHED);
                Snapshot s = e.snapshot();
                Snapshot.Mutex mu = s.mutexes().get(0);
                sawStarving = mu.starving();
                if (sawStarving) {
                    assertThat(mu.mode()).isEqualTo("starving");
                    // the inspector shows the mode on the goroutine queued on the mutex
                    List<Inspector.Field> fields = Inspector.fields(new Layout.Hit(Layout.Hit.Kind.G, mu.queue().get(0), null), s);
                    assertThat(fields).contains(new Inspector.Field("G" + mu.queue().get(0), "mutex.mode", "starving"));
                }
            }
            assertThat(sawStarving).as("the mutex entered starvation mode").isTrue();
            e.run(Long.MAX_VALUE);
            List<Event> events = e.drainEvents();
            Event yield = events.stream().filter(ev -> ev.kind() == EventKind.GOSCHED && ev.why().contains("goyield")).findFirst().orElseThrow();
            Event handoff = events.stream().filter(ev -> ev.kind() == EventKind.READY && ev.why().contains("starvation mode")).findFirst().orElseThrow();
            assertThat(handoff.seq()).isLessThan(yield.seq());
            // the next G to run is the waiter the mutex was handed to, from runnext
            Event next = events.stream().filter(ev -> ev.kind() == EventKind.EXECUTE && ev.seq() > yield.seq()).findFirst().orElseThrow();
            assertThat(next.g()).isEqualTo(handoff.g());
            assertThat(((Event.Execute) next).inheritTime()).isTrue();
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        }
    }
}
