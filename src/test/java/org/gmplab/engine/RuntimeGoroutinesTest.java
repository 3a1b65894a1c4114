package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.*;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.GoSource;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Go 1.23's runtime.main before main.main (GO-SCHEDULER.md 1.13): the runtime's own goroutines G2–G5,
 * parked with Go's wait reasons, and G1 locked to M0 during init.
 */
class RuntimeGoroutinesTest {

    private static Scenario oneWorker() {
        return prog().runtimeGoroutines().procs(2).wg("wg").fn(fn("main", add("wg", "1"), go("w"), waitWg("wg")))
                .fn(fn("w", work("10ms"), done("wg"))).build("one worker");
    }

    /**
     * proc.go's {@code init} ({@code go forcegchelper()}), mgc.go's {@code gcenable} ({@code go bgsweep(c)},
     * {@code go bgscavenge(c)}, {@code <-c; <-c}) and mfinal.go's {@code createfing} ({@code go runfinq()})
     * run before main.main: G2–G4 are parked with Go's wait reasons by the time main's first {@code go}
     * runs, G5 (or G17) {@code runfinq} as soon as it gets to run; all are flagged as the runtime's own, and
     * the program's goroutines come after them.
     */
    @Test
    void forcegchelperBgsweepBgscavengeAndRunfinqParkBeforeMainMain() {
        try (Engine e = Engine.step(oneWorker())) {
            assertThat(e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.GO && ev.why().contains("go w()")))
                    .isEqualTo(Engine.Stop.EVENT);
            Snapshot s = e.snapshot();
            Map<Long, Snapshot.G> byGoid = s.gs().stream().collect(Collectors.toMap(Snapshot.G::goid, g -> g));
            assertThat(byGoid.get(2L).function()).isEqualTo("runtime.forcegchelper");
            assertThat(byGoid.get(2L).waitReason()).isEqualTo("force gc (idle)");
            assertThat(byGoid.get(3L).function()).isEqualTo("runtime.bgsweep");
            assertThat(byGoid.get(3L).waitReason()).isEqualTo("GC sweep wait");
            assertThat(byGoid.get(4L).function()).isEqualTo("runtime.bgscavenge");
            assertThat(byGoid.get(4L).waitReason()).isEqualTo("GC scavenge wait");
            assertThat(byGoid.get(1L).system()).as("G1 runs runtime.main: not a system goroutine (isSystemGoroutine)").isFalse();
            Snapshot.G worker = s.gs().stream().filter(g -> g.function().equals("w")).findFirst().orElseThrow();
            assertThat(worker.goid()).as("user goroutines come after G2–G5").isGreaterThan(5);
            assertThat(worker.system()).isFalse();

            e.run(5_000_000L);
            List<Snapshot.G> system = e.snapshot().gs().stream().filter(Snapshot.G::system).toList();
            assertThat(system).hasSize(4).allMatch(g -> g.status() == GStatus.WAITING && g.where().equals(new Place.Parked(Place.On.FOREVER)));
            assertThat(system).extracting(Snapshot.G::function).containsExactly(
                    "runtime.forcegchelper", "runtime.bgsweep", "runtime.bgscavenge", "runtime.runfinq");
            assertThat(system).extracting(Snapshot.G::waitReason).containsExactly(
                    "force gc (idle)", "GC sweep wait", "GC scavenge wait", "finalizer wait");
        }
    }

    /**
     * {@link Engine#mainMainNanos}: main.main's own span, from its first statement to its return, without the runtime's
     * boot before it — what a Go program measures when it times itself from inside main.main, as the benchmarks' Go
     * programs do. Here main.main waits for one worker's 10 ms of work; the boot (runtime.main's goroutines, the Ms they
     * take) comes first and is left out.
     */
    @Test
    void mainMainNanosIsMainMainsOwnSpanWithoutTheRuntimesBoot() {
        try (Engine e = Engine.step(oneWorker())) {
            assertThat(e.mainMainNanos()).as("main.main has not returned").isEqualTo(-1);
            assertThat(e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.GO && ev.why().contains("go w()"))).isEqualTo(Engine.Stop.EVENT);
            long bootDone = e.now();
            assertThat(bootDone).as("the boot took time before main.main's first go statement (40 µs here)").isGreaterThan(5_000L);
            assertThat(e.mainMainNanos()).as("main.main still runs").isEqualTo(-1);

            e.run(60_000_000_000L);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
            long span = e.mainMainNanos();
            assertThat(span).as("main.main waited for the worker's 10 ms").isGreaterThanOrEqualTo(10_000_000L);
            // main.main began a statement or two before its go statement: its span is the run's time since then, not the boot's
            assertThat(span).as("and the boot is not in it").isLessThanOrEqualTo(e.now() - bootDone + 5_000L);
        }
        try (Engine e = Engine.step(oneWorker().withRuntimeGoroutines(false))) {
            e.run(60_000_000_000L);
            assertThat(e.mainMainNanos()).as("without runtime.main, main.main is G1's function from the run's start").isEqualTo(e.now());
        }
    }

    /**
     * {@link Engine#mcount}: Go's {@code mcount}, every M ever made: M0, and one more for each {@code newm} (sysmon's
     * and those the runtime's goroutines and the worker needed), the figure schedtrace prints as {@code threads}.
     */
    @Test
    void mcountIsM0AndEveryNewm() {
        try (Engine e = Engine.step(oneWorker())) {
            assertThat(e.mcount()).as("M0 alone before the first step").isEqualTo(1);
            List<Event> events = new java.util.ArrayList<>();
            e.runUntil(60_000_000_000L, null, events::add);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
            long newms = events.stream().filter(ev -> ev.kind() == EventKind.NEWM).count();
            assertThat(newms).as("sysmon's M and at least the one G1's first wait hands P0 to").isGreaterThanOrEqualTo(2);
            assertThat(e.mcount()).isEqualTo(1 + newms).isEqualTo(e.snapshot().threads());
        }
    }

    /**
     * Go's {@code stoplockedm}/{@code startlockedm}: G1 is locked to M0 during init, so when it waits in
     * gcenable M0 hands its P off to another M and sleeps; the M that finds G1 runnable hands its P
     * straight back to M0. G1 only ever runs on M0.
     */
    @Test
    void gcenableWaitOfTheLockedMainGoroutineHandsP0OffStoplockedm() {
        StepRuns.Run run = StepRuns.run(oneWorker());
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(run.of(EventKind.STOPM)).anyMatch(e -> e.m() == 0 && e.why().startsWith("stoplockedm"));
        assertThat(run.of(EventKind.STARTM)).anyMatch(e -> e.m() == 0 && e.why().startsWith("startlockedm"));
        assertThat(run.of(EventKind.EXECUTE)).filteredOn(e -> e.g() == 1).allMatch(e -> e.m() == 0);
        // the Ms that ran the runtime's goroutines for it stay: one more thread than without them
        int with = run.of(EventKind.NEWM).size();
        int without = StepRuns.run(oneWorker().withRuntimeGoroutines(false)).of(EventKind.NEWM).size();
        assertThat(with).isGreaterThan(without);
    }

    /**
     * {@code stoplockedm} logs M0's STOPM before the HANDOFFP of its P: once the P is handed off, the other M may ready
     * G1 and hand a P back to M0 (in live mode, before M0's thread gets further), and the log must not say that M0
     * went to sleep after it was woken.
     */
    @Test
    void stoplockedmSaysItStopsBeforeItHandsItsPOff() {
        List<Event> events = StepRuns.run(oneWorker()).events();
        int checked = 0;
        for (int i = 0; i < events.size(); i++) {
            if (!(events.get(i) instanceof Event.StopM s) || s.reason() != Event.StopM.Why.LOCKED || s.handedOff() < 0) continue;
            Event next = events.get(i + 1);
            assertThat(next.kind()).as("after %s", s).isEqualTo(EventKind.HANDOFFP);
            assertThat(next.p()).isEqualTo(s.handedOff());
            assertThat(next.m()).isEqualTo(s.m());
            checked++;
        }
        assertThat(checked).as("G1's waits in gcenable that hand P0 off").isPositive();
    }

    /**
     * Go's {@code startlockedm}, in live mode: the M that hands P0 back to M0 after G1's waits in gcenable is on the
     * idle list (its STOPM) before M0 runs, so G1's second wait hands P0 to it rather than to a new M. At GOMAXPROCS 1
     * nothing else asks for an M during the boot, so a start has exactly M0, sysmon's M and that one — unless a stall
     * of 10 ms on a loaded machine has sysmon preempt a G meanwhile (G1 then waits, and is handed P0 back, once more
     * for each preemption: 19 of 60 cold JVMs' first starts), a start then left out of the counts. With the wake
     * before the M went idle, 71 of 100 starts had a fourth M on this machine.
     */
    @Test
    @Tag("live")   // the one live test here: mvn test -Pfast leaves it out
    void startlockedmPutsTheWakerOnTheIdleListBeforeTheLockedMRuns() throws Exception {
        Scenario empty = GoSource.parse("// gmplab: gomaxprocs=1\npackage main\nfunc main() {}\n", "empty.go");
        int counted = 0;
        for (int run = 0; run < 20; run++) {
            try (Engine e = Engine.live(empty, 1, true)) {
                assertThat(e.awaitEnd(1, TimeUnit.MINUTES).kind()).isEqualTo(Outcome.Kind.EXITED);
                List<Event> events = e.liveEvents();
                int handBacks = 0;
                for (int i = 0; i < events.size(); i++) {
                    if (!(events.get(i) instanceof Event.StartM sm) || !sm.lockedg()) continue;
                    handBacks++;
                    int waker = sm.by(), woken = sm.head().m(), idle = -1, ran = -1;
                    for (int k = i + 1; k < events.size() && (idle < 0 || ran < 0); k++) {
                        Event ev = events.get(k);
                        if (idle < 0 && ev instanceof Event.StopM && ev.head().m() == waker) idle = k;
                        // any event of M0's: its STOPM of the wait (stoplockedm) comes before it hands P0 off, so before
                        // the hand-back too (when it came after the hand-off, 5 starts in 10,000 logged it after the hand-back)
                        if (ran < 0 && ev.head().m() == woken) ran = k;
                    }
                    assertThat(idle).as("run %d: M%d idle (STOPM) after handing P0 to M%d", run, waker, woken).isPositive();
                    if (ran >= 0) assertThat(idle).as("run %d: M%d idle before M%d runs", run, waker, woken).isLessThan(ran);
                }
                // a stall of 10 ms on a loaded machine has sysmon preempt G1 (locked to M0): M0 then waits once more and
                // is handed a P once more; such a start is left out of the counts
                boolean preempted = events.stream().anyMatch(ev -> ev.kind() == EventKind.PREEMPT || ev.kind() == EventKind.RETAKE);
                assertThat(handBacks).as("run %d: G1's two waits in gcenable each end with a hand-back to M0", run).isGreaterThanOrEqualTo(2);
                if (preempted) continue;
                int r = run;
                assertThat(handBacks).as(() -> "run " + r + ": G1's two waits in gcenable, and no more, end with a hand-back to M0; the events:\n"
                        + events.stream().map(Object::toString).collect(Collectors.joining("\n"))).isEqualTo(2);
                counted++;
                assertThat(e.mcount()).as("run %d: M0, sysmon's M and the M G1's waits hand P0 to", run).isEqualTo(3);
            }
        }
        assertThat(counted).as("starts without a preemption").isPositive();
    }

    /** Off, main runs at once as G1 and the program's first go statement creates G2. */
    @Test
    void runtimeGoroutinesOffLeaveMainAlone() {
        try (Engine e = Engine.step(oneWorker().withRuntimeGoroutines(false))) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.GO && ev.why().contains("go w()"));
            Snapshot s = e.snapshot();
            assertThat(s.gs()).noneMatch(Snapshot.G::system);
            assertThat(s.gs()).extracting(Snapshot.G::goid).containsExactly(1L, 2L);
            assertThat(s.gs().get(0).function()).isEqualTo("main");
        }
    }

    /**
     * GO-SCHEDULER.md 3.a: {@code scenarios/spawn1000.json} at GOMAXPROCS=2 prints Go 1.23's global queue
     * (774 = 6 × 129, no 61-tick pull at schedtick 0 any more) and Go's threads at 5 ms: M0, sysmon, the
     * spinning M and the spare that ran the runtime's goroutines while M0 was locked, now idle.
     */
    @Test
    void spawn1000PrintsGosRunqueueAndThreadsAt5ms() throws Exception {
        Scenario sc = org.gmplab.scenario.ScenarioJson.load(java.nio.file.Path.of("scenarios/spawn1000.json"));
        try (Engine e = Engine.step(sc)) {
            e.run(5_000_000L);
            String line = org.gmplab.trace.SchedTrace.format(e.snapshot(), false).strip();
            assertThat(line.replaceFirst(" \\[.*", ""))
                    .isEqualTo("SCHED 5ms: gomaxprocs=2 idleprocs=0 threads=4 spinningthreads=0 needspinning=1 idlethreads=1 runqueue=774");
        }
    }

    /** The JSON setting and the Go setting turn them off; the JSON writer keeps it. */
    @Test
    void settingTurnsThemOff() throws Exception {
        Scenario json = org.gmplab.scenario.ScenarioJson.parse("{\"name\": \"x\", \"runtimeGoroutines\": false, \"functions\": {\"main\": {\"body\": []}}}", "x.json");
        assertThat(json.runtimeGoroutines()).isFalse();
        assertThat(org.gmplab.scenario.ScenarioJson.parse(org.gmplab.scenario.ScenarioJson.toJson(json), "y.json").runtimeGoroutines()).isFalse();
        Scenario go = GoSource.parse("// gmplab: runtimegoroutines=off\npackage main\nfunc main() {}\n", "x.go");
        assertThat(go.runtimeGoroutines()).isFalse();
        assertThat(GoSource.parse("package main\nfunc main() {}\n", "x.go").runtimeGoroutines()).isTrue();
    }
}
