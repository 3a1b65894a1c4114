package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.fn;
import static org.gmplab.engine.Progs.go;
import static org.gmplab.engine.Progs.prog;
import static org.gmplab.engine.Progs.sleep;
import static org.gmplab.engine.Progs.work;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.gmplab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/**
 * {@code work(d)} in live mode ({@link LiveTurnstile#spend}): the G costs its real CPU time, d, whatever the
 * clock's speed; slow motion stretches it over d / speed of wall time by resting between bursts. (Burning the
 * whole stretched time made each M take a core in slow motion, and starved the window's FX and render threads.)
 */
class LiveWorkTest {

    @Test
    void slowedDownWorkBurnsTheGsCpuTimeNotTheStretchedTime() throws Exception {
        // G2 works 10 ms of Go time and exits; main sleeps meanwhile, so the Ms still exist when their CPU is read.
        Scenario sc = prog().procs(1)
                .fn(fn("main", go("worker"), sleep("1000s")))
                .fn(fn("worker", work("10ms")))
                .build("one worker");
        double speed = 0.05;   // 10 ms of Go time take 200 ms of wall time
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Set<Long> before = new HashSet<>();   // Ms of other engines in this JVM, if any are still alive
        for (long id : mx.getAllThreadIds()) before.add(id);
        CountDownLatch workerDone = new CountDownLatch(1);
        long wallStart = System.nanoTime();
        try (Engine e = Engine.live(sc, speed, false, goid -> { if (goid == 2) workerDone.countDown(); })) {
            assertThat(workerDone.await(30, TimeUnit.SECONDS)).as("the worker ended").isTrue();
            long wall = System.nanoTime() - wallStart;
            long cpu = 0;
            for (ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds()))
                if (t != null && !before.contains(t.getThreadId()) && t.getThreadName().matches("M\\d+")) cpu += Math.max(0, mx.getThreadCpuTime(t.getThreadId()));
            assertThat(wall).as("the work took its stretched wall time").isGreaterThanOrEqualTo(200_000_000L);
            // Burning the whole stretched time would cost ≥ 200 ms; the G's own cost is 10 ms (plus the rests' wake-ups).
            // A busy machine cannot break this bound: the burns and the rests end at wall-clock deadlines, so a
            // descheduled M only uses less CPU, and the stretched wall time can only grow.
            assertThat(cpu).as("CPU the Ms used (ns) for 10 ms of work stretched over %d ms", wall / 1_000_000).isLessThan(100_000_000L);
        }
    }
}
