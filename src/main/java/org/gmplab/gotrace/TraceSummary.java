package org.gmplab.gotrace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongConsumer;

import org.gmplab.gotrace.GoEvent.GoTransition;
import org.gmplab.gotrace.GoEvent.ProcTransition;

/**
 * What a real Go run did, in the figures a learner asks for first: how long, how many Ps, Ms and goroutines,
 * how many events of each of Go's kinds, and what the scheduler did that the trace implies: migrations (a
 * goroutine made runnable on one P, started on another), retakes ({@code ProcSteal}), syscalls, and the most
 * goroutines runnable at once. Read in one streaming pass.
 */
public record TraceSummary(int goVersion, long start, long end, int generations, long gomaxprocs,
                           int procs, int threads, int goroutines, long events, Map<String, Long> counts,
                           long migrations, long retakes, long syscalls, long syscallsBlocked, int maxRunnable) {

    public TraceSummary {
        counts = java.util.Collections.unmodifiableMap(new TreeMap<>(counts));
    }

    /** Reads a trace file whole (streaming); {@code progress} (may be null) hears bytes read. */
    public static TraceSummary read(Path file, LongConsumer progress) throws IOException {
        try (GoTraceReader r = GoTraceReader.open(file, progress)) {
            return of(r);
        }
    }

    /** Reads the rest of {@code r}'s stream. */
    public static TraceSummary of(GoTraceReader r) throws IOException {
        RunState state = new RunState();
        TreeSet<Long> ps = new TreeSet<>(), ms = new TreeSet<>(), gs = new TreeSet<>();
        Map<String, Long> counts = new TreeMap<>();
        long start = -1, end = 0, events = 0, migrations = 0, retakes = 0, gomaxprocs = 0;
        int generations = 0;
        for (GoEvent e; (e = r.next()) != null; ) {
            if (e.kind() == GoEvent.Kind.SYNC) {
                generations++; // one after each generation
                continue;
            }
            events++;
            if (start < 0) start = e.time();
            end = e.time();
            counts.merge(e.name(), 1L, Long::sum);
            if (e.m() >= 0) ms.add(e.m());
            if (e.p() >= 0) ps.add(e.p());
            if (e.transition() instanceof GoTransition t) gs.add(t.goid());
            if (e.transition() instanceof ProcTransition t) ps.add(t.pid());
            if (e.name().equals("ProcsChange")) gomaxprocs = Long.parseUnsignedLong(e.detail().replaceAll(".*Uint64\\((\\d+)\\).*", "$1"));
            RunState.Inference inferred = state.apply(e);
            if (inferred == RunState.Inference.MIGRATION) migrations++;
            else if (inferred == RunState.Inference.RETAKE) retakes++;
        }
        return new TraceSummary(r.goVersion(), Math.max(start, 0), end, generations,
                gomaxprocs, ps.size(), ms.size(), gs.size(), events, counts, migrations, retakes,
                counts.getOrDefault("GoSyscallBegin", 0L), counts.getOrDefault("GoSyscallEndBlocked", 0L), state.maxRunnable());
    }

    /** The run's length in nanoseconds, first event to last. */
    public long duration() { return end - start; }

    /** The summary as {@code gmplab import --summary} prints it. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        sb.append("Go execution trace, format go 1.").append(goVersion).append(goVersion == WireFormat.GO123 ? " (Go 1.23 or 1.24)" : "").append('\n');
        sb.append(String.format(Locale.ROOT, "duration     %.3f ms (%d generations)%n", duration() / 1e6, generations));
        sb.append("GOMAXPROCS   ").append(Long.toUnsignedString(gomaxprocs)).append('\n');
        sb.append("Ps           ").append(procs).append('\n');
        sb.append("Ms           ").append(threads).append('\n');
        sb.append("goroutines   ").append(goroutines).append(" (created during the trace: ").append(counts.getOrDefault("GoCreate", 0L)).append(")\n");
        sb.append("events       ").append(events).append('\n');
        sb.append("migrations   ").append(migrations).append(" (made runnable on one P, started on another: stolen, or from the global queue; inferred)\n");
        sb.append("retakes      ").append(retakes).append(" (ProcSteal: a P taken from an M in a syscall)\n");
        sb.append("syscalls     ").append(syscalls).append(" (").append(syscallsBlocked).append(" lost their P: GoSyscallEndBlocked)\n");
        sb.append("max runnable ").append(maxRunnable).append(" (goroutines runnable at once, in whatever queue: the trace does not say)\n");
        sb.append("event counts:\n");
        counts.forEach((name, n) -> sb.append(String.format(Locale.ROOT, "  %-20s %d%n", name, n)));
        return sb.toString();
    }
}
