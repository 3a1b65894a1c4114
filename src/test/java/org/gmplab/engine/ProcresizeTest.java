package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.*;

import java.util.List;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/** runtime.GOMAXPROCS: stop the world, procresize, start the world. */
class ProcresizeTest {

    /**
     * Shrinking destroys the extra Ps: their queues go to the head of the global queue, in order, ahead of
     * what was there; their Ps become _Pdead. Growing adds idle Ps.
     */
    @Test
    void shrinkMovesQueuesToTheGlobalHeadAndGrowAddsIdlePs() {
        Scenario sc = prog().procs(4).wg("wg").fn(fn("main",
                        add("wg", "40"),
                        loop("i", "40", go("w")),
                        work("300us"),            // let the other Ps steal some
                        gomaxprocs("1"),
                        work("10us"),
                        gomaxprocs("3"),
                        waitWg("wg")))
                .fn(fn("w", work("200us"), done("wg"))).build("resize");
        try (Engine e = Engine.step(sc)) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.PROCRESIZE);
            // drive to the safe point after the resize; the world is stopped until startTheWorld
            Snapshot s = e.snapshot();
            assertThat(s.gomaxprocs()).isEqualTo(1);
            assertThat(s.ps()).hasSize(1);
            assertThat(s.globalQueue()).isNotEmpty();
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.PROCRESIZE);
            s = e.snapshot();
            assertThat(s.gomaxprocs()).isEqualTo(3);
            e.run(Long.MAX_VALUE);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        }
    }

    /** Every running P stops before procresize: the others' Gs are preempted and their Ms park (gcstopm). */
    @Test
    void theWorldStopsBeforeTheResize() {
        Scenario sc = prog().procs(3).wg("wg").fn(fn("main",
                        add("wg", "2"), go("cpu"), go("cpu"), work("1ms"), gomaxprocs("2"), waitWg("wg")))
                .fn(fn("cpu", work("5ms"), done("wg"))).build("stw");
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        List<Event> stw = run.of(EventKind.STW);
        Event resize = run.of(EventKind.PROCRESIZE).get(0);
        assertThat(stw.get(0).why()).startsWith("stop the world");
        long stoppedBefore = stw.stream().filter(e -> e.why().contains("sees the world stopping") && e.seq() < resize.seq()).count();
        assertThat(stoppedBefore).isEqualTo(2);
        assertThat(run.of(EventKind.PREEMPT).stream().filter(e -> e.seq() < resize.seq())).hasSize(2);
        assertThat(stw.get(stw.size() - 1).why()).startsWith("start the world");
    }

    /**
     * The world order with a P in a syscall: stopTheWorld takes it at once (_Psyscall → _Pgcstop). The
     * third P stays idle, so sysmon leaves the P in its syscall alone (retake: someone idle can take work).
     */
    @Test
    void pInSyscallStopsAtOnce() {
        Scenario sc = prog().procs(3).wg("wg").fn(fn("main",
                        add("wg", "1"), go("sys"), work("300us"), gomaxprocs("1"), waitWg("wg")))
                .fn(fn("sys", syscall("2ms"), done("wg"))).build("stw-syscall");
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).as(run.outcome().message()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(run.of(Event.Stw.class).get(0).stopwait()).isZero();
    }

    /**
     * Go's {@code procresize} when the caller's own P is destroyed: it moves to P0 first, and the dead Ps'
     * timers go to that live P ({@code timers.take}), so the sleepers still wake and the program exits
     * (it used to report a false deadlock: the timers went down with the caller's dying P).
     */
    @Test
    void procresize_shrinkFromADestroyedPKeepsTheSleepersTimers() {
        int fromDestroyedP = 0;
        for (long seed = 1; seed <= 6; seed++) {
            Scenario sc = prog().procs(4).seed(seed).wg("wg").fn(fn("main",
                            add("wg", "9"),
                            loop("i", "8", go("sleeper")),
                            go("resizer"),
                            work("2ms"),
                            waitWg("wg")))
                    .fn(fn("sleeper", work("20us"), sleep("1ms"), done("wg")))
                    .fn(fn("resizer", work("300us"), gomaxprocs("1"), done("wg"))).build("shrink-" + seed);
            StepRuns.Run run = StepRuns.run(sc);
            assertThat(run.outcome().kind()).as("seed " + seed + ": " + run.outcome().message()).isEqualTo(Outcome.Kind.EXITED);
            Event stw = run.of(EventKind.STW).get(0);
            if (stw.p() != 0) fromDestroyedP++;
        }
        assertThat(fromDestroyedP).as("runs where the caller's P was destroyed").isPositive();
    }

    /**
     * Go's {@code startTheWorldWithSema} polls the network without blocking before procresize: a read whose
     * data arrived while the only P was busy (nobody blocked in the poller) is found there and queued.
     */
    @Test
    void startTheWorldWithSema_pollsTheNetwork() {
        Scenario sc = prog().procs(1).wg("wg").fn(fn("main",
                        // two Goscheds: the first comes back at once (schedtick 0 takes from the global
                        // queue first), the second lets the reader run and park
                        add("wg", "1"), go("reader"), new org.gmplab.scenario.Stmt.Gosched(), new org.gmplab.scenario.Stmt.Gosched(),
                        work("1ms"), gomaxprocs("2"), waitWg("wg")))
                .fn(fn("reader", netread("50us"), done("wg"))).build("stw-netpoll");
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).as(run.outcome().message()).isEqualTo(Outcome.Kind.EXITED);
        Event resize = run.of(EventKind.PROCRESIZE).get(0);
        Event poll = run.of(EventKind.NETPOLL).get(0);
        assertThat(poll.why()).startsWith("start the world: a non-blocking netpoll");
        assertThat(poll.seq()).isLessThan(resize.seq());
    }
}
