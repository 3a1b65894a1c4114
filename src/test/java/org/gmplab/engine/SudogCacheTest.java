package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.gmplab.scenario.Scenario;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Go's {@code acquireSudog}/{@code releaseSudog}: a goroutine that parks in a channel operation takes its sudog
 * from a cache and gives it back once woken, so a ping-pong, which parks a goroutine at every switch, allocates
 * none per switch. Live mode, events off: what is left per switch is the engine's own cost.
 */
@Tag("live")
class SudogCacheTest {

    @Test
    void acquireSudogReusesTheSudogsOfWokenGoroutines() throws Exception {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled(), "per-thread allocation counts");
        // given a ping-pong on one P, after a shorter one that let the JIT compile the engine's paths
        allocatedByMs(mx, 20_000);
        int rounds = 200_000;
        long bytes = allocatedByMs(mx, rounds);
        // then its 400,000 switches allocated less than 4 bytes each, start-up included (a sudog is about 40: one a switch before)
        assertThat((double) bytes / (2 * rounds)).as("bytes allocated per switch by the Ms").isLessThan(4);
    }

    /**
     * Bytes the Ms allocated running a ping-pong of {@code rounds} round trips. Main then sleeps, so that the Ms
     * are still there to be asked (a thread's count goes with it) once the goroutine that counts the rounds exits.
     */
    private static long allocatedByMs(com.sun.management.ThreadMXBean mx, int rounds) throws Exception {
        Scenario sc = PingPongProgram.of(1, rounds);
        CountDownLatch pingerExited = new CountDownLatch(1); // the only goroutine that ever exits
        try (Engine e = Engine.live(sc, 1, false, goid -> pingerExited.countDown())) {
            assertThat(pingerExited.await(120, TimeUnit.SECONDS)).as("the ping-pong ended").isTrue();
            long bytes = 0;
            for (Thread t : Thread.getAllStackTraces().keySet())
                if (t.getName().matches("M\\d+")) bytes += mx.getThreadAllocatedBytes(t.getId());
            return bytes;
        }
    }
}
