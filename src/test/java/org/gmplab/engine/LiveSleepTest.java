package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.gmplab.engine.Progs.*;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.EventKind;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Live mode: an M sleeping in a program's system call ({@code LiveTurnstile.sleep}) wakes to a change of speed and
 * to a shutdown, whatever is left of its sleep.
 */
@Tag("live")
class LiveSleepTest {

    /** A program whose M sleeps 5 ms of virtual time in a system call: at speed 1e-6, 5,000 s of wall time. */
    private static Scenario oneLongSyscall() {
        return prog().procs(1).fn(fn("main", syscall("5ms"))).build("one-syscall");
    }

    /**
     * Waits until an M is asleep in the call: ENTERSYSCALL is recorded before the M reaches
     * {@code LiveTurnstile.sleep}, so the event alone would let the test change the speed before the sleep began.
     * Polls with a pause, not a spin: {@link Engine#liveEvents} copies under the lock the Ms record under.
     */
    private static void awaitSleepInSyscall(Engine e) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!(entered(e) && anMSleeps(e))) {
            if (e.outcome() != null) fail("the program ended before its M slept in the call: " + e.outcome());
            if (System.nanoTime() - deadline > 0) fail("no M asleep in the system call after 30 s");
            LockSupport.parkNanos(1_000_000);
        }
    }

    private static boolean entered(Engine e) {
        return e.liveEvents().stream().anyMatch(ev -> ev.kind() == EventKind.ENTERSYSCALL);
    }

    private static boolean anMSleeps(Engine e) {
        for (Machine m : e.sched().allm) {
            Thread t = m.thread;
            if (t != null && t.getState() == Thread.State.TIMED_WAITING && Arrays.stream(t.getStackTrace()).anyMatch(
                    f -> f.getClassName().equals(LiveTurnstile.class.getName()) && f.getMethodName().equals("sleep")))
                return true;
        }
        return false;
    }

    @Test
    void aSystemCallSleepingAtASlowSpeedEndsOnceTheSpeedIsRaised() throws Exception {
        try (Engine e = Engine.live(oneLongSyscall(), 1e-6, true)) {
            awaitSleepInSyscall(e);
            // when the clock is sped up a millionfold while the M sleeps for 5,000 s
            e.setSpeed(1);
            // then the M wakes to the new speed: the call ends after its 5 ms of virtual time, and so does the program
            assertThat(e.awaitEnd(60, TimeUnit.SECONDS)).as("the program ended").isNotNull()
                    .extracting(Outcome::kind).isEqualTo(Outcome.Kind.EXITED);
            var exit = e.liveEvents().stream().filter(ev -> ev.kind() == EventKind.EXITSYSCALL).findFirst();
            assertThat(exit).as("the call's EXITSYSCALL").isPresent();
            assertThat(exit.get().time()).as("the call ended at, ns of virtual time").isGreaterThanOrEqualTo(5_000_000);
        }
    }

    @Test
    void closingEndsAnMSleepingInASystemCall() throws Exception {
        Engine e = Engine.live(oneLongSyscall(), 1e-6, true);
        try {
            awaitSleepInSyscall(e);
        } catch (Throwable t) {
            e.close();
            throw t;
        }
        e.close();
        assertThat(e.liveThreads()).as("threads left after close").isZero();
        assertThat(e.outcome()).as("the 5,000 s call did not end").isNull();
    }
}
