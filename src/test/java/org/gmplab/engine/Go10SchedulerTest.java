package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.*;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.trace.EventsJson;
import org.junit.jupiter.api.Test;

/**
 * The Go 1.0 scheduler (src/pkg/runtime/proc.c): one global queue under one lock, no Ps, at most mcpumax
 * Ms running Go code. Each test names the Go 1.0 function whose rule it checks. Step mode throughout; the
 * engine checks its invariants (each G in one place, mcpu = Ms running Go code) at every safe point.
 */
class Go10SchedulerTest {
    private static final long LIMIT = 60_000_000_000L;

    private static Scenario go10(Scenario sc) { return sc.withScheduler(Scenario.Scheduler.GO10); }

    /** main starts n goroutines that each work w, then waits for them. */
    private static Scenario spawn(int procs, int n, String w) {
        return go10(prog().procs(procs).wg("wg")
                .fn(fn("main", add("wg", String.valueOf(n)), loop("i", String.valueOf(n), go("w")), waitWg("wg")))
                .fn(fn("w", work(w), done("wg"))).build("spawn" + n));
    }

    /** Runs until the {@code count}-th event matching {@code p}; returns the events up to it. */
    private static List<Event> runTo(Engine e, int count, Predicate<Event> p) {
        int[] seen = {0};
        Engine.Stop stop = e.runUntil(LIMIT, ev -> p.test(ev) && ++seen[0] >= count);
        assertThat(stop).isEqualTo(Engine.Stop.EVENT);
        return e.drainEvents();
    }

    private static Predicate<Event> kind(EventKind k) { return ev -> ev.kind() == k; }

    @Test
    void gput_appendsToTheOneGlobalQueue() {
        // given GOMAXPROCS=1: main holds the only cpu (mcpu=1=mcpumax)
        try (Engine e = Engine.step(spawn(1, 3, "10us"))) {
            // when main has run three go statements
            runTo(e, 3, kind(EventKind.GO).and(ev -> ev.g() != 1));
            Snapshot s = e.snapshot();
            // then the three Gs wait, in creation order, in the one global queue; there is no P at all
            assertThat(s.scheduler()).isEqualTo("go1.0");
            assertThat(s.ps()).isEmpty();
            assertThat(s.globalQueue()).containsExactly(2L, 3L, 4L);
            assertThat(s.mcpu()).isEqualTo(1);
            assertThat(s.gs()).filteredOn(g -> g.goid() > 1).extracting(Snapshot.G::where)
                    .containsExactly(new Place.Global(0), new Place.Global(1), new Place.Global(2));
        }
    }

    @Test
    void newproc_takesTheSchedulerLockForEveryGoStatement() {
        try (Engine e = Engine.step(spawn(1, 3, "10us"))) {
            runTo(e, 1, kind(EventKind.GO).and(ev -> ev.g() != 1));
            long before = e.snapshot().lock().acquisitions();
            runTo(e, 2, kind(EventKind.GO).and(ev -> ev.g() != 1));
            // newproc → newprocreadylocked → readylocked (gput + matchmg), one hold of the lock each
            assertThat(e.snapshot().lock().acquisitions() - before).isEqualTo(2);
        }
    }

    @Test
    void nextgandunlock_takesFromGlobalQueueUnderLock() {
        try (Engine e = Engine.step(spawn(1, 3, "10us"))) {
            runTo(e, 3, kind(EventKind.GO).and(ev -> ev.g() != 1));
            long before = e.snapshot().lock().acquisitions();
            // when main blocks in wg.Wait, its M goes through schedule → nextgandunlock
            List<Event> evs = runTo(e, 1, kind(EventKind.NEXTG));
            Event next = evs.get(evs.size() - 1);
            assertThat(evs).anyMatch(ev -> ev.kind() == EventKind.PARK && ev.g() == 1);
            // then it takes the head of the global queue (G2), under one more hold of the lock
            assertThat(next.g()).isEqualTo(2);
            assertThat(next.m()).isEqualTo(0);
            Snapshot s = e.snapshot();
            assertThat(s.lock().acquisitions() - before).isEqualTo(1);
            assertThat(s.globalQueue()).containsExactly(3L, 4L);
            assertThat(s.mcpu()).isEqualTo(1);
        }
    }

    @Test
    void matchmg_startsAnMWhenUnderMcpumax() {
        // given GOMAXPROCS=2: only main runs, so mcpu=1 < mcpumax=2
        try (Engine e = Engine.step(spawn(2, 3, "100us"))) {
            List<Event> evs = runTo(e, 1, kind(EventKind.MATCHMG));
            Event.MatchMG mm = (Event.MatchMG) evs.get(evs.size() - 1);
            // then matchmg hands G2 to a new thread M1 (there is no idle M), counting it in mcpu
            assertThat(mm.g()).isEqualTo(2);
            assertThat(mm.m()).isEqualTo(1);
            assertThat(mm.fresh()).isTrue();
            assertThat(mm.mcpu()).isEqualTo(2);
            assertThat(evs).anyMatch(ev -> ev.kind() == EventKind.NEWM && ev.m() == 1);
            Snapshot s = e.snapshot();
            assertThat(s.gs()).filteredOn(g -> g.goid() == 2).extracting(Snapshot.G::where).containsExactly(new Place.Nextg(1));
        }
    }

    @Test
    void matchmg_leavesGsQueuedAtMcpumax() {
        try (Engine e = Engine.step(spawn(2, 3, "100us"))) {
            runTo(e, 3, kind(EventKind.GO).and(ev -> ev.g() != 1));
            Snapshot s = e.snapshot();
            // mcpu = mcpumax = 2 (main, and G2 handed to M1): G3 and G4 wait in the global queue
            assertThat(s.mcpu()).isEqualTo(2);
            assertThat(s.globalQueue()).containsExactly(3L, 4L);
            assertThat(s.threads()).isEqualTo(2);
        }
    }

    @Test
    void nextgandunlock_mputsAnIdleMThatMatchmgWakesLater() {
        // main starts one goroutine, sleeps, then starts another: M1 runs out of work and sleeps on the
        // idle M list; the second go statement's matchmg wakes it (no new thread)
        Scenario sc = go10(prog().procs(2).wg("wg")
                .fn(fn("main", add("wg", "2"), go("w"), sleep("1ms"), go("w"), waitWg("wg")))
                .fn(fn("w", work("10us"), done("wg"))).build("idle"));
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(run.of(EventKind.STOPM)).anyMatch(ev -> ev.m() == 1);
        assertThat(run.of(Event.MatchMG.class)).anyMatch(ev -> ev.m() == 1 && !ev.fresh());
        assertThat(run.of(EventKind.NEWM)).hasSize(1);
    }

    @Test
    void schedlock_contendedWhenTwoMsWantItAtTheSameVirtualTime() {
        // given many very short goroutines on four Ms: every switch takes the one lock
        StepRuns.Run run = StepRuns.run(spawn(4, 400, "200ns"));
        List<Event.SchedLock> waits = run.of(Event.SchedLock.class);
        // then Ms often find it held by another M and wait, and each wait is explained
        assertThat(waits).hasSizeGreaterThan(20);
        assertThat(waits).allMatch(ev -> ev.waited() > 0 && ev.why().contains("waits"));
        try (Engine e = Engine.step(spawn(4, 400, "200ns"))) {
            e.run(LIMIT);
            Snapshot s = e.snapshot();
            assertThat(s.lock().contended()).isEqualTo(waits.size());
            assertThat(s.lock().waitNanos()).isEqualTo(waits.stream().mapToLong(Event.SchedLock::waited).sum());
        }
    }

    @Test
    void entersyscall_givesUpTheCpuSoMatchmgRunsAQueuedG() {
        // GOMAXPROCS=1: main starts G2, then enters a 1 ms system call
        Scenario sc = go10(prog().procs(1).wg("wg")
                .fn(fn("main", add("wg", "1"), go("w"), syscall("1ms"), waitWg("wg")))
                .fn(fn("w", work("3ms"), done("wg"))).build("syscall"));
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        // entersyscall: mcpu 1 → 0, and G2 goes to a new M at once
        Event.EnterSyscall enter = run.of(Event.EnterSyscall.class).get(0);
        assertThat(enter.mcpu()).isZero();
        assertThat(run.of(EventKind.MATCHMG)).anyMatch(ev -> ev.g() == 2 && ev.time() >= enter.time() && ev.time() < enter.time() + 1_000_000);
        // exitsyscall: G2 still holds the only cpu, so main goes back to the global queue (slow path)
        assertThat(run.of(Event.ExitSyscall.class)).extracting(Event.ExitSyscall::path).containsExactly(4);
    }

    /** exitsyscall's slow path sets gp->readyonstop; schedule then readies the G with readylocked (gput + matchmg). */
    @Test
    void exitsyscall_slowPathReadiesTheGWithReadylockedAndItRunsLater() {
        Scenario sc = go10(prog().procs(1).wg("wg")
                .fn(fn("main", add("wg", "1"), go("w"), syscall("1ms"), waitWg("wg")))
                .fn(fn("w", work("3ms"), done("wg"))).build("readyonstop"));
        StepRuns.Run run = StepRuns.run(sc);
        Event.ExitSyscall slow = run.of(Event.ExitSyscall.class).get(0);
        assertThat(slow.path()).isEqualTo(4);
        // G1 is runnable in the one queue, not lost: an M runs it again once G2 leaves the cpu, and the run ends
        assertThat(run.of(EventKind.EXECUTE)).anyMatch(ev -> ev.g() == 1 && ev.seq() > slow.seq());
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
    }

    @Test
    void blockingKeepsWorking_channelsMutexSleepAndNetwork() {
        Scenario sc = go10(prog().procs(2).wg("wg").mutex("mu").chan("c", 0)
                .fn(fn("main", add("wg", "3"), go("ping"), go("pong"), go("net"), waitWg("wg")))
                .fn(fn("ping", loop("i", "5", send("c", "i"), lock("mu"), work("5us"), unlock("mu")), done("wg")))
                .fn(fn("pong", loop("i", "5", recv("c", "x"), sleep("50us"), lock("mu"), unlock("mu")), done("wg")))
                .fn(fn("net", netread("200us"), work("10us"), done("wg"))).build("blocking"));
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(run.of(EventKind.TIMER)).hasSize(5);
        assertThat(run.of(EventKind.NETPOLL)).hasSize(1);
        // no P, no stealing, no sysmon in Go 1.0
        assertThat(run.events()).noneMatch(ev -> ev.p() >= 0);
        assertThat(run.events()).noneMatch(ev -> ev.kind() == EventKind.STEAL || ev.kind() == EventKind.RETAKE || ev.kind() == EventKind.SPINNING);
    }

    @Test
    void timerproc_timersFireEvenWhileEveryMIsInASystemCall() {
        // G2 loops on 5 ms system calls, so its M never goes back to schedule; main sleeps 20 ms
        Scenario sc = go10(prog().procs(1)
                .fn(fn("main", go("sys"), sleep("20ms")))
                .fn(fn("sys", loop("i", "100", syscall("5ms")))).build("timerproc"));
        StepRuns.Run run = StepRuns.run(sc);
        // then some M waits in the poller for main's timer (Go 1.0's timerproc had an M of its own)
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(run.of(EventKind.TIMER)).hasSize(1);
        assertThat(run.endTime()).isLessThan(30_000_000);
    }

    @Test
    void ensurePoller_keepsExactlyOneMOnPollerDutyWhileOneIsPending() {
        // a sleeper's timers while workers keep both cpus busy: an M is sent to wait in the poller
        Scenario sc = go10(prog().procs(2).wg("wg")
                .fn(fn("main", add("wg", "5"), go("sleeper"), loop("i", "4", go("worker")), waitWg("wg")))
                .fn(fn("sleeper", loop("i", "20", sleep("1ms")), done("wg")))
                .fn(fn("worker", loop("i", "6", work("3ms")), done("wg"))).build("timers while busy"));
        // (step mode checks after every event that exactly one M is on that duty while one is pending: the M sent
        // keeps it until it decides to wait in the poller, to run a G, or to sleep)
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(run.of(EventKind.MATCHMG)).filteredOn(e -> e.why().contains("wait in the poller")).isNotEmpty();
        assertThat(run.of(EventKind.TIMER)).hasSize(20);
    }

    @Test
    void gomaxprocsfunc_changesMcpumaxUnderTheLock() {
        Scenario sc = go10(prog().procs(1).wg("wg")
                .fn(fn("main", gomaxprocs("3"), add("wg", "6"), loop("i", "6", go("w")), waitWg("wg")))
                .fn(fn("w", work("50us"), done("wg"))).build("gomaxprocs"));
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(run.of(Event.Procresize.class)).extracting(Event.Procresize::n).containsExactly(3);
        assertThat(run.of(EventKind.NEWM)).hasSize(2);
    }

    @Test
    void deadlockIsStillDetected() {
        Scenario sc = go10(prog().procs(2).chan("c", 0).fn(fn("main", recv("c", "x"))).build("deadlock"));
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.FATAL);
        assertThat(run.outcome().message()).contains("all goroutines are asleep");
    }

    @Test
    void sameSeedGivesTheSameEvents() {
        Scenario sc = spawn(4, 300, "1us");
        List<String> first = StepRuns.run(sc).events().stream().map(EventsJson::line).toList();
        List<String> second = StepRuns.run(sc).events().stream().map(EventsJson::line).toList();
        assertThat(first).hasSizeGreaterThan(1000).isEqualTo(second);
    }

    @Test
    void theSameWorkloadTakesTheLockFarMoreOftenUnderGo10ThanUnderGmp() {
        // given 400 goroutines of 200 ns each on four Ms (short goroutines: switches dominate)
        Scenario go10 = spawn(4, 400, "200ns");
        Scenario gmp = go10.withScheduler(Scenario.Scheduler.GMP);
        Snapshot.Lock old = endLock(go10), now = endLock(gmp);
        // Go 1.0: at least one hold per go statement and one per switch; G-M-P: local queues, no lock
        assertThat(old.acquisitions()).isGreaterThanOrEqualTo(800);
        assertThat(old.acquisitions()).isGreaterThan(8 * now.acquisitions());
        // (G-M-P's few contended holds come from spinning Ms: 5 with a scheduling point per steal probe, 17 with
        // one per steal round; Go 1.0's 156 come from every schedule)
        assertThat(old.contended()).isGreaterThan(8 * now.contended());
        assertThat(old.waitNanos()).isGreaterThan(now.waitNanos());
    }

    private static Snapshot.Lock endLock(Scenario sc) {
        try (Engine e = Engine.step(sc)) {
            e.run(LIMIT);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
            return e.snapshot().lock();
        }
    }

    @Test
    void injectedSpawnGoesToTheGlobalQueueAndIsMatched() {
        Scenario sc = go10(prog().procs(2).fn(fn("main", sleep("1ms"))).fn(fn("x", work("10us"))).build("inject"));
        try (Engine e = Engine.step(sc)) {
            runTo(e, 1, kind(EventKind.PARK).and(ev -> ev.g() == 1));
            e.inject(new Action.Spawn("x", 3, List.of()));
            e.run(LIMIT);
            List<Event> evs = new ArrayList<>(e.drainEvents());
            assertThat(e.outcome()).isNotNull();
            assertThat(evs).anyMatch(ev -> ev.kind() == EventKind.MATCHMG);
        }
    }
}
