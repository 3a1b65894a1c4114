package org.gmplab.gotrace;

import java.io.IOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;

import org.gmplab.trace.PerfettoTrace;

import org.gmplab.gotrace.GoEvent.GoState;
import org.gmplab.gotrace.GoEvent.GoTransition;
import org.gmplab.gotrace.GoEvent.ProcState;
import org.gmplab.gotrace.GoEvent.ProcTransition;

/**
 * A real Go run as a Chrome trace-event JSON file (ui.perfetto.dev, chrome://tracing), in the layout of
 * the engine's own export ({@link org.gmplab.trace.PerfettoTrace}), so the two open side by side: process 1
 * "Ms (threads)" with one track per M, process 2 "Ps (processors)" with one per P. A running goroutine is a
 * slice {@code G<goid>} on its M's and its P's track; a syscall a slice {@code G<goid> syscall} on the M's.
 * Instants on the P's track: {@code retake} for a {@code ProcSteal}, {@code migrated (inferred)} for a
 * goroutine started on another P than the one it was made runnable on. Times are microseconds from the
 * trace's first event. Written as the trace is read: slices go out as they close.
 */
public final class GoTracePerfetto {
    static final int PID_M = 1, PID_P = 2;
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    private final Writer w;
    private final Map<Long, Open> onM = new HashMap<>(), onP = new HashMap<>();
    private final TreeSet<Long> ms = new TreeSet<>(), ps = new TreeSet<>();
    private final RunState state = new RunState();
    private long t0 = -1, last;
    private boolean first = true;

    private GoTracePerfetto(Writer w) { this.w = w; }

    /** Reads the rest of {@code r} and writes it to {@code w} as {@code {"traceEvents": [...]}}. */
    public static void write(GoTraceReader r, Writer w) throws IOException {
        GoTracePerfetto p = new GoTracePerfetto(w);
        w.write("{\"traceEvents\":[\n");
        for (GoEvent e; (e = r.next()) != null; ) p.apply(e);
        p.finish();
        w.write("\n],\"displayTimeUnit\":\"ns\"}\n");
    }

    /** A slice being drawn: on which track, since when. */
    private record Open(int pid, long tid, String name, long start, long g, String cat) { }

    private void apply(GoEvent e) throws IOException {
        if (e.kind() == GoEvent.Kind.SYNC) return;
        if (t0 < 0) t0 = e.time();
        last = e.time();
        if (e.m() >= 0) ms.add(e.m());
        if (e.p() >= 0) ps.add(e.p());
        RunState.Inference inferred = state.apply(e);
        if (e.transition() instanceof GoTransition t) {
            if (t.from() == t.to()) return; // a status restated at a generation's start: the slice goes on
            if (t.from() == GoState.RUNNING || t.from() == GoState.SYSCALL || t.to() == GoState.RUNNING) {
                close(onM.remove(e.m()));
                if (t.from() != GoState.SYSCALL || t.to() == GoState.RUNNING) close(onP.remove(e.p()));
            }
            if (t.to() == GoState.RUNNING) {
                open(PID_M, e.m(), "G" + t.goid(), t.goid(), "running");
                open(PID_P, e.p(), "G" + t.goid(), t.goid(), "running");
            } else if (t.to() == GoState.SYSCALL && t.from() == GoState.RUNNING) {
                open(PID_M, e.m(), "G" + t.goid() + " syscall", t.goid(), "syscall");
            }
            if (inferred == RunState.Inference.MIGRATION)
                instant(PID_P, e.p(), "migrated (inferred)", e, Map.of("goid", t.goid()));
        } else if (e.transition() instanceof ProcTransition t) {
            ps.add(t.pid());
            if (t.to() == ProcState.IDLE) close(onP.remove(t.pid()));
            if (inferred == RunState.Inference.RETAKE) instant(PID_P, t.pid(), "retake", e, Map.of("by M", e.m()));
        }
    }

    private void finish() throws IOException {
        for (Open o : onM.values()) close(o);
        for (Open o : onP.values()) close(o);
        emit(meta(PID_M, 0, "process_name", "Ms (threads)"));
        emit(meta(PID_P, 0, "process_name", "Ps (processors)"));
        for (long m : ms) emit(meta(PID_M, m, "thread_name", "M" + m));
        for (long p : ps) emit(meta(PID_P, p, "thread_name", "P" + p));
    }

    private void open(int pid, long tid, String name, long g, String cat) {
        if (tid < 0) return;
        (pid == PID_M ? onM : onP).put(tid, new Open(pid, tid, name, last, g, cat));
    }

    private void close(Open o) throws IOException {
        if (o == null) return;
        emit(PerfettoTrace.slice(o.name(), o.cat(), o.pid(), o.tid(), us(o.start()), Math.max(0, last - o.start()) / 1000.0, o.g()));
    }

    private void instant(int pid, long tid, String name, GoEvent e, Map<String, Object> args) throws IOException {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("name", name);
        x.put("cat", e.name());
        x.put("ph", "i");
        x.put("s", "t");
        x.put("pid", pid);
        x.put("tid", Math.max(tid, 0));
        x.put("ts", us(e.time()));
        x.put("args", args);
        emit(x);
    }

    private static Map<String, Object> meta(int pid, long tid, String what, String name) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("name", what);
        x.put("ph", "M");
        x.put("pid", pid);
        x.put("tid", tid);
        x.put("args", Map.of("name", name));
        return x;
    }

    private void emit(Map<String, Object> x) throws IOException {
        if (!first) w.write(",\n");
        first = false;
        GSON.toJson(x, w);
    }

    private double us(long time) { return (time - t0) / 1000.0; }
}
