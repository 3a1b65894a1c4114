package org.gmplab.history;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import org.gmplab.snapshot.Snapshot;

/**
 * A bounded cache of snapshots keyed by position (the number of events they include), bounded both in count
 * and in bytes: a snapshot holds a record per goroutine, so 4,096 of them are a few megabytes in a lesson but
 * gigabytes at 10,000 goroutines. When either bound is passed, the entries inserted longest ago are evicted
 * first (the newest one always stays), so the most recently reached stretch of the run stays instant to step
 * through (one reached again becomes the newest). Not thread-safe: owned by one {@link History}.
 */
final class SnapshotRing {
    /** The default byte budget: 256 MB, or a quarter of the heap if that is smaller. */
    static final long DEFAULT_BUDGET = Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 4);

    private final int capacity;
    private final long budget;
    private long bytes;
    private final LinkedHashMap<Long, Snapshot> byPosition;

    SnapshotRing(int capacity) { this(capacity, DEFAULT_BUDGET); }

    SnapshotRing(int capacity, long budget) {
        if (capacity < 1) throw new IllegalArgumentException("ring capacity must be at least 1, not " + capacity);
        if (budget < 1) throw new IllegalArgumentException("ring budget must be at least 1 byte, not " + budget);
        this.capacity = capacity;
        this.budget = budget;
        this.byPosition = new LinkedHashMap<>(Math.min(capacity, 1 << 16) * 2);
    }

    Snapshot get(long position) { return byPosition.get(position); }

    /** Keeps {@code s} as the newest; one kept at its position already stays and becomes the newest. */
    void put(Snapshot s) {
        if (touch(s.events())) return;
        byPosition.put(s.events(), s);
        bytes += bytes(s);
        Iterator<Snapshot> eldest = byPosition.values().iterator();
        while ((byPosition.size() > capacity || bytes > budget) && byPosition.size() > 1) {
            bytes -= bytes(eldest.next());
            eldest.remove();
        }
    }

    /**
     * Makes the snapshot at {@code position}, if one is kept, the newest (the last to be evicted), so that a stretch
     * a move has just kept is kept whole. Returns whether one is kept.
     */
    boolean touch(long position) {
        Snapshot s = byPosition.remove(position);
        if (s == null) return false;
        byPosition.put(position, s);
        return true;
    }

    /** Forgets every snapshot after {@code position} (a new branch replaces that future). */
    void dropAfter(long position) {
        for (Iterator<Map.Entry<Long, Snapshot>> it = byPosition.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Long, Snapshot> e = it.next();
            if (e.getKey() > position) {
                bytes -= bytes(e.getValue());
                it.remove();
            }
        }
    }

    boolean contains(long position) { return byPosition.containsKey(position); }

    int size() { return byPosition.size(); }

    int capacity() { return capacity; }

    long budget() { return budget; }

    /** The estimated bytes of the snapshots kept. */
    long bytes() { return bytes; }

    /**
     * About the heap a snapshot holds of its own (measured with a 64-bit JVM and compressed references: 70–96 bytes
     * per goroutine at 10,000 of them, see docs/benchmarks-history.md): a 64-byte record and a list slot per G, a
     * boxed goid per queued G, a record per P and M. Strings are not counted: names and instruction texts are
     * shared with the engine's code, places are made once per snapshot.
     */
    static long bytes(Snapshot s) {
        long queued = s.globalQueue().size() + s.idlePs().size() + s.idleMs().size();
        for (Snapshot.Proc p : s.ps()) queued += p.runq().size();
        for (Snapshot.Mutex m : s.mutexes()) queued += m.queue().size();
        return 256 + 68L * s.gs().size() + 20 * queued + 96L * s.ps().size() + 48L * s.ms().size() + 64L * s.mutexes().size();
    }
}
