package org.gmplab.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.ScenarioFiles;

/**
 * One live workload run after run in one JVM, by turns with Go's program: a GMP Lab run, then a Go run, each 50 ms
 * after the last, as {@code LiveVsGoBench} settles them. It prints each run's {@code main.main} (Go's program times
 * the same span from inside itself) and the core-to-core round trip before it, then the distribution of the runs,
 * where {@code LiveVsGoBench} gives medians of rounds (docs/benchmarks.md, "Round 27"). Go's program is the one
 * {@code LiveVsGoBench} builds into {@code target/go-bench}; without it, GMP Lab runs alone.
 *
 * <pre>
 * java -Xms4g -Xmx4g -Xmn2g -XX:+AlwaysPreTouch -cp target/test-classes:target/classes:$(cat target/cp.txt) \
 *      org.gmplab.bench.LiveRunsBench [WORKLOAD [P [RUNS [WARMUPS]]]]     # default syscall 2 80 60
 * # with -Dgmplab.spares.ahead=64 every new M of the system calls' runs finds its thread started before main.main
 * </pre>
 */
public final class LiveRunsBench {
    private static final long SETTLE_MILLIS = 50;
    /** The round trip before every run: a fifth of LiveVsGoBench's measure, about 0.1 s. */
    private static final int TRIPS = CoreToCore.TRIPS / 5;
    /** A round trip under this many ns: the two vCPUs near each other (docs/benchmarks.md, "Round 10"). */
    private static final double NEAR_NANOS = 300;

    public static void main(String[] args) throws Exception {
        String workload = args.length > 0 ? args[0] : "syscall";
        int p = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 80;
        int warmups = args.length > 3 ? Integer.parseInt(args[3]) : 60;
        Scenario sc = ScenarioFiles.load(Path.of("bench/go", workload, "gmplab.go")).withGomaxprocs(p);
        Path go = LiveVsGoBench.GO_BIN.resolve(workload);
        boolean withGo = Files.isExecutable(go);
        if (!withGo) System.out.println("no " + go + " (LiveVsGoBench builds it): GMP Lab alone");
        for (int i = 0; i < warmups; i++) {
            Thread.sleep(SETTLE_MILLIS);
            mainMainMillis(sc);
        }
        List<Double> gmplab = new ArrayList<>(), near = new ArrayList<>(), goRuns = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            double trip = CoreToCore.roundTripNanos(TRIPS);
            Thread.sleep(SETTLE_MILLIS);
            double ms = mainMainMillis(sc);
            gmplab.add(ms);
            if (trip < NEAR_NANOS) near.add(ms);
            String goFigure = "";
            if (withGo) {
                Thread.sleep(SETTLE_MILLIS);
                double g = LiveVsGoBench.goRun(workload, p).nanos() / 1e6;   // as Go times itself, from main.main
                goRuns.add(g);
                goFigure = String.format("  Go %.2f ms", g);
            }
            System.out.printf("run %d  GMP Lab %.2f ms (round trip %.0f ns)%s%n", i + 1, ms, trip, goFigure);
        }
        System.out.printf("%s p=%d, main.main over %d runs after %d warm-up runs, median (p10–p90):%n", workload, p, runs, warmups);
        System.out.println("  GMP Lab " + summary(gmplab) + "; the vCPUs near (round trip under " + (int) NEAR_NANOS + " ns): " + summary(near));
        if (withGo) System.out.println("  Go      " + summary(goRuns));
    }

    /** One live run to its end; its main.main in ms. */
    private static double mainMainMillis(Scenario sc) throws InterruptedException {
        return LiveBootBench.run(sc)[1] / 1e6;
    }

    private static String summary(List<Double> ms) {
        if (ms.isEmpty()) return "no runs";
        double[] s = ms.stream().mapToDouble(Double::doubleValue).toArray();
        return String.format("%.2f ms (%.2f–%.2f), %d runs",
                LiveBootBench.quantile(s, .5), LiveBootBench.quantile(s, .1), LiveBootBench.quantile(s, .9), s.length);
    }
}
