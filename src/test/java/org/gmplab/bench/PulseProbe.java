package org.gmplab.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;

import javafx.animation.AnimationTimer;
import javafx.beans.Observable;
import javafx.beans.value.ObservableValue;
import javafx.scene.Scene;

/**
 * What makes a missed pulse: each pulse of a measured window cut into its phases on the FX thread — the animation
 * phase (the AnimationTimers: the window's frame clock applying a moment and the canvas painting it, and the
 * animations such as the event log's catch-up), CSS and layout (between the scene's pre- and post-layout
 * listeners), and the rest up to the next pulse (bounds, the wait for the render thread at sync, the copy to the
 * render graph, and whatever runs between pulses) — each with its wall time and the FX thread's own CPU time,
 * beside the render thread's CPU, the collector's pause time, the JVM's safepoint time (when
 * {@code --add-exports java.management/sun.management=ALL-UNNAMED} lets it be read) and the JIT's compile time in
 * the same interval, and what happened in it (named flags: a new world, the log's rows edited…).
 *
 * <p>A pulse is missed when the gap to the next is over 1.5 periods. Each such frame gets one cause, the first
 * that holds: a collector pause of 3 ms or more; another safepoint of 3 ms or more; the FX thread's own CPU over
 * 12 ms (then which phase took most); the render thread's CPU over 12 ms (the FX thread waits for it at sync);
 * otherwise neither thread had the CPU — the Ms, the JIT, the collector's threads or other processes did. The
 * thread CPU times do not depend on the load; which cause is counted does, so the load is printed beside them.
 * Install it on the FX thread before anything else starts an AnimationTimer, so its timer runs first in each
 * pulse. A benchmarks' helper, not a test.
 */
final class PulseProbe {
    private static final int CAP = 4000;
    private static final long SLOW = 25_000_000L;   // ns: over 1.5 periods of the 60 Hz pulse, one pulse missed at least
    private final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    private final List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
    private final List<String> flagNames = new ArrayList<>();
    private long renderId = -1;
    private Object hotspot;                 // sun.management.HotspotRuntimeMBean, when the module exports it
    private java.lang.reflect.Method safepointTime;
    private volatile boolean on;
    private int n;                          // frames recorded
    private int pendingFlags;
    private final long[] a = new long[CAP], cpuA = new long[CAP], b = new long[CAP], cpuB = new long[CAP], c = new long[CAP], cpuC = new long[CAP];
    private final long[] render = new long[CAP], gc = new long[CAP], sp = new long[CAP], jit = new long[CAP];
    private final int[] flags = new int[CAP];

    /** FX thread, before anything else starts an AnimationTimer: the timer that opens each pulse. */
    void install() {
        try {
            Class<?> helper = Class.forName("sun.management.ManagementFactoryHelper");
            hotspot = helper.getMethod("getHotspotRuntimeMBean").invoke(null);
            safepointTime = Class.forName("sun.management.HotspotRuntimeMBean").getMethod("getTotalSafepointTime");
            safepointTime.invoke(hotspot);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            hotspot = null;   // not exported: safepoints other than the collector's are not told apart
        }
        new AnimationTimer() {
            @Override public void handle(long now) {
                if (!on || n >= CAP) return;
                if (renderId < 0) renderId = renderThread();
                int i = n;
                a[i] = System.nanoTime();
                cpuA[i] = mx.getCurrentThreadCpuTime();
                render[i] = renderId < 0 ? 0 : mx.getThreadCpuTime(renderId);
                gc[i] = gcMillis();
                sp[i] = safepointMillis();
                jit[i] = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
                b[i] = c[i] = 0;
                if (i > 0) flags[i - 1] |= pendingFlags;   // what happened since the last pulse opened belongs to it
                pendingFlags = 0;
                n++;
            }
        }.start();
    }

    /** FX thread: the scene's layout listeners, which cut a pulse into its phases. */
    void listen(Scene scene) {
        scene.addPreLayoutPulseListener(() -> { if (on && n > 0 && b[n - 1] == 0) { b[n - 1] = System.nanoTime(); cpuB[n - 1] = mx.getCurrentThreadCpuTime(); } });
        scene.addPostLayoutPulseListener(() -> { if (on && n > 0 && c[n - 1] == 0) { c[n - 1] = System.nanoTime(); cpuC[n - 1] = mx.getCurrentThreadCpuTime(); } });
    }

    /** FX thread: names what {@code o} changing means; the frames in which it changed carry that name. */
    void flag(String name, Observable o) {
        int bit = 1 << flagNames.size();
        flagNames.add(name);
        o.addListener(x -> {
            pendingFlags |= bit;
            if (x instanceof ObservableValue<?> v) v.getValue();   // valid again, so the next change is told too
        });
    }

    private final List<String> countNames = new ArrayList<>();
    private final List<long[]> counts = new ArrayList<>();

    /** FX thread: counts {@code o}'s changes while measuring, under {@code name} (e.g. a table row given another event). */
    void count(String name, Observable o) {
        int k = countNames.indexOf(name);
        if (k < 0) { countNames.add(name); counts.add(new long[1]); k = countNames.size() - 1; }
        long[] c = counts.get(k);
        o.addListener(x -> {
            if (on) c[0]++;
            if (x instanceof ObservableValue<?> v) v.getValue();
        });
    }

    void begin() { on = true; }

    void end() { on = false; }

    /** The missed pulses by cause, over the whole window and in its slowest seconds, and each phase's CPU. */
    String report() {
        int frames = n - 1;   // the last opened pulse has no end
        if (frames < 2) return "pulse probe: too few frames";
        String[] causes = {"collector pause", "other safepoint", "FX thread: animation phase (frame clock, canvas, animations)",
                "FX thread: CSS and layout", "FX thread: sync and between pulses", "render thread busy (FX waits at sync)", "starved (neither thread ran)"};
        int[] all = new int[causes.length];
        int[][] byFlag = new int[flagNames.size() + 1][causes.length];
        int secs = (int) ((a[frames] - a[0]) / 1_000_000_000L) + 1;
        int[] perSecond = new int[secs];
        int[][] causeBySecond = new int[secs][causes.length];
        long[] fx = new long[frames], anim = new long[frames], lay = new long[frames];
        for (int i = 0; i < frames; i++) {
            perSecond[(int) ((a[i] - a[0]) / 1_000_000_000L)]++;
            fx[i] = cpuA[i + 1] - cpuA[i];
            anim[i] = b[i] == 0 ? 0 : cpuB[i] - cpuA[i];
            lay[i] = b[i] == 0 || c[i] == 0 ? 0 : cpuC[i] - cpuB[i];
        }
        StringBuilder slow = new StringBuilder();
        for (int i = 0; i < frames; i++) {
            long gap = a[i + 1] - a[i];
            if (gap <= SLOW) continue;
            int cause = cause(i, fx[i], anim[i], lay[i]);
            all[cause]++;
            causeBySecond[(int) ((a[i] - a[0]) / 1_000_000_000L)][cause]++;
            int f = flags[i];
            byFlag[f == 0 ? flagNames.size() : Integer.numberOfTrailingZeros(Integer.highestOneBit(f))][cause]++;
            slow.append(String.format("  %6.0f ms  gap %5.1f  FX cpu %5.1f (anim %5.1f, css+layout %5.1f, rest %5.1f)  render cpu %5.1f  gc %3d  safepoint %3s  jit %4d ms  %-22s %s%n",
                    (a[i] - a[0]) / 1e6, gap / 1e6, fx[i] / 1e6, anim[i] / 1e6, lay[i] / 1e6, (fx[i] - anim[i] - lay[i]) / 1e6,
                    (render[i + 1] - render[i]) / 1e6, gc[i + 1] - gc[i], hotspot == null ? "-" : Long.toString(sp[i + 1] - sp[i]),
                    jit[i + 1] - jit[i], names(f), causes[cause]));
        }
        StringBuilder r = new StringBuilder(String.format("pulse probe: %d frames over %.1f s, %d missed pulses (gap > %d ms), load average %.1f%n",
                frames, (a[frames] - a[0]) / 1e9, sum(all), SLOW / 1_000_000, ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()));
        for (int k = 0; k < causes.length; k++) if (all[k] > 0) r.append(String.format("  %4d  %s%n", all[k], causes[k]));
        r.append("  by what the frame did (the first flag named; - none):\n");
        for (int f = 0; f <= flagNames.size(); f++) {
            if (sum(byFlag[f]) == 0) continue;
            r.append(String.format("    %-12s", f == flagNames.size() ? "-" : flagNames.get(f)));
            for (int k = 0; k < causes.length; k++) if (byFlag[f][k] > 0) r.append(String.format(" %s %d;", causes[k].replaceFirst(" \\(.*", ""), byFlag[f][k]));
            r.append('\n');
        }
        // the slowest whole seconds and their missed pulses' causes
        Integer[] order = new Integer[Math.max(0, secs - 1)];
        for (int s = 0; s < order.length; s++) order[s] = s;
        java.util.Arrays.sort(order, (x, y) -> Integer.compare(perSecond[x], perSecond[y]));
        for (int k = 0; k < Math.min(3, order.length); k++) {
            int s = order[k];
            r.append(String.format("  second %d: %d frames;", s, perSecond[s]));
            for (int q = 0; q < causes.length; q++) if (causeBySecond[s][q] > 0) r.append(String.format(" %s %d;", causes[q].replaceFirst(" \\(.*", ""), causeBySecond[s][q]));
            r.append('\n');
        }
        for (int k = 0; k < countNames.size(); k++) r.append(String.format("  %s: %d%n", countNames.get(k), counts.get(k)[0]));
        long sAnim = 0, sLay = 0, sFx = 0, sRender = render[frames] - render[0];
        for (int i = 0; i < frames; i++) { sAnim += anim[i]; sLay += lay[i]; sFx += fx[i]; }
        double span = (a[frames] - a[0]) / 1e9;
        r.append(String.format("  CPU per second: FX thread %.0f ms (animation phase %.0f, CSS and layout %.0f, the rest %.0f), render thread %.0f ms; collector pauses %d ms%n",
                sFx / 1e6 / span, sAnim / 1e6 / span, sLay / 1e6 / span, (sFx - sAnim - sLay) / 1e6 / span, sRender / 1e6 / span, gc[frames] - gc[0]));
        // the FX thread's CPU per frame by phase, by what the frame did
        long[] rend = new long[frames];
        for (int i = 0; i < frames; i++) rend[i] = render[i + 1] - render[i];
        r.append("  CPU per frame, median / p99 / max ms: FX thread, its animation phase, its CSS and layout; render thread\n");
        for (int f = -1; f < flagNames.size(); f++) {
            for (boolean after : new boolean[] {false, true}) {   // the frames that did it, or the two after them (what it left to lay out and draw)
                if (after && f < 0) continue;
                java.util.TreeSet<Integer> set = new java.util.TreeSet<>();
                for (int i = 0; i < frames; i++)
                    if (f < 0 || (flags[i] & (1 << f)) != 0) {
                        if (!after) set.add(i);
                        else for (int j = i + 1; j <= i + 2 && j < frames; j++) set.add(j);
                    }
                List<Integer> idx = new ArrayList<>(set);
                if (idx.isEmpty()) continue;
                r.append(String.format("    %-22s %5d frames: %s, %s, %s; %s%n", f < 0 ? "every frame" : (after ? "the 2 after " : "") + flagNames.get(f), idx.size(),
                        pct(fx, idx), pct(anim, idx), pct(lay, idx), pct(rend, idx)));
            }
        }
        if (Boolean.getBoolean("gmplab.bench.slowFrames")) r.append("  missed pulses, frame by frame:\n").append(slow);
        if (Boolean.getBoolean("gmplab.bench.layoutFrames")) {   // frames whose CSS and layout took over 3 ms, with what the frame before did
            r.append("  frames with over 3 ms of CSS and layout (the frame before's flags):\n");
            for (int i = 1; i < frames; i++)
                if (lay[i] > 3_000_000L) r.append(String.format("  %6.0f ms  css+layout %5.1f  anim %5.1f  render cpu %5.1f  flags %s (before: %s)%n",
                        (a[i] - a[0]) / 1e6, lay[i] / 1e6, anim[i] / 1e6, (render[i + 1] - render[i]) / 1e6, names(flags[i]), names(flags[i - 1])));
        }
        return r.toString();
    }

    private int cause(int i, long fx, long anim, long lay) {
        if (gc[i + 1] - gc[i] >= 3) return 0;
        if (hotspot != null && (sp[i + 1] - sp[i]) - (gc[i + 1] - gc[i]) >= 3) return 1;
        if (fx > 12_000_000L) {
            long rest = fx - anim - lay;
            return anim >= lay && anim >= rest ? 2 : lay >= rest ? 3 : 4;
        }
        if (render[i + 1] - render[i] > 12_000_000L) return 5;
        return 6;
    }

    private String names(int f) {
        StringBuilder s = new StringBuilder();
        for (int k = 0; k < flagNames.size(); k++) if ((f & (1 << k)) != 0) s.append(s.length() == 0 ? "" : "+").append(flagNames.get(k));
        return s.length() == 0 ? "-" : s.toString();
    }

    private static String pct(long[] v, List<Integer> idx) {
        long[] s = new long[idx.size()];
        for (int k = 0; k < s.length; k++) s[k] = v[idx.get(k)];
        java.util.Arrays.sort(s);
        return String.format("%.1f / %.1f / %.1f", s[s.length / 2] / 1e6, s[Math.min(s.length - 1, (int) (s.length * 0.99))] / 1e6, s[s.length - 1] / 1e6);
    }

    private static int sum(int[] v) {
        int t = 0;
        for (int x : v) t += x;
        return t;
    }

    private long gcMillis() {
        long t = 0;
        for (GarbageCollectorMXBean g : gcs) t += Math.max(0, g.getCollectionTime());
        return t;
    }

    private long safepointMillis() {
        if (hotspot == null) return 0;
        try {
            return (Long) safepointTime.invoke(hotspot);
        } catch (ReflectiveOperationException e) {
            return 0;
        }
    }

    private long renderThread() {
        for (ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds()))
            if (t != null && t.getThreadName().startsWith("QuantumRenderer")) return t.getThreadId();
        return -1;
    }
}
