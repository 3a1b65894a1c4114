package org.gmplab.view;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gmplab.engine.Engine;
import org.gmplab.engine.program.Scenario;
import org.gmplab.engine.program.ScenarioJson;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;

/** Snapshots for view tests: real ones from the engine, and a synthetic worst case. */
public final class Worlds {
    private Worlds() { }

    static Scenario scenario(String name) {
        try {
            return ScenarioJson.load(Path.of("scenarios", name));
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
        ms.add(new Snapshot.Thread(1, -1, -1, -1, false, true));
        for (int p = 0; p < procs; p++) {
            int mid = p == 0 ? 0 : p + 1;
            long cur = goid++;
            gs.add(new Snapshot.G(cur, 2, "", mid, "worker", "work(1ms)", 1, "M" + mid));
            long next = goid++;
            gs.add(new Snapshot.G(next, 1, "", -1, "worker", "work(1ms)", 1, "P" + p + ".runnext"));
            List<Long> q = new ArrayList<>();
            for (int i = 0; i < cap; i++) {
                q.add(goid);
                gs.add(new Snapshot.G(goid++, 1, "", -1, "worker", "work(1ms)", 1, "P" + p + ".runq"));
            }
            ps.add(new Snapshot.Proc(p, 1, mid, next, q, 1000 + p * 7, 1000 + p * 7 + cap, cap, 100, 0, 3, 0));
            ms.add(new Snapshot.Thread(mid, p, -1, cur, false, false));
        }
        while (goid <= total) {
            global.add(goid);
            gs.add(new Snapshot.G(goid++, 1, "", -1, "worker", "work(1ms)", 1, "global"));
        }
        ms.sort(java.util.Comparator.comparingInt(Snapshot.Thread::id));
        return new Snapshot(1_000_000, 5000, procs, ms.size(), 0, 0, 0, 0, global, List.of(), List.of(), 0, ps, ms, gs);
    }
}
