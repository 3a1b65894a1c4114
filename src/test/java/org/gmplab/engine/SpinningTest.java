package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.junit.jupiter.api.Test;

/** Spinning Ms: findRunnable's limit, wakep's one-at-a-time rule, resetspinning, needspinning. */
class SpinningTest {

    /** findRunnable: an M may start spinning only while 2*nmspinning < gomaxprocs - npidle. */
    @Test
    void spinningLimitIsHalfTheBusyPs() {
        StepRuns.Run run = StepRuns.run(Scenarios.spawn(2000, 20 * Scenarios.US, 8, 1));
        List<Event.Spinning> limited = run.of(Event.Spinning.class).stream().filter(e -> e.busy() >= 0).toList();
        assertThat(limited).isNotEmpty();
        for (Event.Spinning e : limited) {
            long before = e.nmspinning() - 1;
            assertThat(2 * before).as(e.why()).isLessThan(e.busy());
        }
    }

    /**
     * wakep: only acts when nmspinning == 0. Main's burst of go statements starts one M; each further M is
     * started by an M that has just stopped spinning (resetspinning → wakep), so Ms come up one at a time.
     */
    @Test
    void wakepStartsOneSpinnerAtATime() {
        StepRuns.Run run = StepRuns.run(Scenarios.spawn(200, 100 * Scenarios.US, 4, 1));
        List<Event> events = run.events();
        Set<Integer> justStoppedSpinning = new HashSet<>();
        int started = 0;
        for (Event e : events) {
            if (e.kind() == EventKind.SPINNING_STOP) justStoppedSpinning.add(e.m());
            int by = e instanceof Event.NewM n && n.spinning() ? n.by() : e instanceof Event.StartM s && s.spinning() ? s.by() : Integer.MIN_VALUE;
            if (by != Integer.MIN_VALUE) {
                started++;
                if (started > 1) assertThat(justStoppedSpinning).as("started by a former spinner: " + e.why()).contains(by);
                justStoppedSpinning.remove(by);
            }
        }
        assertThat(started).isGreaterThanOrEqualTo(3);
        // the first go statement woke a spinner; the next ones saw nmspinning=1 and woke nobody (the other new M
        // before it is the one handoffp starts for P0 while main is locked to M0 during init: not a spinner)
        long newmBeforeFirstSteal = events.stream().takeWhile(e -> e.kind() != EventKind.STEAL)
                .filter(e -> e instanceof Event.NewM n && e.p() >= 0 && n.spinning()).count(); // sysmon's M has no P
        assertThat(newmBeforeFirstSteal).isEqualTo(1);
    }

    /** With every P busy, wakep finds no idle P and sets needspinning=1, which then sticks (GO-SCHEDULER.md 3.f.5). */
    @Test
    void needspinningSticksWhileAllPsAreBusy() {
        try (Engine e = Engine.step(Scenarios.spawn(1000, Scenarios.MS, 2, 1))) {
            e.run(100 * Scenarios.MS);
            var s = e.snapshot();
            assertThat(s.npidle()).isZero();
            assertThat(s.nmspinning()).isZero();
            assertThat(s.needspinning()).isEqualTo(1);
        }
    }
}
