package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.*;

import java.util.List;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.junit.jupiter.api.Test;

/** Timers (time.Sleep) and the network poller. */
class TimeAndNetTest {

    /**
     * time.Sleep parks the G ("sleep") with a timer on its P; findRunnable's timers.check readies it into
     * runnext of the P that ran the timer. With nothing else to do, the M blocks in the poller until the
     * timer is due (3 ms is a whole number of milliseconds for epoll), so the sleeper wakes on time, give or
     * take the kernel's timer slack.
     */
    @Test
    void sleepWakesOnTimeThroughTheTimerOfItsP() {
        Scenario sc = prog().procs(2).fn(fn("main", sleep("3ms"), work("10us"))).build("sleep");
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        Event park = run.of(EventKind.PARK).get(0);
        Event timer = run.of(EventKind.TIMER).get(0);
        assertThat(park.why()).contains("(sleep)");
        assertThat(timer.time() - park.time()).isBetween(3_000_000L, 3_000_000L + Costs.DEFAULT.timerSlack() + Costs.DEFAULT.wakeM() + Costs.DEFAULT.wakeJitter());
        Event ready = run.events().get(run.events().indexOf(timer) + 1);
        assertThat(ready.kind()).isEqualTo(EventKind.READY);
        assertThat(ready.why()).contains("runnext");
        assertThat(run.of(EventKind.NETPOLL_BLOCK)).isNotEmpty();
    }

    /**
     * Go's {@code netpoll} on Linux ({@code netpoll_epoll.go}): an idle M waits for the next timer in
     * {@code epoll_pwait}, whose timeout is in whole milliseconds — a delay under 1 ms becomes 1 ms. So 200
     * sequential 50 µs sleeps in an otherwise idle program take over 200 ms (Go: 200–460 ms), not 10 ms.
     */
    @Test
    void netpollWaitsForTheNextTimerInWholeMilliseconds() {
        Scenario sc = prog().procs(2).fn(fn("main", loop("i", "200", sleep("50us")))).build("sleeps");
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(run.of(EventKind.TIMER)).hasSize(200);
        assertThat(run.endTime()).isBetween(200_000_000L, 300_000_000L);
        assertThat(run.of(Event.NetpollBlock.class)).allMatch(e -> e.waitms() == 1);
    }

    /** {@code netpoll}'s timeout: -1 waits forever, 0 polls, under 1 ms → 1 ms, else truncated to whole ms. */
    @Test
    void netpollEpollTimeoutIsInWholeMilliseconds() {
        assertThat(Netpoll.epollWaitMs(-5)).isEqualTo(-1);
        assertThat(Netpoll.epollWaitMs(0)).isZero();
        assertThat(Netpoll.epollWaitMs(1)).isEqualTo(1);
        assertThat(Netpoll.epollWaitMs(999_999)).isEqualTo(1);
        assertThat(Netpoll.epollWaitMs(1_999_999)).isEqualTo(1);
        assertThat(Netpoll.epollWaitMs(2_000_000)).isEqualTo(2);
        assertThat(Netpoll.epollWaitMs(Long.MAX_VALUE)).isEqualTo(Netpoll.EPOLL_MAX_WAIT_MS);
    }

    /**
     * Staggered sleepers wake in bursts: 40 goroutines sleeping 25, 50, …, 1000 µs, at GOMAXPROCS=1. The M
     * blocked in {@code netpoll} wakes after whole milliseconds, by when many timers are due, and
     * {@code timers.check} readies them all at once.
     */
    @Test
    void netpollWakesStaggeredSleepersInBursts() {
        Scenario sc = prog().procs(1).wg("wg").fn(fn("main",
                        add("wg", "40"), loop("i", "40", go("s", "i")), waitWg("wg")))
                .fn(fn("s", List.of("n"), sleep("(n + 1) * 25us"), done("wg"))).build("staggered");
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        List<Event> timers = run.of(EventKind.TIMER);
        assertThat(timers).hasSize(40);
        long bursts = timers.stream().map(Event::time).distinct().count();
        assertThat(bursts).isLessThanOrEqualTo(3);
    }

    /** Sleepers wake in deadline order, and a deadlock is not reported while a timer is pending. */
    @Test
    void sleepersWakeInDeadlineOrder() {
        Scenario sc = prog().procs(1).wg("wg").fn(fn("main",
                        add("wg", "4"), go("s", "4"), go("s", "1"), go("s", "3"), go("s", "2"), waitWg("wg")))
                .fn(fn("s", List.of("n"), sleep("n * 1ms"), done("wg"))).build("order");
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        List<Long> woken = run.of(EventKind.TIMER).stream().map(Event::g).toList();
        assertThat(woken).containsExactly(3L, 5L, 4L, 2L); // the goroutines sleeping 1, 2, 3, 4 ms
    }

    /** A thief in its last steal round runs the victim's expired timers and takes the woken G itself. */
    @Test
    void thiefRunsAnotherPsTimers() {
        // main sleeps on P0, whose M then runs cpu for 5 ms and never looks at its timers meanwhile
        Scenario sc = prog().procs(2).wg("wg").fn(fn("main",
                        add("wg", "1"), go("cpu"), sleep("1ms"), waitWg("wg")))
                .fn(fn("cpu", work("5ms"), done("wg"))).build("steal-timer");
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.of(Event.Timer.class)).anyMatch(e -> e.timersOf() != e.p());
    }

    /**
     * A network read parks the G ("IO wait") until its data arrives; an M blocked in the poller wakes when
     * it does. With every M busy, nobody polls: the arrival waits for findRunnable's non-blocking poll or
     * for sysmon, which polls when nobody has for 10 ms.
     */
    @Test
    void netreadIsReadyWhenItsDataArrives() {
        Scenario idle = prog().procs(2).fn(fn("main", netread("2ms"), work("10us"))).build("net-idle");
        StepRuns.Run run = StepRuns.run(idle);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        Event park = run.of(EventKind.PARK).get(0);
        Event ready = run.of(EventKind.NETPOLL).get(0);
        assertThat(park.why()).contains("(IO wait)");
        assertThat(ready.time() - park.time()).isBetween(2_000_000L, 2_000_000L + 100_000L);
    }

    @Test
    void sysmonPollsTheNetworkWhenEveryMIsBusy() {
        // main waits for the network while two CPU-bound goroutines keep both Ps busy for 50 ms
        Scenario busy = prog().procs(2).wg("wg").fn(fn("main",
                        add("wg", "2"), go("cpu"), go("cpu"), netread("1ms"), waitWg("wg")))
                .fn(fn("cpu", work("50ms"), done("wg"))).build("net-busy");
        StepRuns.Run run = StepRuns.run(busy);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        Event ready = run.of(EventKind.NETPOLL).get(0);
        assertThat(ready.m()).as("sysmon's M polled: " + ready.why()).isEqualTo(1);
        assertThat(ready.time()).isGreaterThan(10_000_000L);
    }
}
