package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.scenario.Expr.of;

import java.util.List;
import java.util.Map;

import org.gmplab.scenario.Function;
import org.gmplab.scenario.Program;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.Stmt;
import org.gmplab.snapshot.Event;
import org.junit.jupiter.api.Test;

/** stealWork and runqsteal inside a running scheduler. */
class StealTest {

    /** runqsteal: a thief takes half of the victim's ring, rounded up (k - k/2). */
    @Test
    void stealTakesHalfRoundedUp() {
        StepRuns.Run run = StepRuns.run(Scenarios.spawn(500, 50 * Scenarios.US, 4, 2));
        List<Event.Steal> steals = run.of(Event.Steal.class).stream().filter(e -> !e.runnext()).toList();
        assertThat(steals).isNotEmpty();
        for (Event.Steal e : steals) {
            long had = e.had();
            assertThat(e.took()).as(e.why()).isEqualTo(had - had / 2);
        }
    }

    /**
     * stealWork: runnext is only stolen in the last of 4 rounds, after the 3 µs back-off (runqgrab's
     * usleep(3)) when the victim is running. Main keeps P0 busy with work while its new G sits in runnext.
     */
    @Test
    void runnextIsStolenOnlyInTheLastRoundAfterBackoff() {
        Function main = new Function("main", List.of(), List.of(
                new Stmt.Go("f", List.of()),
                new Stmt.Work(of(Scenarios.MS))));
        Function f = new Function("f", List.of(), List.of(new Stmt.Work(of(10 * Scenarios.US))));
        // one steal in a clean world: the runtime's goroutines would add steals of their own at start
        Scenario sc = new Scenario("runnext", 2, 1, 256, new Program(Map.of("main", main, "f", f), List.of()), Scenario.Scheduler.GMP, false);
        StepRuns.Run run = StepRuns.run(sc);
        List<Event.Steal> steals = run.of(Event.Steal.class);
        assertThat(steals).hasSize(1);
        Event.Steal steal = steals.get(0);
        assertThat(steal.runnext()).isTrue();
        assertThat(steal.round()).isEqualTo(Machine.STEAL_TRIES);
        assertThat(steal.g()).isEqualTo(2);
        // the thief is the M started as a spinner for P1; it steals no earlier than its start + the back-off
        Event.NewM newm = run.of(Event.NewM.class).stream().filter(e -> e.p() >= 0).findFirst().orElseThrow(); // not sysmon
        assertThat(newm.spinning()).isTrue();
        assertThat(steal.m()).isEqualTo(newm.m());
        long thiefStart = newm.time() + Costs.DEFAULT.newm();
        assertThat(steal.time() - thiefStart).isGreaterThanOrEqualTo(Costs.DEFAULT.runnextBackoff());
    }

    /**
     * stealWork in step mode: one scheduling point per round of probes, not one per P probed (docs/engine.md,
     * "Step mode's interleaving"). The same program at GOMAXPROCS 64 and 2: a spinning M's failed stealWork
     * probes 63 Ps four times at 64, so with a scheduling point per probe the run at 64 passed hundreds more
     * safe points; with one per round, fewer than one round's probes more.
     */
    @Test
    void stealWorkPassesTheTurnOncePerRoundNotOncePerProbe() {
        long at2 = safePointsOfARun(2), at64 = safePointsOfARun(64);
        assertThat(at64 - at2).as("safe points at GOMAXPROCS 64 (%d) beyond those at 2 (%d)", at64, at2).isLessThan(63);
    }

    /** main starts f into runnext and works 1 ms; a spinning M steals f after the back-off and looks for more. */
    private static long safePointsOfARun(int procs) {
        Function main = new Function("main", List.of(), List.of(
                new Stmt.Go("f", List.of()),
                new Stmt.Work(of(Scenarios.MS))));
        Function f = new Function("f", List.of(), List.of(new Stmt.Work(of(10 * Scenarios.US))));
        Scenario sc = new Scenario("runnext", procs, 1, 256, new Program(Map.of("main", main, "f", f), List.of()), Scenario.Scheduler.GMP, false);
        try (Engine e = Engine.step(sc)) {
            e.run(Long.MAX_VALUE);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
            return ((StepTurnstile) e.sched().ts).safePoints();
        }
    }
}
