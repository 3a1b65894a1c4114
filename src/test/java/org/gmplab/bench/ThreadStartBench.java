package org.gmplab.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * What a Java platform thread's start costs on this machine: the time its creator spends in {@code Thread.start()},
 * and the time from its return to the new thread's first line. Live mode pays both for every M it cannot run on a
 * thread started ahead ({@code SpareThreads}), where Go's {@code newm} pays a {@code clone}; {@code bench/c/thread_start.c}
 * measures a bare {@code pthread_create} the same way, for the kernel's and the hypervisor's share
 * (docs/benchmarks.md, "Round 15"). Threads are started one at a time, 2 ms apart, each kept parked, as an M's is.
 *
 * <pre>
 * java -cp target/test-classes org.gmplab.bench.ThreadStartBench [STARTS [ROUNDS]]   # default 300, 3
 * </pre>
 */
public final class ThreadStartBench {
    private static volatile long firstLine;

    public static void main(String[] args) throws Exception {
        int starts = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        for (int r = 1; r <= rounds; r++) {
            long[] start = new long[starts], first = new long[starts];
            List<Thread> parked = new ArrayList<>();
            for (int i = 0; i < starts; i++) {
                firstLine = 0;
                Thread t = new Thread(() -> {
                    firstLine = System.nanoTime();
                    LockSupport.park();
                }, "start-" + i);
                t.setDaemon(true);
                long t0 = System.nanoTime();
                t.start();
                long t1 = System.nanoTime();
                while (firstLine == 0) Thread.onSpinWait();
                start[i] = t1 - t0;
                first[i] = firstLine - t1;
                parked.add(t);
                Thread.sleep(2);
            }
            System.out.printf("round %d, %d starts: %s; %s%n", r, starts, line("Thread.start()", start), line("then to the first line", first));
            for (Thread t : parked) LockSupport.unpark(t);
        }
    }

    private static String line(String what, long[] d) {
        long[] s = d.clone();
        Arrays.sort(s);
        return String.format("%s p10 %.1f, median %.1f, p90 %.1f, max %.1f µs", what, s[s.length / 10] / 1e3, s[s.length / 2] / 1e3,
                s[s.length * 9 / 10] / 1e3, s[s.length - 1] / 1e3);
    }
}
