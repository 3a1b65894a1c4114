package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.*;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.EventKind;
import org.gmplab.trace.SchedTrace;
import org.junit.jupiter.api.Test;

/** scheddetail prints what the engine knows: each P's timers and whether sysmon waits in deep sleep. */
class SchedTraceDetailTest {

    /** Go's {@code schedtrace(detail=true)}: {@code timerslen} counts the P's timers, {@code sysmonwait} is sched.sysmonwait. */
    @Test
    void schedtrace_printsTimerslenAndSysmonwait() {
        Scenario sc = prog().procs(1).wg("wg").fn(fn("main", add("wg", "1"), go("sleeper"), waitWg("wg")))
                .fn(fn("sleeper", sleep("50ms"), done("wg"))).build("detail");
        try (Engine e = Engine.step(sc)) {
            e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == EventKind.SYSMON && ev.why().contains("deep sleep"));
            String detail = SchedTrace.format(e.snapshot(), true);
            assertThat(detail).contains("sysmonwait=true").contains("P0: status=0").contains("timerslen=1");
            e.run(Long.MAX_VALUE);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        }
    }
}
