package org.gmplab.bench;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How long a cache line takes to go from one CPU to another and back: two threads bounce a counter through two
 * cache lines 128 bytes apart (an {@code AtomicLongArray}'s elements 0 and 16, a release store and an acquire
 * load each way), each waiting (busy) for the other's write. On a virtual machine the figure depends on where
 * the host placed the virtual CPUs (two hyperthreads of one core, two cores sharing a cache, two chiplets),
 * which can change within minutes; on the 2-core machine of docs/benchmarks.md it read 114–190 ns or
 * 480–870 ns on 2026-12-03, and at the larger figures p = 2 scaled badly for every system measured, Go and
 * Java's executors too ("Round 10"). Every handoff of a goroutine between Ms costs a few such trips, so the
 * benchmarks print it beside the load average. With fewer than two CPUs there is nothing to measure (NaN),
 * and a measure that has not ended after {@link #LIMIT_NANOS} gives up (NaN) rather than hold the benchmark.
 */
final class CoreToCore {
    private CoreToCore() { }

    /** Prints the round trip {@code args[0]} times (default 1), e.g. to watch it change over an hour. */
    public static void main(String[] args) {
        int times = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        for (int i = 0; i < times; i++) System.out.printf("core-to-core round trip %.0f ns%n", roundTripNanos(TRIPS));
    }

    /** Trips per measure: about 0.1 s on the machine of docs/benchmarks.md. */
    static final int TRIPS = 200_000;
    /** A measure longer than this (a CPU shared with other work) is abandoned. */
    static final long LIMIT_NANOS = 2_000_000_000L;

    /** The median of three measures of {@code trips} round trips each, in ns per round trip. */
    static double roundTripNanos(int trips) {
        if (Runtime.getRuntime().availableProcessors() < 2) return Double.NaN;
        once(trips / 4);                                     // not counted: the loops compiled first
        double[] m = new double[3];
        for (int i = 0; i < m.length; i++) m[i] = once(trips);
        java.util.Arrays.sort(m);
        return m[1];
    }

    private static final long GIVE_UP = Long.MIN_VALUE;

    private static double once(int trips) {
        // ping and pong 128 bytes apart, on lines of their own: each trip moves exactly the line the sender wrote
        AtomicLongArray lines = new AtomicLongArray(32);
        int ping = 0, pong = 16;
        Thread echo = new Thread(() -> {
            for (long i = 0, seen; i <= trips; i++) {
                while ((seen = lines.getAcquire(ping)) != i) {
                    if (seen == GIVE_UP) return;
                }
                lines.setRelease(pong, i);
            }
        }, "core-to-core echo");
        echo.setDaemon(true);
        lines.set(ping, -1);
        lines.set(pong, -1);
        echo.start();
        lines.set(ping, 0);                                  // trip 0: the echo thread is up, not timed
        while (lines.getAcquire(pong) != 0) { }
        long t0 = System.nanoTime();
        for (long i = 1; i <= trips; i++) {
            lines.setRelease(ping, i);
            while (lines.getAcquire(pong) != i) { }
            if ((i & 1023) == 0 && System.nanoTime() - t0 > LIMIT_NANOS) {
                lines.set(ping, GIVE_UP);
                return Double.NaN;
            }
        }
        long nanos = System.nanoTime() - t0;
        try {
            echo.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return nanos / (double) trips;
    }
}
