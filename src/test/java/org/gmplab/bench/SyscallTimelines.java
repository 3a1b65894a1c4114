package org.gmplab.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.gmplab.engine.Engine;
import org.gmplab.engine.Outcome;
import org.gmplab.gotrace.GoEvent;
import org.gmplab.gotrace.GoTraceReader;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.ScenarioFiles;
import org.gmplab.snapshot.Event;

/**
 * The 64 × 20 blocking system calls of {@link LiveVsGoBench}, call by call, in GMP Lab's live mode and in Go 1.23:
 * for every call, when it began, when sysmon (or another M) took its P, when the call ended, whether its G got a P
 * back at once (exitsyscall's fast path) or went to the global queue, and when it ran again. The figures are
 * distributions, so that two runs of different lengths can be compared step by step.
 *
 * <pre>
 * GOMAXPROCS=1 GMPLAB_TRACE=/tmp/go1.trace go run bench/go/syscall/main.go
 * java -cp … org.gmplab.bench.SyscallTimelines 1 /tmp/go1.trace [RUNS [WARMUPS]]
 * </pre>
 * The Go trace is optional (its timeline is left out without it); GMP Lab runs {@code RUNS} times (default 3),
 * recording its events, and each run's figures are printed, after {@code WARMUPS} runs not printed (default 0: the
 * first run is the JVM's coldest). Each timeline also says which M ran each P sysmon retook (an idle M woken, or a
 * new one: in Go's trace an M seen for the first time) and when the run's Ms appeared.
 */
public final class SyscallTimelines {
    private SyscallTimelines() { }

    /**
     * One system call: its G and the P it entered with; the times (ns) it began, lost its P (or -1), ended, and
     * its G ran again (the same as {@code end} on the fast path; -1 if never seen).
     */
    record Call(long g, long p, long begin, long stolen, long end, boolean fast, long resumed, long pStateAtEnd, long pStateFor) { }

    /** What the P a call entered with was doing when the call ended. */
    static final long SYSCALL = 0, HANDOFF = 1, RUNNING = 2;

    /** A run's calls and counts. */
    record Timeline(String who, List<Call> calls, long span, int threads, int retakes, int reacquires, long[] pIdle, long[] retakeAfter) { }

    public static void main(String[] args) throws Exception {
        int p = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        Path goTrace = args.length > 1 && !args[1].equals("-") ? Path.of(args[1]) : null;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int warmups = args.length > 3 ? Integer.parseInt(args[3]) : 0;
        if (goTrace != null) print(go(goTrace));
        Scenario sc = ScenarioFiles.load(Path.of("bench/go/syscall/gmplab.go")).withGomaxprocs(p);
        for (int i = 0; i < warmups; i++) gmplab(sc);
        for (int i = 0; i < runs; i++) print(gmplab(sc));
    }

    // ---- GMP Lab ----------------------------------------------------------------------------------

    static Timeline gmplab(Scenario sc) throws Exception {
        List<Event> events;
        try (Engine e = Engine.live(sc, 1, true)) {
            Outcome o = e.awaitEnd(5, TimeUnit.MINUTES);
            if (o == null || o.kind() != Outcome.Kind.EXITED) throw new IllegalStateException("failed: " + o);
            events = e.liveEvents();
        }
        Map<Long, long[]> open = new HashMap<>();   // g → {p, begin, stolen, end, fast}
        Map<Integer, Long> inSyscall = new HashMap<>();   // p → g in a syscall on it
        Map<Integer, Long> stolenAt = new HashMap<>();   // p → time retaken, until a G runs on it
        List<Call> calls = new ArrayList<>();
        List<Long> newmLatency = new ArrayList<>(), startmLatency = new ArrayList<>();
        long first = -1, last = 0;
        int threads = 0, steals = 0, reacquires = 0, gaps = 0;
        Map<Integer, long[]> woken = new HashMap<>();
        Map<Long, long[]> pState = new HashMap<>();   // P → {state, since}   // M → {time it was handed a P, 1 if a new thread}
        List<Long> idle = new ArrayList<>(), retakeAfter = new ArrayList<>();
        java.util.Set<Integer> retaken = new java.util.HashSet<>();   // Ps retaken by sysmon, not yet given to an M
        int[] handedTo = new int[2];   // retaken Ps run next by {an idle M, a new M}
        Map<Integer, Integer> handedHow = new HashMap<>();   // P → 0 (idle M) or 1 (new M), until a G runs on it
        List<List<Long>> windowBy = List.of(new ArrayList<>(), new ArrayList<>());   // retake → a G runs, by who ran the P
        List<Long> mAppeared = new ArrayList<>();   // each NewM's time
        for (Event ev : events) {
            if (ev instanceof Event.Retake r) retaken.add(r.p());
            else if (ev instanceof Event.StartM sm && retaken.remove(sm.p())) { handedTo[0]++; handedHow.put(sm.p(), 0); }
            else if (ev instanceof Event.NewM nm && nm.purpose() == Event.NewM.For.P && retaken.remove(nm.p())) { handedTo[1]++; handedHow.put(nm.p(), 1); }
            else if (ev instanceof Event.ExitSyscall || ev instanceof Event.Execute) retaken.remove(ev.p());
            if (ev instanceof Event.NewM) mAppeared.add(ev.time());
            if (ev instanceof Event.EnterSyscall s) {
                if (first < 0) first = s.time();
                open.put(s.g(), new long[] {s.p(), s.time(), -1, -1, 0, -1, 0});
                pState.put((long) s.p(), new long[] {SYSCALL, s.time()});
                inSyscall.put(s.p(), s.g());
            } else if (ev instanceof Event.Retake r) {
                steals++;
                Long g = inSyscall.remove(r.p());
                if (g != null && open.get(g) != null) {
                    open.get(g)[2] = r.time();
                    retakeAfter.add(r.time() - open.get(g)[1]);
                }
                stolenAt.put(r.p(), r.time());
                pState.put((long) r.p(), new long[] {HANDOFF, r.time()});
            } else if (ev instanceof Event.ExitSyscall x) {
                long[] c = open.get(x.g());
                if (c != null) {
                    c[3] = x.time();
                    long[] st0 = pState.get(c[0]);
                    if (st0 != null) { c[5] = st0[0]; c[6] = x.time() - st0[1]; }
                    if (x.how().path <= 2) pState.put((long) x.p(), new long[] {RUNNING, x.time()});
                    boolean fast = x.how().path <= 2;
                    Long held = inSyscall.get((int) c[0]);
                    if (held != null && held == x.g()) inSyscall.remove((int) c[0]);
                    else if (x.how() == Event.ExitSyscall.How.OLD_P && held != null) {
                        // exitsyscallfast took its old P back from another M's call (Go's ProcSteal in exitsyscallfast_reacquired)
                        reacquires++;
                        long[] other = open.get(held);
                        if (other != null && other[2] < 0) other[2] = x.time();
                        inSyscall.remove((int) c[0]);
                    }
                    if (fast) {
                        open.remove(x.g());
                        calls.add(new Call(x.g(), c[0], c[1], c[2], c[3], true, c[3], c[5], c[6]));
                        Long st = stolenAt.remove(x.p());
                        if (st != null) { gaps++; idle.add(x.time() - st); }
                        Integer how = handedHow.remove(x.p());
                        if (st != null && how != null) windowBy.get(how).add(x.time() - st);
                    }
                }
            } else if (ev instanceof Event.Execute x) {
                pState.put((long) x.p(), new long[] {RUNNING, x.time()});
                Long st = stolenAt.remove(x.p());
                if (st != null) { gaps++; idle.add(x.time() - st); }
                Integer how = handedHow.remove(x.p());
                if (st != null && how != null) windowBy.get(how).add(x.time() - st);
                long[] c = open.remove(x.g());
                if (c != null && c[3] >= 0) calls.add(new Call(x.g(), c[0], c[1], c[2], c[3], false, x.time(), c[5], c[6]));
                else if (c != null) open.put(x.g(), c);
            } else if (ev instanceof Event.NewM n) {
                threads++;
                if (n.purpose() == Event.NewM.For.P) woken.put(n.m(), new long[] {n.time(), 1});
            } else if (ev instanceof Event.StartM n) {
                woken.put(n.m(), new long[] {n.time(), 0});
            }
            if (!(ev instanceof Event.NewM || ev instanceof Event.StartM)) {
                long[] w = woken.remove(ev.m());
                if (w != null) (w[1] == 1 ? newmLatency : startmLatency).add(ev.time() - w[0]);
            }
            last = Math.max(last, ev.time());
        }
        dist("  GMP Lab: newm → the new M's first event", newmLatency.stream().mapToLong(Long::longValue).toArray());
        dist("  GMP Lab: startm → the woken M's first event", startmLatency.stream().mapToLong(Long::longValue).toArray());
        handoffs("GMP Lab", handedTo, mAppeared, first, windowBy);
        return new Timeline("GMP Lab", calls, last - first, threads, steals, reacquires, idle.stream().mapToLong(Long::longValue).toArray(),
                retakeAfter.stream().mapToLong(Long::longValue).toArray());
    }

    // ---- Go ----------------------------------------------------------------------------------------

    static Timeline go(Path trace) throws Exception {
        // sysmon is the M that steals Ps and never runs a G; an M taking its old P back (exitsyscallfast_reacquired) runs one
        java.util.Set<Long> runners = new java.util.HashSet<>();
        try (GoTraceReader r = GoTraceReader.open(trace, null)) {
            for (GoEvent ev; (ev = r.next()) != null; ) if (ev.g() >= 0 && ev.m() >= 0) runners.add(ev.m());
        }
        Map<Long, long[]> open = new HashMap<>();   // g → {p, begin, stolen, end, fast}
        Map<Long, Long> inSyscall = new HashMap<>();   // p → g in a syscall on it
        Map<Long, Long> stolenAt = new HashMap<>();
        Map<Long, Integer> perG = new HashMap<>();
        Map<Long, long[]> pState = new HashMap<>();   // P → {state, since}
        List<Call> all = new ArrayList<>();
        java.util.Set<Long> ms = new java.util.HashSet<>();
        java.util.Set<Long> retaken = new java.util.HashSet<>();   // Ps sysmon stole, not yet run by an M
        int[] handedTo = new int[2];   // {an M seen before, an M seen for the first time}
        Map<Long, Integer> handedHow = new HashMap<>();
        Map<String, Integer> firstOnRetaken = new java.util.TreeMap<>();   // the first event on a retaken P: an M's ProcStart (startm), or a G back from its call taking it idle
        List<List<Long>> windowBy = List.of(new ArrayList<>(), new ArrayList<>());
        List<Long> mAppeared = new ArrayList<>();
        long first = -1, last = 0;
        int steals = 0, reacquires = 0, gaps = 0;
        List<Long> idle = new ArrayList<>(), retakeAfter = new ArrayList<>();
        try (GoTraceReader r = GoTraceReader.open(trace, null)) {
            for (GoEvent ev; (ev = r.next()) != null; ) {
                boolean newM = ev.m() >= 0 && ms.add(ev.m());
                if (newM) mAppeared.add(ev.time());
                // the P an M starts: a ProcStart names it in its transition (the M has none yet)
                long onP = ev.transition() instanceof GoEvent.ProcTransition pt && !ev.name().equals("ProcSteal") ? pt.pid() : ev.p();
                if (onP >= 0 && runners.contains(ev.m()) && retaken.remove(onP)) {
                    handedTo[newM ? 1 : 0]++;
                    handedHow.put(onP, newM ? 1 : 0);
                    firstOnRetaken.merge(ev.name() + (ev.transition() instanceof GoEvent.GoTransition t ? " " + t.from() + "→" + t.to() : ""), 1, Integer::sum);
                }
                if (ev.transition() instanceof GoEvent.GoTransition t) {
                    if (t.from() == GoEvent.GoState.RUNNING && t.to() == GoEvent.GoState.SYSCALL) {
                        if (first < 0) first = ev.time();
                        open.put(t.goid(), new long[] {ev.p(), ev.time(), -1, -1, 0, -1, 0});
                        pState.put(ev.p(), new long[] {SYSCALL, ev.time()});
                        inSyscall.put(ev.p(), t.goid());
                        perG.merge(t.goid(), 1, Integer::sum);
                    } else if (t.from() == GoEvent.GoState.SYSCALL) {
                        long[] c = open.get(t.goid());
                        if (c == null) continue;
                        Long held = inSyscall.get(c[0]);
                        if (held != null && held == t.goid()) inSyscall.remove(c[0]);
                        c[3] = ev.time();
                        long[] st0 = pState.get(c[0]);
                        if (st0 != null) { c[5] = st0[0]; c[6] = ev.time() - st0[1]; }
                        if (t.to() == GoEvent.GoState.RUNNING) {
                            open.remove(t.goid());
                            all.add(new Call(t.goid(), c[0], c[1], c[2], c[3], true, c[3], c[5], c[6]));
                            Long st = stolenAt.remove(ev.p());
                            if (st != null && c[2] >= 0) { gaps++; idle.add(ev.time() - st); }
                            Integer how = handedHow.remove(ev.p());
                            if (st != null && c[2] >= 0 && how != null) windowBy.get(how).add(ev.time() - st);
                        }
                        last = Math.max(last, ev.time());
                    } else if (t.from() == GoEvent.GoState.RUNNABLE && t.to() == GoEvent.GoState.RUNNING) {
                        pState.put(ev.p(), new long[] {RUNNING, ev.time()});
                        Long st = stolenAt.remove(ev.p());
                        if (st != null) { gaps++; idle.add(ev.time() - st); }
                        Integer how = handedHow.remove(ev.p());
                        if (st != null && how != null) windowBy.get(how).add(ev.time() - st);
                        long[] c = open.remove(t.goid());
                        if (c != null) all.add(new Call(t.goid(), c[0], c[1], c[2], c[3], false, ev.time(), c[5], c[6]));
                    }
                } else if (ev.name().equals("ProcSteal") && ev.transition() instanceof GoEvent.ProcTransition pt) {
                    Long g = inSyscall.remove(pt.pid());
                    if (g != null && open.get(g) != null) open.get(g)[2] = ev.time();
                                        if (!runners.contains(ev.m())) {
                        steals++;
                        retaken.add(pt.pid());
                        pState.put(pt.pid(), new long[] {HANDOFF, ev.time()});
                        if (g != null && open.get(g) != null) retakeAfter.add(ev.time() - open.get(g)[1]);
                        stolenAt.put(pt.pid(), ev.time());
                    } else {
                        reacquires++;
                    }
                }
            }
        }
        // The workers are the Gs that made the 20 calls each (the tracer's own writes are not counted).
        List<Call> calls = all.stream().filter(c -> perG.getOrDefault(c.g(), 0) == 20).toList();
        handoffs("Go", handedTo, mAppeared, first, windowBy);
        System.out.println("  Go: the first event on a retaken P: " + firstOnRetaken);
        return new Timeline("Go", calls, last - first, ms.size(), steals, reacquires, idle.stream().mapToLong(Long::longValue).toArray(),
                retakeAfter.stream().mapToLong(Long::longValue).toArray());
    }

    // ---- figures -----------------------------------------------------------------------------------

    static void print(Timeline t) {
        List<Call> cs = t.calls();
        // got a P at once: running again within 20 µs of the call's end (Go's trace shows a fast exit that lost its P
        // as Syscall→Runnable→Running on the same M; GMP Lab's as one EXITSYSCALL)
        long fast = cs.stream().filter(c -> c.resumed() - c.end() < 20_000).count();
        long stolen = cs.stream().filter(c -> c.stolen() >= 0).count();
        double busy = cs.stream().mapToLong(c -> c.end() - c.begin()).sum();
        System.out.printf("%s: %d calls in %.1f ms (first call to last end), %.1f in flight on average; Ms %d; Ps retaken by sysmon %d, taken back from another M's call %d; "
                + "a P at once on exit %d (%.0f%%); %d calls lost their P%n",
                t.who(), cs.size(), t.span() / 1e6, busy / t.span(), t.threads(), t.retakes(), t.reacquires(), fast, 100.0 * fast / cs.size(), stolen);
        dist("  call (begin → end)", cs.stream().mapToLong(c -> c.end() - c.begin()).toArray());
        dist("  P lost after (begin → retake or take-back)", cs.stream().filter(c -> c.stolen() >= 0).mapToLong(c -> c.stolen() - c.begin()).toArray());
        dist("  P retaken by sysmon after", t.retakeAfter());
        dist("  retaken P idle until a G runs on it", t.pIdle());
        dist("  no P at once: end → running again", cs.stream().filter(c -> c.resumed() - c.end() >= 20_000).mapToLong(c -> c.resumed() - c.end()).toArray());
        List<Call> slow = cs.stream().filter(c -> c.resumed() - c.end() >= 20_000).toList();
        System.out.printf("  no P at once, the old P was: in another M's call %d, retaken and not yet running a G %d, running a G %d%n",
                slow.stream().filter(c -> c.pStateAtEnd() == SYSCALL).count(), slow.stream().filter(c -> c.pStateAtEnd() == HANDOFF).count(),
                slow.stream().filter(c -> c.pStateAtEnd() == RUNNING).count());
        dist("    ... running a G for", slow.stream().filter(c -> c.pStateAtEnd() == RUNNING).mapToLong(Call::pStateFor).toArray());
        dist("    ... retaken for", slow.stream().filter(c -> c.pStateAtEnd() == HANDOFF).mapToLong(Call::pStateFor).toArray());
        // between a G's calls: from running again to its next call's begin
        Map<Long, List<Call>> byG = new HashMap<>();
        for (Call c : cs) byG.computeIfAbsent(c.g(), k -> new ArrayList<>()).add(c);
        List<Long> between = new ArrayList<>();
        for (List<Call> l : byG.values()) {
            l.sort((a, b) -> Long.compare(a.begin(), b.begin()));
            for (int i = 1; i < l.size(); i++) between.add(l.get(i).begin() - l.get(i - 1).end());
        }
        dist("  a G's call end → its next begin", between.stream().mapToLong(Long::longValue).toArray());
        long[] starts = cs.stream().mapToLong(Call::begin).sorted().toArray();
        if (starts.length > 0) {
            long t0 = starts[0];
            long[] firsts = byG.values().stream().mapToLong(l -> l.get(0).begin() - t0).sorted().toArray();
            System.out.printf("  all 64 Gs in their first call after %.2f ms (the 8th %.2f, 32nd %.2f)%n",
                    firsts[firsts.length - 1] / 1e6, firsts[Math.min(7, firsts.length - 1)] / 1e6, firsts[Math.min(31, firsts.length - 1)] / 1e6);
        }
    }

    /** Who ran the Ps sysmon retook (an idle M, a new one), and when each M appeared (ms from the first call). */
    private static void handoffs(String who, int[] handedTo, List<Long> mAppeared, long first, List<List<Long>> windowBy) {
        StringBuilder at = new StringBuilder();
        for (long t : mAppeared) at.append(String.format(" %.1f", (t - first) / 1e6));
        System.out.printf("  %s: retaken Ps run next by an idle M %d, by a new M %d; Ms appeared at (ms from the first call):%s%n",
                who, handedTo[0], handedTo[1], at);
        dist("  " + who + ": retake → a G runs, idle M", windowBy.get(0).stream().mapToLong(Long::longValue).toArray());
        dist("  " + who + ": retake → a G runs, new M", windowBy.get(1).stream().mapToLong(Long::longValue).toArray());
    }

    private static void dist(String what, long[] v) {
        if (v.length == 0) {
            System.out.printf("%-42s none%n", what);
            return;
        }
        Arrays.sort(v);
        double mean = Arrays.stream(v).average().orElse(0);
        System.out.printf("%-42s n=%4d  mean %8.1f µs  p10 %8.1f  p50 %8.1f  p90 %8.1f  p99 %8.1f  max %8.1f%n", what, v.length, mean / 1e3,
                v[v.length / 10] / 1e3, v[v.length / 2] / 1e3, v[v.length * 9 / 10] / 1e3, v[Math.min(v.length - 1, v.length * 99 / 100)] / 1e3, v[v.length - 1] / 1e3);
    }
}
