package org.gmplab.app;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import javafx.application.Platform;
import javafx.scene.Scene;

import org.gmplab.view.SchedulerView;

/**
 * How long the window takes to appear: with {@code -Dgmplab.probe.firstFrame=true} the program prints, once, on
 * standard error, the time from the JVM's start to the first frame that showed the painted canvas, and the
 * milestones on the way; with {@code =exit} it then closes the window (the build's training run for the
 * class-data archive opens the window this way). Off, it costs one property read per milestone.
 *
 * <p>The milestones are kept in a system property rather than in a field: under {@code java -jar} the
 * {@link Launcher} starts the program again in a class loader of its own ({@link JavaFxLayer}), where this class
 * is loaded a second time with fields of its own, and the first milestone was marked before that.
 */
final class StartProbe {
    static final String PROPERTY = "gmplab.probe.firstFrame";
    private static final String MARKS = "gmplab.probe.marks";

    private StartProbe() { }

    /** Whether the probe is on. */
    static boolean on() {
        String v = System.getProperty(PROPERTY);
        return v != null && (v.equals("true") || v.equals("exit"));
    }

    /** Notes that {@code milestone} is reached now, if it was not before (any thread; nothing when the probe is off). */
    static synchronized void mark(String milestone) {
        if (!on() || System.getProperty(MARKS, "").contains(milestone + "=")) return;
        System.setProperty(MARKS, System.getProperty(MARKS, "") + milestone + "=" + System.currentTimeMillis() + ";");
    }

    /**
     * FX thread, once {@code view} is in {@code scene}: marks the first pulse whose layout finds the canvas painted
     * (it paints in the layout pass when it gets its size, and in its own timer), and the start of the pulse
     * after it — JavaFX renders a pulse's frame before it starts the next one, so that is when the painted
     * canvas was on the screen. Then prints the line, and closes the window if asked.
     */
    static void watch(Scene scene, SchedulerView view) {
        if (!on()) return;
        Runnable[] listeners = new Runnable[2];
        listeners[0] = () -> {
            if (view.snapshot() == null || view.layoutNow() == null) return;
            mark("canvas painted");
            scene.removePostLayoutPulseListener(listeners[0]);
            scene.addPreLayoutPulseListener(listeners[1]);
            Platform.requestNextPulse();   // a pulse comes after a frame only when something changed: ask for one
        };
        listeners[1] = () -> {
            mark("frame shown");
            scene.removePreLayoutPulseListener(listeners[1]);
            System.err.println(line() + cpu());
            if (System.getProperty(PROPERTY).equals("exit")) Platform.runLater(Platform::exit);
        };
        scene.addPostLayoutPulseListener(listeners[0]);
        Platform.requestNextPulse();
    }

    /**
     * "gmplab: first frame 1.84 s after the JVM started (main 0.21 s, JavaFX up 0.62 s, …)": each milestone's time
     * since the JVM started, which it reads from the JVM (it starts before {@code main}).
     */
    static String line() {
        long start = ManagementFactory.getRuntimeMXBean().getStartTime();
        List<String> parts = new ArrayList<>();
        long last = start;
        for (String m : System.getProperty(MARKS, "").split(";")) {
            int eq = m.lastIndexOf('=');
            if (eq < 0) continue;
            last = Long.parseLong(m.substring(eq + 1));
            parts.add(m.substring(0, eq) + " " + seconds(last - start));
        }
        return "gmplab: first frame " + seconds(last - start) + " after the JVM started (" + String.join(", ", parts) + ")";
    }

    /**
     * "; CPU to it: FX thread 1.10 s, process 3.02 s (JIT 1.20 s, GC 0.10 s, render 0.25 s)" (FX thread): the CPU
     * time spent until now, which depends less on the machine's other load than the wall time does — the FX
     * thread's own, which the first frame waits for, and the whole process's (on Linux, from {@code /proc/self/stat}),
     * with what its compiler threads, its collector's threads and Prism's render thread took of it: on two cores
     * they compete with the FX thread for the time the first frame waits for.
     */
    static String cpu() {
        List<String> parts = new ArrayList<>();
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (threads.isCurrentThreadCpuTimeSupported()) parts.add("FX thread " + seconds(threads.getCurrentThreadCpuTime() / 1_000_000));
        try {
            java.nio.file.Path proc = java.nio.file.Path.of("/proc/self");
            String process = "process " + seconds(ticks(java.nio.file.Files.readString(proc.resolve("stat"))) * 10);
            long jit = 0, gc = 0, render = 0;
            try (java.util.stream.Stream<java.nio.file.Path> tasks = java.nio.file.Files.list(proc.resolve("task"))) {
                for (java.nio.file.Path task : (Iterable<java.nio.file.Path>) tasks::iterator) {
                    String stat;
                    try {
                        stat = java.nio.file.Files.readString(task.resolve("stat"));
                    } catch (java.io.IOException ended) {
                        continue;   // a thread that ended meanwhile: counted in the process's figure only
                    }
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    long t = ticks(stat);
                    // HotSpot's names: "C1 CompilerThre(ad0)", "GC Thread#0", "G1 Conc#0", "G1 Refine#0", …
                    if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler")) jit += t;
                    else if (name.startsWith("GC Thread") || name.startsWith("G1 ")) gc += t;
                    else if (name.startsWith("QuantumRenderer")) render += t;
                }
            }
            parts.add(process + " (JIT " + seconds(jit * 10) + ", GC " + seconds(gc * 10) + ", render " + seconds(render * 10) + ")");
        } catch (java.io.IOException | RuntimeException e) {
            // not Linux: the FX thread's alone
        }
        return parts.isEmpty() ? "" : "; CPU to it: " + String.join(", ", parts);
    }

    /** utime + stime of a {@code /proc} stat line, in clock ticks (100 a second on Linux), read after the name, which may hold spaces. */
    private static long ticks(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    private static String seconds(long millis) {
        return String.format(java.util.Locale.ROOT, "%.2f s", millis / 1000.0);
    }
}
