package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** {@code sync.WaitGroup}: Go's {@code WaitGroup.Add} (and {@code Done}, its {@code Add(-1)}). */
class WaitGroupTest {

    /** Go: {@code (*WaitGroup).Add}. */
    @Nested
    class WaitGroupAdd {

        @Test
        void anAddThatLeavesTheCounterAboveZeroIsOneAtomicAddAndTakesNoLock() throws Exception {
            // given a wait group of 2 whose lock another thread holds (a Wait parking under it, say)
            WaitGroup wg = new WaitGroup("wg");
            wg.add(2);
            CountDownLatch held = new CountDownLatch(1), done = new CountDownLatch(1);
            Thread holder = new Thread(() -> {
                wg.lock.lock();
                try {
                    held.countDown();
                    done.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    wg.lock.unlock();
                }
            });
            holder.start();
            held.await();
            try {
                // when a Done leaves it at 1, on a thread of its own so that a wait for the lock shows as not finishing
                CompletableFuture<List<Goroutine>> add = CompletableFuture.supplyAsync(() -> wg.add(-1));
                // then it returns, with no waiter to ready, while the lock is still held (as Go's Add: one atomic add)
                assertThat(add.get(30, TimeUnit.SECONDS)).isEmpty();
                assertThat(wg.counter.get()).isEqualTo(1);
                assertThat(wg.lock.isLocked()).isTrue();
            } finally {
                done.countDown();
                holder.join();
            }
        }

        @Test
        void theAddThatReachesZeroReadiesEveryWaiterInOrder() {
            WaitGroup wg = new WaitGroup("wg");
            wg.add(2);
            Goroutine a = new Goroutine(1), b = new Goroutine(2);
            wg.waiters.addLast(a);
            wg.waiters.addLast(b);
            assertThat(wg.add(-1)).isEmpty();
            assertThat(wg.add(-1)).containsExactly(a, b);
            assertThat(wg.waiters).isEmpty();
        }

        @Test
        void aNegativeCounterPanics() {
            WaitGroup wg = new WaitGroup("wg");
            wg.add(1);
            assertThatThrownBy(() -> wg.add(-2)).isInstanceOf(GoPanic.class).hasMessage("sync: negative WaitGroup counter");
        }
    }
}
