package org.gmplab.gotrace;

/** A cursor over a batch's data, reading uvarints as Go's {@code binary.Uvarint}; errors name the file offset. */
final class Bytes {
    final byte[] data;
    final long base; // file offset of data[0]
    int pos;

    Bytes(byte[] data, long base) {
        this.data = data;
        this.base = base;
    }

    boolean more() { return pos < data.length; }

    long offset() { return base + pos; }

    int u8(String what) throws GoTraceException {
        if (pos >= data.length) throw new GoTraceException(offset(), "the batch ends before its " + what);
        return data[pos++] & 0xff;
    }

    long uvarint(String what) throws GoTraceException {
        long start = offset(), x = 0;
        for (int i = 0, s = 0; i < 10; i++, s += 7) {
            if (pos >= data.length) throw new GoTraceException(start, "the batch ends inside the " + what);
            int b = data[pos++] & 0xff;
            if (b < 0x80) {
                if (i == 9 && b > 1) throw new GoTraceException(start, "the " + what + " overflows 64 bits");
                return x | (long) b << s;
            }
            x |= (long) (b & 0x7f) << s;
        }
        throw new GoTraceException(start, "the " + what + " overflows 64 bits");
    }
}
