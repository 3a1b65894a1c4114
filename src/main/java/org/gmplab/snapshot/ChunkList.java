package org.gmplab.snapshot;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * An immutable list held in chunks of {@link #CHUNK} elements, which a list built from it shares wherever none of a
 * chunk's elements changed: a snapshot's goroutines. Between two nearby moments of a run few goroutines change, so a
 * snapshot of 10,000 of them that copied every reference into a new array allocated 40 KB (and {@code List.of} as
 * much again) to say what the one before already said; in chunks it allocates the outer array (157 references) and
 * the chunks that changed. Equality and hash are {@link List}'s, so a ChunkList equals any list of the same elements.
 */
public final class ChunkList<E> extends AbstractList<E> implements RandomAccess {
    /** Elements per chunk: small enough that a change copies little, large enough that the outer array is short. */
    public static final int CHUNK = 64;
    private static final int SHIFT = Integer.numberOfTrailingZeros(CHUNK);
    private static final ChunkList<Object> EMPTY = new ChunkList<>(new Object[0][], 0);

    /** Full chunks of CHUNK elements, the last one sized exactly; never written once the list is built. */
    private final Object[][] chunks;
    private final int size;

    private ChunkList(Object[][] chunks, int size) {
        this.chunks = chunks;
        this.size = size;
    }

    @SuppressWarnings("unchecked")
    public static <E> ChunkList<E> of() { return (ChunkList<E>) EMPTY; }

    /** {@code l} if it is a ChunkList (immutable already), else {@link List#copyOf}: null elements are refused as there. */
    public static <E> List<E> copyOf(List<E> l) { return l instanceof ChunkList<E> same ? same : List.copyOf(l); }

    @Override
    @SuppressWarnings("unchecked")
    public E get(int i) {
        Objects.checkIndex(i, size);
        return (E) chunks[i >>> SHIFT][i & (CHUNK - 1)];
    }

    @Override public int size() { return size; }

    /**
     * How many of this list's chunks {@code other} does not hold: what this list's chunk arrays add to a heap that
     * holds {@code other} already.
     */
    public int chunksNotIn(ChunkList<?> other) {
        if (other.size == 0) return chunks.length;
        int n = 0;
        for (int k = 0; k < chunks.length; k++) if (k >= other.chunks.length || chunks[k] != other.chunks[k]) n++;
        return n;
    }

    /** How many of this list's elements are not the very object {@code other} holds at the same index. */
    public int elementsNotIn(ChunkList<?> other) {
        if (other.size == 0) return size;
        int n = 0;
        for (int k = 0; k < chunks.length; k++) {
            Object[] c = chunks[k], o = k < other.chunks.length ? other.chunks[k] : null;
            if (c == o) continue;   // shared: every element the same object
            for (int j = 0; j < c.length; j++) if (o == null || j >= o.length || c[j] != o[j]) n++;
        }
        return n;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ChunkList<?> l)) return super.equals(o);
        if (l.size != size) return false;
        for (int k = 0; k < chunks.length; k++) if (chunks[k] != l.chunks[k] && !Arrays.equals(chunks[k], l.chunks[k])) return false;
        return true;
    }

    @Override public int hashCode() { return super.hashCode(); }

    /**
     * Builds a list of {@code size} elements, set in order from index 0, sharing each chunk of {@code before} whose
     * elements all come back as the very same objects at the same indexes (and the same length).
     */
    public static final class Builder<E> {
        private final Object[][] chunks;
        private final Object[][] old;
        private final int size;
        private int next;
        /** The chunk being filled: still {@code old}'s while every element so far is its own, else a new one. */
        private Object[] current;

        public Builder(ChunkList<E> before, int size) {
            this.size = size;
            this.chunks = new Object[(size + CHUNK - 1) >>> SHIFT][];
            this.old = before.chunks;
        }

        /** What {@code before} held at the next index, or null: lets the caller reuse an unchanged element. */
        @SuppressWarnings("unchecked")
        public E before() {
            int k = next >>> SHIFT, j = next & (CHUNK - 1);
            return k < old.length && j < old[k].length ? (E) old[k][j] : null;
        }

        /** Sets the next element. */
        public void add(E e) {
            Objects.requireNonNull(e);
            int k = next >>> SHIFT, j = next & (CHUNK - 1);
            int length = Math.min(CHUNK, size - (k << SHIFT));
            if (j == 0) current = k < old.length && old[k].length == length ? old[k] : new Object[length];
            if (current[j] != e) {
                // the first element that differs: the chunk is this list's own from here on
                if (k < old.length && current == old[k]) current = Arrays.copyOf(old[k], length);
                current[j] = e;
            }
            if (j == length - 1) chunks[k] = current;
            next++;
        }

        public ChunkList<E> build() {
            if (next != size) throw new IllegalStateException(next + " elements set of " + size);
            return size == 0 ? of() : new ChunkList<>(chunks, size);
        }
    }
}
