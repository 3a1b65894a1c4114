package org.gmplab.history;

import java.util.Arrays;

/**
 * The known positions of one history, ascending: a growable array of longs (8 bytes each, so a run of
 * millions of events costs megabytes, not a heap of boxed Longs). Not thread-safe.
 */
final class Positions {
    private long[] a = new long[1024];
    private int n;

    void add(long p) {
        if (n > 0 && p <= a[n - 1]) throw new IllegalArgumentException("positions must grow: " + p + " after " + a[n - 1]);
        if (n == a.length) a = Arrays.copyOf(a, n * 2);
        a[n++] = p;
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
    }
}
