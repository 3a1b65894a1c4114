package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The padded counter behind {@code sched.nmspinning} and {@code sched.npidle} must be an {@code AtomicInteger} in
 * every way the scheduler uses one: the same results for the same calls, and under contention no increment lost
 * and no value handed out twice.
 */
class PaddedAtomicIntegerTest {

    @Test
    void givesWhatAnAtomicIntegerGivesCallForCall() {
        PaddedAtomicInteger padded = new PaddedAtomicInteger();
        AtomicInteger plain = new AtomicInteger();
        assertThat(padded.get()).isEqualTo(plain.get());
        assertThat(padded.incrementAndGet()).isEqualTo(plain.incrementAndGet());
        assertThat(padded.compareAndSet(0, 5)).isEqualTo(plain.compareAndSet(0, 5)).isFalse();   // wakep's CAS lost
        assertThat(padded.compareAndSet(1, 5)).isEqualTo(plain.compareAndSet(1, 5)).isTrue();
        assertThat(padded.decrementAndGet()).isEqualTo(plain.decrementAndGet()).isEqualTo(4);
        padded.set(Integer.MAX_VALUE);
        plain.set(Integer.MAX_VALUE);
        assertThat(padded.incrementAndGet()).isEqualTo(plain.incrementAndGet()).isEqualTo(Integer.MIN_VALUE);
        assertThat(padded.decrementAndGet()).isEqualTo(plain.decrementAndGet()).isEqualTo(Integer.MAX_VALUE);
        assertThat(padded).hasToString(plain.toString());
    }

    /**
     * Threads hand out values at once, half with {@code incrementAndGet}, half with {@code compareAndSet} loops (as
     * wakep claims the spinning slot): every value from 1 to the number of increments is handed out exactly once.
     * Then {@code decrementAndGet} gives half of them back, and the counter ends where the arithmetic says.
     */
    @RepeatedTest(20)
    @Tag("live")
    @Timeout(60)
    void underContentionNothingIsLostOrHandedOutTwice() throws InterruptedException {
        int threads = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors())), each = 50_000;
        PaddedAtomicInteger counter = new PaddedAtomicInteger();
        BitSet[] seen = new BitSet[threads];
        CountDownLatch start = new CountDownLatch(1);
        Thread[] ts = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            BitSet mine = seen[i] = new BitSet();
            boolean byCas = i % 2 == 1;
            ts[i] = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int k = 0; k < each; k++) {
                    int v;
                    if (byCas) {
                        int old;
                        do old = counter.get(); while (!counter.compareAndSet(old, old + 1));
                        v = old + 1;
                    } else {
                        v = counter.incrementAndGet();
                    }
                    mine.set(v);
                }
            }, "padded-" + i);
            ts[i].start();
        }
        start.countDown();
        for (Thread t : ts) t.join();
        BitSet all = new BitSet();
        int handedOut = 0;
        for (BitSet s : seen) {
            assertThat(s.intersects(all)).as("a value handed out twice").isFalse();
            all.or(s);
            handedOut += s.cardinality();
        }
        assertThat(handedOut).isEqualTo(threads * each);
        assertThat(all.nextClearBit(1)).as("every value from 1 up handed out").isEqualTo(threads * each + 1);
        for (int k = 0; k < threads * each / 2; k++) counter.decrementAndGet();
        assertThat(counter.get()).isEqualTo(threads * each - threads * each / 2);
    }
}
