package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gmplab.engine.Progs.*;

import java.util.ArrayList;
import java.util.List;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.GStatus;
import org.gmplab.trace.EventsJson;
import org.junit.jupiter.api.Test;

/** Actions from outside (the UI's inject menu): applied at a frozen moment, recorded, replayed exactly. */
class InjectTest {

    static Scenario workers() {
        return prog().procs(2).wg("wg").fn(fn("main",
                        add("wg", "4"), loop("i", "4", go("worker", "i")), waitWg("wg")))
                .fn(fn("worker", List.of("id"), loop("k", "10", work("200us")), done("wg")))
                .fn(fn("spin", work("300us")))
                .build("workers");
    }

    /** Runs to the first moment G{goid} is running, applies the actions, runs to the end; returns all events. */
    private static List<String> runWith(Engine e, long goid, Action... as) {
        List<String> log = new ArrayList<>();
        e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.EXECUTE && ev.g() == goid);
        for (Action a : as) e.inject(a);
        e.run(10_000_000_000L);
        return log;
    }

    private static List<String> lines(List<Event> events) { return events.stream().map(EventsJson::line).toList(); }

    /**
     * A syscall injected into a running G on 2 Ps: its P is left in _Psyscall with work queued, sysmon
     * retakes and hands it off, and the G comes back by one of exitsyscall's paths.
     */
    @Test
    void injectedSyscallLeadsToRetakeAndHandoff() {
        try (Engine e = Engine.step(workers())) {
            runWith(e, 3, new Action.InjectSyscall(3, 1_000_000));
            List<Event> events = e.drainEvents();
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
            Event inject = events.stream().filter(ev -> ev.kind() == EventKind.INJECT).findFirst().orElseThrow();
            Event enter = events.stream().filter(ev -> ev.kind() == EventKind.ENTERSYSCALL).findFirst().orElseThrow();
            assertThat(enter.g()).isEqualTo(3);
            assertThat(enter.seq()).isGreaterThan(inject.seq());
            Event retake = events.stream().filter(ev -> ev.kind() == EventKind.RETAKE && ev.p() == enter.p()).findFirst().orElseThrow();
            Event handoff = events.get(events.indexOf(retake) + 1);
            assertThat(handoff).isInstanceOf(Event.Handoffp.class);
            assertThat(((Event.Handoffp) handoff).rule()).isEqualTo(1);
            assertThat(events).anyMatch(ev -> ev.kind() == EventKind.EXITSYSCALL && ev.g() == 3);
        }
    }

    /** A replay applies each recorded action at the same safe point: the event log is identical, byte for byte. */
    @Test
    void replayReproducesARunWithActionsExactly() {
        List<String> original;
        List<Action.AppliedAction> actions;
        try (Engine e = Engine.step(workers())) {
            List<Event> all = new ArrayList<>();
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.EXECUTE && ev.g() == 3);
            e.inject(new Action.InjectSyscall(3, 700_000));
            e.inject(new Action.Spawn("spin", 3, List.of()));
            all.addAll(e.drainEvents());
            e.run(1_000_000);
            e.inject(new Action.SetGomaxprocs(3));
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.EXECUTE && ev.g() >= 2 && ev.g() <= 5);
            long victim = e.stoppedAt().g();
            e.inject(new Action.Block(victim));
            e.run(5_000_000);
            e.inject(new Action.Unblock(victim));
            e.run(10_000_000_000L);
            all.addAll(e.drainEvents());
            assertThat(e.outcome().kind()).as(e.outcome().message()).isEqualTo(Outcome.Kind.EXITED);
            original = lines(all);
            actions = e.actions();
        }
        assertThat(actions).hasSize(5);
        assertThat(original).anyMatch(l -> l.contains("\"kind\":\"PROCRESIZE\""));
        try (Engine r = Engine.replay(workers(), actions)) {
            r.run(10_000_000_000L);
            assertThat(lines(r.drainEvents())).isEqualTo(original);
        }
    }

    @Test
    void blockedGoroutineWaitsUntilUnblocked() {
        try (Engine e = Engine.step(workers())) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.EXECUTE && ev.g() == 2);
            e.inject(new Action.Block(2));
            e.run(30_000_000);
            var g2 = e.snapshot().gs().stream().filter(g -> g.goid() == 2).findFirst().orElseThrow();
            assertThat(g2.status()).isEqualTo(GStatus.WAITING);
            assertThat(g2.waitReason()).isEqualTo("injected");
            assertThat(e.outcome()).isNull(); // main still waits for G2
            e.inject(new Action.Unblock(2));
            e.run(10_000_000_000L);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        }
    }

    @Test
    void badActionsAreRefusedWithAClearMessage() {
        try (Engine e = Engine.step(workers())) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.PARK && ev.g() == 1); // all workers exist now
            long runnable = e.snapshot().gs().stream().filter(g -> g.status() == GStatus.RUNNABLE).findFirst().orElseThrow().goid();
            assertThatThrownBy(() -> e.inject(new Action.InjectSyscall(runnable, 1000)))
                    .hasMessage("G" + runnable + " is runnable, not running: only a running goroutine can enter a system call");
            assertThatThrownBy(() -> e.inject(new Action.InjectSyscall(99, 1000))).hasMessage("no live goroutine G99");
            assertThatThrownBy(() -> e.inject(new Action.Spawn("nosuch", 1, List.of()))).hasMessage("no function named nosuch");
            assertThatThrownBy(() -> e.inject(new Action.Spawn("worker", 1, List.of()))).hasMessage("worker takes 1 arguments, not 0");
            assertThatThrownBy(() -> e.inject(new Action.Spawn("spin", 0, List.of()))).hasMessage("spawn 1 to 100000 goroutines, not 0");
            assertThatThrownBy(() -> e.inject(new Action.SetGomaxprocs(0))).hasMessage("gomaxprocs must be between 1 and 256, got 0");
            assertThatThrownBy(() -> e.inject(new Action.Unblock(runnable))).hasMessage("G" + runnable + " was not blocked from outside");
            assertThat(e.actions()).isEmpty();
            assertThat(e.drainEvents()).noneMatch(ev -> ev.kind() == EventKind.INJECT);
        }
    }

    /**
     * An injected Gosched is Go's gosched_m → goschedImpl: the running G becomes runnable, goes to the
     * tail of the global queue under sched.lock, and its M schedules another G.
     */
    @Test
    void injectedGoschedRunsGoschedImplToTheGlobalQueuesTail() {
        try (Engine e = Engine.step(workers())) {
            // given G3 running on some M
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.EXECUTE && ev.g() == 3);
            int m = e.stoppedAt().m();

            // when it is made to call runtime.Gosched()
            e.inject(new Action.Gosched(3));
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.GOSCHED && ev.g() == 3);

            // then it is runnable at the global queue's tail, and the event says why
            Event gosched = e.stoppedAt();
            assertThat(gosched.m()).isEqualTo(m);
            assertThat(gosched.why()).contains("G3 called runtime.Gosched() (injected from outside)").contains("tail of the global queue");
            var s = e.snapshot();
            var g3 = s.gs().stream().filter(g -> g.goid() == 3).findFirst().orElseThrow();
            assertThat(g3.status()).isEqualTo(GStatus.RUNNABLE);
            assertThat(s.globalQueue()).last().isEqualTo(3L);
            // and its M runs another G next
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.EXECUTE && ev.m() == m);
            assertThat(e.stoppedAt().g()).isNotEqualTo(3);
            e.run(10_000_000_000L);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        }
    }

    /** Under the Go 1.0 setting an injected Gosched is Go 1.0's Gosched: gput at the tail of the one queue, nothing lost. */
    @Test
    void injectedGoschedUnderGo10GputsTheGAndTheRunEnds() {
        try (Engine e = Engine.step(workers().withScheduler(org.gmplab.scenario.Scenario.Scheduler.GO10))) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.EXECUTE && ev.g() == 3);
            e.inject(new Action.Gosched(3));
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.GOSCHED && ev.g() == 3);
            var s = e.snapshot();
            var g3 = s.gs().stream().filter(g -> g.goid() == 3).findFirst().orElseThrow();
            assertThat(g3.status()).isEqualTo(GStatus.RUNNABLE);
            assertThat(s.globalQueue()).last().isEqualTo(3L);
            e.checkInvariants();
            e.run(10_000_000_000L);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        }
    }

    /** A Gosched injected in the middle of a long work yields at the next work slice; the work goes on later. */
    @Test
    void injectedGoschedInALongWorkYieldsAtTheNextSlice() {
        Scenario sc = prog().procs(1).fn(fn("main", work("5ms"))).build("long");
        try (Engine e = Engine.step(sc)) {
            e.run(1_000_000);
            e.inject(new Action.Gosched(1));
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.GOSCHED);
            assertThat(e.now()).isLessThan(1_500_000);
            e.run(10_000_000_000L);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
            assertThat(e.now()).isGreaterThanOrEqualTo(5_000_000);
        }
    }

    @Test
    void goschedOfAGoroutineNotRunningIsRefused() {
        try (Engine e = Engine.step(workers())) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.PARK && ev.g() == 1);
            assertThatThrownBy(() -> e.inject(new Action.Gosched(1)))
                    .hasMessage("G1 is waiting, not running: only a running goroutine can call runtime.Gosched()");
            assertThat(e.actions()).isEmpty();
        }
    }

    /** A recorded Gosched is reproduced by a replay, event for event. */
    @Test
    void replayReproducesAnInjectedGosched() {
        List<String> original;
        List<Action.AppliedAction> actions;
        try (Engine e = Engine.step(workers())) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.EXECUTE && ev.g() == 4);
            e.inject(new Action.Gosched(4));
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.EXECUTE && ev.g() == 2);
            e.inject(new Action.Gosched(2));
            e.run(10_000_000_000L);
            original = lines(e.drainEvents());
            actions = e.actions();
        }
        assertThat(actions).extracting(Action.AppliedAction::action).containsExactly(new Action.Gosched(4), new Action.Gosched(2));
        assertThat(original.stream().filter(l -> l.contains("(injected from outside)"))).hasSize(2);
        try (Engine r = Engine.replay(workers(), actions)) {
            r.run(10_000_000_000L);
            assertThat(lines(r.drainEvents())).isEqualTo(original);
        }
    }

    /**
     * An action injected at a moment a time limit reached (inside a long work, many silent safe points after the
     * last event) applies there again when an engine at its event is told to reapply it, and no earlier.
     */
    @Test
    void reapplyRunsOnToTheRecordedSafePointAndClock() {
        Action.AppliedAction a;
        List<String> original;
        try (Engine e = Engine.step(workers())) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.EXECUTE && ev.g() == 3);
            e.run(e.now() + 150_000);
            e.inject(new Action.Spawn("spin", 1, List.of()));
            a = e.actions().get(0);
            e.run(10_000_000_000L);
            original = lines(e.drainEvents());
        }
        try (Engine r = Engine.step(workers())) {
            // when an engine is run to the action's event (the first safe point after it) and told to reapply it
            r.runUntil(Long.MAX_VALUE, ev -> ev.seq() == a.event());
            assertThat(((StepTurnstile) r.sched().ts).safePoints()).isLessThan(a.safePoint());
            r.reapply(a);
            // then it applied where it first did, and the run is the first one, event for event
            assertThat(r.actions()).containsExactly(a);
            r.run(10_000_000_000L);
            assertThat(lines(r.drainEvents())).isEqualTo(original);
        }
        try (Engine late = Engine.step(workers())) {
            // and an engine already past that safe point says so instead of applying it elsewhere
            late.run(a.time() + 1_000_000);
            assertThatThrownBy(() -> late.reapply(a)).isInstanceOf(IllegalStateException.class).hasMessageContaining("replay diverged");
            assertThat(late.actions()).isEmpty();
        }
    }

    /** A network read's data can be made to arrive now. */
    @Test
    void netReadyWakesTheReaderEarly() {
        Scenario sc = prog().procs(2).fn(fn("main", netread("50ms"), work("10us"))).build("net");
        try (Engine e = Engine.step(sc)) {
            e.run(1_000_000);
            e.inject(new Action.NetReady(1));
            e.run(10_000_000_000L);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
            assertThat(e.now()).isLessThan(5_000_000);
        }
    }
}
