package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.*;

import java.util.List;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.PStatus;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.trace.EventsJson;
import org.gmplab.trace.SchedTrace;
import org.junit.jupiter.api.Test;

/**
 * Go 1.26's rules beside Go 1.23's (GO-SCHEDULER.md 1.9 "Model B" and 1.12): a P in a system call stays
 * {@code _Prunning} with its M, and whoever takes it holds the G in its call first.
 */
class Go126Test {

    private static final Scenario.GoVersion GO123 = Scenario.GoVersion.GO123, GO126 = Scenario.GoVersion.GO126;

    /** The world at virtual time {@code t}, with the events up to then. */
    private record At(Snapshot world, List<Event> events) {}

    private static At at(Scenario sc, long t) {
        try (Engine e = Engine.step(sc)) {
            List<Event> events = new java.util.ArrayList<>();
            e.runUntil(t, null, events::add);
            return new At(e.snapshot(), events);
        }
    }

    private static Snapshot.Thread m(Snapshot s, int id) {
        return s.ms().stream().filter(m -> m.id() == id).findFirst().orElseThrow();
    }

    private static Snapshot.G g(Snapshot s, long goid) {
        return s.gs().stream().filter(g -> g.goid() == goid).findFirst().orElseThrow();
    }

    /** main alone on two Ps calls a 5 ms syscall: P1 is idle, so sysmon leaves P0 alone for 10 ms. */
    private static Scenario lonelySyscall() {
        return prog().procs(2).fn(fn("main", syscall("5ms"), work("10us"))).build("lonely syscall");
    }

    @Test
    void entersyscall_go126KeepsP() {
        Snapshot s = at(lonelySyscall().withGo(GO126), 2_000_000).world();
        assertThat(s.go126()).isTrue();
        assertThat(g(s, 1).status()).isEqualTo(GStatus.SYSCALL);
        Snapshot.Proc p0 = s.ps().get(0);
        assertThat(p0.status()).as("_Prunning").isEqualTo(PStatus.RUNNING);
        assertThat(p0.m()).isEqualTo(0);
        assertThat(m(s, 0).p()).isEqualTo(0);
        assertThat(m(s, 0).curg()).isEqualTo(1);
        String detail = SchedTrace.format(s, true);
        assertThat(detail).contains("  P0: status=1 schedtick=").contains(" m=0 runqsize=0")
                .contains("  M0: p=0 curg=1 ").contains("  G1: status=3() m=0 ");

        // Go 1.23, the same program at the same moment: _Psyscall, no M
        Snapshot old = at(lonelySyscall(), 2_000_000).world();
        assertThat(old.ps().get(0).status()).isEqualTo(PStatus.SYSCALL);
        assertThat(SchedTrace.format(old, true)).contains("  P0: status=2 ").contains("  M0: p=nil curg=1 ");
    }

    /** The inspector says an M in a syscall keeps its P under Go 1.26 (rather than that it runs the G there). */
    @Test
    void theInspectorSaysTheMInASyscallKeepsItsP() {
        Snapshot s = at(lonelySyscall().withGo(GO126), 2_000_000).world();
        var hit = new org.gmplab.view.Layout.Hit(org.gmplab.view.Layout.Hit.Kind.M, 0, null);
        assertThat(org.gmplab.view.Inspector.brief(hit, s, org.gmplab.i18n.Wording.ENGLISH)).isEqualTo("M0 in a syscall with G1, keeps P0");
    }

    @Test
    void exitsyscall_go126FastPathStillHasItsP() {
        Scenario sc = prog().procs(2).fn(fn("main", syscall("5us"), work("10us"))).build("short").withGo(GO126);
        At after = at(sc, 8_000);   // back from the call, still working
        List<Event.ExitSyscall> exits = after.events().stream().filter(e -> e instanceof Event.ExitSyscall).map(e -> (Event.ExitSyscall) e).toList();
        assertThat(exits).hasSize(1);
        assertThat(exits.get(0).path()).isEqualTo(1);
        assertThat(exits.get(0).p()).isEqualTo(0);
        assertThat(exits.get(0).why()).contains("still has P0");
        assertThat(after.events()).noneMatch(e -> e.kind() == EventKind.RETAKE);
        Snapshot s = after.world();
        assertThat(g(s, 1).status()).isEqualTo(GStatus.RUNNING);
        assertThat(m(s, 0).p()).isEqualTo(0);
        assertThat(s.ps().get(0).syscalltick()).as("exitsyscall counts the call on the P").isEqualTo(1);
    }

    /**
     * GOMAXPROCS=1: main readies b, then blocks 1 ms in a syscall. Until sysmon looks twice, P0 stays
     * {@code _Prunning} with M0 (Go 1.26); then sysmon holds G1 in its call, takes P0 and hands it to
     * another M for b, leaving M0 in the call without a P.
     */
    @Test
    void retake_go126TakesTheRunningPOfAnMInASyscall() {
        Scenario sc = prog().procs(1).fn(fn("main", go("b"), syscall("1ms"))).fn(fn("b", work("300us"))).build("retake").withGo(GO126);
        At before = at(sc, 15_000);   // sysmon's first look is 20 µs in
        assertThat(before.events()).anyMatch(e -> e.kind() == EventKind.ENTERSYSCALL);
        assertThat(before.world().ps().get(0).status()).isEqualTo(PStatus.RUNNING);
        assertThat(before.world().ps().get(0).m()).isEqualTo(0);

        At after = at(sc, 200_000);   // b runs from ~130 µs to ~430 µs
        List<Event> retakes = after.events().stream().filter(e -> e.kind() == EventKind.RETAKE).toList();
        assertThat(retakes).hasSize(1);
        assertThat(retakes.get(0).p()).isEqualTo(0);
        assertThat(retakes.get(0).why()).contains("setBlockOnExitSyscall");
        Snapshot s = after.world();
        Snapshot.Proc p0 = s.ps().get(0);
        assertThat(p0.status()).isEqualTo(PStatus.RUNNING);
        assertThat(p0.m()).isNotEqualTo(0);
        assertThat(m(s, p0.m()).curg()).as("b runs on the P taken from M0").isEqualTo(2);
        assertThat(m(s, 0).p()).isEqualTo(-1);
        assertThat(g(s, 1).status()).isEqualTo(GStatus.SYSCALL);
        assertThat(p0.syscalltick()).as("takeP counts the call").isEqualTo(1);
        // preemptone leaves a G in a syscall alone
        assertThat(after.events()).noneMatch(e -> e.kind() == EventKind.PREEMPT_REQUEST);
    }

    /**
     * Go 1.26's runqgrab: a thief backs off 3 µs before taking a running P's runnext, unless that P's G is in
     * a system call.
     */
    @Test
    void runqgrab_go126SkipsTheBackoffWhenTheVictimIsInASyscall() {
        Scenario sc = prog().procs(2).fn(fn("main", work("1ms"), syscall("5ms"), work("10us"))).build("victim").withGo(GO126);
        try (Engine e = Engine.step(sc)) {
            e.runUntil(500_000, null, ev -> { });
            Processor p0 = e.sched().allp[0];
            assertThat(p0.status).isEqualTo(PStatus.RUNNING);
            assertThat(p0.runnextStealBackoff()).as("G1 works: the owner may run its runnext at once").isTrue();
            e.runUntil(3_000_000, null, ev -> { });
            assertThat(p0.status).isEqualTo(PStatus.RUNNING);
            assertThat(p0.m.curg.status).isEqualTo(GStatus.SYSCALL);
            assertThat(p0.runnextStealBackoff()).as("G1 is in a syscall: no back-off").isFalse();
        }
        // Go 1.23: the back-off depends on the P's status only
        try (Engine e = Engine.step(sc.withGo(GO123))) {
            e.runUntil(500_000, null, ev -> { });
            assertThat(e.sched().allp[0].runnextStealBackoff()).isTrue();
        }
    }

    /**
     * main grows GOMAXPROCS while spin runs on P1: the stop-the-world preempts spin. Go 1.26's goschedImpl
     * keeps it in P1's runnext, so it goes on there after the world starts; Go 1.23 puts it on the global queue.
     */
    @Test
    void goschedImpl_go126KeepsTheGPreemptedForAStopTheWorldInRunnext() {
        Scenario sc = prog().procs(2).fn(fn("main", go("spin"), work("500us"), gomaxprocs("3"), work("100us")))
                .fn(fn("spin", work("5ms"))).build("stw preempt");
        for (Scenario.GoVersion v : List.of(GO126, GO123)) {
            At after = at(sc.withGo(v), 2_000_000);
            List<Event> preempts = after.events().stream().filter(e -> e.kind() == EventKind.PREEMPT && e.g() == 2).toList();
            assertThat(preempts).as(v.key).hasSize(1);
            Event.Preempt p = (Event.Preempt) preempts.get(0);
            if (v == GO126) {
                assertThat(p.runnext()).isTrue();
                assertThat(p.global()).isEqualTo(0);
            } else {
                assertThat(p.runnext()).isFalse();
                assertThat(p.global()).isEqualTo(1);
            }
        }
    }

    /**
     * Go 1.26's stopTheWorldWithSema stops a P whose M is in a syscall at once (setBlockOnExitSyscall +
     * gcstopP) instead of waiting for the call to end: GOMAXPROCS returns long before a's 5 ms call does.
     */
    @Test
    void stopTheWorldWithSema_go126StopsThePOfAnMInASyscallAtOnce() {
        // a third P stays idle, so sysmon leaves a's P alone (a young call, nothing queued, someone idle)
        Scenario sc = prog().procs(3).fn(fn("main", go("a"), work("300us"), gomaxprocs("4"), work("10us")))
                .fn(fn("a", syscall("5ms"))).build("stw syscall").withGo(GO126);
        At after = at(sc, 2_000_000);
        Event enter = after.events().stream().filter(e -> e.kind() == EventKind.ENTERSYSCALL).findFirst().orElseThrow();
        Event resize = after.events().stream().filter(e -> e.kind() == EventKind.PROCRESIZE).findFirst().orElseThrow();
        assertThat(enter.time()).isLessThan(resize.time());
        assertThat(resize.time()).isLessThan(1_000_000);
        Event.Stw stw = (Event.Stw) after.events().stream().filter(e -> e.kind() == EventKind.STW).findFirst().orElseThrow();
        assertThat(stw.stopwait()).as("nothing left to wait for").isEqualTo(0L);
        assertThat(after.world().ps().get(enter.p()).syscalltick()).isEqualTo(1);
    }

    @Test
    void schedtrace_go126PrintsSchedticksAfterTheQueues() {
        Snapshot s = at(lonelySyscall().withGo(GO126), 2_000_000).world();
        assertThat(SchedTrace.format(s, false)).endsWith(" runqueue=0 [ 0 0 ] schedticks=[ 0 0 ]\n");
        Snapshot old = at(lonelySyscall(), 2_000_000).world();
        assertThat(SchedTrace.format(old, false)).endsWith(" runqueue=0 [0 0]\n");
    }

    @Test
    void sameSeedGivesByteIdenticalEventLogs_go126() {
        Scenario sc = prog().procs(2).wg("wg").fn(fn("main", add("wg", "3"), go("c"), go("b"), go("a"), gomaxprocs("3"), waitWg("wg")))
                .fn(fn("a", syscall("200us"), done("wg")))
                .fn(fn("b", loop("i", "20", syscall("30us"), work("20us")), done("wg")))
                .fn(fn("c", work("300us"), done("wg"))).build("determinism").withGo(GO126);
        List<String> first = StepRuns.run(sc).events().stream().map(EventsJson::line).toList();
        List<String> second = StepRuns.run(sc).events().stream().map(EventsJson::line).toList();
        assertThat(first).hasSizeGreaterThan(50);
        assertThat(second).isEqualTo(first);
        assertThat(StepRuns.run(sc).outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        // and the two versions do differ on it
        List<String> old = StepRuns.run(sc.withGo(GO123)).events().stream().map(EventsJson::line).toList();
        assertThat(old).isNotEqualTo(first);
    }
}
