package org.gmplab.gotrace;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongConsumer;

/**
 * The trace's bytes, read once from start to end, counting where we are (for messages that name a byte
 * offset) and telling a progress callback how far we got, at most once per {@value #REPORT_EVERY} bytes.
 */
final class CountingInput implements AutoCloseable {
    static final int REPORT_EVERY = 1 << 20;

    private final InputStream in;
    private final LongConsumer progress;
    private long offset, reported;

    CountingInput(InputStream in, LongConsumer progress) {
        this.in = in instanceof BufferedInputStream ? in : new BufferedInputStream(in, 1 << 16);
        this.progress = progress != null ? progress : n -> { };
    }

    /** Bytes read so far: the offset of the next byte. */
    long offset() { return offset; }

    /** The next byte (0–255), or -1 at the end. */
    int read() throws IOException {
        int b = in.read();
        if (b >= 0) advance(1);
        return b;
    }

    /** Reads up to {@code n} bytes into {@code buf}; returns how many there were before the end. */
    int readFully(byte[] buf, int n) throws IOException {
        int got = 0;
        while (got < n) {
            int r = in.read(buf, got, n - got);
            if (r < 0) break;
            got += r;
        }
        advance(got);
        return got;
    }

    /**
     * A uvarint (Go's encoding/binary.ReadUvarint: at most 10 bytes, the 10th at most 1); {@code what} names
     * it in the message if it is cut off or too long.
     */
    long uvarint(String what) throws IOException {
        long start = offset, x = 0;
        for (int i = 0, s = 0; i < 10; i++, s += 7) {
            int b = read();
            if (b < 0) throw new GoTraceException(start, "the file ends inside the " + what + " (the trace is cut short)");
            if (b < 0x80) {
                if (i == 9 && b > 1) throw new GoTraceException(start, "the " + what + " overflows 64 bits");
                return x | (long) b << s;
            }
            x |= (long) (b & 0x7f) << s;
        }
        throw new GoTraceException(start, "the " + what + " overflows 64 bits");
    }

    private void advance(int n) {
        offset += n;
        if (offset - reported >= REPORT_EVERY) {
            reported = offset;
            progress.accept(offset);
        }
    }

    /** Tells the callback the end was reached. */
    void done() { progress.accept(offset); }

    @Override public void close() throws IOException { in.close(); }
}
