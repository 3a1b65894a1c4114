package org.gmplab.bench;

import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * How long a Java thread parked for 0.2–2 ms (an idle M woken by {@code startm} after a while on the idle list) takes
 * to run again after another thread unparks it, as the live engine wakes an M ({@code LiveTurnstile.unpark}: a
 * volatile permit, then {@code LockSupport.unpark}). {@code bench/go/wake/main.go} does the same with two OS threads
 * and a raw futex; run them side by side (docs/benchmarks.md, round 5).
 *
 * <pre>
 * java -cp target/test-classes org.gmplab.bench.WakeBench [N]
 * </pre>
 */
public final class WakeBench {
    private static volatile boolean permit;

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        AtomicLong woke = new AtomicLong();
        Thread sleeper = new Thread(() -> {
            for (;;) {
                while (!permit) LockSupport.park();
                woke.set(System.nanoTime());
                permit = false;
            }
        }, "sleeper");
        sleeper.setDaemon(true);
        sleeper.start();
        double[] lat = new double[n];
        for (int i = -200; i < n; i++) {   // 200 not counted: the JIT
            LockSupport.parkNanos(200_000 + ThreadLocalRandom.current().nextInt(1_800_000));
            woke.set(0);
            long t0 = System.nanoTime();
            permit = true;
            LockSupport.unpark(sleeper);
            while (woke.get() == 0) LockSupport.parkNanos(10_000);
            if (i >= 0) lat[i] = (woke.get() - t0) / 1e3;
        }
        Arrays.sort(lat);
        System.out.printf("Java park/unpark: unpark → running, %d wake-ups after 0.2–2 ms parked: median %.1f µs, p90 %.1f, p99 %.1f%n",
                n, lat[n / 2], lat[n * 9 / 10], lat[n * 99 / 100]);
    }
}
