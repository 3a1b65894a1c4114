package org.gmplab.history;

import java.util.LinkedHashMap;
import java.util.Map;

import org.gmplab.snapshot.Snapshot;

/**
 * A bounded cache of snapshots keyed by position (the number of events they include). When full, the
 * entry inserted longest ago is evicted first, so the most recently reached stretch of the run stays
 * instant to step through. Not thread-safe: owned by one {@link History}.
 */
final class SnapshotRing {
    private final int capacity;
    private final LinkedHashMap<Long, Snapshot> byPosition;

    SnapshotRing(int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("ring capacity must be at least 1, not " + capacity);
        this.capacity = capacity;
        this.byPosition = new LinkedHashMap<>(Math.min(capacity, 1 << 16) * 2) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Snapshot> eldest) { return size() > SnapshotRing.this.capacity; }
        };
    }

    Snapshot get(long position) { return byPosition.get(position); }

    void put(Snapshot s) { byPosition.putIfAbsent(s.events(), s); }

    /** Forgets every snapshot after {@code position} (a new branch replaces that future). */
    void dropAfter(long position) { byPosition.keySet().removeIf(k -> k > position); }

    boolean contains(long position) { return byPosition.containsKey(position); }

    int size() { return byPosition.size(); }

    int capacity() { return capacity; }
}
