package org.gmplab.view;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.PStatus;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;

/** Snapshots for view tests: real ones from the engine, and a synthetic worst case. */
public final class Worlds {
    private Worlds() { }

    /**
     * A shipped scenario without the runtime's own goroutines: the tests here look for the program's first
     * steal or hand-off, not the ones of runtime.main's start.
     */
    static Scenario scenario(String name) {
        try {
            return ScenarioJson.load(Path.of("scenarios", name)).withRuntimeGoroutines(false);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** spawn1000 on {@code procs} Ps after {@code nanos} of virtual time: busy rings, a long global queue. */
    static Snapshot spawn(int procs, long nanos) {
        try (Engine e = Engine.step(scenario("spawn1000.json").withGomaxprocs(procs))) {
            e.run(nanos);
            return e.snapshot();
        }
    }

    /**
     * Runs {@code scenario} step by step until an event of {@code kind} happened; returns [before, after], its
     * events, and which M held each P up to {@code before} (as the view remembers it).
     */
    record Transition(Snapshot before, Snapshot after, List<Event> events, Holders held) {}

    static Transition until(Scenario sc, java.util.function.Predicate<Event> stop, int maxSteps) {
        try (Engine e = Engine.step(sc)) {
            Snapshot before = e.snapshot();
            Holders held = new Holders();
            e.drainEvents();
            for (int i = 0; i < maxSteps; i++) {
                e.step();
                List<Event> ev = e.drainEvents();
                Snapshot after = e.snapshot();
                if (ev.stream().anyMatch(stop)) { held.note(before); return new Transition(before, after, ev, held); }
                held.note(before);
                before = after;
            }
        }
        throw new AssertionError("no such event in " + maxSteps + " steps");
    }

    /** {@code procs} Ps with full rings of {@code cap} slots and {@code total} goroutines in all. */
    public static Snapshot full(int procs, int cap, int total) {
        List<Snapshot.Proc> ps = new ArrayList<>();
        List<Snapshot.Thread> ms = new ArrayList<>();
        List<Snapshot.G> gs = new ArrayList<>();
        List<Long> global = new ArrayList<>();
        long goid = 1;
        ms.add(new Snapshot.Thread(1, -1, -1, -1, false, true, true));   // sysmon
        for (int p = 0; p < procs; p++) {
            int mid = p == 0 ? 0 : p + 1;
            long cur = goid++;
            gs.add(new Snapshot.G(cur, GStatus.RUNNING, "", mid, "worker", "work(1ms)", 1, new Place.OnM(mid)));
            long next = goid++;
            gs.add(new Snapshot.G(next, GStatus.RUNNABLE, "", -1, "worker", "work(1ms)", 1, new Place.Runnext(p)));
            List<Long> q = new ArrayList<>();
            for (int i = 0; i < cap; i++) {
                q.add(goid);
                gs.add(new Snapshot.G(goid++, GStatus.RUNNABLE, "", -1, "worker", "work(1ms)", 1, new Place.Ring(p, i)));
            }
            ps.add(new Snapshot.Proc(p, PStatus.RUNNING, mid, next, q, 1000 + p * 7, 1000 + p * 7 + cap, cap, 100, 0, 3, 0));
            ms.add(new Snapshot.Thread(mid, p, -1, cur, false, false));
        }
        while (goid <= total) {
            global.add(goid);
            gs.add(new Snapshot.G(goid, GStatus.RUNNABLE, "", -1, "worker", "work(1ms)", 1, new Place.Global(global.size() - 1)));
            goid++;
        }
        ms.sort(java.util.Comparator.comparingInt(Snapshot.Thread::id));
        return new Snapshot(1_000_000, 5000, procs, ms.size(), 0, 0, 0, 0, global, List.of(), List.of(), 0, ps, ms, gs);
    }
    /**
     * {@code procs} Ps with full rings of 256, the last one idle (when there are two or more), and every pool
     * of the canvas filled past what it can show: the global queue, idle Ps and Ms, sysmon, Ms in syscalls
     * (each with its G), Ms without a P (spinning, handed a P, neither), Gs waiting on timers, netpoll,
     * channels, mutexes, WaitGroups and forever, and free Gs.
     */
    public static Snapshot everyPool(int procs) {
        List<Snapshot.Proc> ps = new ArrayList<>();
        List<Snapshot.Thread> ms = new ArrayList<>();
        List<Snapshot.G> gs = new ArrayList<>();
        List<Long> global = new ArrayList<>();
        List<Integer> idlePs = new ArrayList<>(), idleMs = new ArrayList<>();
        long[] goid = {1};
        java.util.function.BiFunction<GStatus, Place, Long> g = (status, where) -> {
            long id = goid[0]++;
            gs.add(new Snapshot.G(id, status, status == GStatus.WAITING ? "chan receive" : "", -1, "worker", "work(1ms)", 1, where));
            return id;
        };
        ms.add(new Snapshot.Thread(1, -1, -1, -1, false, true, true));   // sysmon
        int nextM = 2;
        for (int p = 0; p < procs; p++) {
            boolean idle = procs > 1 && p == procs - 1;
            int mid = idle ? -1 : p == 0 ? 0 : nextM++;
            long cur = -1;
            if (!idle) {
                cur = goid[0]++;
                gs.add(new Snapshot.G(cur, GStatus.RUNNING, "", mid, "worker", "work(1ms)", 1, new Place.OnM(mid)));
                ms.add(new Snapshot.Thread(mid, p, -1, cur, false, false));
            }
            long next = g.apply(GStatus.RUNNABLE, new Place.Runnext(p));
            List<Long> q = new ArrayList<>();
            for (int i = 0; i < 256; i++) q.add(g.apply(GStatus.RUNNABLE, new Place.Ring(p, i)));
            ps.add(new Snapshot.Proc(p, idle ? PStatus.IDLE : PStatus.RUNNING, mid, next, q, 3 + p, 3 + p + 256, 256, 100 + p, 0, 5, 2));
            if (idle) idlePs.add(p);
        }
        for (int i = 0; i < 40; i++) {   // Ms in syscalls, each with its G
            int mid = nextM++;
            long id = goid[0]++;
            gs.add(new Snapshot.G(id, GStatus.SYSCALL, "", mid, "worker", "syscall(1ms)", 1, new Place.OnM(mid)));
            ms.add(new Snapshot.Thread(mid, -1, -1, id, false, true));
        }
        for (int i = 0; i < 30; i++) {   // Ms without a P: spinning, handed a P, or neither
            int mid = nextM++;
            ms.add(new Snapshot.Thread(mid, -1, i % 3 == 1 ? 0 : -1, -1, i % 3 == 0, false));
        }
        for (int i = 0; i < 30; i++) {
            int mid = nextM++;
            idleMs.add(mid);
            ms.add(new Snapshot.Thread(mid, -1, -1, -1, false, true));
        }
        for (int i = 0; i < 2000; i++) global.add(g.apply(GStatus.RUNNABLE, new Place.Global(i)));
        for (Place.On on : List.of(Place.On.TIMER, Place.On.NETPOLL, Place.On.CHAN, Place.On.MUTEX, Place.On.WG, Place.On.FOREVER, Place.On.INJECTED))
            for (int i = 0; i < 300; i++) g.apply(GStatus.WAITING, new Place.Parked(on));
        for (int i = 0; i < 500; i++) g.apply(GStatus.DEAD, Place.FREE);
        ms.sort(java.util.Comparator.comparingInt(Snapshot.Thread::id));
        return new Snapshot(1_000_000, 5000, procs, ms.size(), idlePs.size(), 10, 0, idleMs.size(), global, idlePs,
                idleMs, 200, ps, ms, gs);
    }
}
