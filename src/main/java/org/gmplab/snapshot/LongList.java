package org.gmplab.snapshot;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;

/**
 * An immutable list of longs held in one {@code long[]}: a snapshot's queues of goids (the global run queue
 * may hold thousands). A list of boxed Longs costs 20 bytes and one object per goid, and a history keeps
 * hundreds of snapshots: the collector would trace every one of them. Reading boxes each element; equality and
 * hash are {@link java.util.List}'s, so a LongList equals any list of the same Longs.
 */
public final class LongList extends AbstractList<Long> implements RandomAccess {
    private static final LongList EMPTY = new LongList(new long[0]);

    private final long[] a;

    private LongList(long[] a) { this.a = a; }

    /** A list of {@code a}'s values; {@code a} is the list's own from now on (not copied: do not change it). */
    public static LongList wrap(long[] a) { return a.length == 0 ? EMPTY : new LongList(a); }

    /** {@code l} if it is a LongList (immutable already), else its values in a new one; null elements are refused as List.copyOf refuses them. */
    public static LongList copyOf(java.util.List<Long> l) {
        if (l instanceof LongList same) return same;
        long[] a = new long[l.size()];
        for (int i = 0; i < a.length; i++) a[i] = l.get(i);   // unboxing throws on a null, as List.copyOf would
        return wrap(a);
    }

    @Override public Long get(int i) { return a[i]; }

    @Override public int size() { return a.length; }

    /** Element {@code i}, not boxed. */
    public long getLong(int i) { return a[i]; }

    /** Whether this holds exactly {@code other}'s values, in order. */
    public boolean same(long[] other) { return Arrays.equals(a, other); }

    @Override public boolean equals(Object o) { return o instanceof LongList l ? Arrays.equals(a, l.a) : super.equals(o); }

    @Override public int hashCode() { return super.hashCode(); }
}
