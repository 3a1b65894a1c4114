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
     * "; CPU to it: FX thread 1.10 s, process 3.02 s" (FX thread): the CPU time spent until now, which depends less
     * on the machine's other load than the wall time does — the FX thread's own, which the first frame waits for,
     * and the whole process's (on Linux, from {@code /proc/self/stat}; with the JIT's and the GC's threads).
     */
    static String cpu() {
        List<String> parts = new ArrayList<>();
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (threads.isCurrentThreadCpuTimeSupported()) parts.add("FX thread " + seconds(threads.getCurrentThreadCpuTime() / 1_000_000));
        try {   // utime and stime, in clock ticks (100 a second on Linux), after the process's name, which may hold spaces
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            parts.add("process " + seconds((Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10));
        } catch (java.io.IOException | RuntimeException e) {
            // not Linux: the FX thread's alone
        }
        return parts.isEmpty() ? "" : "; CPU to it: " + String.join(", ", parts);
    }

    private static String seconds(long millis) {
        return String.format(java.util.Locale.ROOT, "%.2f s", millis / 1000.0);
    }
}
