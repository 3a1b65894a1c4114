package org.gmplab.snapshot;

import java.util.ArrayList;
import java.util.List;

/**
 * The run queues' lengths over time, as {@code GODEBUG=schedtrace} lines give them: at each sample, the global
 * queue's length ({@code runqueue=}) and each P's local queue length (the bracket {@code [3 0]}, or
 * scheddetail's {@code runqsize=}). Made from a real Go run's output or from the engine's own snapshots, so that
 * the two can be plotted on one axis. Deep-immutable.
 *
 * @param timesNs the samples' times, in ns from the start (a SCHED line's ms × 10⁶), ascending
 * @param global  the global queue's length at each sample
 * @param local   each P's local queue length at each sample ({@code local.get(i)} is sample i's, P id order)
 */
public record QueueSeries(List<Long> timesNs, List<Long> global, List<List<Long>> local) {
    public QueueSeries {
        timesNs = List.copyOf(timesNs);
        global = List.copyOf(global);
        local = local.stream().map(List::copyOf).toList();
        if (global.size() != timesNs.size() || local.size() != timesNs.size())
            throw new IllegalArgumentException("a sample needs its time, global and local lengths: "
                    + timesNs.size() + " times, " + global.size() + " global, " + local.size() + " local");
    }

    /**
     * The engine's own schedtrace of these moments (each taken at its {@link Snapshot#time()}): the global
     * queue's length and each P's ring's, as {@code trace.SchedTrace} prints them.
     */
    public static QueueSeries of(List<Snapshot> moments) {
        List<Long> t = new ArrayList<>(), g = new ArrayList<>();
        List<List<Long>> l = new ArrayList<>();
        for (Snapshot s : moments) {
            t.add(s.time());
            g.add((long) s.globalQueue().size());
            l.add(s.ps().stream().map(p -> (long) p.runq().size()).toList());
        }
        return new QueueSeries(t, g, l);
    }

    /** The number of samples. */
    public int size() { return timesNs.size(); }

    /** The most Ps any sample has. */
    public int procs() { return local.stream().mapToInt(List::size).max().orElse(0); }

    /** The last sample's time (0 with none). */
    public long endNs() { return timesNs.isEmpty() ? 0 : timesNs.get(timesNs.size() - 1); }

    /** The longest queue, global or local, of any sample: the plot's height. */
    public long max() {
        long m = global.stream().mapToLong(Long::longValue).max().orElse(0);
        for (List<Long> ps : local) m = Math.max(m, ps.stream().mapToLong(Long::longValue).max().orElse(0));
        return m;
    }

    /**
     * The points of one line of a plot: (time in ns, length) of the global queue ({@code p} &lt; 0) or of P
     * {@code p}'s local queue, at every sample that has it.
     */
    public List<long[]> points(int p) {
        List<long[]> out = new ArrayList<>();
        for (int i = 0; i < size(); i++) {
            long n = p < 0 ? global.get(i) : local(i, p);
            if (n >= 0) out.add(new long[] {timesNs.get(i), n});
        }
        return out;
    }

    /** P {@code p}'s local queue length at sample {@code i}, or -1 when that sample has no such P. */
    public long local(int i, int p) {
        List<Long> ps = local.get(i);
        return p < ps.size() ? ps.get(p) : -1;
    }
}
