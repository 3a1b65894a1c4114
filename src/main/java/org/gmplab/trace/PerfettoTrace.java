package org.gmplab.trace;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;

/**
 * The event log as a Chrome trace-event JSON file ({@code {"traceEvents": [...]}}), which the Perfetto UI
 * (ui.perfetto.dev) and {@code chrome://tracing} open.
 *
 * <p>Layout: process 1 "Ms (threads)" has one track per M, process 2 "Ps (processors)" one track per P
 * (thread ids are the M and P ids). A goroutine running on an M is a complete slice ({@code "ph": "X"})
 * named {@code G<goid>} on both its M's and its P's track, from its {@code EXECUTE} (or the fast path of
 * {@code exitsyscall}) until it parks, yields, is preempted, exits, enters a system call or the M runs
 * something else; a system call is a slice {@code G<goid> syscall} on the M's track. Steals are instant
 * events ({@code "ph": "i"}) on the thief's M track; hand-offs ({@code handoffp}) and retakes are instant
 * events on the P's track. Flow arrows ({@code "cat": "cause"}) lead from what made each G runnable or moved
 * it (the engine's recorded cause) to the start of its running slice. Timestamps are virtual microseconds
 * (fractional, so nanoseconds survive). Slices still open at the last event are closed there.
 */
public final class PerfettoTrace {
    static final int PID_M = 1, PID_P = 2;
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    private PerfettoTrace() { }

    /** Builds the trace; {@link #write} serializes it. */
    public static List<Map<String, Object>> build(List<Event> events) {
        List<Map<String, Object>> out = new ArrayList<>();
        TreeSet<Integer> ms = new TreeSet<>(), ps = new TreeSet<>();
        Map<Integer, Open> onM = new HashMap<>();   // running or in a syscall, by M
        Map<Integer, Open> onP = new HashMap<>();   // running, by P
        long last = 0;
        for (Event e : events) {
            last = Math.max(last, e.time());
            if (e.m() >= 0) ms.add(e.m());
            if (e.p() >= 0) ps.add(e.p());
            EventKind k = e.kind();
            switch (k) {
                case EXECUTE -> {
                    close(out, onM.remove(e.m()), e.time());
                    close(out, onP.remove(e.p()), e.time());
                    open(onM, onP, e, "G" + e.g(), e.p());
                }
                case PARK, GOSCHED, PREEMPT, GOEXIT, STOPM -> {
                    if (e.m() >= 0) close(out, onM.remove(e.m()), e.time());
                    if (e.p() >= 0) close(out, onP.remove(e.p()), e.time());
                }
                case ENTERSYSCALL -> {
                    close(out, onM.remove(e.m()), e.time());
                    close(out, onP.remove(e.p()), e.time());
                    onM.put(e.m(), new Open(PID_M, e.m(), "G" + e.g() + " syscall", e.time(), e.g(), "syscall"));
                }
                case EXITSYSCALL -> {
                    close(out, onM.remove(e.m()), e.time());
                    long path = ((Event.ExitSyscall) e).path();
                    // Paths 1 and 2 (the fast path) go on running the G with no EXECUTE; path 3 executes it.
                    if (e.p() >= 0 && path != 3) open(onM, onP, e, "G" + e.g(), e.p());
                }
                case STEAL -> out.add(instant(PID_M, e.m(), "steal", e));
                case HANDOFFP, RETAKE -> out.add(instant(PID_P, e.p(), k == EventKind.HANDOFFP ? "handoffp" : "retake", e));
                case EXIT, FATAL -> {
                    for (Open o : onM.values()) close(out, o, e.time());
                    for (Open o : onP.values()) close(out, o, e.time());
                    onM.clear();
                    onP.clear();
                }
                default -> { }
            }
        }
        for (Open o : onM.values()) close(out, o, last);
        for (Open o : onP.values()) close(out, o, last);
        flows(events, out);
        // One order for all tracks: by time, and a slice's start before instants at the same time.
        out.sort(Comparator.comparingDouble((Map<String, Object> m) -> (Double) m.get("ts")));
        List<Map<String, Object>> all = new ArrayList<>();
        all.add(meta(PID_M, 0, "process_name", "Ms (threads)"));
        all.add(meta(PID_P, 0, "process_name", "Ps (processors)"));
        for (int m : ms) all.add(meta(PID_M, m, "thread_name", "M" + m));
        for (int p : ps) all.add(meta(PID_P, p, "thread_name", "P" + p));
        all.addAll(out);
        return all;
    }

    /**
     * A flow arrow ({@code "ph": "s"} then {@code "f"}) from the event that made a G runnable or moved it (its
     * {@link Event#cause()}: a go statement, a READY, a steal, a global-queue batch…) to that G's {@code EXECUTE},
     * on the Ms' tracks; one per EXECUTE, so a batch steal of four Gs has four arrows, one to each G it took.
     * Each flow's id is the EXECUTE's seq. Causes no longer in the events (a log cut short) get no arrow.
     */
    private static void flows(List<Event> events, List<Map<String, Object>> out) {
        Map<Long, Event> bySeq = new HashMap<>();
        for (Event e : events) bySeq.put(e.seq(), e);
        for (Event e : events) {
            if (e.kind() != EventKind.EXECUTE || e.cause() < 0) continue;
            Event c = bySeq.get(e.cause());
            if (c == null) continue;
            String name = "G" + e.g() + " ← " + c.kind().name().toLowerCase();   // the same at both ends, as flows are matched
            out.add(flow("s", name, c, e.seq()));
            out.add(flow("f", name, e, e.seq()));
        }
    }

    /** One end of flow {@code id}, at event {@code at} on its M's track. */
    private static Map<String, Object> flow(String ph, String name, Event at, long id) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("name", name);
        x.put("cat", "cause");
        x.put("ph", ph);
        x.put("id", id);
        x.put("pid", PID_M);
        x.put("tid", Math.max(at.m(), 0));
        x.put("ts", us(at.time()));
        if (ph.equals("f")) x.put("bp", "e");   // bind to the slice the EXECUTE starts
        return x;
    }

    /** Writes {@code {"traceEvents": [...], "displayTimeUnit": "ns"}}. */
    public static void write(List<Event> events, Writer w) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("traceEvents", build(events));
        root.put("displayTimeUnit", "ns");
        GSON.toJson(root, w);
        w.write('\n');
    }

    public static String toJson(List<Event> events) {
        java.io.StringWriter sw = new java.io.StringWriter();
        try {
            write(events, sw);
        } catch (IOException e) {
            throw new IllegalStateException(e); // a StringWriter does not fail
        }
        return sw.toString();
    }

    /** A slice being drawn: on which track, since when. */
    private record Open(int pid, int tid, String name, long start, long g, String cat) {}

    private static void open(Map<Integer, Open> onM, Map<Integer, Open> onP, Event e, String name, int p) {
        if (e.m() >= 0) onM.put(e.m(), new Open(PID_M, e.m(), name, e.time(), e.g(), "running"));
        if (p >= 0) onP.put(p, new Open(PID_P, p, name, e.time(), e.g(), "running"));
    }

    private static void close(List<Map<String, Object>> out, Open o, long end) {
        if (o == null) return;
        out.add(slice(o.name(), o.cat(), o.pid(), o.tid(), us(o.start()), us(Math.max(0, end - o.start())), o.g()));
    }

    /**
     * A complete slice ({@code "ph": "X"}) of G {@code g} on a thread ({@code tid}: an M or a P), {@code ts} and
     * {@code dur} in µs: the one form of a running slice, for the engine's runs and real Go traces alike
     * ({@code gotrace.GoTracePerfetto}).
     */
    public static Map<String, Object> slice(String name, String cat, int pid, Number tid, double ts, double dur, long g) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("name", name);
        x.put("cat", cat);
        x.put("ph", "X");
        x.put("pid", pid);
        x.put("tid", tid);
        x.put("ts", ts);
        x.put("dur", dur);
        x.put("args", Map.of("goid", g));
        return x;
    }

    private static Map<String, Object> instant(int pid, int tid, String name, Event e) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("name", name);
        x.put("cat", e.kind().name().toLowerCase());
        x.put("ph", "i");
        x.put("s", "t");
        x.put("pid", pid);
        x.put("tid", Math.max(tid, 0));
        x.put("ts", us(e.time()));
        Map<String, Object> args = new LinkedHashMap<>(e.details());
        args.put("g", e.g());
        args.put("seq", e.seq());
        args.put("why", e.why());
        x.put("args", args);
        return x;
    }

    private static Map<String, Object> meta(int pid, int tid, String what, String name) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("name", what);
        x.put("ph", "M");
        x.put("pid", pid);
        x.put("tid", tid);
        x.put("args", Map.of("name", name));
        return x;
    }

    private static double us(long nanos) { return nanos / 1000.0; }
}
