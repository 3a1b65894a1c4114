package org.gmplab.gotrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;

import org.gmplab.gotrace.GoEvent.GoState;
import org.gmplab.gotrace.GoEvent.ProcState;
import org.gmplab.gotrace.RunState.G;
import org.gmplab.gotrace.RunState.Moment;
import org.gmplab.gotrace.RunState.P;
import org.junit.jupiter.api.Test;

/** The moment a window draws from a real trace: every P with its M and running G, blocked Gs with their reason. */
class RunStateTest {

    @Test
    void momentShowsEachPWithItsMAndRunningGAndBlockedGsWithTheirReason() throws IOException {
        byte[] trace = OrderingTest.blockedThenUnblockedElsewhere(WireFormat.GO123);
        RunState s = new RunState();
        Moment afterBlock = null;
        try (GoTraceReader r = new GoTraceReader(new ByteArrayInputStream(trace), null)) {
            for (GoEvent e; (e = r.next()) != null; ) {
                s.apply(e);
                if (e.transition() instanceof GoEvent.GoTransition t && t.to() == GoState.WAITING) afterBlock = s.moment();
            }
        }
        assertThat(afterBlock).isNotNull();
        assertThat(afterBlock.goroutines()).containsExactly(
                new G(1, GoState.WAITING, "chan receive", -1, -1),
                new G(2, GoState.RUNNING, "", OrderingTest.M2, 1));
        assertThat(afterBlock.procs()).containsExactly(
                new P(0, ProcState.RUNNING, OrderingTest.M1, -1),
                new P(1, ProcState.RUNNING, OrderingTest.M2, 2));

        Moment end = s.moment();
        assertThat(end.goroutines()).containsExactly(
                new G(1, GoState.RUNNING, "", OrderingTest.M1, 0),
                new G(2, GoState.RUNNING, "", OrderingTest.M2, 1));
        assertThat(end.procs()).extracting(P::g).containsExactly(1L, 2L);
        assertThat(end.ms()).containsExactly(OrderingTest.M1, OrderingTest.M2);
        assertThat(s.maxRunnable()).isEqualTo(1); // G1 between its unblock and its start
        assertThat(end.runnable()).isZero();
    }
}
