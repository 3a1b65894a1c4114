package org.gmplab.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.SynchronousQueue;
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
 * other thread an engine thread started, which none does. An engine takes a CPU no open engine uses, so two
 * engines running at once (a replay beside the shown run) do not share one, and else the CPU the engine before
 * it used.
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
     * The CPU for a new engine: the first whose engines have all shut down, else the one with fewest open. Not in
     * turn: short runs made one after another on CPUs taken in turn ran up to a third slower than on one CPU
     * (docs/benchmarks.md), likely the code and data the last run left in that CPU's caches.
     */
    static StepCpu next() {
        if (STARTERS.isEmpty()) return new StepCpu(null);
        synchronized (STARTERS) {
            Starter least = STARTERS.get(0);
            for (Starter s : STARTERS) if (s.open < least.open) least = s;
            least.open++;
            return new StepCpu(least);
        }
    }

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
     * an unstarted thread cannot be unparked.
     */
    void start(Thread t) {
        if (starter == null || !starter.start(t)) t.start();
    }

    /** Pins every starter in the background, so that engines made a little later start on their CPUs. */
    static void prepare() {
        for (Starter s : STARTERS) s.begin();
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
        if (!Boolean.parseBoolean(System.getProperty("gmplab.step.pin", "true"))) return out;
        if (!Files.isSymbolicLink(Path.of("/proc/thread-self"))) return out;
        List<Integer> cpus;
        try {
            cpus = allowedCpus(Files.readAllLines(Path.of("/proc/self/status")));
        } catch (IOException | RuntimeException e) {
            return out;
        }
        if (cpus.size() < 2) return out;
        // The last CPUs first: CPU 0 takes most of the interrupts.
        for (int i = cpus.size() - 1; i >= 0 && out.size() < MOST_STARTERS; i--) out.add(new Starter(cpus.get(i)));
        return out;
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
        private final SynchronousQueue<Thread> toStart = new SynchronousQueue<>();
        private final SynchronousQueue<Thread> started = new SynchronousQueue<>();
        private final CountDownLatch tried = new CountDownLatch(1);
        private volatile boolean pinned; // its thread runs on cpu alone: only then does it start threads
        private boolean begun;
        private int open;                // engines on this CPU not yet shut down (guarded by STARTERS)

        Starter(int cpu) { this.cpu = cpu; }

        synchronized void begin() {
            if (begun) return;
            begun = true;
            Thread thread = new Thread(this::loop, "step-cpu-" + cpu);
            thread.setDaemon(true);
            thread.start();
        }

        boolean start(Thread t) {
            begin();
            if (!pinned) return false;
            boolean interrupted = false;
            synchronized (this) { // one thread at a time; the starter is always waiting for the next, so neither wait is long
                try {
                    for (;;) {
                        try { toStart.put(t); break; } catch (InterruptedException e) { interrupted = true; }
                    }
                    for (;;) {
                        try { started.take(); return true; } catch (InterruptedException e) { interrupted = true; }
                    }
                } finally {
                    if (interrupted) Thread.currentThread().interrupt();
                }
            }
        }

        boolean awaitPinned() throws InterruptedException {
            tried.await();
            return pinned;
        }

        private void loop() {
            pinned = pinSelf();
            tried.countDown();
            if (!pinned) return;
            try {
                for (;;) {
                    Thread t = toStart.take();
                    t.start();
                    started.put(t);
                }
            } catch (InterruptedException e) {
                pinned = false; // a daemon: ends with the JVM, nothing else interrupts it
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
