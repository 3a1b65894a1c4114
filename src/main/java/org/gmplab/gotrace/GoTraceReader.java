package org.gmplab.gotrace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

import org.gmplab.gotrace.GoEvent.Kind;

/**
 * Reads a Go execution trace ({@code runtime/trace}, {@code go test -trace}; Go 1.22–1.25) into one ordered
 * stream of {@link GoEvent}s, as Go's own parser does ({@code internal/trace/reader.go}), without a Go toolchain.
 *
 * <p>The algorithm, Go's: (1) read all the batches of the next generation; (2) decode its strings, stacks,
 * CPU samples and frequency; (3) group the event batches by M, each M a cursor at its next event; (4) keep
 * the cursors in a min-heap by the time of that event; (5) try to advance the event at the top: if the
 * {@link Ordering} says it cannot happen yet (it waits for an event of another M), sort the heap and try the
 * others in time order, and take the first that can; (6) hand out what the ordering queued; when no cursor is
 * left, go to (1). Times are made strictly increasing as Go makes them (an event no later than the last one
 * is put 1 ns after it). A {@code Sync} event separates generations and ends the stream, as in Go 1.23.
 *
 * <p>Memory: one generation at a time (Go starts a new one about every second), whatever the file's size.
 * The progress callback hears the number of bytes read, about every MB.
 *
 * <p>Not thread-safe; one reader per file, read from one thread.
 */
public final class GoTraceReader implements AutoCloseable {
    private final CountingInput in;
    private final int version;
    private long lastTs;
    private Generation gen;
    private Generation.Batch spill;
    private long spillGen;
    private GoTraceException spillErr;
    private final List<Cursor> frontier = new ArrayList<>();
    private List<Generation.CpuSample> cpuSamples = List.of();
    private int cpuNext;
    private final Ordering order = new Ordering();
    private boolean done;

    /** Opens a trace file; {@code progress} (may be null) hears bytes read so far. */
    public static GoTraceReader open(Path file, LongConsumer progress) throws IOException {
        InputStream s = Files.newInputStream(file);
        try {
            return new GoTraceReader(s, progress);
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /** Reads a trace from {@code in} (which the reader closes); reads the header now. */
    public GoTraceReader(InputStream in, LongConsumer progress) throws IOException {
        this.in = new CountingInput(in, progress);
        byte[] header = new byte[WireFormat.HEADER_LENGTH];
        int n = this.in.readFully(header, header.length);
        this.version = WireFormat.version(header, n);
    }

    /** Whether a file starts as a Go execution trace does ({@code "go 1."}); a file that cannot be read does not. */
    public static boolean looksLikeGoTrace(Path file) {
        try (InputStream s = Files.newInputStream(file)) {
            byte[] head = s.readNBytes(5);
            return new String(head, java.nio.charset.StandardCharsets.ISO_8859_1).equals("go 1.");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The format version in the header, as Go's minor version: 22, 23 (Go 1.23 and 1.24) or 25. */
    public int goVersion() { return version; }

    /** Bytes read so far. */
    public long offset() { return in.offset(); }

    /** The next event, or null after the last one. Throws {@link GoTraceException} for a truncated or corrupt trace. */
    public GoEvent next() throws IOException {
        if (done) return null;
        GoEvent e = read();
        if (e == null) return null;
        // Go: time only moves forward.
        if (e.time() <= lastTs) e = e.at(lastTs + 1);
        lastTs = e.time();
        return e;
    }

    private GoEvent read() throws IOException {
        try {
            return readOrdered();
        } catch (GoTraceException e) {
            // A generation cut short by the end of the file cannot be ordered: say so, not what it broke.
            if (spillErr != null) {
                done = true;
                throw spillErr;
            }
            throw e;
        }
    }

    private GoEvent readOrdered() throws IOException {
        GoEvent queued = order.next();
        if (queued != null) return queued;
        while (frontier.isEmpty() && cpuNext == cpuSamples.size()) {
            if (spillErr != null) {
                done = true;
                throw spillErr;
            }
            if (gen != null && spill == null) {
                done = true;
                in.done();
                return sync();
            }
            boolean first = gen == null;
            Generation.Read r = Generation.read(in, version, spill, spillGen);
            gen = r.gen();
            spill = r.spill();
            spillGen = r.spillGen();
            spillErr = r.error();
            cpuSamples = gen.cpuSamples;
            cpuNext = 0;
            for (Map.Entry<Long, List<Generation.Batch>> e : gen.batches.entrySet()) {
                Cursor c = new Cursor(e.getKey(), e.getValue());
                if (c.nextEvent(gen, version)) heapInsert(c);
            }
            if (!first) return sync();
        }
        // A CPU sample, if it comes next.
        if (cpuNext < cpuSamples.size() && (frontier.isEmpty() || cpuSamples.get(cpuNext).time() < frontier.get(0).ev.time)) {
            Generation.CpuSample s = cpuSamples.get(cpuNext++);
            return new GoEvent(Kind.STACK_SAMPLE, "CPUSample", s.time(), s.m(), s.p(), s.g(), null, "");
        }
        if (frontier.isEmpty())
            throw new GoTraceException(in.offset(), "broken trace: generation " + gen.gen + " has nothing left to order");
        if (!tryAdvance(0)) {
            // Rare: the earliest event waits for another M's. Try the rest in time order.
            Collections.sort(frontier, (a, b) -> Long.compare(a.ev.time, b.ev.time));
            boolean ok = false;
            for (int i = 1; i < frontier.size() && !ok; i++) ok = tryAdvance(i);
            if (!ok) {
                Cursor c = frontier.get(0);
                throw new GoTraceException(c.ev.offset, "broken trace: no M's next event can happen (the earliest is "
                        + WireFormat.name(c.ev.type) + " on M " + c.m + "); the trace is corrupt or its batches are out of order");
            }
        }
        GoEvent e = order.next();
        if (e == null) throw new IllegalStateException("an event advanced but none was queued");
        return e;
    }

    private GoEvent sync() {
        return new GoEvent(Kind.SYNC, "Sync", lastTs, GoEvent.NONE, GoEvent.NONE, GoEvent.NONE, null, "");
    }

    private boolean tryAdvance(int i) throws GoTraceException {
        Cursor c = frontier.get(i);
        if (!order.advance(c.ev, gen, c.m, gen.gen)) return false;
        if (c.nextEvent(gen, version)) heapUpdate(i);
        else heapRemove(i);
        return true;
    }

    @Override
    public void close() throws IOException { in.close(); }

    /** One M's events in this generation, at the next one (Go's batchCursor). */
    private static final class Cursor {
        final long m;
        final List<Generation.Batch> batches;
        int idx, dataOff;
        long lastTs;
        final RawEvent ev = new RawEvent();

        Cursor(long m, List<Generation.Batch> batches) {
            this.m = m;
            this.batches = batches;
        }

        /** Decodes the next event into {@link #ev}; false when the M has no more. */
        boolean nextEvent(Generation g, int version) throws GoTraceException {
            while (idx < batches.size() && batches.get(idx).data().length == dataOff) {
                idx++;
                dataOff = 0;
                lastTs = 0;
            }
            if (idx == batches.size()) return false;
            Generation.Batch b = batches.get(idx);
            if (lastTs == 0) lastTs = g.ns(b.time());
            Bytes r = new Bytes(b.data(), b.offset());
            r.pos = dataOff;
            ev.offset = r.offset();
            int type = r.u8("event type");
            WireFormat.Spec spec = WireFormat.timedSpec(version, type);
            if (spec == null)
                throw new GoTraceException(ev.offset, "found invalid event type " + type + " (" + WireFormat.name(type) + ") in M " + m + "'s batch");
            ev.type = type;
            long dt = r.uvarint("timestamp of " + spec.name());
            for (int i = 0; i < spec.args(); i++) ev.args[i] = r.uvarint("argument " + (i + 1) + " of " + spec.name());
            ev.time = g.ns(dt) + lastTs;
            lastTs = ev.time;
            dataOff = r.pos;
            return true;
        }
    }

    // Go's min-heap of cursors by the time of their next event (batchcursor.go), kept exactly as Go keeps it:
    // which of two Ms with equal times goes first depends on the heap's shape.

    private void heapInsert(Cursor c) {
        frontier.add(c);
        siftUp(frontier.size() - 1);
    }

    private void heapUpdate(int i) {
        if (siftUp(i) != i) return;
        siftDown(i);
    }

    private void heapRemove(int i) {
        while (i > 0) {
            Collections.swap(frontier, (i - 1) / 2, i);
            i = (i - 1) / 2;
        }
        Collections.swap(frontier, 0, frontier.size() - 1);
        frontier.remove(frontier.size() - 1);
        siftDown(0);
    }

    private int siftUp(int i) {
        while (i > 0 && frontier.get((i - 1) / 2).ev.time > frontier.get(i).ev.time) {
            Collections.swap(frontier, (i - 1) / 2, i);
            i = (i - 1) / 2;
        }
        return i;
    }

    private void siftDown(int i) {
        for (;;) {
            int m = min3(i, 2 * i + 1, 2 * i + 2);
            if (m == i) break;
            Collections.swap(frontier, i, m);
            i = m;
        }
    }

    private int min3(int i0, int i1, int i2) {
        int minIdx = i0;
        long minT = Long.MAX_VALUE;
        if (i0 < frontier.size()) minT = frontier.get(i0).ev.time;
        if (i1 < frontier.size() && frontier.get(i1).ev.time < minT) {
            minT = frontier.get(i1).ev.time;
            minIdx = i1;
        }
        if (i2 < frontier.size() && frontier.get(i2).ev.time < minT) minIdx = i2;
        return minIdx;
    }
}
