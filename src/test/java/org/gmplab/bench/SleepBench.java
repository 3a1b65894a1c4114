package org.gmplab.bench;

import java.io.IOException;
import java.nio.channels.Selector;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * Three ways for a Java thread to sleep 1 ms — {@code LockSupport.parkNanos}, {@code Thread.sleep},
 * {@code Selector.select} — and how long each takes. The live engine's simulated system calls and sysmon sleep by
 * parking; on glibc a park that waits makes two system calls (the condition variable's wait, then a wake from the
 * mutex's unlock), where a selector's wait is one {@code epoll_wait} (docs/benchmarks.md, "Round 10"; round 11
 * slept the engine's simulated system calls on selectors and measured no gain). Count them
 * with {@code perf stat -e syscalls:sys_enter_futex,syscalls:sys_enter_epoll_wait -- java … SleepBench park}. Each line
 * gives the sleeping thread's own CPU time per sleep too, to set beside Go's ({@code bench/go/nanosleep}).
 *
 * <pre>
 * java -cp target/test-classes org.gmplab.bench.SleepBench [park|sleep|select …]   # default: all three
 * </pre>
 */
public final class SleepBench {
    private static final int SLEEPS = 2_000;
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    public static void main(String[] args) throws Exception {
        String[] hows = args.length > 0 ? args : new String[] {"park", "sleep", "select"};
        try (Selector selector = Selector.open()) {
            for (String how : hows) {
                sleeps(how, selector);                         // warm-up, not counted
                long c0 = THREADS.getCurrentThreadCpuTime();
                long[] d = sleeps(how, selector);
                long cpu = THREADS.getCurrentThreadCpuTime() - c0;
                System.out.printf("%-6s 1 ms: median %.1f µs, p90 %.1f µs, the thread's CPU %.2f µs a sleep (%d sleeps)%n", how, d[SLEEPS / 2] / 1e3,
                        d[SLEEPS * 9 / 10] / 1e3, cpu / 1e3 / SLEEPS, SLEEPS);
            }
        }
    }

    private static long[] sleeps(String how, Selector selector) throws IOException, InterruptedException {
        long[] d = new long[SLEEPS];
        for (int i = 0; i < SLEEPS; i++) {
            long t0 = System.nanoTime();
            switch (how) {
                case "park" -> LockSupport.parkNanos(1_000_000);
                case "sleep" -> Thread.sleep(1);
                case "select" -> selector.select(1);
                default -> throw new IllegalArgumentException("park, sleep or select, not " + how);
            }
            d[i] = System.nanoTime() - t0;
        }
        Arrays.sort(d);
        return d;
    }
}
