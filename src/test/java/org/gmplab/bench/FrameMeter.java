package org.gmplab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javafx.animation.AnimationTimer;
import javafx.application.Platform;

/**
 * Measures the frames a headless JavaFX (Monocle, software rendering) draws: an AnimationTimer counts the
 * pulses of a measured window, per second and by the gap between them, and the FX and render threads' CPU
 * time is read from {@link ThreadMXBean} (which, unlike frames/s, does not depend on what else the machine
 * runs), in total and frame by frame: the FX thread's own CPU time from one pulse to the next, read on the FX
 * thread itself, is what one frame cost it however busy the machine is. Used by the frame-rate benchmarks; not a test.
 */
public final class FrameMeter {
    private final int window;   // seconds measured
    private final long[] perSecond;            // frames counted in each measured second (FX thread)
    private final long[] gaps = new long[100]; // frame-to-frame gaps in the window, by ms (the last: 99 and over)
    private final long[] fxFrame = new long[101]; // the FX thread's CPU time per frame in the window, by ms (the last: 100 and over)
    private long fxFrameMax;                      // ns, the costliest frame's
    private volatile long counted;                       // frames in the window (the per-second counts stop at its planned end)
    private volatile long start;               // 0: not yet; Long.MAX_VALUE: over
    private volatile String fxThread = "JavaFX Application Thread";
    private long fx0, render0, t0, t1;
    private volatile java.util.concurrent.CountDownLatch awaited;   // counted down at each pulse, for awaitPulses

    /** Starts JavaFX headless on Monocle with software rendering (before anything else touches JavaFX). */
    public static void startHeadless() throws Exception {
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("prism.order", "sw");
        System.setProperty("java.awt.headless", "true");
        CompletableFuture<Void> up = new CompletableFuture<>();
        Platform.startup(() -> up.complete(null));
        up.get(30, TimeUnit.SECONDS);
    }

    /** A meter for a window of {@code seconds}; call {@link #install} on the FX thread. */
    public FrameMeter(int seconds) {
        this.window = seconds;
        this.perSecond = new long[seconds + 1];
    }

    /** FX thread: starts counting pulses (only those inside the measured window count). */
    public void install() {
        fxThread = Thread.currentThread().getName();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        new AnimationTimer() {
            private long last, lastCpu;
            @Override public void handle(long now) {
                long s = start, cpu = mx.getCurrentThreadCpuTime();
                if (s != 0 && now >= s) {
                    int sec = (int) ((now - s) / 1_000_000_000L);
                    if (sec < perSecond.length) perSecond[sec]++;
                    counted++;
                    if (last >= s) {
                        gaps[(int) Math.min(gaps.length - 1, (now - last) / 1_000_000)]++;
                        fxFrame[(int) Math.min(fxFrame.length - 1, (cpu - lastCpu) / 1_000_000)]++;
                        fxFrameMax = Math.max(fxFrameMax, cpu - lastCpu);
                    }
                }
                last = now;
                lastCpu = cpu;
                java.util.concurrent.CountDownLatch a = awaited;
                if (a != null) a.countDown();
            }
        }.start();
    }

    /**
     * Waits for {@code n} more pulses (at most {@code timeoutSeconds}): a window measured in frames rather than
     * seconds, so a starved machine still measures the same number of frames (the CPU per frame is what to read).
     * False if it timed out.
     */
    public boolean awaitPulses(int n, long timeoutSeconds) throws InterruptedException {
        java.util.concurrent.CountDownLatch l = new java.util.concurrent.CountDownLatch(n);
        awaited = l;
        try {
            return l.await(timeoutSeconds, TimeUnit.SECONDS);
        } finally {
            awaited = null;
        }
    }

    /** The measured window begins now. */
    public void begin() {
        fx0 = cpuNanos(true);
        render0 = cpuNanos(false);
        t0 = System.nanoTime();
        start = t0;
    }

    /** The measured window ends now (it may end early, e.g. when the program being shown ends). */
    public void end() throws InterruptedException {
        t1 = System.nanoTime();
        start = Long.MAX_VALUE;
        Thread.sleep(50);   // the timer reads the field on the FX thread: let a pulse see it
    }

    public double seconds() { return (t1 - t0) / 1e9; }

    public long frames() { return counted; }

    /** Frames in the slowest whole second of the window; -1 if it lasted less than a second. */
    public long slowestSecond() {
        long slowest = -1;
        for (int i = 0; i < Math.min(window, (int) seconds()); i++) slowest = slowest < 0 ? perSecond[i] : Math.min(slowest, perSecond[i]);
        return slowest;
    }

    /**
     * "frames/s … slowest second …", the CPU per frame of the FX and render threads, and the FX thread's CPU frame
     * by frame (median, 99th percentile, the costliest, frames over 100 ms), as three lines.
     */
    public String report() {
        double secs = seconds();
        long n = Math.max(1, frames());
        long fx = cpuNanos(true) - fx0, render = cpuNanos(false) - render0;
        long over = fxFrame[fxFrame.length - 1];
        return String.format("CPU per frame: FX thread %.1f ms, render thread %.1f ms (%.0f%% and %.0f%% of one core)%n"
                        + "FX thread CPU frame by frame: median %s ms, p99 %s ms, max %.1f ms, %d over 100 ms%n"
                        + "frames/s: %.1f over %.1f s, slowest second %s (load average %.1f)",
                fx / 1e6 / n, render / 1e6 / n, fx / 1e7 / secs, render / 1e7 / secs,
                fxPercentile(0.5), fxPercentile(0.99), fxFrameMax / 1e6, over,
                frames() / secs, secs, slowestSecond() < 0 ? "-" : Long.toString(slowestSecond()),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    /** The ms bucket below which a share {@code q} of the measured frames' FX-thread CPU falls ("&lt;1" for the first). */
    private String fxPercentile(double q) {
        long total = 0, seen = 0;
        for (long c : fxFrame) total += c;
        for (int i = 0; i < fxFrame.length; i++) {
            seen += fxFrame[i];
            if (total > 0 && seen >= q * total) return i == 0 ? "<1" : "<" + (i + 1);
        }
        return "-";
    }

    /** The frame-gap and FX-thread CPU histograms and each busy thread's CPU since it started, for a closer look. */
    public String detail() {
        StringBuilder b = new StringBuilder("  frame gaps (ms: count):");
        for (int i = 0; i < gaps.length; i++) if (gaps[i] > 0) b.append(' ').append(i).append(':').append(gaps[i]);
        b.append(String.format("%n  FX thread CPU per frame (ms: count):"));
        for (int i = 0; i < fxFrame.length; i++) if (fxFrame[i] > 0) b.append(' ').append(i).append(':').append(fxFrame[i]);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds()))
            if (t != null && mx.getThreadCpuTime(t.getThreadId()) > 50_000_000L)
                b.append(String.format("%n  %-28s %6.0f ms CPU since start", t.getThreadName(), mx.getThreadCpuTime(t.getThreadId()) / 1e6));
        return b.toString();
    }

    /** CPU time used so far by the FX application thread (whatever the platform names it) or Prism's render thread. */
    private long cpuNanos(boolean fx) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds())) {
            if (t == null) continue;
            String name = t.getThreadName();
            if (fx ? name.equals(fxThread) : name.startsWith("QuantumRenderer")) sum += Math.max(0, mx.getThreadCpuTime(t.getThreadId()));
        }
        return sum;
    }
}
