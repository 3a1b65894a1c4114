package org.gmplab.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Step mode's threads on one CPU. Step mode runs one engine thread at a time and hands its token from
 * thread to thread, at GOMAXPROCS 64–256 about every other event. A thread woken on an idle CPU waits for
 * that CPU to wake (on a virtual machine a halted virtual CPU: tens of µs); a thread woken on the CPU its
 * waker is about to leave runs at once. So all of one engine's threads share a CPU, which costs step mode
 * nothing (its threads never run together) and leaves the other CPUs to the window, the JIT and other engines.
 *
 * <p>Java has no call for a thread's CPU affinity, but a new thread inherits its creator's. So a few CPUs have
 * a starter each: a thread that pins itself once to its CPU (Linux's {@code taskset}, given the starter's own
 * id from {@code /proc/thread-self}) and then starts the threads an engine's controller would start. The
 * engine's threads start their own (a new M in {@code newm}), and those inherit the CPU too; so would any
 * other thread an engine thread started, which none does. An engine takes the first CPU of the list on which
 * no engine is open, else the one with fewest: so two engines running at once (a replay beside the shown run)
 * do not share one, and engines made one after another keep to the same. The list puts the fastest CPUs first
 * (a hybrid processor's performance cores), and among equals the last numbered (CPU 0 takes most interrupts).
 *
 * <p>Only speed depends on this: which thread runs next is decided by virtual clocks alone. Where it cannot
 * be done (not Linux, one CPU, no {@code taskset}, or {@code -Dgmplab.step.pin=false}), and for an engine made
 * before its starter is pinned, threads start where they are, as before.
 */
final class StepCpu {
    private static final int MOST_STARTERS = 4; // as many step-mode engines at once as ever run side by side
    private static final List<Starter> STARTERS = starters();

    private final Starter starter;
    private boolean released;

    private StepCpu(Starter starter) { this.starter = starter; }

    /**
     * The CPU for a new engine ({@link #choose}). Not in turn: short runs made one after another on CPUs taken in
     * turn ran up to a third slower than on one CPU (docs/benchmarks.md), likely the code and data the last run
     * left in that CPU's caches.
     */
    static StepCpu next() {
        if (STARTERS.isEmpty()) return new StepCpu(null);
        synchronized (STARTERS) {
            Starter s = STARTERS.get(choose(openCounts()));
            s.open++;
            return new StepCpu(s);
        }
    }

    /** Which of the starters, given how many engines each has open: the first with fewest. */
    static int choose(int[] open) {
        int best = 0;
        for (int i = 1; i < open.length; i++) if (open[i] < open[best]) best = i;
        return best;
    }

    /** How many engines are open on each starter's CPU, in the list's order. */
    static int[] openCounts() {
        synchronized (STARTERS) {
            return STARTERS.stream().mapToInt(s -> s.open).toArray();
        }
    }

    /** The starters' CPUs, in the list's order. */
    static int[] cpus() { return STARTERS.stream().mapToInt(s -> s.cpu).toArray(); }

    /** The engine has shut down: its CPU is free for the next. Once; later calls do nothing. */
    void release() {
        if (starter == null) return;
        synchronized (STARTERS) {
            if (released) return;
            released = true;
            starter.open--;
        }
    }

    /**
     * Starts {@code t}, on this engine's CPU once its starter is pinned; before that (its first {@code taskset}
     * takes some 40 ms, which no engine waits for) where the caller runs. Returns once {@code t} has started:
     * an unstarted thread cannot be unparked. If starting it fails ({@code OutOfMemoryError}: no native thread
     * left), the caller gets the error, as from {@link Thread#start}.
     */
    void start(Thread t) {
        if (starter == null || !starter.start(t)) t.start();
    }

    /** Pins every starter in the background, so that engines made a little later start on their CPUs. */
    static void prepare() {
        for (Starter s : STARTERS) s.begin();
    }

    /** {@code -Dgmplab.step.pin}: {@code true} (the default) or {@code false}; any other value is refused. */
    static boolean pinByDefault() {
        String v = System.getProperty("gmplab.step.pin", "true");
        return switch (v) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("-Dgmplab.step.pin must be true or false, not " + v);
        };
    }

    /** Whether this machine lets step mode pin its threads (Linux, two CPUs or more, not turned off). */
    static boolean possible() { return !STARTERS.isEmpty(); }

    /** Waits until every starter has pinned itself or failed to; whether all are pinned. For tests. */
    static boolean awaitPinned() throws InterruptedException {
        prepare();
        boolean all = true;
        for (Starter s : STARTERS) all &= s.awaitPinned();
        return all;
    }

    private static List<Starter> starters() {
        List<Starter> out = new ArrayList<>();
        try {
            if (!pinByDefault()) return out;
            if (!Files.isSymbolicLink(Path.of("/proc/thread-self"))) return out;
            List<Integer> cpus = allowedCpus(Files.readAllLines(Path.of("/proc/self/status")));
            if (cpus.size() < 2) return out;
            cpus.sort(Comparator.comparingLong(StepCpu::capacity).reversed().thenComparing(Comparator.reverseOrder()));
            for (int c : cpus.subList(0, Math.min(MOST_STARTERS, cpus.size()))) out.add(new Starter(c));
        } catch (IOException | RuntimeException e) {
            out.clear(); // nothing to pin with: threads start where they are
        }
        return out;
    }

    /** How fast a CPU is, as Linux says (its capacity, else its highest clock); 0 where it does not. */
    private static long capacity(int cpu) {
        Path dir = Path.of("/sys/devices/system/cpu/cpu" + cpu);
        for (Path p : List.of(dir.resolve("cpu_capacity"), dir.resolve("cpufreq/cpuinfo_max_freq"))) {
            try {
                return Long.parseLong(Files.readString(p).trim());
            } catch (IOException | RuntimeException e) {
                // not there: the next, or 0
            }
        }
        return 0;
    }

    /** The CPUs a process may run on, from its status's {@code Cpus_allowed_list} line ("0-3,6"). */
    static List<Integer> allowedCpus(List<String> status) {
        List<Integer> cpus = new ArrayList<>();
        for (String line : status) {
            if (!line.startsWith("Cpus_allowed_list:")) continue;
            for (String part : line.substring(line.indexOf(':') + 1).trim().split(",")) {
                if (part.isEmpty()) continue;
                int dash = part.indexOf('-');
                int lo = Integer.parseInt(dash < 0 ? part : part.substring(0, dash));
                int hi = dash < 0 ? lo : Integer.parseInt(part.substring(dash + 1));
                for (int c = lo; c <= hi; c++) cpus.add(c);
            }
        }
        return cpus;
    }

    /** A thread pinned to one CPU that starts threads for engines, so that they run there too. */
    private static final class Starter {
        private final int cpu;
        private final LinkedBlockingQueue<Request> requests = new LinkedBlockingQueue<>();
        private final CountDownLatch tried = new CountDownLatch(1);
        private volatile boolean pinned; // its thread runs on cpu alone: only then does it start threads
        private boolean begun;
        private int open;                // engines on this CPU not yet shut down (guarded by STARTERS)

        Starter(int cpu) { this.cpu = cpu; }

        /** One thread to start; the starter never waits for its caller, so neither can hold the other up. */
        private static final class Request {
            final Thread thread;
            final CountDownLatch done = new CountDownLatch(1);
            volatile Throwable failure;
            Request(Thread thread) { this.thread = thread; }
        }

        synchronized void begin() {
            if (begun) return;
            begun = true;
            Thread thread = new Thread(this::loop, "step-cpu-" + cpu);
            thread.setDaemon(true);
            thread.start();
        }

        /** Starts {@code t} on this CPU; false (not started) if the starter is not pinned. */
        boolean start(Thread t) {
            begin();
            if (!pinned) return false;
            Request r = new Request(t);
            requests.add(r);
            boolean interrupted = false;
            for (;;) {
                try {
                    r.done.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the starter is always taking requests: the wait is short
                }
            }
            if (interrupted) Thread.currentThread().interrupt();
            Throwable x = r.failure;
            if (x instanceof RuntimeException e) throw e;
            if (x instanceof Error e) throw e;
            return true;
        }

        boolean awaitPinned() throws InterruptedException {
            tried.await();
            return pinned;
        }

        private void loop() {
            try {
                pinned = pinSelf();
            } finally {
                tried.countDown();
            }
            if (!pinned) return;
            for (;;) { // never ends: a daemon, gone with the JVM
                Request r;
                try {
                    r = requests.take();
                } catch (InterruptedException | RuntimeException | Error e) {
                    continue; // nothing interrupts it; an error taking one leaves the next to take
                }
                try {
                    r.thread.start();
                } catch (Throwable x) {
                    r.failure = x;
                } finally {
                    r.done.countDown();
                }
            }
        }

        private boolean pinSelf() {
            try {
                String tid = Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString();
                Process p = new ProcessBuilder("taskset", "-p", "-c", Integer.toString(cpu), tid)
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroy();
                    return false;
                }
                return p.exitValue() == 0
                        && allowedCpus(Files.readAllLines(Path.of("/proc/thread-self/status"))).equals(List.of(cpu));
            } catch (IOException | RuntimeException e) {
                return false; // no taskset: engines start their threads where they are
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }
}
