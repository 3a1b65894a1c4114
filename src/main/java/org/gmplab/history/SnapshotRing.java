package org.gmplab.history;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gmplab.snapshot.ChunkList;
import org.gmplab.snapshot.Snapshot;

/**
 * A bounded cache of snapshots keyed by position (the number of events they include), bounded both in count
 * and in bytes: a snapshot holds a record per goroutine, so 4,096 of them are a few megabytes in a lesson but
 * could be gigabytes at 10,000 goroutines, were it not that nearby snapshots share what did not change
 * ({@link #bytes(Snapshot, Snapshot)}). When either bound is passed, the entries inserted longest ago are evicted
 * first (the newest one always stays), so the most recently reached stretch of the run stays instant to step
 * through (one reached again becomes the newest). Not thread-safe: owned by one {@link History}.
 */
final class SnapshotRing {
    /** The default byte budget: 256 MB, or a quarter of the heap if that is smaller. */
    static final long DEFAULT_BUDGET = Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 4);

    private final int capacity;
    private final long budget;
    /** The sum of the kept snapshots' {@link Kept#own} bytes: the estimate of what they hold together. */
    private long own;
    private final LinkedHashMap<Long, Kept> byPosition;
    /** The snapshot put last, while it is kept: the next one is counted for what it does not share with it. */
    private Kept last;

    /**
     * A kept snapshot, the bytes it holds alone, and the bytes it counts: what it does not share with the snapshot put
     * right before it (an engine's successive snapshots share their unchanged goroutines' records, the chunks of them
     * in which none changed, unchanged Ps and global queue) while that one is kept, else all it holds.
     */
    private static final class Kept {
        final Snapshot snapshot;
        final long alone;
        long own;
        /** The snapshot put right after this one and counted against it, or null. */
        Kept next;
        boolean kept = true;

        Kept(Snapshot snapshot, long own, long alone) {
            this.snapshot = snapshot;
            this.own = own;
            this.alone = alone;
        }
    }

    SnapshotRing(int capacity) { this(capacity, DEFAULT_BUDGET); }

    SnapshotRing(int capacity, long budget) {
        if (capacity < 1) throw new IllegalArgumentException("ring capacity must be at least 1, not " + capacity);
        if (budget < 1) throw new IllegalArgumentException("ring budget must be at least 1 byte, not " + budget);
        this.capacity = capacity;
        this.budget = budget;
        this.byPosition = new LinkedHashMap<>(Math.min(capacity, 1 << 16) * 2);
    }

    Snapshot get(long position) {
        Kept k = byPosition.get(position);
        return k == null ? null : k.snapshot;
    }

    /** Keeps {@code s} as the newest; one kept at its position already stays and becomes the newest. */
    void put(Snapshot s) {
        if (touch(s.events())) return;
        Kept k = new Kept(s, bytes(s, last == null ? null : last.snapshot), bytes(s));
        if (last != null) last.next = k;
        byPosition.put(s.events(), k);
        own += k.own;
        last = k;
        Iterator<Kept> eldest = byPosition.values().iterator();
        while ((byPosition.size() > capacity || bytes() > budget) && byPosition.size() > 1) {
            forget(eldest.next());
            eldest.remove();
        }
    }

    /**
     * Takes a snapshot out of the count. The one put right after it, counted for what it did not share with it, now
     * holds what they shared alone, and counts all it holds: touches reorder the ring and spares' and replays' engines
     * interleave their stretches, so it need not be the next to go.
     */
    private void forget(Kept k) {
        k.kept = false;
        own -= k.own;
        Kept after = k.next;
        if (after != null && after.kept) {
            own += after.alone - after.own;
            after.own = after.alone;
        }
        if (last == k) last = null;
    }

    /**
     * Makes the snapshot at {@code position}, if one is kept, the newest (the last to be evicted), so that a stretch
     * a move has just kept is kept whole. Returns whether one is kept.
     */
    boolean touch(long position) {
        Kept k = byPosition.remove(position);
        if (k == null) return false;
        byPosition.put(position, k);
        return true;
    }

    /** Forgets every snapshot after {@code position} (a new branch replaces that future). */
    void dropAfter(long position) {
        for (Iterator<Map.Entry<Long, Kept>> it = byPosition.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Long, Kept> e = it.next();
            if (e.getKey() > position) {
                forget(e.getValue());
                it.remove();
            }
        }
    }

    boolean contains(long position) { return byPosition.containsKey(position); }

    int size() { return byPosition.size(); }

    int capacity() { return capacity; }

    long budget() { return budget; }

    /** The estimated bytes of the snapshots kept: what each holds that the one put right before it, if kept, does not. */
    long bytes() { return own; }

    /** About the heap a snapshot holds, alone: see {@link #bytes(Snapshot, Snapshot)}. */
    static long bytes(Snapshot s) { return bytes(s, null); }

    /**
     * About the heap {@code s} holds that {@code before} (null: nothing) does not hold already, the very same objects
     * (measured with a 64-bit JVM and compressed references: 70–96 bytes per goroutine at 10,000 of them, see
     * docs/benchmarks-history.md): a 64-byte record and a 4-byte slot per G (in a chunk array of {@link ChunkList#CHUNK}
     * slots); a long per queued goid in the global queue and the rings, a record per P, M and mutex, a boxed goid
     * per idle P, idle M and mutex waiter. Strings are not counted: names and instruction texts are shared with the
     * engine's code, and so are places. An engine's successive snapshots share the records of the goroutines that
     * did not change, the chunks in which none did, an unchanged P and an unchanged global queue: a snapshot kept
     * after its predecessor adds what changed.
     */
    static long bytes(Snapshot s, Snapshot before) {
        long boxed = s.idlePs().size() + s.idleMs().size();
        for (Snapshot.Mutex m : s.mutexes()) boxed += m.queue().size();
        long b = 256 + 20 * boxed + 48L * s.ms().size() + 64L * s.mutexes().size();
        List<Snapshot.G> gs = s.gs();
        if (gs instanceof ChunkList<Snapshot.G> c) {
            ChunkList<Snapshot.G> old = before != null && before.gs() instanceof ChunkList<Snapshot.G> o ? o : ChunkList.of();
            b += 16 + 4L * ((gs.size() + ChunkList.CHUNK - 1) / ChunkList.CHUNK) + (16 + 4L * ChunkList.CHUNK) * c.chunksNotIn(old) + 64L * c.elementsNotIn(old);
        } else if (before == null || gs != before.gs()) {
            b += 16 + 68L * gs.size();
        }
        List<Long> global = s.globalQueue();
        if (!global.isEmpty() && (before == null || global != before.globalQueue())) b += 16 + 8L * global.size();
        List<Snapshot.Proc> ps = s.ps(), oldPs = before == null ? List.of() : before.ps();
        for (int k = 0; k < ps.size(); k++)
            if (k >= oldPs.size() || ps.get(k) != oldPs.get(k)) b += 96 + 8L * ps.get(k).runq().size();
        return b;
    }
}
