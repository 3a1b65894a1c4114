package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.scenario.gosrc.GoSource;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/**
 * Each G's line in the snapshot: the line of the statement it is at, as a Go traceback names a goroutine's
 * place — the {@code go} statement whose {@code newproc} is under way, the {@code <-ch} it waits in, the
 * {@code work} it runs or was preempted in — taken from the compiled code's positions.
 */
class SourceLineTest {

    private static final String PROGRAM = """
            // gmplab: gomaxprocs=1 runtimegoroutines=off
            package main

            import "time"

            func worker(ch chan int) {
            	work(time.Millisecond)
            	ch <- 1
            }

            func main() {
            	ch := make(chan int)
            	go worker(ch)
            	<-ch
            }
            """;
    // the lines of PROGRAM
    static final int WORK = 7, SEND = 8, GO = 13, RECV = 14;

    private static Scenario go(String source) {
        try {
            return GoSource.parse(source, "t.go");
        } catch (ScenarioException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    private static Snapshot.G g(Snapshot s, long goid) {
        return s.gs().stream().filter(x -> x.goid() == goid).findFirst().orElseThrow();
    }

    /** Runs to the first event of {@code kind} (of G {@code g}, if ≥ 0) and returns the world there. */
    private static Snapshot at(Engine e, EventKind kind, long g) {
        Event[] hit = {null};
        e.runUntil(Long.MAX_VALUE, ev -> ev.kind() == kind && (g < 0 || ev.g() == g) && (hit[0] = ev) != null);
        assertThat(hit[0]).as("an event " + kind).isNotNull();
        return e.snapshot();
    }

    @Test
    void newprocIsAtTheGoStatementsLine() {
        try (Engine e = Engine.step(go(PROGRAM))) {
            Snapshot s = at(e, EventKind.GO, -1);
            assertThat(g(s, 1).line()).isEqualTo(GO);
            assertThat(g(s, 1).instruction()).isNotEqualTo("go worker(ch)");   // its pc has moved on; its line has not
            assertThat(g(s, 2).line()).as("the new G, runnable, starts at its first statement").isEqualTo(WORK);
        }
    }

    @Test
    void goparkInAChannelReceiveIsAtTheReceivesLine() {
        try (Engine e = Engine.step(go(PROGRAM))) {
            Snapshot s = at(e, EventKind.PARK, 1);
            assertThat(g(s, 1).waitReason()).isEqualTo("chan receive");
            assertThat(g(s, 1).line()).isEqualTo(RECV);
        }
    }

    @Test
    void aGoroutineInWorkIsAtTheWorkLineAndItsSendAfter() {
        try (Engine e = Engine.step(go(PROGRAM))) {
            Snapshot s = at(e, EventKind.EXECUTE, 2);
            assertThat(g(s, 2).line()).isEqualTo(WORK);
            e.run(500_000);   // halfway through work(1ms)
            assertThat(g(e.snapshot(), 2).line()).isEqualTo(WORK);
            s = at(e, EventKind.READY, 1);   // the send readies main
            assertThat(g(s, 2).line()).isEqualTo(SEND);
            assertThat(g(s, 1).line()).as("main is still at its receive until it runs again").isEqualTo(RECV);
        }
    }

    @Test
    void aPreemptedGoroutineIsAtItsWorkLine() {
        String src = """
                // gmplab: gomaxprocs=1 runtimegoroutines=off
                package main

                import "time"

                func spin() {
                	work(50 * time.Millisecond)
                }

                func main() {
                	go spin()
                	work(50 * time.Millisecond)
                }
                """;
        try (Engine e = Engine.step(go(src))) {
            Snapshot s = at(e, EventKind.PREEMPT, -1);
            long preempted = e.stoppedAt().g();
            assertThat(g(s, preempted).status()).isEqualTo(GStatus.RUNNABLE);
            assertThat(g(s, preempted).line()).isEqualTo(preempted == 1 ? 12 : 7);
        }
    }

    @Test
    void aJsonScenarioIsAtTheLinesOfItsGoListing() throws ScenarioException {
        Scenario sc = ScenarioJson.parse("""
                {"name": "j", "gomaxprocs": 1, "seed": 1, "runqSize": 256, "runtimeGoroutines": false,
                 "waitGroups": ["wg"], "mutexes": [], "channels": {},
                 "functions": {
                   "main": {"params": [], "body": [
                     {"op": "wg.add", "wg": "wg", "n": 1},
                     {"op": "go", "fn": "handle", "args": [7]},
                     {"op": "wg.wait", "wg": "wg"}]},
                   "handle": {"params": ["req"], "body": [
                     {"op": "work", "d": "200us"},
                     {"op": "wg.done", "wg": "wg"}]}}}""", "j.json");
        List<String> text = org.gmplab.scenario.Listing.of(sc.program()).text().lines().toList();
        try (Engine e = Engine.step(sc)) {
            Snapshot s = at(e, EventKind.PARK, 1);
            assertThat(text.get(g(s, 1).line() - 1)).isEqualTo("\twg.Wait()");
            assertThat(text.get(g(s, 2).line() - 1)).isEqualTo("\twork(200 * time.Microsecond)");
        }
    }
}
