package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Timeout;

/**
 * The ring under real contention, as Go's scheduler uses it: one owner thread mixes {@code runqput}
 * (with and without runnext) and {@code runqget}, and now and then takes one G from the global queue
 * (the 61-tick check); 1 to 3 thief threads run Go's {@code findRunnable} order on their own queues:
 * {@code runqget} their own, else {@code runqsteal} from the owner or another thief (sometimes with
 * {@code stealRunNextG}), else pop the global queue. Overflows ({@code runqputslow}) feed the global
 * queue. At the end of a round everything left is drained, and every G put must have been taken exactly
 * once: nothing lost, nothing duplicated.
 *
 * <p>Each round varies the capacity (a ring of 4 overflows and wraps all the time, 256 is Go's), the
 * number of thieves, the put/get mix and whether the owner's queue backs off before its runnext is
 * stolen (Go's {@code usleep(3)}; here a short spin, which widens the runnext race).
 */
@Tag("live")
class RunQueueStressTest {

    static final int ROUNDS = 20;
    static final int OWNER_OPS = 200_000;

    private static final int[] CAPACITIES = {256, 16, 4};
    private static final double[] PUT_SHARE = {0.5, 0.55, 0.7};

    // What the rounds exercised, summed over all rounds; checked once at the end.
    private static final AtomicLong overflows = new AtomicLong();
    private static final AtomicLong steals = new AtomicLong();
    private static final AtomicLong runnextSteals = new AtomicLong();
    private static final AtomicLong globalPops = new AtomicLong();
    private static final AtomicInteger roundsPassed = new AtomicInteger();

    @RepeatedTest(value = ROUNDS, name = "round {currentRepetition}")
    @Timeout(60)
    void everyGIsTakenExactlyOnce(RepetitionInfo info) throws InterruptedException {
        int round = info.getCurrentRepetition() - 1;
        int capacity = CAPACITIES[round % CAPACITIES.length];
        int thieves = 1 + (round / 3) % 3;
        double putShare = PUT_SHARE[(round / 9) % PUT_SHARE.length];
        boolean backOff = round % 2 == 0;

        // given an owner queue, thieves with their own queues, a shared global queue
        GlobalRunQueue global = new GlobalRunQueue();
        RunQueue owner = new RunQueue(capacity, backOff ? RunQueueStressTest::spinALittle : RunQueue.RunnextStealGuard.NONE);
        RunQueue[] thiefQueues = new RunQueue[thieves];
        for (int i = 0; i < thieves; i++) thiefQueues[i] = new RunQueue(capacity);
        // seen[t][goid]: how many times thread t took that G (each array written by one thread only)
        int[][] seen = new int[thieves + 2][OWNER_OPS];
        int[] puts = new int[1];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread.UncaughtExceptionHandler record = (t, e) -> failure.compareAndSet(null, e);
        AtomicBoolean ownerDone = new AtomicBoolean(); // the thieves run until the owner has done its ops

        // when they all run at once (the gate keeps the owner from finishing before the thieves start)
        CountDownLatch gate = new CountDownLatch(1 + thieves);
        List<Thread> threads = new ArrayList<>();
        threads.add(new Thread(() -> {
            awaitAll(gate);
            SplittableRandom rnd = new SplittableRandom(round);
            long ofl = 0;
            try {
                for (int op = 0; op < OWNER_OPS; op++) {
                    if (op % 61 == 0) {
                        take(seen[0], popGlobal(global)); // Go's schedtick % 61 fairness check
                    } else if (rnd.nextDouble() < putShare) {
                        owner.runqput(new Goroutine(puts[0]++), rnd.nextInt(4) == 0, global);
                        if (owner.overflowed() > 0) ofl++;
                    } else {
                        take(seen[0], owner.runqget());
                    }
                }
            } finally {
                overflows.addAndGet(ofl);
                ownerDone.set(true);
            }
        }, "owner"));
        for (int i = 0; i < thieves; i++) {
            int me = i;
            threads.add(new Thread(() -> {
                awaitAll(gate);
                SplittableRandom rnd = new SplittableRandom(1000L * round + me);
                RunQueue mine = thiefQueues[me];
                long st = 0, rst = 0, gp = 0;
                while (!ownerDone.get()) {
                    Goroutine g = mine.runqget();
                    if (g == null) {
                        // Our ring is empty (only we put into it), as runqsteal requires.
                        int v = rnd.nextInt(thieves + 1);
                        RunQueue victim = v == thieves || v == me ? owner : thiefQueues[v];
                        g = mine.runqsteal(victim, rnd.nextInt(4) == 0);
                        if (g != null) { st++; if (mine.stoleRunnext()) rst++; }
                    }
                    if (g == null && rnd.nextInt(8) == 0) {
                        g = popGlobal(global);
                        if (g != null) gp++;
                    }
                    take(seen[1 + me], g);
                }
                steals.addAndGet(st);
                runnextSteals.addAndGet(rst);
                globalPops.addAndGet(gp);
            }, "thief-" + i));
        }
        for (Thread t : threads) {
            t.setDaemon(true); // a thief spinning after a failure must not keep the JVM alive
            t.setUncaughtExceptionHandler(record);
            t.start();
        }
        for (Thread t : threads) t.join();
        assertThat(failure.get()).as("a thread failed").isNull();

        // and everything left is drained (join() made all their writes visible to us)
        int[] drained = seen[thieves + 1];
        for (Goroutine g; (g = owner.runqget()) != null; ) take(drained, g);
        for (RunQueue q : thiefQueues) for (Goroutine g; (g = q.runqget()) != null; ) take(drained, g);
        for (Goroutine g; (g = popGlobal(global)) != null; ) take(drained, g);

        // then every G put was taken exactly once, and nothing else was taken
        List<String> wrong = new ArrayList<>();
        for (int id = 0; id < OWNER_OPS && wrong.size() < 10; id++) {
            int n = 0;
            for (int[] s : seen) n += s[id];
            if (n != (id < puts[0] ? 1 : 0)) wrong.add("G" + id + " taken " + n + " times");
        }
        assertThat(wrong).as("capacity %d, %d thieves, %d puts", capacity, thieves, puts[0]).isEmpty();
        roundsPassed.incrementAndGet();
    }

    /**
     * {@link RunQueue#size()} read by a thread other than the owner, as a thief does before a steal to
     * report what the victim "had", while the owner fills the ring past capacity (runqputslow) and
     * empties it again. Stale answers are allowed; answers outside 0..capacity are not.
     */
    @RepeatedTest(value = 3, name = "round {currentRepetition}")
    @Timeout(60)
    void sizeSeenByAnotherThreadStaysWithinZeroAndCapacity() throws InterruptedException {
        // given a small ring whose owner cycles between empty and overflowing
        RunQueue q = new RunQueue(4);
        GlobalRunQueue global = new GlobalRunQueue();
        Goroutine g = new Goroutine(1);
        AtomicBoolean ownerDone = new AtomicBoolean();
        CountDownLatch gate = new CountDownLatch(2);
        Thread owner = new Thread(() -> {
            awaitAll(gate);
            try {
                for (int cycle = 0; cycle < 300_000; cycle++) {
                    for (int i = 0; i <= cycle % 6; i++) q.runqput(g, false, global); // up to 6: overflows
                    while (q.runqget() != null) { }
                    if (global.sizeRacy() > 1000) while (popGlobal(global) != null) { }
                }
            } finally {
                ownerDone.set(true);
            }
        }, "owner");
        owner.setDaemon(true);
        owner.start();

        // when another thread keeps reading its size
        awaitAll(gate);
        int min = 0, max = 0;
        long reads = 0;
        while (!ownerDone.get()) {
            int size = q.size();
            min = Math.min(min, size);
            max = Math.max(max, size);
            reads++;
        }
        owner.join();

        // then every answer was a size the ring could have had
        assertThat(reads).isPositive();
        assertThat(min).as("smallest size() seen in %d reads", reads).isGreaterThanOrEqualTo(0);
        assertThat(max).as("largest size() seen in %d reads", reads).isLessThanOrEqualTo(q.capacity());
    }

    @AfterAll
    static void theRoundsExercisedEveryPath() {
        // Only meaningful when all rounds ran and passed: a single round need not hit every path.
        if (roundsPassed.get() < ROUNDS) return;
        assertThat(overflows).as("runqputslow").hasPositiveValue();
        assertThat(steals).as("runqsteal").hasPositiveValue();
        assertThat(runnextSteals).as("runnext steals").hasPositiveValue();
        assertThat(globalPops).as("global pops by thieves").hasPositiveValue();
    }

    private static void awaitAll(CountDownLatch gate) {
        gate.countDown();
        try {
            gate.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void take(int[] seen, Goroutine g) {
        if (g != null) seen[(int) g.goid()]++;
    }

    private static Goroutine popGlobal(GlobalRunQueue global) {
        if (global.sizeRacy() == 0) return null; // Go's lock-free peek before taking sched.lock
        global.lock();
        try {
            return global.pop();
        } finally {
            global.unlock();
        }
    }

    /** The victim's back-off before its runnext is stolen: long enough for the owner to get there first. */
    private static void spinALittle() {
        for (int i = 0; i < 50; i++) Thread.onSpinWait();
    }
}
