package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.*;

import java.util.List;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.PStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** entersyscall / exitsyscall (Go 1.23's _Psyscall model) and handoffp's decisions. */
class SyscallTest {

    /**
     * Three goroutines on two Ps: G4 (a) enters a 200 µs syscall while b and c wait; sysmon retakes its P
     * for them (after ~100 µs: two looks, ~70 µs apart), and a new M runs b on it from ~130 µs. When a
     * returns, b's duration decides which exitsyscall path it takes.
     */
    private static Scenario race(long bNanos) {
        return prog().procs(2).wg("wg").fn(fn("main",
                        add("wg", "3"), go("c"), go("b"), go("a"), waitWg("wg")))
                .fn(fn("a", syscall("200us"), done("wg")))
                .fn(fn("b", work(bNanos + "ns"), done("wg")))
                .fn(fn("c", work("300us"), done("wg"))).build("exitsyscall" + bNanos);
    }

    private static List<Long> exitPaths(StepRuns.Run run) {
        return run.of(Event.ExitSyscall.class).stream().map(e -> (long) e.path()).toList();
    }

    /** exitsyscallfast: a short call finds its old P still in _Psyscall and takes it straight back. */
    @Test
    void shortSyscallGetsItsOldPBack() {
        Scenario sc = prog().procs(2).fn(fn("main", syscall("5us"), work("10us"))).build("short");
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(exitPaths(run)).containsExactly(1L);
        assertThat(run.of(EventKind.RETAKE)).isEmpty();
    }

    @ParameterizedTest(name = "b works {0} ns → exitsyscall path {1}")
    @CsvSource({
            // P0 was retaken and b finished early: an idle P is there on the fast path (exitsyscallfast_pidle)
            "1000, 2",
            // b finishes as a returns: its P goes idle during a's switch to g0 (mcall), so exitsyscall0
            // finds it under sched.lock
            "71500, 3",
            // both Ps are busy: a goes to the global queue and its M goes to sleep (exitsyscall0 + stopm)
            "100000, 4",
    })
    void everyExitsyscallPathIsReached(long bNanos, long path) {
        StepRuns.Run run = StepRuns.run(race(bNanos));
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(exitPaths(run)).containsExactly(path);
        if (path == 4) {
            // the slow path: G4 to the global queue, then its M stops
            Event exit = run.of(EventKind.EXITSYSCALL).get(0);
            List<Event> after = run.events().subList(run.events().indexOf(exit), run.events().size());
            assertThat(after.get(1).kind()).isEqualTo(EventKind.STOPM);
            assertThat(after.get(1).m()).isEqualTo(exit.m());
        }
    }

    /**
     * Go's {@code exitsyscall}: after {@code mcall(exitsyscall0)} returns, the G runs again on some P and
     * bumps that P's {@code syscalltick}, as the fast paths do. Here the slow path (4) is taken once and
     * sysmon retakes once: every P's syscalltick summed is 2.
     */
    @Test
    void exitsyscall_slowPathCountsTheSyscallOnThePItResumesOn() {
        try (Engine e = Engine.step(race(100_000))) {
            e.run(Long.MAX_VALUE);
            List<Event> events = e.drainEvents();
            assertThat(events.stream().filter(ev -> ev instanceof Event.ExitSyscall).map(ev -> ((Event.ExitSyscall) ev).path())).containsExactly(4);
            long retakes = events.stream().filter(ev -> ev.kind() == EventKind.RETAKE).count();
            assertThat(retakes).isEqualTo(1);
            long ticks = e.snapshot().ps().stream().mapToLong(p -> p.syscalltick()).sum();
            assertThat(ticks).isEqualTo(retakes + 1);
        }
    }

    /** A retaken P with queued work goes to another M at once (handoffp rule 1). */
    @Test
    void handoffpStartsAnMWhenThePHasWork() {
        StepRuns.Run run = StepRuns.run(race(100_000));
        assertThat(run.of(Event.Handoffp.class)).extracting(Event.Handoffp::rule).containsExactly(1);
        Event.Retake retake = run.of(Event.Retake.class).get(0);
        assertThat(retake.runq()).isPositive();
    }

    /** entersyscallblock: a call known to block hands the P off at once, no sysmon needed. */
    @Test
    void entersyscallblockHandsOffAtOnce() {
        Scenario sc = prog().procs(1).wg("wg").fn(fn("main", add("wg", "1"), go("w"), syscallBlock("1ms"), waitWg("wg")))
                .fn(fn("w", work("50us"), done("wg"))).build("block");
        StepRuns.Run run = StepRuns.run(sc);
        Event.EnterSyscall enter = run.of(Event.EnterSyscall.class).get(0);
        Event.Handoffp handoff = run.of(Event.Handoffp.class).get(0);
        assertThat(enter.blocking()).isTrue();
        assertThat(handoff.time()).isEqualTo(enter.time());
        assertThat(handoff.rule()).isEqualTo(1);
        assertThat(run.of(EventKind.RETAKE)).isEmpty();
    }

    /** handoffp rule 4: no work, but nobody spins and no P is idle — provide a spinner. */
    @Test
    void handoffpStartsASpinnerWhenNobodyLooksForWork() {
        // cpu is stolen by the second M while main works; then sys blocks on P0, whose queue is empty
        Scenario sc = prog().procs(2).wg("wg").fn(fn("main", add("wg", "2"), go("cpu"), work("100us"), go("sys"), waitWg("wg")))
                .fn(fn("cpu", work("20ms"), done("wg")))
                .fn(fn("sys", syscallBlock("1ms"), done("wg"))).build("spinner");
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.of(Event.Handoffp.class)).extracting(Event.Handoffp::rule).contains(4);
    }

    /**
     * handoffp rule 8: the last running P, with nobody blocked in the poller, is handed to an M rather than
     * left idle (someone must poll the network). And sysmon lets a call with nothing waiting behind it run
     * 10 ms before retaking its P while another P is idle.
     */
    @Test
    void lastRunningPIsHandedOnAndRetakenOnlyAfter10ms() {
        Scenario sc = prog().procs(2).fn(fn("main", syscall("15ms"))).build("last");
        StepRuns.Run run = StepRuns.run(sc);
        Event enter = run.of(EventKind.ENTERSYSCALL).get(0);
        Event retake = run.of(EventKind.RETAKE).get(0);
        assertThat(retake.time() - enter.time()).isBetween(Sysmon.SYSCALL_RETAKE_NS, Sysmon.SYSCALL_RETAKE_NS + Sysmon.MAX_DELAY);
        assertThat(run.of(Event.Handoffp.class)).extracting(Event.Handoffp::rule).containsExactly(8);
    }

    /** handoffp rule 9: with another P busy and one idle, a retaken P without work just goes idle. */
    @Test
    void retakenPWithNothingToDoGoesIdle() {
        Scenario sc = prog().procs(3).wg("wg").fn(fn("main", add("wg", "2"), go("cpu"), go("sys"), waitWg("wg")))
                .fn(fn("cpu", work("30ms"), done("wg")))
                .fn(fn("sys", syscall("15ms"), done("wg"))).build("idle");
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.of(Event.Handoffp.class)).extracting(Event.Handoffp::rule).contains(9);
    }

    /**
     * handoffp rule 5 — the world is stopping: the P stops instead. Only reachable when a stop-the-world
     * starts between a retake and its handoff, which step mode never interleaves; so this calls handoffp
     * directly on a frozen engine.
     */
    @Test
    void handoffpStopsThePWhileTheWorldStops() {
        // three Ps: after taking P1 for the handoff, P2 is still idle, so rules 1 and 4 do not apply
        try (Engine e = Engine.step(prog().procs(3).fn(fn("main", work("1ms"))).build("stw"))) {
            Sched sched = e.sched();
            Processor p1;
            sched.lock.lock();
            try {
                p1 = sched.pidleget();
                sched.gcwaiting = true;
                sched.stopwait = 1;
            } finally {
                sched.lock.unlock();
            }
            sched.stopper = sched.allm.get(0);
            sched.handoffp(p1, null);
            assertThat(p1.status).isEqualTo(PStatus.GCSTOP);
            assertThat(sched.stopwait).isZero();
            assertThat(sched.allm.get(0).permit).as("the stopper was woken").isTrue();
        }
    }

    /**
     * GO-SCHEDULER.md 3.c: 4 goroutines block in 1 s syscalls beside 2 computers on 2 Ps. Each blocked
     * call keeps its M, so threads grow to 7 (M0, sysmon, 5 more); at release no P is free, so all four
     * returners land in the global queue and their Ms go idle — the very line Go 1.23 printed.
     */
    @Test
    void syscallScenarioMatchesGosTraceAtRelease() throws Exception {
        Scenario sc = org.gmplab.scenario.ScenarioJson.load(java.nio.file.Path.of("scenarios/syscall.json"));
        try (Engine e = Engine.step(sc)) {
            e.run(500_000_000L);
            assertThat(e.snapshot().threads()).isEqualTo(7);
            e.run(1_005_000_000L);
            String line = org.gmplab.trace.SchedTrace.format(e.snapshot(), false).strip();
            assertThat(line.replaceFirst("SCHED \\d+ms", "SCHED"))
                    .isEqualTo("SCHED: gomaxprocs=2 idleprocs=0 threads=7 spinningthreads=0 needspinning=1 idlethreads=4 runqueue=4 [0 0]");
        }
    }
}
