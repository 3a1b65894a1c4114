package org.gmplab.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A list in chunks shares, with the list it was built from, every chunk in which no element changed; it is a List like any other. */
class ChunkListTest {
    private static ChunkList<String> build(ChunkList<String> before, List<String> xs) {
        ChunkList.Builder<String> b = new ChunkList.Builder<>(before, xs.size());
        for (String x : xs) {
            String was = b.before();
            b.add(x.equals(was) ? was : x);   // as a snapshot does: the old element where it did not change
        }
        return b.build();
    }

    private static List<String> strings(int n) {
        List<String> xs = new ArrayList<>();
        for (int i = 0; i < n; i++) xs.add("g" + i);
        return xs;
    }

    @Test
    void aListBuiltFromAnotherSharesTheChunksInWhichNothingChangedAndCopiesTheOthers() {
        List<String> xs = strings(200);   // chunks of 64, 64, 64 and 8
        ChunkList<String> a = build(ChunkList.of(), xs);
        assertThat(a).isEqualTo(xs).hasSameHashCodeAs(xs);
        assertThat(a.chunksNotIn(ChunkList.of())).isEqualTo(4);
        assertThat(a.elementsNotIn(ChunkList.of())).isEqualTo(200);

        ChunkList<String> same = build(a, new ArrayList<>(xs));
        assertThat(same.chunksNotIn(a)).isZero();
        assertThat(same.elementsNotIn(a)).isZero();

        List<String> changed = new ArrayList<>(xs);
        changed.set(70, "changed");   // in the second chunk
        ChunkList<String> b = build(a, changed);
        assertThat(b).isEqualTo(changed).isNotEqualTo(a);
        assertThat(b.chunksNotIn(a)).isEqualTo(1);
        assertThat(b.elementsNotIn(a)).isEqualTo(1);
        assertThat(a.get(70)).isEqualTo("g70");   // the list it was built from is untouched
        for (int i = 0; i < 200; i++) if (i != 70) assertThat(b.get(i)).isSameAs(a.get(i));
    }

    @Test
    void aListThatGrewSharesItsFullChunksAndMakesTheLastOneExactly() {
        ChunkList<String> a = build(ChunkList.of(), strings(100));
        ChunkList<String> b = build(a, strings(130));
        assertThat(b).isEqualTo(strings(130));
        assertThat(b.chunksNotIn(a)).as("the second chunk had 36 elements, now 64; the third is new").isEqualTo(2);
        assertThat(b.elementsNotIn(a)).isEqualTo(30);
        assertThat(build(ChunkList.of(), List.of())).isEmpty();
    }

    @Test
    void itEqualsAnyListOfTheSameElementsAndIsNotCopiedBySnapshots() {
        ChunkList<String> a = build(ChunkList.of(), strings(70));
        assertThat(strings(70)).isEqualTo(a);
        assertThat(a).isEqualTo(build(ChunkList.of(), strings(70)));
        assertThat(ChunkList.copyOf(a)).isSameAs(a);
        assertThat(ChunkList.copyOf(strings(3))).isEqualTo(strings(3)).isNotInstanceOf(ChunkList.class);
        assertThatThrownBy(() -> a.get(70)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> a.set(0, "x")).isInstanceOf(UnsupportedOperationException.class);
        ChunkList.Builder<String> short_ = new ChunkList.Builder<>(ChunkList.of(), 2);
        short_.add("x");
        assertThatThrownBy(short_::build).isInstanceOf(IllegalStateException.class);
    }
}
