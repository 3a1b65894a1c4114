package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.*;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.junit.jupiter.api.Test;

/** sysmon: retake's timing, preemptone after 10 ms, and runnext chains sharing one time slice. */
class SysmonTest {

    /**
     * newm(sysmon): the snapshot flags sysmon's thread itself — the M that runtime.main started for it — so the
     * view need not guess "M1 without a P"; Go 1.0 has no sysmon, and its M1 is not flagged.
     */
    @Test
    void snapshotFlagsTheThreadThatNewmStartedForSysmon() {
        Scenario sc = prog().procs(2).wg("wg").fn(fn("main", add("wg", "1"), go("w"), work("200us"), waitWg("wg")))
                .fn(fn("w", work("100us"), done("wg"))).build("sysmon flag");
        try (Engine e = Engine.step(sc)) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.EXECUTE && ev.g() == 2);
            Event newm = e.drainEvents().stream().filter(ev -> ev instanceof Event.NewM n && n.purpose() == Event.NewM.For.SYSMON)
                    .findFirst().orElseThrow();
            assertThat(e.snapshot().ms()).filteredOn(org.gmplab.snapshot.Snapshot.Thread::sysmon)
                    .extracting(org.gmplab.snapshot.Snapshot.Thread::id).containsExactly(newm.m());
        }
        try (Engine e = Engine.step(sc.withScheduler(Scenario.Scheduler.GO10))) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.EXECUTE && ev.g() == 2);
            assertThat(e.snapshot().ms()).hasSizeGreaterThan(1).noneMatch(org.gmplab.snapshot.Snapshot.Thread::sysmon);
        }
    }

    /**
     * retake: a P in a syscall with work queued behind it is taken after one or two sysmon ticks (20 µs
     * each while sysmon is busy, plus the timer slack and a wake-up), not after 10 ms. Main works first so
     * that sysmon is up and ticking.
     */
    @Test
    void pInSyscallWithQueuedWorkIsRetakenWithinTwoTicks() {
        Scenario sc = prog().procs(1).wg("wg").fn(fn("main", add("wg", "1"), work("200us"), go("w"), syscall("5ms"), waitWg("wg")))
                .fn(fn("w", work("100us"), done("wg"))).build("retake");
        StepRuns.Run run = StepRuns.run(sc);
        Event enter = run.of(EventKind.ENTERSYSCALL).get(0);
        Event retake = run.of(EventKind.RETAKE).get(0);
        assertThat(retake.time() - enter.time()).isPositive().isLessThanOrEqualTo(2 * (Sysmon.MIN_DELAY + Costs.DEFAULT.timerSlack() + Costs.DEFAULT.wakeM()));
        // the queued G then runs on another M while main is still in its syscall
        Event w = run.of(EventKind.EXECUTE).stream().filter(e -> e.g() == 2).findFirst().orElseThrow();
        assertThat(w.m()).isNotEqualTo(enter.m());
        assertThat(w.time()).isLessThan(enter.time() + 5_000_000);
    }

    /**
     * preemptone: a CPU-bound G is asked to stop once it has run 10 ms on the same schedtick; sysmon,
     * which under pure CPU load sleeps its full 10 ms (plus timer slack and wake-up), notices between 10 and 20 ms (Go measures ~20 ms,
     * GO-SCHEDULER.md 3.b). The preempted G goes to the global queue.
     */
    @Test
    void cpuBoundGoroutinesArePreemptedBetween10And20ms() {
        Scenario sc = prog().runtimeGoroutines().procs(1).wg("wg").fn(fn("main", add("wg", "2"), go("spin"), go("spin"), waitWg("wg")))
                .fn(fn("spin", work("200ms"), done("wg"))).build("cpu");
        StepRuns.Run run = StepRuns.run(sc);
        Map<Long, Long> started = new HashMap<>();
        int preemptions = 0;
        for (Event e : run.events()) {
            if (e.kind() == EventKind.EXECUTE) started.put(e.g(), e.time());
            if (e.kind() == EventKind.PREEMPT) {
                long slice = e.time() - started.get(e.g());
                assertThat(slice).as("slice of G%d", e.g()).isBetween(10_000_000L, 20_000_000L + 2 * (Costs.DEFAULT.timerSlack() + Costs.DEFAULT.wakeM()) + Costs.DEFAULT.workSlice());
                assertThat(((Event.Preempt) e).global()).isPositive();
                preemptions++;
            }
        }
        assertThat(preemptions).isGreaterThanOrEqualTo(15); // 400 ms of work in slices of 10–20 ms
    }

    /**
     * runnext + inheritTime (GO-SCHEDULER.md 3.d): a ping-pong pair at GOMAXPROCS=1 readies each other into
     * runnext and shares one time slice, so thousands of switches cost only a few schedticks.
     */
    @Test
    void pingPongPairSharesOneTimeSliceAtGomaxprocs1() {
        StepRuns.Run run = StepRuns.run(pingpong(1, 20_000));
        long switches = run.of(EventKind.EXECUTE).size();
        long newSlices = run.of(Event.Execute.class).stream().filter(e -> !e.inheritTime()).count();
        assertThat(switches).isGreaterThan(20_000);
        assertThat(newSlices).as("schedticks").isLessThan(switches / 100);
    }

    /** With two Ps a spinning M sometimes steals the runnext G (after the 3 µs back-off) and splits the pair. */
    @Test
    void spinningMStealsRunnextAtGomaxprocs2() {
        StepRuns.Run run = StepRuns.run(pingpong(2, 20_000));
        List<Event.Steal> runnextSteals = run.of(Event.Steal.class).stream().filter(Event.Steal::runnext).toList();
        assertThat(runnextSteals).isNotEmpty();
        assertThat(runnextSteals).allMatch(e -> e.round() == FindRunnable.STEAL_TRIES);
    }

    static Scenario pingpong(int procs, int rounds) {
        return prog().runtimeGoroutines().procs(procs).chan("ping", 0).chan("pong", 0).wg("wg").fn(fn("main",
                        add("wg", "2"), go("player", "1"), go("player", "0"), waitWg("wg")))
                .fn(fn("player", List.of("first"),
                        loop("i", String.valueOf(rounds),
                                new org.gmplab.scenario.Stmt.If(e("first == 1"),
                                        body(send("ping", "i"), recv("pong", "x")),
                                        body(recv("ping", "x"), work("100ns"), send("pong", "x")))),
                        done("wg")))
                .build("pingpong");
    }

    /** sysmon backs off: 20 µs while it retakes, doubling after 50 idle looks, at most 10 ms. */
    @Test
    void sysmonBacksOffTo10msUnderPureCpuLoad() {
        Scenario sc = prog().procs(1).fn(fn("main", work("50ms"))).build("backoff");
        try (Engine e = Engine.step(sc)) {
            e.run(40_000_000L);
            assertThat(e.sched().sysmon.delay).isEqualTo(Sysmon.MAX_DELAY);
        }
    }
}
