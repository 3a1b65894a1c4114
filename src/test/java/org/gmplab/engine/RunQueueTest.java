package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rules of a P's local run queue and of the global run queue, one nested class per Go function
 * (family). Single-threaded: the owner and the thieves take turns, so every result is exact. The races
 * are in {@link RunQueueGoPortsTest} and {@link RunQueueStressTest}.
 */
class RunQueueTest {

    /** Go: {@code runqput} and {@code runqget}, with the runnext slot. */
    @Nested
    class RunqputAndRunqget {

        @Test
        void runqputAndRunqgetAreExecutedOnlyByTheOwnerPAndAssertionsCatchASecondThreadInside() throws Exception {
            // given the owner's side of a ring held by one thread (it entered and has not left)
            RunQueue q = new RunQueue(8);
            GlobalRunQueue global = new GlobalRunQueue();
            Goroutine[] g = goroutines(2);
            Thread owner = new Thread(q::ownerEnters, "owner");
            owner.start();
            owner.join();
            // when another thread puts into the ring or takes from it, then assertions (-ea, as the tests run) say so
            assumeTrue(RunQueue.class.desiredAssertionStatus(), "assertions are on");
            assertThatThrownBy(() -> q.runqput(g[0], false, global)).isInstanceOf(AssertionError.class)
                    .hasMessageContaining("owner-only").hasMessageContaining("owner");
            assertThatThrownBy(q::runqget).isInstanceOf(AssertionError.class);
            assertThatThrownBy(() -> q.runqsteal(new RunQueue(8), true)).isInstanceOf(AssertionError.class);
            assertThatThrownBy(() -> q.runqputbatch(java.util.List.of(g[1]), global)).isInstanceOf(AssertionError.class);
        }

        @Test
        void theOwnersSideChangesThreadsWhenThePChangesMs() throws Exception {
            // given a G put by one thread (an M that then gave the P away)
            RunQueue q = new RunQueue(8);
            GlobalRunQueue global = new GlobalRunQueue();
            Goroutine[] g = goroutines(1);
            Thread first = new Thread(() -> q.runqput(g[0], false, global));
            first.start();
            first.join();
            // when another thread, the P's next M, takes it, then that is allowed
            assertThat(q.runqget()).isSameAs(g[0]);
        }

        @Test
        void putWithNextKicksTheOldRunnextToTheTail() {
            // given a ring holding a and runnext holding b
            RunQueue q = new RunQueue(8);
            GlobalRunQueue global = new GlobalRunQueue();
            Goroutine[] g = goroutines(3);
            q.runqput(g[0], false, global);
            q.runqput(g[1], true, global);
            assertThat(q.kicked()).as("nothing to kick into an empty runnext").isNull();
            // when c is put with next=true
            q.runqput(g[2], true, global);
            // then c is runnext and b went to the ring's tail, behind a
            assertThat(q.runnext()).isSameAs(g[2]);
            assertThat(q.kicked()).isSameAs(g[1]);
            assertThat(q.contents()).containsExactly(g[0], g[1]);
        }

        @Test
        void putWithoutNextLeavesRunnextAlone() {
            RunQueue q = new RunQueue(8);
            GlobalRunQueue global = new GlobalRunQueue();
            Goroutine[] g = goroutines(2);
            q.runqput(g[0], true, global);
            q.runqput(g[1], false, global);
            assertThat(q.runnext()).isSameAs(g[0]);
            assertThat(q.kicked()).isNull();
            assertThat(q.contents()).containsExactly(g[1]);
        }

        @Test
        void getReturnsRunnextFirstWithInheritTimeThenTheRingInFifoOrder() {
            // given a, b, c in the ring and d in runnext
            RunQueue q = new RunQueue(8);
            GlobalRunQueue global = new GlobalRunQueue();
            Goroutine[] g = goroutines(4);
            for (int i = 0; i < 3; i++) q.runqput(g[i], false, global);
            q.runqput(g[3], true, global);
            // when getting until empty, then the runnext G comes first and inherits the time slice ...
            assertThat(q.runqget()).isSameAs(g[3]);
            assertThat(q.gotRunnext()).as("inheritTime").isTrue();
            // ... and the ring follows oldest first, each starting a new time slice
            for (int i = 0; i < 3; i++) {
                assertThat(q.runqget()).isSameAs(g[i]);
                assertThat(q.gotRunnext()).as("inheritTime").isFalse();
            }
            assertThat(q.runqget()).isNull();
            assertThat(q.gotRunnext()).isFalse();
        }
    }

    /** Go: {@code runqputslow}, reached from {@code runqput} when the ring is full. */
    @Nested
    class Runqputslow {

        @ParameterizedTest(name = "capacity {0}")
        @ValueSource(ints = {256, 4})
        void fullRingPlusOneMovesTheOldestHalfAndTheNewGToTheGlobalTail(int capacity) {
            // given a full ring and a global queue already holding x
            RunQueue q = new RunQueue(capacity);
            GlobalRunQueue global = new GlobalRunQueue();
            Goroutine[] g = goroutines(capacity + 1);
            Goroutine x = new Goroutine(-1);
            global.lock();
            global.globrunqput(x);
            global.unlock();
            for (int i = 0; i < capacity; i++) q.runqput(g[i], false, global);
            assertThat(q.overflowed()).as("the last put into a ring with one free slot").isZero();
            // when one more G is put
            q.runqput(g[capacity], false, global);
            // then capacity/2 + 1 Gs went to the global tail: the oldest half in FIFO order, then the new one
            int half = capacity / 2;
            assertThat(q.overflowed()).isEqualTo(half + 1);
            Goroutine[] expected = new Goroutine[half + 2];
            expected[0] = x;
            System.arraycopy(g, 0, expected, 1, half);
            expected[half + 1] = g[capacity];
            assertThat(global.contents()).containsExactly(expected);
            assertThat(global.size()).isEqualTo(half + 2);
            // and the newer half stays in the ring
            assertThat(q.contents()).containsExactly(Arrays.copyOfRange(g, half, capacity));
            // and the next put is a plain one again
            q.runqput(new Goroutine(-2), false, global);
            assertThat(q.overflowed()).isZero();
        }

        @Test
        void aKickedRunnextIsTheGThatOverflows() {
            // given a full ring of 4 and runnext r
            RunQueue q = new RunQueue(4);
            GlobalRunQueue global = new GlobalRunQueue();
            Goroutine[] g = goroutines(4);
            Goroutine r = new Goroutine(10), n = new Goroutine(11);
            for (Goroutine gp : g) q.runqput(gp, false, global);
            q.runqput(r, true, global);
            // when n is put with next=true
            q.runqput(n, true, global);
            // then n is runnext, and r (kicked out) is appended behind the oldest half in the global queue
            assertThat(q.runnext()).isSameAs(n);
            assertThat(q.kicked()).isSameAs(r);
            assertThat(q.overflowed()).isEqualTo(3);
            assertThat(global.contents()).containsExactly(g[0], g[1], r);
            assertThat(q.contents()).containsExactly(g[2], g[3]);
        }

        @Test
        void losingTheHeadRaceMovesNothingAndAsksForARetry() {
            // given a full ring whose head and tail the owner read just before a consumer took one G
            RunQueue q = new RunQueue(4);
            GlobalRunQueue global = new GlobalRunQueue();
            Goroutine[] g = goroutines(5);
            for (int i = 0; i < 4; i++) q.runqput(g[i], false, global);
            int h = q.head(), t = q.tail();
            assertThat(q.runqget()).isSameAs(g[0]);
            // when runqputslow runs with the stale head
            boolean moved = q.runqputslow(g[4], h, t, global);
            // then its CAS fails: nothing moved, and the caller's retry finds a free slot
            assertThat(moved).isFalse();
            assertThat(global.size()).isZero();
            assertThat(q.contents()).containsExactly(g[1], g[2], g[3]);
        }

        @Test
        void overflowsAllocateNoBatch() {
            // Go copies the batch into an array on its stack; each queue here keeps one array for it
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            assumeTrue(mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled(), "per-thread allocation counts");
            // given a full ring of 256 and the 129 Gs that will make it overflow again and again
            RunQueue q = new RunQueue(256);
            GlobalRunQueue global = new GlobalRunQueue();
            Goroutine[] g = goroutines(257);
            for (Goroutine gp : g) q.runqput(gp, false, global); // the first overflow: 129 Gs in the global queue
            Goroutine[] back = new Goroutine[129];
            long tid = Thread.currentThread().getId();
            int overflows = 2000;
            long before = 0;
            for (int i = -100; i < overflows; i++) { // the first 100 warm up (class loading, the counter's own first call)
                if (i == 0) before = mx.getThreadAllocatedBytes(tid);
                // when the 129 are taken back and put again: 128 fill the ring, the last one overflows it
                global.lock();
                try {
                    for (int k = 0; k < back.length; k++) back[k] = global.pop();
                } finally {
                    global.unlock();
                }
                for (Goroutine gp : back) q.runqput(gp, false, global);
            }
            long allocated = mx.getThreadAllocatedBytes(tid) - before;
            // then every put overflowed, without a new array each time (one would be 129 references: ≥ 532 bytes)
            assertThat(q.overflowed()).isEqualTo(129);
            assertThat(global.size()).isEqualTo(129);
            assertThat(allocated).as("bytes allocated by %d overflows", overflows).isLessThan(overflows * 100L);
        }

        @Test
        void refusesAQueueThatIsNotFull() {
            RunQueue q = new RunQueue(4);
            GlobalRunQueue global = new GlobalRunQueue();
            q.runqput(new Goroutine(1), false, global);
            assertThatThrownBy(() -> q.runqputslow(new Goroutine(2), q.head(), q.tail(), global))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("not full");
        }
    }

    /** Go: {@code runqsteal} and {@code runqgrab}. */
    @Nested
    class Runqsteal {

        @ParameterizedTest(name = "capacity {0}")
        @ValueSource(ints = {256, 4})
        void stealTakesHalfRoundedUp(int capacity) {
            GlobalRunQueue global = new GlobalRunQueue();
            for (int k = 0; k <= capacity; k++) {
                // given a victim with k Gs in its ring and an empty thief
                RunQueue victim = new RunQueue(capacity);
                RunQueue thief = new RunQueue(capacity);
                Goroutine[] g = goroutines(k);
                for (Goroutine gp : g) victim.runqput(gp, false, global);
                // when the thief steals
                Goroutine gp = thief.runqsteal(victim, false);
                // then it took k - k/2: the last one grabbed to run now, the others in its ring in order
                int n = k - k / 2;
                assertThat(thief.stolen()).as("k=%d", k).isEqualTo(n);
                assertThat(thief.stoleRunnext()).isFalse();
                if (n == 0) {
                    assertThat(gp).isNull();
                    continue;
                }
                assertThat(gp).as("k=%d", k).isSameAs(g[n - 1]);
                assertThat(thief.contents()).as("k=%d", k).containsExactly(Arrays.copyOfRange(g, 0, n - 1));
                assertThat(victim.contents()).as("k=%d", k).containsExactly(Arrays.copyOfRange(g, n, k));
            }
        }

        /**
         * runqsteal claims the Gs it takes (see {@code Goroutine.claim}) before its tail publishes them: it
         * clears their stale links and nothing else — each frame is where its G will go on from.
         */
        @Test
        void stealingChangesNothingAStolenGWillRun() {
            // given a victim's ring of Gs stopped at different places, each with a stale global-queue link
            GlobalRunQueue global = new GlobalRunQueue();
            RunQueue victim = new RunQueue(8), thief = new RunQueue(8);
            org.gmplab.scenario.Code fn = new org.gmplab.scenario.Code(0, "f", 0, 2, java.util.List.of());
            Goroutine[] g = goroutines(6);
            for (Goroutine gp : g) {
                gp.frame = new Goroutine.CallFrame(fn, null, new long[] {gp.goid, 7});
                gp.frame.pc = (int) gp.goid;
                gp.schedlink = g[0];
                victim.runqput(gp, false, global);
            }
            // when a thief steals half
            Goroutine gp = thief.runqsteal(victim, false);
            // then the three it took have no link, and their frames, goids and states are as they were
            assertThat(gp).isSameAs(g[2]);
            for (int i = 0; i < 6; i++) {
                assertThat(g[i].schedlink).as("G%d", g[i].goid).isSameAs(i < 3 ? null : g[0]);
                assertThat(g[i].frame.pc).isEqualTo((int) g[i].goid);
                assertThat(g[i].frame.locals).containsExactly(g[i].goid, 7L);
                assertThat(g[i].frame.code).isSameAs(fn);
            }
        }

        @Test
        void runnextIsTakenOnlyWhenAskedAndTheRingIsEmptyAndOnlyThenAfterTheBackOff() {
            GlobalRunQueue global = new GlobalRunQueue();
            AtomicInteger backOffs = new AtomicInteger();
            RunQueue.RunnextStealGuard countingGuard = backOffs::incrementAndGet;
            Goroutine r = new Goroutine(1), a = new Goroutine(2);

            // given a victim with only runnext: not taken when stealRunNextG is false
            RunQueue victim = new RunQueue(4, countingGuard);
            RunQueue thief = new RunQueue(4);
            victim.runqput(r, true, global);
            assertThat(thief.runqsteal(victim, false)).isNull();
            assertThat(thief.stolen()).isZero();
            assertThat(backOffs).hasValue(0);
            assertThat(victim.runnext()).isSameAs(r);

            // and taken, after exactly one back-off, when it is true
            assertThat(thief.runqsteal(victim, true)).isSameAs(r);
            assertThat(thief.stolen()).isEqualTo(1);
            assertThat(thief.stoleRunnext()).isTrue();
            assertThat(backOffs).hasValue(1);
            assertThat(victim.runnext()).isNull();
            assertThat(thief.size()).isZero();

            // given a victim with a G in the ring as well as runnext: the ring's half is taken, runnext stays
            victim.runqput(r, true, global);
            victim.runqput(a, false, global);
            assertThat(thief.runqsteal(victim, true)).isSameAs(a);
            assertThat(thief.stoleRunnext()).isFalse();
            assertThat(backOffs).hasValue(1);
            assertThat(victim.runnext()).isSameAs(r);

            // given nothing at all: no back-off either
            assertThat(victim.runqget()).isSameAs(r);
            assertThat(thief.runqsteal(victim, true)).isNull();
            assertThat(backOffs).hasValue(1);
        }

        @Test
        void aThiefThatLosesRunnextToTheOwnerDuringTheBackOffGetsNothing() {
            // given a victim whose owner runs its runnext G while the thief backs off
            GlobalRunQueue global = new GlobalRunQueue();
            Goroutine r = new Goroutine(1);
            RunQueue[] victim = new RunQueue[1];
            AtomicInteger backOffs = new AtomicInteger();
            victim[0] = new RunQueue(4, () -> {
                backOffs.incrementAndGet();
                assertThat(victim[0].runqget()).isSameAs(r);
            });
            victim[0].runqput(r, true, global);
            // when a thief tries to steal runnext
            Goroutine gp = new RunQueue(4).runqsteal(victim[0], true);
            // then its CAS fails, the retry finds nothing, and it did not back off twice
            assertThat(gp).isNull();
            assertThat(backOffs).hasValue(1);
        }

        @Test
        void aRunnextKickedIntoTheRingDuringTheBackOffIsStolenFromTheRing() {
            // given a victim whose owner readies n (next=true) while the thief backs off from r
            GlobalRunQueue global = new GlobalRunQueue();
            Goroutine r = new Goroutine(1), n = new Goroutine(2);
            RunQueue[] victim = new RunQueue[1];
            AtomicInteger backOffs = new AtomicInteger();
            victim[0] = new RunQueue(4, () -> {
                if (backOffs.incrementAndGet() == 1) victim[0].runqput(n, true, global);
            });
            victim[0].runqput(r, true, global);
            RunQueue thief = new RunQueue(4);
            // when the thief steals runnext
            Goroutine gp = thief.runqsteal(victim[0], true);
            // then the CAS on runnext fails, and the retry takes r from the ring instead
            assertThat(gp).isSameAs(r);
            assertThat(thief.stoleRunnext()).isFalse();
            assertThat(backOffs).hasValue(1);
            assertThat(victim[0].runnext()).isSameAs(n);
            assertThat(victim[0].size()).isZero();
        }

        @Test
        void queuesOfDifferentCapacityCannotStealFromEachOther() {
            RunQueue victim = new RunQueue(8);
            victim.runqput(new Goroutine(1), false, new GlobalRunQueue());
            assertThatThrownBy(() -> new RunQueue(4).runqsteal(victim, true)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    /**
     * Go: {@code runqhead}/{@code runqtail} are free-running uint32s compared by difference. Here they
     * are ints started just below {@link Integer#MAX_VALUE} (set by reflection), so every operation
     * crosses the sign boundary, where {@code tail - head} must still be the size.
     */
    @Nested
    class WrapAround {

        @Test
        void putAndGetKeepWorkingPastIntegerMaxValue() {
            // given an empty ring of 4 whose counters are 2 below MAX_VALUE
            RunQueue q = new RunQueue(4);
            GlobalRunQueue global = new GlobalRunQueue();
            setCounters(q, Integer.MAX_VALUE - 2);
            Goroutine[] g = goroutines(4);
            assertThat(q.runqempty()).isTrue();
            // when filling it, so that the tail wraps to negative
            for (Goroutine gp : g) q.runqput(gp, false, global);
            // then size, contents and emptiness still follow tail - head
            assertThat(q.tail()).isNegative();
            assertThat(q.size()).isEqualTo(4);
            assertThat(q.contents()).containsExactly(g);
            assertThat(q.runqempty()).isFalse();
            assertThat(q.runqget()).isSameAs(g[0]);
            assertThat(q.runqget()).isSameAs(g[1]);
            assertThat(q.runqget()).isSameAs(g[2]);
            assertThat(q.head()).isNegative();
            assertThat(q.runqget()).isSameAs(g[3]);
            assertThat(q.runqget()).isNull();
            assertThat(q.runqempty()).isTrue();
        }

        @Test
        void overflowAndStealKeepWorkingPastIntegerMaxValue() {
            // given a full ring of 4 straddling MAX_VALUE, and a thief whose counters straddle it too
            RunQueue victim = new RunQueue(4);
            RunQueue thief = new RunQueue(4);
            GlobalRunQueue global = new GlobalRunQueue();
            setCounters(victim, Integer.MAX_VALUE - 1);
            setCounters(thief, Integer.MAX_VALUE);
            Goroutine[] g = goroutines(7);
            for (int i = 0; i < 4; i++) victim.runqput(g[i], false, global);
            // when one more put overflows
            victim.runqput(g[4], false, global);
            // then the oldest half and the new G went to the global queue
            assertThat(global.contents()).containsExactly(g[0], g[1], g[4]);
            assertThat(victim.contents()).containsExactly(g[2], g[3]);
            // and when two more are put and the thief steals half of the four
            victim.runqput(g[5], false, global);
            victim.runqput(g[6], false, global);
            assertThat(thief.runqsteal(victim, false)).isSameAs(g[3]);
            // then the counting is right on both sides of the boundary
            assertThat(thief.contents()).containsExactly(g[2]);
            assertThat(victim.contents()).containsExactly(g[5], g[6]);
            assertThat(thief.runqget()).isSameAs(g[2]);
            assertThat(thief.runqget()).isNull();
        }

        @Test
        void schedLocalQueueRoundsAcrossTheBoundary() {
            // Go's TestSchedLocalQueue again, with the 32 640 puts starting 10 000 below MAX_VALUE.
            RunQueue q = new RunQueue(256);
            GlobalRunQueue global = new GlobalRunQueue();
            setCounters(q, Integer.MAX_VALUE - 10_000);
            Goroutine[] g = goroutines(256);
            for (int i = 0; i < 256; i++) {
                for (int j = 0; j < i; j++) q.runqput(g[i], false, global);
                for (int j = 0; j < i; j++) assertThat(q.runqget()).isSameAs(g[i]);
                assertThat(q.runqget()).isNull();
            }
            assertThat(q.head()).as("the counters went past MAX_VALUE").isNegative();
            assertThat(global.size()).isZero();
        }

        /** Sets both counters of an empty queue; only a test can want this, so reflection rather than an API. */
        private void setCounters(RunQueue q, int value) {
            try {
                for (String name : new String[] {"runqhead", "runqtail"}) {
                    Field f = RunQueue.class.getDeclaredField(name);
                    f.setAccessible(true);
                    f.setInt(q, value);
                }
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
    }

    /** Go: {@code runqempty}, and the readings the view takes: {@code size()} (Go's schedtrace runqsize) and the ring's order. */
    @Nested
    class RunqemptySizeContents {

        @Test
        void emptyOnlyWhenBothTheRingAndRunnextAreEmpty() {
            RunQueue q = new RunQueue(4);
            GlobalRunQueue global = new GlobalRunQueue();
            assertThat(q.runqempty()).as("fresh").isTrue();
            q.runqput(new Goroutine(1), true, global);
            assertThat(q.runqempty()).as("runnext only").isFalse();
            q.runqput(new Goroutine(2), false, global);
            assertThat(q.runqempty()).as("ring and runnext").isFalse();
            q.runqget();
            assertThat(q.runqempty()).as("ring only").isFalse();
            q.runqget();
            assertThat(q.runqempty()).as("drained").isTrue();
        }

        @Test
        void sizeCountsTheRingButNotRunnextAndContentsGoFromHeadToTail() {
            RunQueue q = new RunQueue(8);
            GlobalRunQueue global = new GlobalRunQueue();
            Goroutine[] g = goroutines(4);
            q.runqput(g[0], true, global);
            assertThat(q.size()).isZero();
            assertThat(q.contents()).isEmpty();
            q.runqput(g[1], false, global);
            q.runqput(g[2], false, global);
            q.runqput(g[3], true, global); // kicks g[0] behind g[2]
            assertThat(q.size()).isEqualTo(3);
            assertThat(q.contents()).containsExactly(g[1], g[2], g[0]);
            q.runqget(); // runnext
            q.runqget(); // g[1]
            assertThat(q.size()).isEqualTo(2);
            assertThat(q.contents()).containsExactly(g[2], g[0]);
        }

        @Test
        void capacityMustBeAPowerOfTwo() {
            assertThat(new RunQueue(2).capacity()).isEqualTo(2);
            assertThatThrownBy(() -> new RunQueue(1)).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> new RunQueue(6)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    /** Go: {@code globrunqput}, {@code globrunqputhead}, {@code globrunqputbatch} and popping {@code sched.runq}. */
    @Nested
    class GlobalQueue {

        @Test
        void putAppendsPutHeadPrependsPutBatchAppendsInOrderAndPopTakesTheOldest() {
            GlobalRunQueue global = new GlobalRunQueue();
            Goroutine[] g = goroutines(6);
            global.lock();
            try {
                assertThat(global.pop()).isNull();
                global.globrunqput(g[0]);
                global.globrunqput(g[1]);
                global.globrunqputhead(g[2]);
                g[3].schedlink = g[4];
                global.globrunqputbatch(g[3], g[4], 2);
                global.globrunqputhead(g[5]);
                assertThat(global.contents()).containsExactly(g[5], g[2], g[0], g[1], g[3], g[4]);
                assertThat(global.size()).isEqualTo(6);
                assertThat(global.sizeRacy()).isEqualTo(6);
                for (Goroutine expected : new Goroutine[] {g[5], g[2], g[0], g[1], g[3], g[4]})
                    assertThat(global.pop()).isSameAs(expected);
                assertThat(global.pop()).isNull();
                assertThat(global.size()).isZero();
                assertThat(global.contents()).isEmpty();
            } finally {
                global.unlock();
            }
        }

        @Test
        void putHeadIntoAnEmptyQueueThenPutKeepsBothEnds() {
            GlobalRunQueue global = new GlobalRunQueue();
            Goroutine[] g = goroutines(3);
            global.lock();
            try {
                global.globrunqputhead(g[0]);
                global.globrunqput(g[1]);
                assertThat(global.pop()).isSameAs(g[0]);
                assertThat(global.pop()).isSameAs(g[1]);
                // emptied by pop: both ends reset, so a put starts a fresh list
                global.globrunqput(g[2]);
                assertThat(global.contents()).containsExactly(g[2]);
            } finally {
                global.unlock();
            }
        }

        @Test
        void everyMutationRequiresSchedLock() {
            assumeTrue(GlobalRunQueue.class.desiredAssertionStatus(), "the lock check is an assert");
            GlobalRunQueue global = new GlobalRunQueue();
            assertThatThrownBy(() -> global.globrunqput(new Goroutine(1))).isInstanceOf(AssertionError.class);
            assertThatThrownBy(() -> global.globrunqputhead(new Goroutine(1))).isInstanceOf(AssertionError.class);
            Goroutine one = new Goroutine(1);
            assertThatThrownBy(() -> global.globrunqputbatch(one, one, 1)).isInstanceOf(AssertionError.class);
            assertThatThrownBy(global::pop).isInstanceOf(AssertionError.class);
        }
    }

    static Goroutine[] goroutines(int n) {
        Goroutine[] gs = new Goroutine[n];
        for (int i = 0; i < n; i++) gs[i] = new Goroutine(i);
        return gs;
    }
}
