package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.gosrc.GoSource;
import org.gmplab.snapshot.Event;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Programs that would run away — recurse without end, ask for huge buffers, sleep "forever", loop without
 * end — end with one clear outcome: Go's {@code newstack}, {@code makechan} and {@code when} limits, and
 * the engine's own {@link Limit}s.
 */
@Tag("live")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RunawayTest {

    static Scenario go(String body) {
        try {
            StringBuilder src = new StringBuilder("package main\n\n");
            for (String pkg : List.of("runtime", "time")) if (body.contains(pkg + ".")) src.append("import \"").append(pkg).append("\"\n");
            return GoSource.parse(src.append('\n').append(body).toString(), "t.go");
        } catch (ScenarioException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    private static Outcome runToEnd(Scenario sc, long until) {
        try (Engine e = Engine.step(sc)) {
            e.runUntil(until, null, ev -> { });
            return e.outcome();
        }
    }

    /** Go's newstack: a stack that would double past maxstacksize (1 GB) throws "stack overflow". */
    @Test
    void newstackThrowsStackOverflowPastMaxstacksize() {
        Outcome o = runToEnd(go("func f(n int) {\n\tf(n + 1)\n}\n\nfunc main() {\n\tf(0)\n}\n"), Long.MAX_VALUE);
        assertThat(o.kind()).isEqualTo(Outcome.Kind.FATAL);
        assertThat(o.message()).isEqualTo("runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow");
    }

    /** Go's newstack: the deepest stack allowed is the last doubling below the limit — that deep, a call still fits. */
    @Test
    void newstackLetsTheStackGrowToItsLastDoublingBelowTheLimit() {
        assertThat((long) Goroutine.MAX_DEPTH * Goroutine.FRAME_SIZE).isEqualTo(1L << 29);
        // main is frame 1, so f(MAX_DEPTH - 1) is the deepest frame: it fits; one more does not.
        String prog = "func f(n int) {\n\tif n > 1 {\n\t\tf(n - 1)\n\t}\n}\n\nfunc main() {\n\tf(%d)\n}\n";
        assertThat(runToEnd(go(prog.formatted(Goroutine.MAX_DEPTH - 1)), Long.MAX_VALUE).kind()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(runToEnd(go(prog.formatted(Goroutine.MAX_DEPTH)), Long.MAX_VALUE).message()).endsWith("fatal error: stack overflow");
    }

    /** Go's makechan: a capacity out of range panics; the message says the range this engine allows. */
    @Test
    void makechanPanicsBeyondTheMaximumCapacity() {
        Outcome o = runToEnd(go("func main() {\n\tch := make(chan int, 1000000000)\n\tch <- 1\n}\n"), Long.MAX_VALUE);
        assertThat(o.kind()).isEqualTo(Outcome.Kind.FATAL);
        assertThat(o.message()).isEqualTo("panic: makechan: size out of range (capacity 1000000000; gmplab allows 0..1000000)");
        Outcome ok = runToEnd(go("func main() {\n\tch := make(chan int, 1000000)\n\tch <- 1\n\t<-ch\n}\n"), Long.MAX_VALUE);
        assertThat(ok.kind()).isEqualTo(Outcome.Kind.EXITED);
    }

    /** Go's makechan allocates the whole buffer; here it grows as it fills, so a big unused capacity costs nothing. */
    @Test
    void makechanBufferGrowsAsItFillsAndKeepsFifoOrder() {
        Channel c = new Channel("c", 1, 1_000_000);
        assertThat(c.allocated()).isLessThanOrEqualTo(16);
        ArrayDeque<Long> expected = new ArrayDeque<>();
        long next = 0;
        // Fill and drain in waves, so the ring wraps around before and after each growth.
        for (int wave = 0; wave < 12; wave++) {
            for (int i = 0; i < 37 * (wave + 1); i++) { c.bufsend(next); expected.addLast(next++); }
            for (int i = 0; i < 23 * (wave + 1); i++) assertThat(c.bufrecv()).isEqualTo(expected.pollFirst());
            assertThat(c.buffered()).containsExactly(expected.stream().mapToLong(Long::longValue).toArray());
        }
        assertThat(c.allocated()).isBetween(c.qcount, 2 * c.qcount);
        Channel full = new Channel("f", 2, 100);
        for (int i = 0; i < 100; i++) full.bufsend(i);
        assertThat(full.allocated()).isEqualTo(100);   // never beyond the capacity
    }

    /** Go's when: a duration that would overflow the clock saturates at maxWhen. */
    @Test
    void whenSaturatesAtMaxWhen() {
        assertThat(Timers.when(5, Long.MAX_VALUE)).isEqualTo(Timers.MAX_WHEN);
        assertThat(Timers.when(Long.MAX_VALUE - 10, 11)).isEqualTo(Timers.MAX_WHEN);
        assertThat(Timers.when(5, 10)).isEqualTo(15);
        assertThat(Timers.when(5, -3)).isEqualTo(5);
    }

    /** A sleep or network read of 2^63-1 ns waits "forever" (it did return at once), in step and live mode. */
    @Test
    void aSleepOrReadOfMaxDurationDoesNotReturnAtOnce() throws InterruptedException {
        for (String op : List.of("time.Sleep(9223372036854775807)", "netread(9223372036854775807)")) {
            Scenario sc = go("func main() {\n\t" + op + "\n}\n");
            try (Engine e = Engine.step(sc)) {
                assertThat(e.runUntil(10_000_000, null, ev -> { })).as(op).isEqualTo(Engine.Stop.TIME_LIMIT);
                assertThat(e.outcome()).as(op).isNull();
            }
            try (Engine e = Engine.live(sc, 1, false)) {
                assertThat(e.awaitEnd(300, TimeUnit.MILLISECONDS)).as(op).isNull();
            }
        }
    }

    /** A blocking syscall of 2^63-1 ns leaves its M at the end of time: no event time goes negative or back. */
    @Test
    void aSyscallOfMaxDurationKeepsEventTimesInOrder() {
        Scenario sc = go("func main() {\n\tgo func() {\n\t\tsyscall(9223372036854775807)\n\t}()\n\tfor i := 0; i < 100; i++ {\n\t\twork(time.Millisecond)\n\t}\n}\n");
        List<Event> events = new ArrayList<>();
        try (Engine e = Engine.step(sc)) {
            e.runUntil(Long.MAX_VALUE, null, events::add);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        }
        for (int i = 1; i < events.size(); i++)
            assertThat(events.get(i).time()).as(events.get(i).toString()).isGreaterThanOrEqualTo(events.get(i - 1).time());
        assertThat(events.get(events.size() - 1).time()).isBetween(100_000_000L, 200_000_000L);
    }

    /** A limit stops the run at a safe point: frozen, consistent, its outcome STOPPED with the limit's line. */
    @Test
    void anEventBudgetStopsAnEndlessGoschedLoop() {
        Scenario sc = go("func main() {\n\tfor {\n\t\truntime.Gosched()\n\t}\n}\n");
        try (Engine e = Engine.step(sc)) {
            e.limit(Limit.events(10_000, "with --max-events N"));
            assertThat(e.runUntil(Long.MAX_VALUE, null, ev -> { })).isEqualTo(Engine.Stop.ENDED);
            assertThat(e.outcome()).isEqualTo(new Outcome(Outcome.Kind.STOPPED,
                    "stopped after 10000 events, the event budget of a run: raise it with --max-events N"));
            assertThat(e.eventCount()).isBetween(10_001L, 10_020L);
            e.checkInvariants();
            assertThat(e.snapshot().events()).isEqualTo(e.eventCount());
        }
    }

    /**
     * An OutOfMemoryError on an engine thread ends the run with one line instead of a hang (the error path
     * used to run out of memory again and never hand the turn back).
     */
    @Test
    void anOutOfMemoryErrorOnAnEngineThreadEndsTheRun() {
        Scenario sc = go("func main() {\n\tfor {\n\t\truntime.Gosched()\n\t}\n}\n");
        try (Engine e = Engine.step(sc)) {
            e.limit(en -> { if (en.eventCount() > 500) throw new OutOfMemoryError("Java heap space"); return null; });
            assertThat(e.runUntil(Long.MAX_VALUE, null, ev -> { })).isEqualTo(Engine.Stop.ENDED);
            assertThat(e.outcome().kind()).isEqualTo(Outcome.Kind.STOPPED);
            assertThat(e.outcome().message()).startsWith("stopped: the Java heap (").contains("ran out", "-Xmx").doesNotContain("\n");
        }
    }

    /** Streaming: every event reaches the sink once, in order, and the engine holds none at the end. */
    @Test
    void runUntilWithASinkHandsOverEveryEventOnce() {
        Scenario sc;
        try {
            sc = org.gmplab.scenario.gosrc.ScenarioFiles.load(java.nio.file.Path.of("scenarios/pingpong.json"));
        } catch (ScenarioException e) {
            throw new AssertionError(e);
        }
        List<Event> kept;
        try (Engine e = Engine.step(sc)) {
            e.run(Long.MAX_VALUE);
            kept = e.drainEvents();
        }
        List<Event> streamed = new ArrayList<>();
        try (Engine e = Engine.step(sc)) {
            e.runUntil(Long.MAX_VALUE, null, streamed::add);
            assertThat(e.drainEvents()).isEmpty();
        }
        assertThat(kept.size()).isGreaterThan(3 * Engine.DRAIN_EVERY);
        assertThat(streamed).isEqualTo(kept);
    }
}
