package org.gmplab.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.gmplab.engine.Engine;

/**
 * Engines a {@link History} left behind at known positions, frozen, so that a later replay can start from the
 * nearest one before its target instead of from the start. An engine cannot be copied or set back (its Ms are
 * threads, and where each is in Go's code lives on its thread's stack), so a spare is used up when it runs on;
 * these are the only points a replay can start from besides the start.
 *
 * <p>Bounded in count, threads and goroutines. When over a bound, the spare closest to the next start point below
 * it (the start or another spare) goes: what is left stays spread over the run, and no replay gets longer by more
 * than the smallest gap. Not thread-safe: owned by one {@link History}.
 */
final class Spares {
    record Spare(Engine engine, long position, int threads, long gs) {}

    private final int max, maxThreads;
    private final long maxGs;
    private final List<Spare> spares = new ArrayList<>();   // by position, ascending

    Spares(int max, int maxThreads, long maxGs) {
        this.max = max;
        this.maxThreads = maxThreads;
        this.maxGs = maxGs;
    }

    /** The greatest position of a spare at or before {@code target}, or -1. */
    long nearest(long target) {
        for (int i = spares.size() - 1; i >= 0; i--)
            if (spares.get(i).position() <= target) return spares.get(i).position();
        return -1;
    }

    /** Takes the spare with the greatest position at or before {@code target} out of the set, or returns null. */
    Spare take(long target) {
        for (int i = spares.size() - 1; i >= 0; i--)
            if (spares.get(i).position() <= target) return spares.remove(i);
        return null;
    }

    /** Keeps {@code engine}, frozen at {@code position} with about {@code gs} goroutines; it may be closed at once. */
    void keep(Engine engine, long position, long gs) {
        for (Spare s : spares)
            if (s.position() == position) {   // one there already: the same world, keep one
                engine.close();
                return;
            }
        spares.add(new Spare(engine, position, engine.liveThreads(), gs));
        spares.sort(Comparator.comparingLong(Spare::position));
        while (!spares.isEmpty() && (spares.size() > max || threads() > maxThreads || gs() > maxGs)) {
            int closest = 0;
            for (int i = 1; i < spares.size(); i++)
                if (gap(i) < gap(closest)) closest = i;
            spares.remove(closest).engine().close();
        }
    }

    /** The positions of the spares, ascending. */
    List<Long> positions() { return spares.stream().map(Spare::position).toList(); }

    /** Closes every spare (a new branch, or the history closes). */
    void clear() {
        for (Spare s : spares) s.engine().close();
        spares.clear();
    }

    private long gap(int i) { return spares.get(i).position() - (i == 0 ? 0 : spares.get(i - 1).position()); }

    private int threads() { return spares.stream().mapToInt(Spare::threads).sum(); }

    private long gs() { return spares.stream().mapToLong(Spare::gs).sum(); }
}
