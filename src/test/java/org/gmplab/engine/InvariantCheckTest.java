package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gmplab.scenario.Expr.of;

import java.util.List;
import java.util.Map;

import org.gmplab.scenario.Expr;
import org.gmplab.scenario.Function;
import org.gmplab.scenario.Program;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.Stmt;
import org.gmplab.snapshot.GStatus;
import org.junit.jupiter.api.Test;

/**
 * The invariant check finds a broken world: the full check at once, and step mode's sampled checks
 * ({@link Engine.Checks#SAMPLED}, what shipped paths run) within the bound they promise — the next safe point
 * with events for what the touched check reads, at most {@value Engine#FULL_CHECK_EVERY} events per G, P and M
 * of the world later for the rest.
 */
class InvariantCheckTest {
    /** main starts n goroutines that all wait on `gate` (which nobody opens), then waits on it too. */
    private static Scenario parked(int n) {
        Function main = new Function("main", List.of(), List.of(
                new Stmt.WgAdd(new Expr.Var("gate"), of(1)),
                new Stmt.For("i", of(n), List.of(new Stmt.Go("w", List.of()))),
                new Stmt.WgWait(new Expr.Var("gate"))));
        Function w = new Function("w", List.of(), List.of(new Stmt.WgWait(new Expr.Var("gate"))));
        // without the runtime's own goroutines: every parked G but main is a worker waiting in wg
        return new Scenario("parked" + n, 2, 1, Scenario.DEFAULT_RUNQ, new Program(Map.of("main", main, "w", w), List.of("gate")),
                Scenario.Scheduler.GMP, false);
    }

    /** main starts n goroutines of 20 µs of work each on GOMAXPROCS procs and waits for them. */
    private static Scenario spawning(int n, int procs) {
        Function main = new Function("main", List.of(), List.of(
                new Stmt.WgAdd(new Expr.Var("wg"), of(n)),
                new Stmt.For("i", of(n), List.of(new Stmt.Go("w", List.of()))),
                new Stmt.WgWait(new Expr.Var("wg"))));
        Function w = new Function("w", List.of(), List.of(new Stmt.Work(of(20_000)), new Stmt.WgDone(new Expr.Var("wg"))));
        return new Scenario("spawning" + n, procs, 1, Scenario.DEFAULT_RUNQ, new Program(Map.of("main", main, "w", w), List.of("wg")),
                Scenario.Scheduler.GMP, false);
    }

    /**
     * A world of 1,000 parked goroutines (far more than {@link Engine#ALWAYS_FULL}), frozen a third of the way
     * through main's 3,000 go statements: what is left of the run (about 7,000 events) is longer than the
     * sampling bound, so a sampled full check comes before the run ends in Go's deadlock report.
     */
    private static Engine bigWorld(Engine.Checks checks) {
        Engine e = Engine.step(parked(3000), Costs.DEFAULT, checks);
        e.runUntil(Long.MAX_VALUE, ev -> e.sched().allgs.size() > 1000);
        e.drainEvents();
        assertThat(e.outcome()).isNull();
        return e;
    }

    private static Goroutine aParkedWorker(Engine e) {
        return e.sched().allgs().stream().filter(g -> g.goid > 1 && g.status == GStatus.WAITING).findFirst().orElseThrow();
    }

    @Test
    void checkInvariants_findsAGoroutineWhoseStatusDoesNotMatchItsPlace() {
        try (Engine e = bigWorld(Engine.Checks.OFF)) {
            e.checkInvariants();   // intact
            aParkedWorker(e).status = GStatus.RUNNABLE;
            assertThatThrownBy(e::checkInvariants).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("invariant broken").hasMessageContaining("is RUNNABLE but sits in wg");
        }
    }

    @Test
    void sampledChecks_findAnUntouchedGoroutineWithinTheirSamplingBound() {
        try (Engine e = bigWorld(Engine.Checks.SAMPLED)) {
            // a parked worker that nothing will touch again: only a full check can see it
            long at = e.eventCount();
            aParkedWorker(e).status = GStatus.RUNNABLE;
            e.run(Long.MAX_VALUE);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.CRASHED);
            assertThat(e.outcome().message()).contains("invariant broken").contains("is RUNNABLE but sits in wg");
            // (without the sampled full check, the run would end in Go's deadlock report, not this failure)
            int world = e.sched().allgs.size() + e.sched().allpEver.length + e.sched().allm.size();
            assertThat(e.eventCount() - at).isLessThanOrEqualTo((long) Engine.FULL_CHECK_EVERY * world + 16);
        }
    }

    @Test
    void sampledChecks_findABrokenCounterWithinAsManyEventsAsThereArePsAndMs() {
        try (Engine e = bigWorld(Engine.Checks.SAMPLED)) {
            long at = e.eventCount();
            e.sched().npidle.incrementAndGet();
            e.run(Long.MAX_VALUE);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.CRASHED);
            assertThat(e.outcome().message()).contains("invariant broken: npidle=");
            assertThat(e.eventCount() - at).isLessThanOrEqualTo(e.sched().allpEver.length + e.sched().allm.size() + 8);
        }
    }

    /** At GOMAXPROCS 256 the counters are not walked at every safe point, but still within their bound. */
    @Test
    void sampledChecks_findABrokenSpinningCountAtGomaxprocs256WithinTheirBound() {
        Scenario sc = spawning(2000, 256);
        try (Engine e = Engine.step(sc, Costs.DEFAULT, Engine.Checks.SAMPLED)) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.seq() >= 3000);
            e.drainEvents();
            assertThat(e.outcome()).isNull();
            long at = e.eventCount();
            e.sched().nmspinning.incrementAndGet();
            e.run(Long.MAX_VALUE);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.CRASHED);
            assertThat(e.outcome().message()).contains("invariant broken: nmspinning=");
            assertThat(e.eventCount() - at).isLessThanOrEqualTo(e.sched().allpEver.length + e.sched().allm.size() + 8);
        }
    }

    @Test
    void sampledChecks_findAPWhoseMDoesNotPointBackAtTheNextSafePointWithEvents() {
        try (Engine e = bigWorld(Engine.Checks.SAMPLED)) {
            long at = e.eventCount();
            Machine m0 = e.sched().allm.get(0);
            Processor p = m0.p;
            assertThat(p).as("main's M holds a P while it starts goroutines").isNotNull();
            p.m = e.sched().allm.stream().filter(m -> m != m0 && m.p == null).findFirst().orElse(null);
            e.run(Long.MAX_VALUE);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.CRASHED);
            assertThat(e.outcome().message()).contains("invariant broken");
            assertThat(e.eventCount() - at).isLessThanOrEqualTo(8);
        }
    }

    @Test
    void sampledChecks_leaveAnIntactRunAsItWas() {
        try (Engine e = Engine.step(parked(3000), Costs.DEFAULT, Engine.Checks.SAMPLED);
             Engine off = Engine.step(parked(3000), Costs.DEFAULT, Engine.Checks.OFF)) {
            e.run(Long.MAX_VALUE);
            off.run(Long.MAX_VALUE);
            assertThat(e.outcome().message()).contains("deadlock");
            assertThat(e.eventCount()).isEqualTo(off.eventCount());
        }
    }
}
