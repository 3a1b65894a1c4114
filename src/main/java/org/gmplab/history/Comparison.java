package org.gmplab.history;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.gmplab.engine.Engine;
import org.gmplab.gotrace.RealRun;
import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Snapshot;

/**
 * An engine run and a real Go run of the same program, side by side on one time axis (both from their start,
 * in ns): for each, the figures a learner compares first and each P's utilisation over time, counted the same
 * way from the events of either — so the only difference is the runs'.
 *
 * <ul>
 * <li><b>created</b>: goroutines created ({@code newproc}; Go's {@code GoCreate});
 * <li><b>migrations</b>: goroutines made runnable on one P and started on another (the engine knows whether it
 *     was a steal or the global queue; the trace does not, so both count the same thing);
 * <li><b>retakes</b>: Ps taken from an M in a syscall (the engine's {@code retake}; Go's {@code ProcSteal});
 * <li><b>syscalls</b>: system calls entered;
 * <li><b>max runnable</b>: the most goroutines runnable at once (the real run's at every event; the engine's at
 *     {@link #ENGINE_SAMPLES} moments, evenly spread: {@link Figures#sampled}).
 * </ul>
 * A P's utilisation is the share of time it ran a goroutine (a goroutine in a syscall does not count).
 */
public final class Comparison {
    /** Moments at which the engine run's runnable goroutines are counted. */
    public static final int ENGINE_SAMPLES = 2000;
    /** An engine run longer than this many events is cut there (the figures say so through {@link Side#cut}). */
    public static final long MAX_EVENTS = 5_000_000;

    /** The figures of one run. {@code sampled}: max runnable counted at moments, not at every event. */
    public record Figures(long created, long migrations, long retakes, long syscalls, int maxRunnable, boolean sampled) { }

    /**
     * One run: its name, length (ns), figures and each P's busy intervals (start, end pairs, ns since the start),
     * by P id. {@code cut}: an engine run stopped at {@link #MAX_EVENTS} before its end.
     */
    public record Side(String name, long duration, Figures figures, Map<Integer, long[]> busy, boolean cut) {
        /** P {@code p}'s share of time running a goroutine in each of {@code bins} equal bins of [0, axis). */
        public double[] utilisation(int p, int bins, long axis) {
            double[] out = new double[bins];
            long[] iv = busy.getOrDefault(p, new long[0]);
            double w = (double) axis / bins;
            for (int i = 0; i + 1 < iv.length; i += 2) {
                long a = iv[i], b = Math.min(iv[i + 1], axis);
                for (int k = (int) Math.max(0, a / w); k < bins && k * w < b; k++) {
                    double lo = Math.max(a, k * w), hi = Math.min(b, (k + 1) * w);
                    if (hi > lo) out[k] += (hi - lo) / w;
                }
            }
            return out;
        }

        /** The Ps, in id order. */
        public List<Integer> ps() { return List.copyOf(new TreeMap<>(busy).keySet()); }
    }

    private Comparison() { }

    /** The real run's side: its figures as {@code import --summary} counts them, its Ps' busy intervals. */
    public static Side real(RealRun run) {
        Intervals iv = new Intervals();
        for (long p = 1; p <= run.end(); p++) iv.add(run.event(p));
        RealRun.Figures f = run.figures();
        long duration = run.time(run.end());
        return new Side(run.name(), duration, new Figures(f.created(), f.migrations(), f.retakes(), f.syscalls(), f.maxRunnable(), false),
                iv.done(duration, run.snapshot(0).ps().stream().map(Snapshot.Proc::id).toList()), false);
    }

    /** The engine's run of {@code sc} from its start to its end (step mode: deterministic, the same run as the window's). */
    public static Side engine(Scenario sc) {
        long duration;
        Intervals iv = new Intervals();
        long[] count = new long[4];   // created, migrations, retakes, syscalls
        Map<Long, Integer> readyOn = new HashMap<>();
        boolean cut;
        try (Engine e = Engine.step(sc)) {
            Engine.Stop s = e.runUntil(Long.MAX_VALUE, ev -> ev.seq() >= MAX_EVENTS, ev -> {
                iv.add(ev);
                switch (ev.kind()) {
                    case GO -> { count[0]++; readyOn.put(ev.g(), ev.p()); }
                    case READY, GOSCHED, PREEMPT -> readyOn.put(ev.g(), ev.p());
                    case EXECUTE -> {
                        Integer from = readyOn.remove(ev.g());
                        if (from != null && from >= 0 && ev.p() >= 0 && from != ev.p()) count[1]++;
                    }
                    case RETAKE -> count[2]++;
                    case ENTERSYSCALL -> count[3]++;
                    default -> { }
                }
            });
            cut = s == Engine.Stop.EVENT && e.outcome() == null;
            duration = e.snapshot().time();
        }
        int max = 0;
        try (Engine e = Engine.step(sc)) {   // again, to count the runnable goroutines at moments spread over it
            for (int i = 1; i <= ENGINE_SAMPLES && e.outcome() == null; i++) {
                e.runUntil(duration * i / ENGINE_SAMPLES, ev -> false, ev -> { });
                int n = 0;
                for (Snapshot.G g : e.snapshot().gs()) if (g.status() == GStatus.RUNNABLE) n++;
                max = Math.max(max, n);
            }
        }
        List<Integer> ps = new ArrayList<>();
        for (int p = 0; p < sc.gomaxprocs(); p++) ps.add(p);
        return new Side(sc.name(), duration, new Figures(count[0], count[1], count[2], count[3], max, true), iv.done(duration, ps), cut);
    }

    /** Each P's intervals of running a goroutine, from the events: EXECUTE starts one, leaving the P ends it. */
    private static final class Intervals {
        private final Map<Integer, List<Long>> busy = new HashMap<>();
        private final Map<Integer, long[]> open = new HashMap<>();   // P → {goid, since}

        void add(Event e) {
            if (e.kind() == EventKind.EXECUTE && e.p() >= 0) {
                close(e.p(), e.time());
                open.put(e.p(), new long[] {e.g(), e.time()});
                return;
            }
            boolean leaves = switch (e.kind()) {
                case PARK, GOSCHED, PREEMPT, GOEXIT, ENTERSYSCALL -> true;
                default -> false;
            };
            if (!leaves || e.g() < 0) return;
            for (Map.Entry<Integer, long[]> o : open.entrySet())
                if (o.getValue()[0] == e.g()) { close(o.getKey(), e.time()); return; }
        }

        private void close(int p, long t) {
            long[] o = open.remove(p);
            if (o != null && t > o[1]) {
                List<Long> l = busy.computeIfAbsent(p, k -> new ArrayList<>());
                l.add(o[1]);
                l.add(t);
            }
        }

        Map<Integer, long[]> done(long end, List<Integer> ps) {
            for (Integer p : List.copyOf(open.keySet())) close(p, end);
            Map<Integer, long[]> out = new TreeMap<>();
            for (int p : ps) out.put(p, busy.getOrDefault(p, List.of()).stream().mapToLong(Long::longValue).toArray());
            return out;
        }
    }
}
