package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Ports of the run-queue tests in Go's {@code runtime/export_test.go} (invoked from {@code proc_test.go}),
 * kept as close to the Go code as Java allows; see GO-SCHEDULER.md, Part 2. Like Go's, they work on fresh
 * queues that belong to no scheduler: nobody is running, so the runnext back-off never applies.
 */
@Tag("goports")
@Tag("live")   // its races run real threads against each other: a stress test, not the fast layer
class RunQueueGoPortsTest {

    /** Go's {@code len(p.runq)}. */
    private static final int CAP = 256;

    /**
     * Go: {@code RunSchedLocalQueueTest} (TestSchedLocalQueue). For i = 0..255, put the same G i times
     * and get it back i times: FIFO, up to 255 entries without overflow, runnext untouched by
     * {@code next=false}, and head/tail keep working as they wrap the ring (32 640 puts in all).
     */
    @Test
    void schedLocalQueue() {
        // given a fresh P's queue and 256 distinct Gs
        RunQueue q = new RunQueue(CAP);
        GlobalRunQueue global = new GlobalRunQueue();
        Goroutine[] gs = goroutines(CAP);

        for (int i = 0; i < CAP; i++) {
            assertThat(q.runqget()).as("runq is not empty initially").isNull();
            // when the same G is put i times
            for (int j = 0; j < i; j++) q.runqput(gs[i], false, global);
            // then it comes back i times, and nothing else
            for (int j = 0; j < i; j++)
                assertThat(q.runqget()).as("bad element at iter %d/%d", i, j).isSameAs(gs[i]);
            assertThat(q.runqget()).as("runq is not empty afterwards").isNull();
        }
        assertThat(global.size()).as("never reaches runqputslow").isZero();
        assertThat(q.runnext()).isNull();
    }

    /**
     * Go: {@code RunSchedLocalQueueStealTest} (TestSchedLocalQueueSteal). For i = 0..255, queue i Gs on
     * p1, steal from p1 into p2, drain both: every G is seen exactly once and the thief got half.
     */
    @Test
    void schedLocalQueueSteal() {
        // given two fresh Ps and 256 Gs; Go counts sightings in g.sig, we count per G identity
        RunQueue p1 = new RunQueue(CAP);
        RunQueue p2 = new RunQueue(CAP);
        GlobalRunQueue global = new GlobalRunQueue();
        Goroutine[] gs = goroutines(CAP);

        for (int i = 0; i < CAP; i++) {
            Map<Goroutine, Integer> sig = new IdentityHashMap<>();
            for (int j = 0; j < i; j++) p1.runqput(gs[j], false, global);

            // when p2 steals from p1 (stealRunNextG=true, as in Go; runnext is empty anyway)
            Goroutine gp = p2.runqsteal(p1, true);
            int s = 0;
            if (gp != null) { s++; sig.merge(gp, 1, Integer::sum); }
            while ((gp = p2.runqget()) != null) { s++; sig.merge(gp, 1, Integer::sum); }
            while ((gp = p1.runqget()) != null) sig.merge(gp, 1, Integer::sum);

            // then every queued G was seen exactly once, and nothing else was
            assertThat(sig).as("iter %d: Gs seen", i).hasSize(i);
            for (int j = 0; j < i; j++)
                assertThat(sig.get(gs[j])).as("iter %d: sightings of %s", i, gs[j]).isEqualTo(1);
            // and the thief got half (Go accepts floor or ceil; this implementation takes ceil)
            assertThat(s).as("iter %d: stolen", i).isIn(i / 2, i / 2 + 1);
        }
    }

    /** Rounds of the runqempty tests: Go's non-short count (1e5); about a second each on 2 cores. */
    static final int EMPTY_ITERS = 100_000;

    /**
     * Go: {@code RunSchedLocalQueueEmptyTest(iters)} (TestSchedLocalQueueEmpty): runqempty never reports
     * empty while a G is in the queue. Each round puts gs[0] (with runnext or not), then releases the owner
     * and a checker together by spinning on a shared counter; the owner puts gs[1] (runnext or not) and
     * gets one G while the checker calls runqempty, which must answer false because one G is queued the
     * whole time. {@code next0}/{@code next1} go through all four combinations; with runnext in use the
     * owner's put kicks a G into the ring while its get empties runnext, which is the case a runqempty
     * without the tail re-read gets wrong.
     *
     * <p>Differences from Go, none of which change the interleaving: Go starts a goroutine per round,
     * here one checker thread is reused and a round starts when the owner publishes its number (after
     * the first put, where Go's {@code go} statement is); Go's {@code done} channel is a second counter.
     */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // the spin-waits ignore interrupts
    void schedLocalQueueEmpty() throws InterruptedException {
        // Go skips this on one CPU: the two spinning sides must run at the same time.
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs 2 CPUs");
        // given a fresh P's queue; when the owner races one runqempty per round
        List<String> spurious = emptyRounds(EMPTY_ITERS, false);
        // then none of them answered "empty"
        assertThat(spurious).as("spurious empties").isEmpty();
    }

    /**
     * Go: {@code RunSchedLocalQueueEmptyTest}, made more sensitive: the checker calls runqempty again and
     * again until the owner's racing put + get is over, instead of once. The window in which a runqempty
     * without the tail re-read goes wrong is a few nanoseconds wide, and a single call per round hits it
     * only when both threads leave the handshake in step, which a busy 2-core machine often spoils.
     * Every extra call falls in the span where Go's test already asserts "not empty".
     */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void schedLocalQueueEmptyCheckedThroughoutTheRace() throws InterruptedException {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs 2 CPUs");
        List<String> spurious = emptyRounds(EMPTY_ITERS, true);
        assertThat(spurious).as("spurious empties").isEmpty();
    }

    /**
     * The rounds of Go's {@code RunSchedLocalQueueEmptyTest}. Returns a description of (at most 20 of)
     * the runqempty calls that answered "empty", plus a count line if there were more.
     */
    private static List<String> emptyRounds(int iters, boolean checkUntilOwnerGot) throws InterruptedException {
        RunQueue q = new RunQueue(CAP);
        GlobalRunQueue global = new GlobalRunQueue();
        Goroutine[] gs = goroutines(2);
        AtomicInteger ready = new AtomicInteger();
        AtomicInteger started = new AtomicInteger(-1); // round the checker may start: Go's `go func()`
        AtomicInteger got = new AtomicInteger(-1);     // round whose racing put + get the owner finished
        AtomicInteger done = new AtomicInteger(-1);    // round the checker finished: Go's `done <- true`
        List<String> spurious = new ArrayList<>();     // written by the checker, read after join()
        int[] count = new int[1];

        Thread checker = new Thread(() -> {
            for (int i = 0; i < iters; i++) {
                for (int spins = 0; started.get() != i; ) backOff(++spins);
                // Go: for atomic.Xadd(ready, 1); atomic.Load(ready) != 2; {}
                for (int spins = ready.incrementAndGet(); ready.get() != 2; ) backOff(++spins);
                do {
                    if (q.runqempty() && count[0]++ < 20)
                        spurious.add("queue is empty at iter " + i + ", next: " + ((i & 1) == 0) + " " + ((i & 2) == 0));
                } while (checkUntilOwnerGot && got.get() != i);
                done.set(i);
            }
        }, "runqempty-checker");
        checker.setDaemon(true);
        checker.start();

        for (int i = 0; i < iters; i++) {
            ready.set(0);
            boolean next0 = (i & 1) == 0;
            boolean next1 = (i & 2) == 0;
            q.runqput(gs[0], next0, global);
            started.set(i);
            // both sides are released together
            for (int spins = ready.incrementAndGet(); ready.get() != 2; ) backOff(++spins);
            q.runqput(gs[1], next1, global); // races with the checker's runqempty
            q.runqget();                     // removes one of the two
            got.set(i);
            for (int spins = 0; done.get() != i; ) backOff(++spins);
            q.runqget();                     // removes the other
        }
        checker.join();

        if (count[0] > spurious.size()) spurious.add("... " + count[0] + " in all");
        assertThat(q.runqempty()).as("empty after the last round").isTrue();
        return spurious;
    }

    /**
     * A tight spin, as in Go's test, so that both sides leave the handshake within a few nanoseconds of
     * each other; only after thousands of turns (the other side lost its CPU) yield, so that one slow round
     * on a busy 2-core machine costs microseconds rather than a whole scheduler time slice.
     */
    private static void backOff(int spins) {
        if ((spins & 0xFFF) == 0) Thread.yield();
    }

    private static Goroutine[] goroutines(int n) {
        Goroutine[] gs = new Goroutine[n];
        for (int i = 0; i < n; i++) gs[i] = new Goroutine(i);
        return gs;
    }
}
