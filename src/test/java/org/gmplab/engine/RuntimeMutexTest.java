package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Go 1.23's {@code lock2} (lock_futex.go): a runtime lock found taken is tried again over four short spins and
 * one yield before the thread sleeps. Each test holds the lock in another thread and watches lock2's looks at it
 * ({@code isLocked}), so nothing depends on how long a spin lasts.
 */
@Timeout(60)   // a lock that is never let go fails here rather than hangs
class RuntimeMutexTest {

    /** A lock held by another thread until {@link #release()}, counting lock2's looks at it. */
    private static class Held extends ReentrantLock {
        final AtomicInteger looks = new AtomicInteger();
        private final CountDownLatch held = new CountDownLatch(1), release = new CountDownLatch(1), released = new CountDownLatch(1);
        private final Thread holder = new Thread(() -> {
            lock();
            held.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                unlock();
                released.countDown();
            }
        }, "holder");

        Held start() throws InterruptedException {
            holder.setDaemon(true);
            holder.start();
            held.await();
            return this;
        }

        /** Lets the holder unlock, and waits until it has. */
        void release() {
            release.countDown();
            try {
                released.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override public boolean isLocked() {
            looks.incrementAndGet();
            return super.isLocked();
        }
    }

    private static final boolean MULTICORE = Runtime.getRuntime().availableProcessors() > 1;

    @Test
    void lock2SpinsFourTimesAndYieldsOnceBeforeItSleeps() throws InterruptedException {
        Held l = new Held().start();
        assertThat(RuntimeMutex.spin(l)).as("taken while another thread holds it").isFalse();
        // four spins (Go spins only with more than one CPU), then a look before and after the yield
        assertThat(l.looks.get()).isEqualTo((MULTICORE ? RuntimeMutex.ACTIVE_SPIN : 0) + 2);
        assertThat(l.isHeldByCurrentThread()).isFalse();
        l.release();
    }

    @Test
    void lock2TakesALockFreedWhileItSpinsWithoutSleeping() throws InterruptedException {
        assumeTrue(MULTICORE, "Go's lock2 spins only with more than one CPU");
        Held l = new Held() {
            @Override public boolean isLocked() {
                if (looks.get() == 1) release();   // the holder lets go during the second spin
                return super.isLocked();
            }
        }.start();
        assertThat(RuntimeMutex.spin(l)).as("taken during the spins, without sleeping").isTrue();
        assertThat(l.isHeldByCurrentThread()).isTrue();
        assertThat(l.looks.get()).isEqualTo(2);
        l.unlock();
    }

    @Test
    void theFreeListsLockIsARuntimeMutex() throws Exception {
        org.gmplab.scenario.Scenario sc = org.gmplab.scenario.ScenarioJson.parse("""
                { "name": "one", "gomaxprocs": 1, "seed": 1, "runqSize": 256, "waitGroups": [], "mutexes": [], "channels": {},
                  "functions": { "main": { "params": [], "body": [] } } }
                """, "one.json");
        try (Engine e = Engine.step(sc)) {   // one field in both modes; only live mode's threads ever contend for it
            assertThat(e.sched().gFreeLock).isInstanceOf(RuntimeMutex.class);
        }
    }
}
