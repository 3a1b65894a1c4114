package org.gmplab.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * An {@link java.util.concurrent.atomic.AtomicInteger} that shares its cache line with nothing: for the
 * counters that every M writes ({@code sched.nmspinning}, {@code npidle}, {@code needspinning}, and the live
 * turnstile's count of running threads).
 *
 * <p>Why: an {@code AtomicInteger} is a 16-byte object placed wherever the allocator puts it, so it shares a
 * 64-byte line with its neighbours, and which neighbours depends on where the object before it happened to
 * end. {@link Sched}'s counters are allocated right after {@code Sched} itself, whose last fields are the
 * references every M reads on every step ({@code trace}, {@code costs}, {@code ts}, {@code handles}). In
 * runs where a counter landed on that line, each CAS of {@code nmspinning} by one M took the line from the
 * other M's reads of {@code sched.costs}: the fan-out tree at GOMAXPROCS 2 ran at 8.7–11 M goroutines/s instead
 * of 13, decided by {@code Sched}'s address modulo 64 (docs/benchmarks.md, round 26). Go's {@code schedt}
 * is one global with a fixed layout, the same in every run; with its counters padded, the engine's speed no
 * longer depends on where the allocator happened to put them.
 *
 * <p>The value sits in the middle of an {@code int[]} with {@value #PAD} ints (128 bytes, two lines, for
 * the adjacent-line prefetcher) on each side: an array's elements are never reordered or shared with
 * another object, as padding fields in a class could be.
 */
final class PaddedAtomicInteger {
    private static final int PAD = 32;
    private static final VarHandle CELL = MethodHandles.arrayElementVarHandle(int[].class);

    private final int[] cell = new int[2 * PAD + 1];

    int get() { return (int) CELL.getVolatile(cell, PAD); }

    void set(int v) { CELL.setVolatile(cell, PAD, v); }

    boolean compareAndSet(int expect, int update) { return CELL.compareAndSet(cell, PAD, expect, update); }

    int incrementAndGet() { return (int) CELL.getAndAdd(cell, PAD, 1) + 1; }

    int decrementAndGet() { return (int) CELL.getAndAdd(cell, PAD, -1) - 1; }

    @Override
    public String toString() { return Integer.toString(get()); }
}
