package org.gmplab.gotrace;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gmplab.gotrace.GoEvent.StackFrame;

/**
 * One generation of a trace: Go's tracer restarts its tables every so often (about once a second), and
 * everything between two restarts — the per-M batches of events, the string and stack tables, the
 * frequency, the CPU samples — is one generation, read into memory whole and ordered on its own. This is
 * how a trace of hundreds of MB is read with the memory of one generation. Mirrors Go's
 * {@code internal/trace/generation.go} and {@code batch.go}.
 */
final class Generation {
    /** A batch as read: unparsed except for its header. {@code offset}: file offset of {@code data[0]}. */
    record Batch(long m, long time, byte[] data, int exp, long offset) {
        boolean starts(int type) { return exp == 0 && data.length > 0 && (data[0] & 0xff) == type; }
    }

    /** A CPU profile sample, with its time already in nanoseconds. */
    record CpuSample(long time, long m, long p, long g, List<StackFrame> stack) { }

    /** The generation and what came after it: the first batch of the next one, or the error that ended the file. */
    record Read(Generation gen, Batch spill, long spillGen, GoTraceException error) { }

    long gen;
    /** Event batches by M, Ms in the order their first batch appears (Go's batchMs). */
    final Map<Long, List<Batch>> batches = new LinkedHashMap<>();
    final List<CpuSample> cpuSamples = new ArrayList<>();
    long minTs;
    /** Nanoseconds per timestamp unit; 0 until the frequency event is read. */
    double freq;
    private final Map<Long, String> strings = new HashMap<>();
    private final Map<Long, long[]> rawStacks = new HashMap<>();
    private final Map<Long, Long> stackOffsets = new HashMap<>(); // where each stack is in the file
    private final Map<Long, long[]> pcs = new HashMap<>(); // pc -> {funcID, fileID, line}
    private final Map<Long, List<StackFrame>> stacks = new HashMap<>();
    private final List<long[]> rawSamples = new ArrayList<>();
    private long firstOffset = -1;

    /** Go's frequency.mul: a timestamp in nanoseconds. */
    long ns(long timestamp) { return (long) (freq * (double) timestamp); }

    /** The string with this ID (0 is ""), or null if the table has none. */
    String string(long id) { return id == 0 ? "" : strings.get(id); }

    /** The stack with this ID (0 is none), or null if the table has none. */
    List<StackFrame> stack(long id) { return id == 0 ? List.of() : stacks.get(id); }

    /**
     * Reads the batches of the next generation (starting with {@code spill}, the first batch of it already read
     * by the last call), until the first batch of the generation after it or the end of the file (Go's
     * readGeneration). A batch that cannot be read after some of this generation was: the generation read so
     * far comes back with the error, to be reported once its events are out (as Go does).
     */
    static Read read(CountingInput in, int version, Batch spill, long spillGen) throws IOException {
        Generation g = new Generation();
        if (spill != null) {
            g.gen = spillGen;
            g.process(spill, version);
        }
        Batch nextSpill = null;
        long nextGen = 0;
        GoTraceException error = null;
        for (;;) {
            long at = in.offset();
            long[] genOut = new long[1];
            Batch b;
            try {
                b = readBatch(in, version, genOut);
            } catch (GoTraceException e) {
                if (g.gen != 0) {
                    error = e;
                    break;
                }
                throw e;
            }
            if (b == null) break;
            long gen = genOut[0];
            if (gen == 0) throw new GoTraceException(at, "a batch of generation 0 (the runtime never writes one)");
            if (g.gen == 0) g.gen = gen;
            if (gen == g.gen + 1) {
                nextSpill = b;
                nextGen = gen;
                break;
            }
            if (gen != g.gen)
                throw new GoTraceException(at, "generations out of order: a batch of generation " + gen + " among those of generation " + g.gen);
            if (g.minTs == 0 || Long.compareUnsigned(b.time(), g.minTs) < 0) g.minTs = b.time();
            g.process(b, version);
        }
        try {
            if (g.freq == 0)
                throw new GoTraceException(g.firstOffset >= 0 ? g.firstOffset : in.offset(), "generation " + g.gen + " has no frequency event");
            g.resolveStacks();
        } catch (GoTraceException e) {
            throw error != null ? error : e; // a generation cut short: the cut is the news
        }
        for (long[] s : g.rawSamples) {
            List<StackFrame> stack = g.stack(s[4]);
            g.cpuSamples.add(new CpuSample(g.ns(s[0]), s[1], s[2], s[3] == 0 ? GoEvent.NONE : s[3], stack != null ? stack : List.of()));
        }
        g.rawSamples.clear();
        g.cpuSamples.sort((a, b) -> Long.compare(a.time(), b.time()));
        return new Read(g, nextSpill, nextGen, error);
    }

    /** Go's readBatch: the next batch, or null at the end of the file (exactly between batches). */
    private static Batch readBatch(CountingInput in, int version, long[] genOut) throws IOException {
        long at = in.offset();
        int typ = in.read();
        if (typ < 0) return null;
        int exp = 0;
        if (typ == WireFormat.EV_EXPERIMENTAL_BATCH && version >= WireFormat.GO123) {
            exp = in.read();
            if (exp < 0) throw new GoTraceException(in.offset(), "the file ends inside a batch header (the trace is cut short)");
        } else if (typ != WireFormat.EV_EVENT_BATCH) {
            throw new GoTraceException(at, "expected the start of a batch, found event type " + typ);
        }
        genOut[0] = in.uvarint("batch's generation");
        long m = in.uvarint("batch's M ID");
        long ts = in.uvarint("batch's timestamp");
        long size = in.uvarint("batch's size");
        if (size < 0 || size > WireFormat.MAX_BATCH_SIZE)
            throw new GoTraceException(at, "batch size " + Long.toUnsignedString(size) + " is more than the most Go writes (" + WireFormat.MAX_BATCH_SIZE + ")");
        long dataAt = in.offset();
        byte[] data = new byte[(int) size];
        int got = in.readFully(data, (int) size);
        if (got != size)
            throw new GoTraceException(at, "the file ends inside a batch: it wants " + size + " bytes, " + got + " are left (the trace is cut short)");
        return new Batch(m, ts, data, exp, dataAt);
    }

    /** Go's processBatch: tables go into the tables, event batches to their M. */
    private void process(Batch b, int version) throws GoTraceException {
        if (firstOffset < 0) firstOffset = b.offset();
        if (b.starts(WireFormat.EV_STRINGS)) addStrings(b);
        else if (b.starts(WireFormat.EV_STACKS)) addStacks(b);
        else if (b.starts(WireFormat.EV_CPU_SAMPLES)) addCpuSamples(b);
        else if (version < WireFormat.GO125 && b.starts(WireFormat.EV_FREQUENCY)) setFreq(b, version);
        else if (version >= WireFormat.GO125 && b.starts(WireFormat.EV_SYNC)) setFreq(b, version);
        else if (b.exp() != 0) { /* experimental data (heap spans, objects): not about scheduling, skipped */ }
        else batches.computeIfAbsent(b.m(), k -> new ArrayList<>()).add(b);
    }

    private void addStrings(Batch b) throws GoTraceException {
        Bytes r = new Bytes(b.data(), b.offset());
        r.u8("strings header");
        while (r.more()) {
            long at = r.offset();
            int ev = r.u8("string event");
            if (ev != WireFormat.EV_STRING) throw new GoTraceException(at, "expected a string in the string table, got event type " + ev);
            long id = r.uvarint("string's ID");
            long len = r.uvarint("string's length");
            if (len < 0 || len > WireFormat.MAX_STRING_SIZE)
                throw new GoTraceException(at, "string of " + Long.toUnsignedString(len) + " bytes, more than the most Go writes (" + WireFormat.MAX_STRING_SIZE + ")");
            if (r.data.length - r.pos < len) throw new GoTraceException(at, "the batch ends inside a string");
            String s = new String(r.data, r.pos, (int) len, java.nio.charset.StandardCharsets.UTF_8);
            r.pos += (int) len;
            if (strings.putIfAbsent(id, s) != null) throw new GoTraceException(at, "two strings with ID " + id);
        }
    }

    private void addStacks(Batch b) throws GoTraceException {
        Bytes r = new Bytes(b.data(), b.offset());
        r.u8("stacks header");
        while (r.more()) {
            long at = r.offset();
            int ev = r.u8("stack event");
            if (ev != WireFormat.EV_STACK) throw new GoTraceException(at, "expected a stack in the stack table, got event type " + ev);
            long id = r.uvarint("stack's ID");
            long n = r.uvarint("stack's frame count");
            if (n < 0 || n > WireFormat.MAX_FRAMES_PER_STACK)
                throw new GoTraceException(at, "stack of " + Long.toUnsignedString(n) + " frames, more than the most Go writes (" + WireFormat.MAX_FRAMES_PER_STACK + ")");
            long[] frames = new long[(int) n];
            for (int i = 0; i < n; i++) {
                long pc = r.uvarint("frame's PC");
                long func = r.uvarint("frame's function");
                long file = r.uvarint("frame's file");
                long line = r.uvarint("frame's line");
                frames[i] = pc;
                pcs.putIfAbsent(pc, new long[] {func, file, line});
            }
            if (rawStacks.putIfAbsent(id, frames) != null) throw new GoTraceException(at, "two stacks with ID " + id);
            stackOffsets.put(id, at);
        }
    }

    private void addCpuSamples(Batch b) throws GoTraceException {
        Bytes r = new Bytes(b.data(), b.offset());
        r.u8("CPU samples header");
        while (r.more()) {
            long at = r.offset();
            int ev = r.u8("CPU sample event");
            if (ev != WireFormat.EV_CPU_SAMPLE) throw new GoTraceException(at, "expected a CPU sample, got event type " + ev);
            rawSamples.add(new long[] {r.uvarint("sample's time"), r.uvarint("sample's M"), r.uvarint("sample's P"),
                    r.uvarint("sample's G"), r.uvarint("sample's stack")});
        }
    }

    /** The frequency: a lone Frequency event (1.22–1.24) or the Frequency in a Sync batch (1.25, beside a ClockSnapshot). */
    private void setFreq(Batch b, int version) throws GoTraceException {
        Bytes r = new Bytes(b.data(), b.offset());
        if (version < WireFormat.GO125) {
            r.u8("frequency event");
            setFreq(r.offset(), r.uvarint("frequency"));
            return;
        }
        r.u8("sync header");
        boolean seen = false;
        while (r.more()) {
            long at = r.offset();
            int ev = r.u8("sync event");
            if (ev == WireFormat.EV_FREQUENCY) {
                if (seen) throw new GoTraceException(at, "two frequency events in one generation");
                seen = true;
                setFreq(at, r.uvarint("frequency"));
            } else if (ev == WireFormat.EV_CLOCK_SNAPSHOT) {
                long ts = r.uvarint("clock snapshot's time");
                r.uvarint("clock snapshot's monotonic time");
                r.uvarint("clock snapshot's seconds");
                r.uvarint("clock snapshot's nanoseconds");
                if (Long.compareUnsigned(b.time(), ts) > 0) throw new GoTraceException(at, "the clock snapshot is earlier than its batch");
            } else {
                throw new GoTraceException(at, "unexpected event type " + ev + " in a sync batch");
            }
        }
        if (!seen) throw new GoTraceException(b.offset(), "a sync batch without a frequency event");
    }

    private void setFreq(long at, long ticksPerSecond) throws GoTraceException {
        if (freq != 0) throw new GoTraceException(at, "two frequency events in one generation");
        if (ticksPerSecond == 0) throw new GoTraceException(at, "a frequency of 0 ticks per second");
        // Go: frequency(1.0 / (float64(f) / 1e9)), nanoseconds per tick
        double f = ticksPerSecond < 0 ? (double) (ticksPerSecond >>> 1) * 2.0 : (double) ticksPerSecond;
        freq = 1.0 / (f / 1e9);
    }

    /** Go's validateStackStrings, then every stack as frames (shared by all events that name it). */
    private void resolveStacks() throws GoTraceException {
        for (Map.Entry<Long, long[]> e : rawStacks.entrySet()) {
            List<StackFrame> frames = new ArrayList<>(e.getValue().length);
            for (long pc : e.getValue()) {
                long[] f = pcs.get(pc);
                String func = string(f[0]), file = string(f[1]);
                if (func == null || file == null)
                    throw new GoTraceException(stackOffsets.get(e.getKey()), "stack " + e.getKey() + " names a string the string table does not have ("
                            + (func == null ? f[0] : f[1]) + ")");
                frames.add(new StackFrame(func, file, f[2], pc));
            }
            stacks.put(e.getKey(), List.copyOf(frames));
        }
        rawStacks.clear();
        stackOffsets.clear();
        pcs.clear();
    }

    @Override public String toString() { return "generation " + gen + " " + Arrays.toString(batches.keySet().toArray()); }
}
