package org.gmplab.engine;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;

/**
 * The memory budget every step run has: it is stopped, with one line, once what stays alive after a
 * garbage collection fills {@link #SHARE} of the Java heap — a program that spawns goroutines or fills
 * channels without end, or a caller that keeps every event. Stopping there leaves room to report it; a
 * run that fills the heap regardless gets an {@link OutOfMemoryError}, and the {@link #releaseReserve
 * reserve} freed then lets the engine end it and say so instead of hanging.
 *
 * <p>Measured on the old generation's usage after its last collection (what the program really keeps),
 * looked at every {@link #EVERY} safe points; a reading over the budget is confirmed by a full collection,
 * since the old generation also holds garbage that only a full collection frees.
 */
public final class MemoryBudget implements Limit {
    /** Share of the Java heap that what a run keeps alive may fill. */
    public static final double SHARE = 0.85;
    /** Safe points between two looks. */
    static final int EVERY = 4096;
    /** Bytes held back for the end of a run that ran out of memory. */
    private static final int RESERVE = 8 << 20;

    /** Freed by whichever thread hit OutOfMemoryError and retaken by the next run's thread: volatile, no lock needed. */
    private static volatile byte[] reserve = new byte[RESERVE];
    private static final List<MemoryPoolMXBean> OLD = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP && p.isCollectionUsageThresholdSupported() && p.isUsageThresholdSupported())
            .toList();

    private final long budget = (long) (Runtime.getRuntime().maxMemory() * SHARE);
    private int untilLook = EVERY;
    private long gcAt = Long.MIN_VALUE;   // the old generation's size after the last collection we asked for

    @Override
    public String exceeded(Engine e) {
        if (--untilLook > 0) return null;
        untilLook = EVERY;
        return check();
    }

    /** Looks now: null within the budget, else the line that says the run keeps too much. For a caller watching a live run. */
    public String check() {
        long kept = keptAfterCollection();
        if (kept <= budget) return null;
        if (kept != gcAt) {
            System.gc(); // the reading may hold garbage promoted since the last full collection: confirm it
            gcAt = kept = keptAfterCollection();
        }
        return kept > budget ? message(kept) : null;
    }

    private static long keptAfterCollection() {
        long n = 0;
        for (MemoryPoolMXBean p : OLD) {
            java.lang.management.MemoryUsage u = p.getCollectionUsage();
            if (u != null) n += u.getUsed();
        }
        return n;
    }

    private static String message(long kept) {
        long max = Runtime.getRuntime().maxMemory() >> 20;
        return "stopped: the run keeps " + (kept >> 20) + " MB of the " + max + " MB Java heap (the memory budget is "
                + Math.round(SHARE * 100) + "%): raise it with a larger heap, e.g. " + largerHeap(max);
    }

    /** Frees the reserve (on OutOfMemoryError), so that what ends the run has room to do it. */
    static void releaseReserve() { reserve = null; }

    /** Takes the reserve back for the next run, if there is room for it again. */
    static void restoreReserve() {
        if (reserve != null) return;
        try {
            reserve = new byte[RESERVE];
        } catch (OutOfMemoryError e) {
            // not now; the next run tries again
        }
    }

    /** The line that says the Java heap ran out. */
    static String outOfMemory() {
        long max = Runtime.getRuntime().maxMemory() >> 20;
        return "stopped: the Java heap (" + max + " MB) ran out: raise it, e.g. " + largerHeap(max);
    }

    /** The command line with about twice the heap of {@code maxMb} MB, in whole gigabytes. */
    private static String largerHeap(long maxMb) { return "java -Xmx" + Math.max(1, 2 * maxMb / 1024 + 1) + "g -jar gmplab.jar"; }
}
