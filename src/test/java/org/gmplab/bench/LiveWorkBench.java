package org.gmplab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.GoSource;

/**
 * {@code work(d)} in live mode ({@code LiveTurnstile.spend}): the G should cost its real CPU time, d, whatever the
 * clock's speed; slow motion stretches it over d / speed of wall time by resting between bursts. (Burning the
 * whole stretched time made each M take a core in slow motion, and starved the window's FX and render threads.)
 * A measurement, not a test: it prints the Ms' CPU time against the work's d and the stretched wall time, which
 * depend on the machine, so no unit test asserts on them (docs/benchmarks.md).
 *
 * <pre>java -cp target/test-classes:target/classes org.gmplab.bench.LiveWorkBench [SPEED, default 0.05]</pre>
 */
public final class LiveWorkBench {
    public static void main(String[] args) throws Exception {
        double speed = args.length > 0 ? Double.parseDouble(args[0]) : 0.05;
        // G2 works 10 ms of Go time and exits; main sleeps meanwhile, so the Ms still exist when their CPU is read.
        Scenario sc = GoSource.parse("""
                // gmplab: name="one worker" gomaxprocs=1 runtimegoroutines=off
                package main

                import "time"

                func main() {
                	go worker()
                	time.Sleep(1000 * time.Second)
                }

                func worker() { work(10 * time.Millisecond) }
                """, "one-worker.go");
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Set<Long> before = new HashSet<>();
        for (long id : mx.getAllThreadIds()) before.add(id);
        CountDownLatch workerDone = new CountDownLatch(1);
        long wallStart = System.nanoTime();
        try (Engine e = Engine.live(sc, speed, false, goid -> { if (goid == 2) workerDone.countDown(); })) {
            if (!workerDone.await(60, TimeUnit.SECONDS)) throw new IllegalStateException("the worker did not end");
            long wall = System.nanoTime() - wallStart;
            long cpu = 0;
            for (ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds()))
                if (t != null && !before.contains(t.getThreadId()) && t.getThreadName().matches("M\\d+")) cpu += Math.max(0, mx.getThreadCpuTime(t.getThreadId()));
            System.out.printf("work(10ms) at speed %s: wall %.1f ms (stretched: %.0f ms), CPU of the Ms %.1f ms%n",
                    speed, wall / 1e6, 10 / speed, cpu / 1e6);
        }
    }
}
