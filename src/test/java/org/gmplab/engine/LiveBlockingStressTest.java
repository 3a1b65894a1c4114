package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.*;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;

import org.gmplab.engine.program.Scenario;
import org.gmplab.engine.program.Stmt;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Live mode with everything that blocks: syscalls (plain and blocking), sleeps, network reads, buffered
 * and unbuffered channels, select, mutexes — on real parallel threads, many times. Every goroutine must
 * finish exactly once, the invariants must hold at the end, and no engine thread may outlive the engine.
 */
class LiveBlockingStressTest {
    static final int WORKERS = 64, ROUNDS = 12;

    /** Each worker mixes, by (id + round) % 8, one of eight blocking operations with a little work. */
    static Scenario mix(int procs, long seed) {
        Stmt.Select sel = new Stmt.Select(List.of(
                new Stmt.SelectCase(v("box"), e("id"), null, body()),
                new Stmt.SelectCase(v("box"), null, "x", body())), List.of(), false);
        Stmt[] ops = {
                work("5us"),
                syscall("(id % 5) * 10us"),
                syscallBlock("20us"),
                sleep("(k % 3 + 1) * 15us"),
                netread("(id % 4) * 10us"),
                new Stmt.If(e("id % 2 == 0"), body(send("pairs", "id"), recv("back", "x")), body(recv("pairs", "x"), send("back", "x"))),
                new Stmt.If(e("1 == 1"), body(lock("mu"), work("3us"), unlock("mu")), body()),
                sel,
        };
        Stmt dispatch = ops[ops.length - 1];
        for (int i = ops.length - 2; i >= 0; i--)
            dispatch = new Stmt.If(e("(id + k) % 8 == " + i), body(ops[i]), body(dispatch));
        return prog().procs(procs).seed(seed).wg("wg").mutex("mu").chan("pairs", 0).chan("back", 0).chan("box", 1)
                .fn(fn("main", add("wg", String.valueOf(WORKERS)), loop("i", String.valueOf(WORKERS), go("worker", "i")), waitWg("wg")))
                .fn(fn("worker", List.of("id"), loop("k", String.valueOf(ROUNDS), dispatch, work("2us")), done("wg")))
                .build("live-mix-" + procs);
    }

    @ParameterizedTest(name = "GOMAXPROCS={0}")
    @ValueSource(ints = {4, 8})
    void everyGoroutineFinishesExactlyOnce(int procs) throws Exception {
        for (int rep = 0; rep < 15; rep++) runAndCheck(mix(procs, rep));
    }

    /** The same mix in step mode, with the invariants checked at every safe point. */
    @RepeatedTest(3)
    void theMixIsConsistentInStepModeToo(org.junit.jupiter.api.RepetitionInfo info) {
        StepRuns.Run run = StepRuns.run(mix(4, info.getCurrentRepetition()));
        assertThat(run.outcome().kind()).as(run.outcome().message()).isEqualTo(Outcome.Kind.EXITED);
    }

    private static void runAndCheck(Scenario sc) throws Exception {
        AtomicIntegerArray exits = new AtomicIntegerArray(WORKERS + 64 * sc.gomaxprocs() + 64);
        LongAdder duplicates = new LongAdder();
        Engine e = Engine.live(sc, 1, false, goid -> {
            if (exits.getAndIncrement((int) goid) != 0) duplicates.increment();
        });
        Outcome o = e.awaitEnd(60, TimeUnit.SECONDS);
        e.close();
        assertThat(o).as("the program ended").isNotNull();
        assertThat(o.kind()).as(o.message()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(e.liveThreads()).as("engine threads left running").isZero();
        assertThat(duplicates.sum()).isZero();
        e.checkInvariants();
        Snapshot s = e.snapshot();
        long finishedNotExited = s.gs().stream().filter(g -> g.goid() != 1 && g.status() != GStatus.DEAD.go)
                .peek(g -> assertThat(g.instruction()).as("G%d at %s", g.goid(), g.where()).isEqualTo("return")).count();
        long exited = 0;
        for (int i = 0; i < exits.length(); i++) exited += exits.get(i);
        assertThat(exited + finishedNotExited).isEqualTo(WORKERS);
    }
}
