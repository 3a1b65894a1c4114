package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.*;

import java.util.List;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.Stmt;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.GStatus;
import org.junit.jupiter.api.Test;

/** chan.go and select.go: chansend, chanrecv, closechan, selectgo — with gopark/goready. */
class ChannelTest {

    /** Receivers parked on a channel are woken in FIFO order (Go's waitq), each into the sender's runnext. */
    @Test
    void parkedReceiversAreServedInFifoOrder() {
        Scenario sc = prog().procs(1).chan("ch", 0).wg("wg").fn(fn("main",
                add("wg", "3"),
                go("r", "1"), go("r", "2"), go("r", "3"),
                sleep("1ms"),             // let all three park in order 1, 2, 3... (runnext order: 3 runs first)
                send("ch", "10"), send("ch", "20"), send("ch", "30"),
                waitWg("wg")))
                .fn(fn("r", List.of("id"), recv("ch", "v"), done("wg"))).build("fifo");
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        List<Long> parked = run.of(EventKind.PARK).stream().filter(e -> e.why().contains("chan receive")).map(Event::g).toList();
        List<Long> readied = run.of(EventKind.READY).stream().filter(e -> e.why().contains("sends on")).map(Event::g).toList();
        assertThat(parked).hasSize(3);
        assertThat(readied).containsExactlyElementsOf(parked);
    }

    /** A buffered channel holds `cap` values before a sender parks ("chan send"). */
    @Test
    void bufferedChannelBlocksTheSenderOnlyWhenFull() {
        Scenario sc = prog().procs(1).chan("ch", 3).fn(fn("main",
                go("producer"),
                sleep("1ms"),
                recv("ch", "a"), recv("ch", "b"), recv("ch", "c"), recv("ch", "d")))
                .fn(fn("producer", send("ch", "1"), send("ch", "2"), send("ch", "3"), send("ch", "4"))).build("buffered");
        try (Engine e = Engine.step(sc)) {
            e.run(500_000); // 0.5 ms: the producer ran and filled the buffer
            var producer = e.snapshot().gs().stream().filter(g -> g.goid() == 2).findFirst().orElseThrow();
            assertThat(producer.status()).isEqualTo(GStatus.WAITING);
            assertThat(producer.waitReason()).isEqualTo("chan send");
            assertThat(producer.instruction()).isEqualTo("ch <- 4");
            e.run(Long.MAX_VALUE);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        }
    }

    /** closechan wakes every parked receiver with the zero value; receiving from a closed channel does not block. */
    @Test
    void closeWakesAllReceivers() {
        Scenario sc = prog().procs(2).chan("ch", 0).wg("wg").fn(fn("main",
                add("wg", "4"),
                loop("i", "4", go("r")),
                sleep("1ms"),
                close("ch"),
                waitWg("wg")))
                .fn(fn("r", recv("ch", "v"), recv("ch", "w"), done("wg"))).build("close");
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(run.of(EventKind.READY).stream().filter(e -> e.why().contains("closes ch"))).hasSize(4);
    }

    @Test
    void sendOnClosedChannelPanicsAsInGo() {
        Scenario sc = prog().procs(1).chan("ch", 1).fn(fn("main", close("ch"), send("ch", "1"))).build("panic");
        assertThat(StepRuns.run(sc).outcome()).isEqualTo(new Outcome(Outcome.Kind.FATAL, "panic: send on closed channel"));
    }

    /** checkdead: when every goroutine is blocked, Go reports a deadlock instead of hanging. */
    @Test
    void deadlockIsDetected() {
        Scenario sc = prog().procs(2).chan("ch", 0).fn(fn("main", go("f"), recv("ch", null)))
                .fn(fn("f", recv("ch", null))).build("deadlock");
        assertThat(StepRuns.run(sc).outcome()).isEqualTo(new Outcome(Outcome.Kind.FATAL, "fatal error: all goroutines are asleep - deadlock!"));
    }

    /** selectgo: a ready case is taken at once; with none ready, default; otherwise park until one is. */
    @Test
    void selectTakesTheReadyCaseOrDefaultOrParks() {
        Stmt.Select sel = new Stmt.Select(List.of(
                new Stmt.SelectCase(v("a"), null, "x", body(set("got", "1"))),
                new Stmt.SelectCase(v("b"), null, "x", body(set("got", "2")))), List.of(set("got", "9")), true);
        Stmt.Select blocking = new Stmt.Select(List.of(
                new Stmt.SelectCase(v("a"), null, "x", body(set("got2", "1"))),
                new Stmt.SelectCase(v("b"), null, "x", body(set("got2", "2")))), List.of(), false);
        Scenario sc = prog().procs(1).chan("a", 1).chan("b", 0).chan("out", 3).fn(fn("main",
                sel,                             // nothing ready: default
                send("out", "got"),
                send("a", "5"),
                new Stmt.Select(sel.cases(), sel.otherwise(), true), // a is ready
                send("out", "got"),
                go("sender"),
                blocking,                        // parks until sender sends on b
                send("out", "got2"),
                recv("out", "r1"), recv("out", "r2"), recv("out", "r3"),
                new Stmt.If(e("r1 == 9 && r2 == 1 && r3 == 2"), body(), body(close("a"), close("a")))))
                .fn(fn("sender", sleep("100us"), send("b", "7"))).build("select");
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).as(run.outcome().message()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(run.of(EventKind.PARK).stream().filter(e -> e.why().contains("(select)"))).hasSize(1);
    }

    /** A mutex parks contenders (after spinning) and Unlock wakes them in the order they queued. */
    @Test
    void mutexSerializesAndWakesInOrder() {
        Scenario sc = prog().procs(4).mutex("mu").wg("wg").fn(fn("main",
                add("wg", "4"), loop("i", "4", go("inc")), waitWg("wg")))
                .fn(fn("inc", lock("mu"), work("100us"), unlock("mu"), done("wg"))).build("mutex");
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        List<Long> parked = run.of(EventKind.PARK).stream().filter(e -> e.why().contains("sync.Mutex.Lock")).map(Event::g).toList();
        List<Long> woken = run.of(EventKind.READY).stream().filter(e -> e.why().contains("wakes the front waiter")).map(Event::g).toList();
        assertThat(parked).hasSize(3);
        assertThat(woken).containsExactlyElementsOf(parked);
        // 4 × 100 µs under one mutex take at least 400 µs, even on 4 Ps
        assertThat(run.endTime()).isGreaterThanOrEqualTo(400_000);
    }
}
