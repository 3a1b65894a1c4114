package org.gmplab.history;

import java.util.Arrays;

/**
 * The known positions of one history, ascending: a growable array of longs (8 bytes each, so a run of
 * millions of events costs megabytes, not a heap of boxed Longs). Not thread-safe.
 */
final class Positions {
    private long[] a = new long[1024];
    private final java.util.BitSet major = new java.util.BitSet();   // by index: the step to a[i] passed a major event
    private int n;

    void add(long p) { add(p, false); }

    /** Records position {@code p}; {@code passedMajor}: the events leading to it include a major one. */
    void add(long p, boolean passedMajor) {
        if (n > 0 && p <= a[n - 1]) throw new IllegalArgumentException("positions must grow: " + p + " after " + a[n - 1]);
        if (n == a.length) a = Arrays.copyOf(a, n * 2);
        major.set(n, passedMajor);
        a[n++] = p;
    }

    /** Whether the events leading to known position {@code p} include a major one. */
    boolean passedMajor(long p) {
        int i = Arrays.binarySearch(a, 0, n, p);
        return i >= 0 && major.get(i);
    }

    int size() { return n; }

    long last() { return a[n - 1]; }

    boolean contains(long p) { return Arrays.binarySearch(a, 0, n, p) >= 0; }

    /** The greatest position below {@code p}, or -1. */
    long lower(long p) {
        int i = Arrays.binarySearch(a, 0, n, p);
        int below = (i >= 0 ? i : -i - 1) - 1;
        return below >= 0 ? a[below] : -1;
    }

    /** The position {@code k} places below known position {@code p}, or the first one if there are fewer. */
    long lower(long p, int k) {
        int i = Arrays.binarySearch(a, 0, n, p);
        if (i < 0) throw new IllegalArgumentException("not a known position: " + p);
        return a[Math.max(0, i - k)];
    }

    /** The least position above {@code p}, or -1. */
    long higher(long p) {
        int i = Arrays.binarySearch(a, 0, n, p);
        int above = i >= 0 ? i + 1 : -i - 1;
        return above < n ? a[above] : -1;
    }

    /** The least position at or above {@code p}, or -1. */
    long ceiling(long p) { return contains(p) ? p : higher(p); }

    /** Forgets every position after {@code p}. */
    void truncateAfter(long p) {
        int i = Arrays.binarySearch(a, 0, n, p);
        n = i >= 0 ? i + 1 : -i - 1;
        major.clear(n, Math.max(n, major.length()));
    }
}
