package org.gmplab.gotrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gmplab.gotrace.TraceBuilder.ev;
import static org.gmplab.gotrace.WireFormat.*;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rules of Go's order.go on small synthetic traces whose timestamps lie (as CPUs' clocks do): the order
 * comes from the sequence numbers and the G/P/M states, not from the times.
 */
class OrderingTest {
    static final long M1 = 1, M2 = 2;

    /** G1 blocks on M1; M2 unblocks it at t=150 (seq 1); M1 starts it again at t=120 (seq 2): M1's clock is behind. */
    static byte[] blockedThenUnblockedElsewhere(int version) {
        return new TraceBuilder(version)
                .sync(1)
                .strings(1, "chan receive")
                .events(1, M1, 100,
                        ev(EV_PROC_STATUS, 0, 0, PROC_RUNNING),
                        ev(EV_GO_STATUS, 1, 1, M1, GO_RUNNING),
                        ev(EV_GO_BLOCK, 9, 1, 0),
                        ev(EV_GO_START, 10, 1, 2))
                .events(1, M2, 100,
                        ev(EV_PROC_STATUS, 0, 1, PROC_RUNNING),
                        ev(EV_GO_STATUS, 1, 2, M2, GO_RUNNING),
                        ev(EV_GO_UNBLOCK, 49, 1, 1, 0))
                .bytes();
    }

    @Test
    void advanceGoStartWaitsForTheGoUnblockBeforeItInSequence() throws IOException {
        List<String> t = transitions(blockedThenUnblockedElsewhere(GO123));
        assertThat(t).hasSize(7);
        // first the four statuses at the generation's start, then:
        assertThat(t.subList(4, 7)).containsExactly(
                "M=1 P=0 G=1 StateTransition Time=110 Resource=Goroutine(1) Reason=\"chan receive\" GoID=1 Running->Waiting",
                // advanceGoUnblock on M2 (t=150) must come first: GoStart's seq 2 follows the unblock's 1
                "M=2 P=1 G=2 StateTransition Time=150 Resource=Goroutine(1) Reason=\"\" GoID=1 Waiting->Runnable",
                "M=1 P=0 G=-1 StateTransition Time=151 Resource=Goroutine(1) Reason=\"\" GoID=1 Runnable->Running");
    }

    @ParameterizedTest
    @ValueSource(ints = {GO122, GO123, GO125})
    void readsTheSameRunWrittenByEachVersion(int version) throws IOException {
        try (GoTraceReader r = new GoTraceReader(new ByteArrayInputStream(blockedThenUnblockedElsewhere(version)), null)) {
            assertThat(r.goVersion()).isEqualTo(version);
        }
        assertThat(transitions(blockedThenUnblockedElsewhere(version))).isEqualTo(transitions(blockedThenUnblockedElsewhere(GO123)));
    }

    @Test
    void advanceProcStealTakesThePFromTheMInASyscallBeforeGoSyscallEndBlocked() throws IOException {
        byte[] trace = new TraceBuilder(GO123)
                .sync(1)
                .events(1, M1, 100,
                        ev(EV_PROC_STATUS, 0, 0, PROC_RUNNING),
                        ev(EV_GO_STATUS, 1, 1, M1, GO_RUNNING),
                        ev(EV_GO_SYSCALL_BEGIN, 9, 1, 0),
                        ev(EV_GO_SYSCALL_END_BLOCKED, 10))   // t=120: M1 says it came back early
                .events(1, M2, 100,
                        ev(EV_PROC_STEAL, 100, 0, 2, M1))   // t=200: sysmon's M2 retakes P0 (P seq 2)
                .bytes();
        List<String> t = transitions(trace);
        assertThat(t.subList(2, t.size())).containsExactly(
                "M=1 P=0 G=1 StateTransition Time=110 Resource=Goroutine(1) Reason=\"\" GoID=1 Running->Syscall",
                "M=2 P=-1 G=-1 StateTransition Time=200 Resource=Proc(0) Reason=\"\" ProcID=0 Running->Idle",
                // advanceGoSyscallEndBlocked waits until its M has lost the P; then the M has none
                "M=1 P=-1 G=1 StateTransition Time=201 Resource=Goroutine(1) Reason=\"\" GoID=1 Syscall->Runnable");
        assertThat(inferences(trace)).containsExactly(RunState.Inference.RETAKE);
    }

    @Test
    void goStartOnAnotherPThanTheGoUnblockIsAnInferredMigration() throws IOException {
        // G1 is unblocked on P1 (M2) and started on P0 (M1).
        assertThat(inferences(blockedThenUnblockedElsewhere(GO123))).containsExactly(RunState.Inference.MIGRATION);
    }

    @Test
    void aGoStartWhoseSequenceNeverComesIsABrokenTraceAtThatEvent() {
        byte[] trace = new TraceBuilder(GO123)
                .sync(1)
                .events(1, M1, 100,
                        ev(EV_PROC_STATUS, 0, 0, PROC_RUNNING),
                        ev(EV_GO_STATUS, 1, 1, M1, GO_RUNNING),
                        ev(EV_GO_STOP, 9, 0, 0),
                        ev(EV_GO_START, 10, 1, 5)) // seq 5 after nothing: no M can go on
                .bytes();
        int goStartAt = trace.length - 4; // type, dt, g, seq: one byte each
        assertThatThrownBy(() -> transitions(trace)).isInstanceOf(GoTraceException.class)
                .hasMessageStartingWith("byte " + goStartAt + ": broken trace: no M's next event can happen (the earliest is GoStart on M 1)");
    }

    static List<String> transitions(byte[] trace) throws IOException {
        List<String> out = new ArrayList<>();
        try (GoTraceReader r = new GoTraceReader(new ByteArrayInputStream(trace), null)) {
            for (GoEvent e; (e = r.next()) != null; ) if (e.kind() == GoEvent.Kind.STATE_TRANSITION) out.add(e.toGoString());
        }
        return out;
    }

    static List<RunState.Inference> inferences(byte[] trace) throws IOException {
        List<RunState.Inference> out = new ArrayList<>();
        RunState s = new RunState();
        try (GoTraceReader r = new GoTraceReader(new ByteArrayInputStream(trace), null)) {
            for (GoEvent e; (e = r.next()) != null; ) {
                RunState.Inference i = s.apply(e);
                if (i != null) out.add(i);
            }
        }
        return out;
    }
}
