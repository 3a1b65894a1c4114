package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.*;

import java.util.concurrent.TimeUnit;

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

    private static void awaitEnterSyscall(Engine e) {
        while (e.liveEvents().stream().noneMatch(ev -> ev.kind() == EventKind.ENTERSYSCALL)) Thread.onSpinWait();
    }

    @Test
    void aSystemCallSleepingAtASlowSpeedEndsOnceTheSpeedIsRaised() throws Exception {
        try (Engine e = Engine.live(oneLongSyscall(), 1e-6, true)) {
            awaitEnterSyscall(e);
            // when the clock is sped up a millionfold while the M sleeps for 5,000 s
            e.setSpeed(1);
            // then the M wakes to the new speed: the call ends after its 5 ms of virtual time, and so does the program
            assertThat(e.awaitEnd(60, TimeUnit.SECONDS)).as("the program ended").isNotNull()
                    .extracting(Outcome::kind).isEqualTo(Outcome.Kind.EXITED);
            assertThat(e.now()).as("not before the call's 5 ms were over").isGreaterThanOrEqualTo(5_000_000);
        }
    }

    @Test
    void closingEndsAnMSleepingInASystemCall() throws Exception {
        Engine e = Engine.live(oneLongSyscall(), 1e-6, true);
        awaitEnterSyscall(e);
        e.close();
        assertThat(e.liveThreads()).as("threads left after close").isZero();
        assertThat(e.outcome()).as("the 5,000 s call did not end").isNull();
    }
}
