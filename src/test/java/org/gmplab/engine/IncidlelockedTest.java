package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.*;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.EventKind;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code incidlelocked}: the threads checkdead does not count — sysmon (in nmsys) and the controls (no M
 * at all) — pretend to be one more running M while they hold a P or runnable Gs on their way to an M.
 * Without it, an M that goes idle in that window sees {@code mcount - nmidle - nmidlelocked - nmsys == 0}
 * with a runnable G and the run dies with "checkdead: runnable g".
 *
 * <p>The windows are reachable in live mode only: in step mode sysmon's retake, from its CAS of the P to
 * the M that handoffp wakes, and the controls' injectglist, which runs with the world frozen, contain no
 * scheduling point, so no other M can run inside them. What step mode can check is that every
 * {@code incidlelocked(-1)} is matched by its {@code incidlelocked(1)} before the next safe point
 * ({@code nmidlelocked == 0} is one of the invariants checked at every safe point).
 */
@Tag("live")
class IncidlelockedTest {
    /** Two goroutines making syscalls one after the other at GOMAXPROCS 1, waited for by main. */
    static Scenario syscalls(int n) { return syscalls(n, "20us"); }

    static Scenario syscalls(int n, String d) {
        return prog().procs(1).wg("wg")
                .fn(fn("main", add("wg", "2"), go("w"), go("w"), waitWg("wg")))
                .fn(fn("w", loop("i", String.valueOf(n), syscall(d)), done("wg"))).build("syscalls");
    }

    /**
     * Step mode, with the invariants checked at every safe point: sysmon's retakes, sysmon's network poll
     * and a spawn from the controls each bracket their hand-off, and leave nmidlelocked at 0 behind them.
     */
    @Test
    void incidlelockedIsUndoneBeforeTheNextSafePointInStepMode() {
        StepRuns.Run retakes = StepRuns.run(syscalls(50, "200us"));
        assertThat(retakes.outcome().kind()).as(retakes.outcome().message()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(retakes.of(EventKind.RETAKE)).isNotEmpty();

        // main waits for the network while two CPU-bound goroutines keep both Ps busy: sysmon polls
        Scenario busy = prog().procs(2).wg("wg").fn(fn("main", add("wg", "2"), go("cpu"), go("cpu"), netread("1ms"), waitWg("wg")))
                .fn(fn("cpu", work("30ms"), done("wg"))).build("net-busy");
        StepRuns.Run polled = StepRuns.run(busy);
        assertThat(polled.outcome().kind()).as(polled.outcome().message()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(polled.of(EventKind.NETPOLL)).anyMatch(e -> e.m() == 1);

        try (Engine e = Engine.step(syscalls(50, "200us").withGomaxprocs(2))) {
            e.run(100_000);
            e.inject(new Action.Spawn("w", 1, List.of()));
            e.run(60_000_000_000L);
            assertThat(e.outcome()).isNotNull();
            assertThat(e.outcome().kind()).as(e.outcome().message()).isIn(Outcome.Kind.EXITED, Outcome.Kind.FATAL);
            assertThat(e.outcome().message()).doesNotContain("nmidlelocked");
        }
    }

    /**
     * retake: sysmon CASes a P out of _Psyscall and hands it off; meanwhile the M it came from returns from
     * its syscall, finds no P, queues its G and goes idle. Without incidlelocked(-1) before the CAS, 7 runs
     * in 10 of 2 × 2000 syscalls ended in "checkdead: runnable g"; at 2 × 500, twice out of two this test
     * failed by its fifth run.
     */
    @Test
    void retakeCountsTheRetakenPAsRunningWithIncidlelocked() throws Exception {
        for (int run = 0; run < 12; run++) {
            try (Engine e = Engine.live(syscalls(500), 1, false)) {
                Outcome o = e.awaitEnd(60, TimeUnit.SECONDS);
                assertThat(o).as("run %d ended", run).isNotNull();
                assertThat(o.kind()).as("run %d: %s", run, o.message()).isEqualTo(Outcome.Kind.EXITED);
            }
        }
    }

    /**
     * The controls' injectglist (a spawn from outside while the program runs): the controller takes an idle
     * P for the new G and then an M for the P; an M returning from a syscall in between must not find
     * every M idle. Without the bracket, twice out of two this test failed by its fifth run.
     */
    @Test
    void injectglistFromOutsideCountsTheControllerWithIncidlelocked() throws Exception {
        Scenario sc = prog().procs(1).wg("wg")
                .fn(fn("main", add("wg", "2"), go("w"), go("w"), waitWg("wg")))
                .fn(fn("w", loop("i", "300", syscall("20us")), done("wg")))
                .fn(fn("noop")).build("spawns");
        for (int run = 0; run < 12; run++) {
            try (Engine e = Engine.live(sc, 1, false)) {
                Outcome o;
                int spawns = 0;
                while ((o = e.awaitEnd(0, TimeUnit.SECONDS)) == null) {
                    try {
                        e.inject(new Action.Spawn("noop", 1, List.of()));
                        spawns++;
                    } catch (IllegalStateException ended) {
                        break; // the program ended between the look and the spawn
                    }
                    Thread.onSpinWait();
                }
                o = e.awaitEnd(60, TimeUnit.SECONDS);
                assertThat(o).as("run %d ended", run).isNotNull();
                assertThat(o.kind()).as("run %d after %d spawns: %s", run, spawns, o.message()).isEqualTo(Outcome.Kind.EXITED);
            }
        }
    }
}
