package org.gmplab.engine;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * A free list of dead Gs (Go's {@code gList}, used for {@code p.gFree} and {@code sched.gFree}): Gs pushed and
 * popped at the head, in Go's order. Go links the Gs through {@code g.schedlink}; this list holds them in an
 * array, so that moving a batch between a P's list and the global one ({@code gfput}'s spill, {@code gfget}'s
 * refill, {@code gfpurge}) copies references and touches no G. On two CPUs the Gs a P frees were last written
 * by the other CPU, and walking them through their links was one cache miss after another — each waiting for
 * the one before, under the free list's lock (docs/benchmarks.md, "Round 10").
 *
 * <p>Not thread-safe: a P's list is its owner's, the global one is guarded by {@code sched.gFreeLock}.
 */
final class GList {
    private Goroutine[] gs;
    /** The Gs are gs[0..n), the head (the latest pushed) at n - 1. */
    private int n;

    GList(int capacity) {
        gs = new Goroutine[Math.max(1, capacity)];
    }

    void push(Goroutine g) {
        if (n == gs.length) gs = Arrays.copyOf(gs, 2 * n);
        gs[n++] = g;
    }

    /** Removes and returns the head, or null if the list is empty. */
    Goroutine pop() {
        if (n == 0) return null;
        Goroutine g = gs[--n];
        gs[n] = null;
        return g;
    }

    boolean isEmpty() { return n == 0; }

    int size() { return n; }

    /**
     * Pops up to {@code count} Gs and pushes each onto {@code to}, as Go's loops do one G at a time (so the
     * batch arrives in reverse order, its last G at {@code to}'s head). Returns how many moved.
     */
    int moveTo(GList to, int count) {
        int k = Math.max(0, Math.min(count, n));
        if (to.n + k > to.gs.length) to.gs = Arrays.copyOf(to.gs, Math.max(2 * to.gs.length, to.n + k));
        Goroutine[] src = gs, dst = to.gs;
        for (int i = 0; i < k; i++) {
            dst[to.n++] = src[--n];
            src[n] = null;
        }
        return k;
    }

    /** {@link Goroutine#clearDead} on the {@code count} Gs at the head (a refill's batch). */
    void clearHead(int count) {
        for (int i = n - 1; i >= n - count; i--) gs[i].clearDead();
    }

    /** Each G from the head on. Exact only when the list's owner is stopped (or its lock is held). */
    void forEach(Consumer<Goroutine> action) {
        for (int i = n - 1; i >= 0; i--) action.accept(gs[i]);
    }
}
