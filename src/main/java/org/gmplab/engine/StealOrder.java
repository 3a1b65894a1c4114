package org.gmplab.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Go's {@code randomOrder} ({@code stealOrder}): enumerates all Ps in a pseudo-random order, starting at
 * {@code r % count} and advancing by a stride coprime with {@code count}, so every P is visited exactly
 * once per round and thieves spread over victims instead of all hitting P0.
 */
public final class StealOrder {
    private int count;
    private int[] coprimes;

    public StealOrder(int count) { reset(count); }

    /** Go's {@code randomOrder.reset}: coprimes = every k in [1, count] with gcd(k, count) == 1. */
    public void reset(int count) {
        if (count < 1) throw new IllegalArgumentException("count must be >= 1");
        this.count = count;
        List<Integer> cs = new ArrayList<>();
        for (int i = 1; i <= count; i++) if (gcd(i, count) == 1) cs.add(i);
        coprimes = cs.stream().mapToInt(Integer::intValue).toArray();
    }

    public int count() { return count; }
    public int[] coprimes() { return coprimes.clone(); }

    /** Go's {@code randomOrder.start(i)}; {@code i} is an unsigned 32-bit random value. */
    public Enum start(int i) {
        long u = Integer.toUnsignedLong(i);
        return new Enum(count, (int) (u % count), coprimes[(int) ((u / count) % coprimes.length)]);
    }

    private static int gcd(int a, int b) {
        while (b != 0) { int t = a % b; a = b; b = t; }
        return a;
    }

    /** Go's {@code randomEnum}: one pass over all positions. */
    public static final class Enum {
        private int i;
        private final int count;
        private int pos;
        private final int inc;

        Enum(int count, int pos, int inc) { this.count = count; this.pos = pos; this.inc = inc; }

        public boolean done() { return i == count; }
        public void next() { i++; pos = (pos + inc) % count; }
        public int position() { return pos; }
        public int inc() { return inc; }
    }
}
