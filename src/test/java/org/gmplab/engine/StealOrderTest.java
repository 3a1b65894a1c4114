package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Go's {@code randomOrder} / {@code randomEnum} in {@code proc.go}, as {@link StealOrder}. */
class StealOrderTest {

    /**
     * Go: {@code RunStealOrderTest} (TestStealOrder, {@code proc_runtime_test.go}). For every P count
     * 1..64: there are at least 2 coprimes from 3 Ps on, and each enumeration visits every P exactly once
     * and is then done. For 2..64: the first {@code procs * len(coprimes)} start values all give a
     * different (pos, inc) pair, so thieves starting from different random values spread out.
     */
    @Test
    void runStealOrder() {
        StealOrder ord = new StealOrder(1);
        for (int procs = 1; procs <= 64; procs++) {
            // given the order for procs Ps
            ord.reset(procs);
            int[] coprimes = ord.coprimes();
            if (procs >= 3) assertThat(coprimes.length).as("too few coprimes for %d", procs).isGreaterThanOrEqualTo(2);
            for (int co = 0; co < coprimes.length; co++) {
                // when enumerating from start(co)
                StealOrder.Enum e = ord.start(co);
                boolean[] checked = new boolean[procs];
                for (int p = 0; p < procs; p++) {
                    int x = e.position();
                    // then no P repeats
                    assertThat(checked[x]).as("duplicate during enumeration: procs %d inc %d", procs, e.inc()).isFalse();
                    checked[x] = true;
                    e.next();
                }
                // and the enumeration ends after procs steps
                assertThat(e.done()).as("not done: procs %d", procs).isTrue();
            }
        }
        // Different arguments to start must not give the same pos+inc twice.
        for (int procs = 2; procs <= 64; procs++) {
            ord.reset(procs);
            boolean[] checked = new boolean[procs * procs];
            for (int i = 0; i < procs * ord.coprimes().length; i++) {
                StealOrder.Enum e = ord.start(i);
                int j = e.position() * procs + e.inc();
                assertThat(checked[j]).as("duplicate pos+inc: procs %d pos %d inc %d", procs, e.position(), e.inc()).isFalse();
                checked[j] = true;
            }
        }
    }

    /**
     * Go: {@code randomOrder.start}. Go's test only starts from 0..len(coprimes)-1, which all use the
     * stride 1 (pos = i % procs < procs); this checks every stride, and start values beyond 2^31 that Go
     * sees as uint32 and Java as negative ints.
     */
    @Test
    void everyStartVisitsEveryPOnce() {
        int[] starts = {0, 1, 7, 100, 12_345, Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 0x9E37_79B9};
        for (int procs = 1; procs <= 64; procs++) {
            StealOrder ord = new StealOrder(procs);
            Set<Integer> strides = new HashSet<>();
            for (int i = 0; i < procs * ord.coprimes().length; i++) strides.add(visitAll(ord, i, procs));
            for (int i : starts) visitAll(ord, i, procs);
            // every coprime is used as a stride by some start value
            assertThat(strides).as("strides for %d Ps", procs).hasSize(ord.coprimes().length);
        }
    }

    /** Go: {@code randomOrder.start(i)} takes i as uint32: pos = i % count, inc = coprimes[i / count % len]. */
    @Test
    void startTreatsItsArgumentAsUnsigned() {
        // given 5 Ps: coprimes 1, 2, 3, 4
        StealOrder ord = new StealOrder(5);
        assertThat(ord.coprimes()).containsExactly(1, 2, 3, 4);
        // when starting from -1, i.e. 4294967295 as a uint32
        StealOrder.Enum e = ord.start(-1);
        // then pos = 4294967295 % 5 = 0 and inc = coprimes[858993459 % 4] = coprimes[3] = 4
        assertThat(e.position()).isZero();
        assertThat(e.inc()).isEqualTo(4);
    }

    /** Go: {@code randomOrder.reset}: coprimes are every k in [1, count] with gcd(k, count) == 1. */
    @Test
    void resetListsTheCoprimes() {
        assertThat(new StealOrder(1).coprimes()).containsExactly(1);
        assertThat(new StealOrder(2).coprimes()).containsExactly(1);
        assertThat(new StealOrder(12).coprimes()).containsExactly(1, 5, 7, 11);
        assertThat(new StealOrder(7).coprimes()).containsExactly(1, 2, 3, 4, 5, 6);
        assertThatThrownBy(() -> new StealOrder(0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Enumerates from start(i), checks each of the procs Ps comes exactly once, returns the stride. */
    private static int visitAll(StealOrder ord, int i, int procs) {
        StealOrder.Enum e = ord.start(i);
        boolean[] seen = new boolean[procs];
        for (; !e.done(); e.next()) {
            assertThat(seen[e.position()]).as("start(%d) with %d Ps visits %d twice", i, procs, e.position()).isFalse();
            seen[e.position()] = true;
        }
        for (int p = 0; p < procs; p++) assertThat(seen[p]).as("start(%d) with %d Ps skips %d", i, procs, p).isTrue();
        return e.inc();
    }
}
