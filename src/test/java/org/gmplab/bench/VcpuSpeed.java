package org.gmplab.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.SynchronousQueue;

/**
 * How fast each CPU runs one fixed chain of arithmetic right now: a thread pinned to each CPU (with {@code taskset})
 * times {@link #STEPS} steps of a multiply-add chain, each step waiting for the one before, so that nothing but the
 * CPU's own speed decides the time (no memory; the prober's own CPU time, so no other thread either). On a real
 * machine the CPUs read alike. On the 2-core virtual machine of docs/benchmarks.md they do not always: for tens of seconds at a time one virtual CPU
 * ran the chain at half its speed, or at three quarters, while the other ran at full speed, and the kernel
 * counted no stolen time ({@code /proc/stat}), so the slow CPU's work also counts as more CPU time ("Round 20").
 * A p = 1 run that the kernel placed on the slow CPU is slower, and a p = 2 run cannot be twice p = 1 with half a
 * CPU less. The live benchmarks print it beside the core-to-core round trip.
 */
final class VcpuSpeed {
    private VcpuSpeed() { }

    /** Prints every CPU's time {@code args[0]} times (default 1), e.g. to watch it change over a minute. */
    public static void main(String[] args) throws InterruptedException {
        int times = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        for (int i = 0; i < times; i++) {
            System.out.println("vCPU speed " + describe(millis()));
            Thread.sleep(1000);
        }
    }

    /**
     * The prober's own CPU time, not the wall clock's: another thread that shares the CPU (the JIT, the collector, a
     * run's threads still ending) delays the chain but adds nothing to its CPU time; a virtual CPU the host runs at
     * half speed adds to both.
     */
    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

    /** Steps per probe: about 6 ms on the machine of docs/benchmarks.md at full speed. */
    static final int STEPS = 5_000_000;

    /** One pinned prober per CPU; null entries where pinning failed (no {@code taskset}, not Linux). */
    private static volatile Prober[] probers;

    /**
     * Each CPU's time for {@link #STEPS} steps, in ms, one CPU after the other; NaN for a CPU its prober could not
     * be pinned to (then the figure would say nothing about that CPU).
     */
    static double[] millis() throws InterruptedException {
        Prober[] ps = probers();
        double[] ms = new double[ps.length];
        for (int i = 0; i < ps.length; i++) ms[i] = ps[i] == null ? Double.NaN : ps[i].probe();
        return ms;
    }

    /** "6.0 / 6.1 ms": each CPU's time, in CPU order. */
    static String describe(double[] ms) {
        StringBuilder s = new StringBuilder();
        for (double m : ms) s.append(s.length() == 0 ? "" : " / ").append(String.format("%.1f", m));
        return s.append(" ms").toString();
    }

    private static Prober[] probers() {
        Prober[] ps = probers;
        if (ps != null) return ps;
        synchronized (VcpuSpeed.class) {
            if (probers != null) return probers;
            int n = Runtime.getRuntime().availableProcessors();
            ps = new Prober[n];
            for (int cpu = 0; cpu < n; cpu++) ps[cpu] = Prober.start(cpu);
            return probers = ps;
        }
    }

    /** The chain: a 64-bit linear congruential step, multiply then add, each on the result of the last. */
    static long chain(long x, int steps) {
        for (int i = 0; i < steps; i++) x = x * 6364136223846793005L + 1442695040888963407L;
        return x;
    }

    /** A daemon thread pinned to one CPU that runs the chain when asked and hands back the ms it took. */
    private static final class Prober {
        private final SynchronousQueue<Boolean> ask = new SynchronousQueue<>();
        private final SynchronousQueue<Double> answer = new SynchronousQueue<>();
        static long sink;

        static Prober start(int cpu) {
            Prober p = new Prober();
            SynchronousQueue<Boolean> pinned = new SynchronousQueue<>();
            Thread t = new Thread(() -> {
                boolean ok = pin(cpu);
                try {
                    pinned.put(ok);
                    if (!ok) return;
                    for (int i = 0; i < 50; i++) sink += chain(i, STEPS / 50);   // compiled before the first probe
                    while (true) {
                        p.ask.take();
                        long t0 = CPU.getCurrentThreadCpuTime();
                        sink += chain(t0, STEPS);
                        p.answer.put((CPU.getCurrentThreadCpuTime() - t0) / 1e6);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "vCPU probe " + cpu);
            t.setDaemon(true);
            t.start();
            try {
                return pinned.take() ? p : null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }

        double probe() throws InterruptedException {
            ask.put(Boolean.TRUE);
            return answer.take();
        }

        /** Pins the calling thread to {@code cpu}: its id from {@code /proc/thread-self}, then {@code taskset -p}. */
        private static boolean pin(int cpu) {
            try {
                String self = Files.readSymbolicLink(Path.of("/proc/thread-self")).toString();   // "<pid>/task/<tid>"
                String tid = self.substring(self.lastIndexOf('/') + 1);
                Process p = new ProcessBuilder("taskset", "-p", "-c", Integer.toString(cpu), tid)
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                return p.waitFor() == 0;
            } catch (Exception e) {
                return false;
            }
        }
    }
}
