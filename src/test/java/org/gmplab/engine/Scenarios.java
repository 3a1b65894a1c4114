package org.gmplab.engine;

import static org.gmplab.scenario.Expr.of;

import java.util.List;
import java.util.Map;

import org.gmplab.scenario.Expr;
import org.gmplab.scenario.Function;
import org.gmplab.scenario.Program;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.Stmt;

/** Scenarios built in Java for engine tests. */
final class Scenarios {
    private Scenarios() { }

    static final long US = 1_000, MS = 1_000_000;

    /** main: wg.Add(n); for i < n { go worker() }; wg.Wait(). worker: work(d); wg.Done(). */
    static Scenario spawn(int n, long workNanos, int procs, long seed) {
        Function main = new Function("main", List.of(), List.of(
                new Stmt.WgAdd(new Expr.Var("wg"), of(n)),
                new Stmt.For("i", of(n), List.of(new Stmt.Go("worker", List.of()))),
                new Stmt.WgWait(new Expr.Var("wg"))));
        Function worker = new Function("worker", List.of(), List.of(
                new Stmt.Work(of(workNanos)),
                new Stmt.WgDone(new Expr.Var("wg"))));
        return new Scenario("spawn" + n, procs, seed, Scenario.DEFAULT_RUNQ, new Program(Map.of("main", main, "worker", worker), List.of("wg")));
    }

    /** A binary fan-out tree of the given depth: 2^(depth+1)-1 goroutines besides main, all counted by wg. */
    static Scenario fanout(int depth, int procs, long seed) {
        long nodes = (1L << (depth + 1)) - 1;
        Function main = new Function("main", List.of(), List.of(
                new Stmt.WgAdd(new Expr.Var("wg"), of(nodes)),
                new Stmt.Go("tree", List.of(of(depth))),
                new Stmt.WgWait(new Expr.Var("wg"))));
        Expr d = new Expr.Var("d");
        Function tree = new Function("tree", List.of("d"), List.of(
                new Stmt.If(new Expr.Binary(">", d, of(0)), List.of(
                        new Stmt.Go("tree", List.of(new Expr.Binary("-", d, of(1)))),
                        new Stmt.Go("tree", List.of(new Expr.Binary("-", d, of(1))))), List.of()),
                new Stmt.WgDone(new Expr.Var("wg"))));
        return new Scenario("fanout" + depth, procs, seed, Scenario.DEFAULT_RUNQ, new Program(Map.of("main", main, "tree", tree), List.of("wg")));
    }
}
