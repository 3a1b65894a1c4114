package org.gmplab.history;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.gmplab.engine.Action;
import org.gmplab.gotrace.RealMoments;
import org.gmplab.gotrace.RealRun;
import org.gmplab.gotrace.SchedTraceReader;
import org.gmplab.gotrace.SchedTraceRun;
import org.gmplab.scenario.Function;
import org.gmplab.scenario.Program;
import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;

/**
 * A real Go run, read from its execution trace or its {@code GODEBUG=schedtrace} output, walked as a {@link History} is: the same positions (position N
 * is the moment after the N-th event), the same moves, so the window's transport, timeline, event log and
 * inspector work over it unchanged. The whole run is known once read, so every move is instant and the end is
 * the end of the program; nothing can be injected (it is what Go did) and there is no live mode.
 *
 * <p>Not thread-safe: one thread owns it, as a history.
 */
public final class RealHistory implements Recording {
    private final RealMoments run;
    private final Scenario scenario;
    private long cursor;
    private Snapshot current;
    private List<Event> lastEvents = List.of();
    private List<Event> explored = List.of();
    private BooleanSupplier cancelled = () -> false;

    public RealHistory(RealMoments run) {
        this.run = run;
        int procs = Math.max(Scenario.MIN_PROCS, Math.min(Scenario.MAX_PROCS, run.gomaxprocs()));
        // A scenario that names the run: the window's title, the breakpoints and the log read it. Its program
        // is empty: the real one is not in the trace.
        this.scenario = new Scenario("real Go: " + run.name(), procs, 0, Scenario.DEFAULT_RUNQ,
                Program.of(new Function("main", List.of(), List.of())));
        this.current = run.snapshot(0);
    }

    /**
     * Reads a trace file, streaming, telling {@code progress} the bytes read (per thousand) as it goes; or a
     * program's output under {@code GODEBUG=schedtrace} ({@link SchedTraceRun}), one moment per SCHED line.
     *
     * @throws IOException a file that cannot be read, or is not a trace, or is cut short or corrupt (a
     *                     {@code GoTraceException}: one line naming the byte, or the schedtrace line)
     */
    public static RealHistory read(Path file, ReplayProgress progress) throws IOException {
        ReplayProgress p = progress == null ? ReplayProgress.NONE : progress;
        if (isSchedTrace(file)) return new RealHistory(SchedTraceRun.read(file));
        return new RealHistory(RealRun.read(file, f -> p.progress(Math.round(f * 1000), 1000)));
    }

    /** Whether {@code file} holds schedtrace output (a SCHED line near its start), not an execution trace. */
    public static boolean isSchedTrace(Path file) {
        return !org.gmplab.gotrace.GoTraceReader.looksLikeGoTrace(file)
                && SchedTraceReader.looksLikeSchedTrace(org.gmplab.io.TextFile.head(file, 1 << 16));
    }

    /** The run read. */
    public RealMoments run() { return run; }

    @Override public boolean real() { return true; }
    @Override public Scenario scenario() { return scenario; }
    @Override public long position() { return cursor; }
    @Override public Snapshot snapshot() { return current; }
    @Override public long end() { return run.end(); }
    /** The whole run is read: the program has ended at the end. */
    @Override public boolean finished() { return true; }
    @Override public List<Event> lastEvents() { return lastEvents; }
    @Override public List<Event> explored() { return explored; }

    @Override
    public boolean stepEvent() {
        if (cursor >= end()) return false;
        move(cursor + 1);
        lastEvents = List.of(run.event(cursor));
        return true;
    }

    @Override
    public boolean stepBack() {
        if (cursor == 0) return false;
        move(cursor - 1);
        return true;
    }

    @Override public void toStart() { jumpTo(0); }
    @Override public void toEnd() { jumpTo(end()); }

    /** To position {@code n} (the end, if beyond it); a jump forward keeps the events it passed for the log. */
    @Override
    public void jumpTo(long n) {
        if (n < 0) throw new IllegalArgumentException("event index must be ≥ 0, not " + n);
        long target = Math.min(n, end());
        ArrayDeque<Event> passed = new ArrayDeque<>();
        for (long p = Math.max(cursor + 1, target - History.EXPLORED_KEPT + 1); p <= target; p++) {
            if (cancelled.getAsBoolean()) { target = p - 1; break; }
            passed.add(run.event(p));
        }
        move(target);
        explored = List.copyOf(passed);
    }

    /** To the last moment at or before {@code time} (ns since the trace's first event), forward only. */
    @Override
    public void waitUntil(long time) {
        long lo = cursor, hi = end();
        while (lo < hi) {   // the last position whose time is ≤ time
            long mid = (lo + hi + 1) >>> 1;
            if (run.time(mid) <= time) lo = mid; else hi = mid - 1;
        }
        jumpTo(lo);
        lastEvents = explored;
    }

    @Override
    public void inject(Action a) {
        throw new IllegalStateException("a real Go run cannot be changed: it is what Go did (run the scenario in the engine to try " + a + ")");
    }

    @Override public void cancelWhen(BooleanSupplier c) { this.cancelled = c == null ? () -> false : c; }
    @Override public void onProgress(ReplayProgress p) { }   // every move is instant
    @Override public void close() { }

    private void move(long pos) {
        cursor = pos;
        current = run.snapshot(pos);
        lastEvents = List.of();
        explored = List.of();
    }
}
