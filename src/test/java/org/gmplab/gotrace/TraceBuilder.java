package org.gmplab.gotrace;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes small synthetic traces in Go's wire format, for tests of the ordering rules: a header, a frequency
 * of 1 GHz (one tick is one nanosecond), strings, and per-M batches of events given as
 * {@code {type, time delta, args...}}.
 */
final class TraceBuilder {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final int version;

    TraceBuilder(int version) {
        this.version = version;
        byte[] h = ("go 1." + version + " trace\0\0\0").getBytes(StandardCharsets.ISO_8859_1);
        out.write(h, 0, h.length);
    }

    /** The frequency batch (1.22–1.24) or the sync batch (1.25) of generation {@code gen}. */
    TraceBuilder sync(long gen) {
        ByteArrayOutputStream d = new ByteArrayOutputStream();
        if (version >= WireFormat.GO125) d.write(WireFormat.EV_SYNC);
        d.write(WireFormat.EV_FREQUENCY);
        uvarint(d, 1_000_000_000L);
        if (version >= WireFormat.GO125) {
            d.write(WireFormat.EV_CLOCK_SNAPSHOT);
            uvarint(d, 1); // time
            uvarint(d, 5); // mono
            uvarint(d, 1_700_000_000L); // sec
            uvarint(d, 0); // nsec
        }
        return batch(gen, -1, 1, d.toByteArray());
    }

    /** A string table batch: the strings get IDs 1, 2, ... */
    TraceBuilder strings(long gen, String... strings) {
        ByteArrayOutputStream d = new ByteArrayOutputStream();
        d.write(WireFormat.EV_STRINGS);
        for (int i = 0; i < strings.length; i++) {
            byte[] s = strings[i].getBytes(StandardCharsets.UTF_8);
            d.write(WireFormat.EV_STRING);
            uvarint(d, i + 1);
            uvarint(d, s.length);
            d.write(s, 0, s.length);
        }
        return batch(gen, -1, 1, d.toByteArray());
    }

    /** A batch of M {@code m}'s events from time {@code ts}; each event is {type, delta, args...}. */
    TraceBuilder events(long gen, long m, long ts, long[]... events) {
        ByteArrayOutputStream d = new ByteArrayOutputStream();
        for (long[] e : events) {
            d.write((int) e[0]);
            for (int i = 1; i < e.length; i++) uvarint(d, e[i]);
        }
        return batch(gen, m, ts, d.toByteArray());
    }

    private TraceBuilder batch(long gen, long m, long ts, byte[] data) {
        out.write(WireFormat.EV_EVENT_BATCH);
        uvarint(out, gen);
        uvarint(out, m);
        uvarint(out, ts);
        uvarint(out, data.length);
        out.write(data, 0, data.length);
        return this;
    }

    byte[] bytes() { return out.toByteArray(); }

    static long[] ev(long... typeDeltaArgs) { return typeDeltaArgs; }

    private static void uvarint(ByteArrayOutputStream d, long v) {
        while (Long.compareUnsigned(v, 0x80) >= 0) {
            d.write((int) (v & 0x7f) | 0x80);
            v >>>= 7;
        }
        d.write((int) v);
    }
}
