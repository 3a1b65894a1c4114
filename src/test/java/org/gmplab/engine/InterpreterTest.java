package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.gosrc.GoSource;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.junit.jupiter.api.Test;

/**
 * The interpreter's cost model in step mode: local instructions (assignments, jumps, calls) are paid at
 * the next scheduling point, at most a workSlice apart, so a busy loop neither stalls the engine nor
 * changes when anything visible happens.
 */
class InterpreterTest {

    private static final String SPINNERS = """
            func spin() {
            	for {
            	}
            }

            func main() {
            	for i := 0; i < 8; i++ {
            		go spin()
            	}
            	spin()
            }
            """;

    private static Scenario go(int procs, String body) {
        try {
            // the timings here are main's own: without the runtime's goroutines starting first
            return GoSource.parse("// gmplab: gomaxprocs=" + procs + " runtimegoroutines=off\npackage main\n\n" + body, "t.go");
        } catch (ScenarioException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /**
     * Nine goroutines in {@code for {}} on two Ps: the Ms hand the token over about once per workSlice of
     * loop each, not once per 5 ns jump (which was 800,000 hand-offs, seconds of wall time, for these 2 ms).
     */
    @Test
    void aBusyForLoopPassesOneSchedulingPointPerWorkSlice() {
        long until = 2_000_000;
        try (Engine e = Engine.step(go(2, SPINNERS))) {
            assertThat(e.run(until)).isEqualTo(Engine.Stop.TIME_LIMIT);
            long safePoints = ((StepTurnstile) e.sched().ts).safePoints();
            long slices = 2 * until / Costs.DEFAULT.workSlice();
            // the slices of loop, plus the start (go statements, Ms starting, spinning) and sysmon's ticks
            assertThat(safePoints).isGreaterThanOrEqualTo(slices).isLessThan(slices + 1_000);
        }
    }

    /**
     * sysmon's preemptone stops a goroutine in {@code for {}} as it stops a long work: after 10 ms on the
     * same schedtick, seen by sysmon within 20 ms (plus timer slack), and by the goroutine within one
     * workSlice; the others then get their turn.
     */
    @Test
    void preemptoneStopsAGoroutineInForLoopWithinAWorkSlice() {
        StepRuns.Run run = StepRuns.run(go(1, """
                func spin() {
                	for {
                	}
                }

                func main() {
                	go spin()
                	go spin()
                	spin()
                }
                """), 200_000_000);
        Map<Long, Long> started = new HashMap<>();
        int preemptions = 0;
        for (Event e : run.events()) {
            if (e.kind() == EventKind.EXECUTE) started.put(e.g(), e.time());
            if (e.kind() == EventKind.PREEMPT) {
                long slice = e.time() - started.get(e.g());
                assertThat(slice).as("slice of G%d", e.g())
                        .isBetween(10_000_000L, 20_000_000L + 2 * Costs.DEFAULT.timerSlack() + Costs.DEFAULT.workSlice());
                preemptions++;
            }
        }
        assertThat(preemptions).isGreaterThanOrEqualTo(10);
        assertThat(started.keySet()).containsExactlyInAnyOrder(1L, 2L, 3L);
    }

    /**
     * Local statements still cost 5 ns each, paid before the next thing others can see: a loop of 20,000
     * more iterations (4 instructions each: the condition, two assignments, the jump back) starts the
     * goroutine after it 400 µs later, across several workSlices.
     */
    @Test
    void localStatementsArePaidBeforeTheNextVisibleOperation() {
        assertThat(goAfterLoop(30_000) - goAfterLoop(10_000)).isEqualTo(20_000L * 4 * Costs.DEFAULT.statement());
    }

    private static long goAfterLoop(int n) {
        StepRuns.Run run = StepRuns.run(go(1, """
                func f() {
                }

                func main() {
                	x := 0
                	for i := 0; i < %d; i++ {
                		x = x + i
                	}
                	go f()
                	_ = x
                }
                """.formatted(n)));
        return run.of(EventKind.GO).stream().filter(e -> e.g() == 2).findFirst().orElseThrow().time();
    }
}
