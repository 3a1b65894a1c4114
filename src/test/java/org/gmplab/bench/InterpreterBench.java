package org.gmplab.bench;

import java.util.Arrays;

import org.gmplab.engine.Costs;
import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.gosrc.GoSource;

/**
 * Step mode's interpreter: Go statements per second of wall time (not JMH: each measurement is a whole run).
 * A statement costs {@link Costs#statement()} virtual ns, so a run that only interprets does
 * {@code virtual CPU time / statement cost} statements; the rate is that over the wall time of the run,
 * with the invariant check on, as every shipped path runs it.
 * <ul>
 * <li>busy loops: nine goroutines in {@code for {}} at GOMAXPROCS 2 and 4 (every P busy the whole run), run
 * for a fixed stretch of virtual time;</li>
 * <li>arithmetic: one goroutine counting a loop of assignments with arithmetic;</li>
 * <li>calls: one goroutine calling a small function (that returns nothing: the subset has no results) in a loop.</li>
 * </ul>
 * Run: see docs/benchmarks.md.
 */
public final class InterpreterBench {
    private static final int REPS = 5;
    private static final int WARMUP = 2;

    public static void main(String[] args) throws Exception {
        long busyFor = args.length > 0 ? Long.parseLong(args[0]) : 2_000_000; // virtual ns of each busy run
        System.out.println("| program | GOMAXPROCS | virtual time | wall time (median of " + REPS + ") | statements/s |");
        System.out.println("|---|---|---|---|---|");
        for (int procs : new int[] {2, 4}) row("9 goroutines in `for {}`", procs, busy(procs), busyFor);
        row("`x = x*3 + i` loop, 1M iterations", 1, scenario(1, """
                func main() {
                	x := 0
                	for i := 0; i < 1000000; i++ {
                		x = x*3 + i
                	}
                	_ = x
                }
                """), Long.MAX_VALUE);
        row("`inc(i)` loop, 200k calls", 1, scenario(1, """
                func inc(a int) {
                	_ = a + 1
                }

                func main() {
                	for i := 0; i < 200000; i++ {
                		inc(i)
                	}
                }
                """), Long.MAX_VALUE);
    }

    private static Scenario busy(int procs) throws ScenarioException {
        return scenario(procs, """
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
                """);
    }

    private static Scenario scenario(int procs, String body) throws ScenarioException {
        return GoSource.parse("// gmplab: gomaxprocs=" + procs + "\npackage main\n\n" + body, "bench.go");
    }

    private static void row(String what, int procs, Scenario sc, long until) {
        for (int i = 0; i < WARMUP; i++) measure(sc, until);
        long[] wall = new long[REPS];
        long virtual = 0;
        for (int i = 0; i < REPS; i++) {
            long[] r = measure(sc, until);
            wall[i] = r[0];
            virtual = r[1];
        }
        Arrays.sort(wall);
        long w = wall[REPS / 2];
        // Busy runs keep every P busy for the whole virtual time; the others run one goroutine alone.
        long cpu = until == Long.MAX_VALUE ? virtual : virtual * procs;
        double statements = (double) cpu / Costs.DEFAULT.statement();
        System.out.printf("| %s | %d | %.1f ms | %.3f s | %.2f M |%n", what, procs, virtual / 1e6, w / 1e9, statements / (w / 1e9) / 1e6);
    }

    /** One run: its wall time and the virtual time it reached. */
    private static long[] measure(Scenario sc, long until) {
        long t0 = System.nanoTime();
        try (Engine e = Engine.step(sc)) {
            e.run(until);
            return new long[] {System.nanoTime() - t0, e.now()};
        }
    }
}
