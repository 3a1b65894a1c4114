package org.gmplab.engine;

import org.junit.jupiter.api.Tag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.*;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.Stmt;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Live mode with everything that blocks — syscalls (plain and blocking), selects, mutexes, timers, network
 * reads, channels, wait groups — on real parallel threads, at GOMAXPROCS 1, 2, 8 and 64, many times. Every
 * goroutine must start exactly once (the {@code started} wait group: a second start would drive it below
 * zero, a lost one would leave main waiting) and exit exactly once (the exit hook), the run must end with
 * main returning — no false deadlock, no engine failure — the invariants must hold at the end, and no
 * engine thread may outlive the engine.
 *
 * <p>Before sysmon kept the P it retakes counted as running ({@code incidlelocked} in retake), 5 runs in
 * 20 of the syscall family at GOMAXPROCS 1 ended in "checkdead: runnable g": ten runs at GOMAXPROCS 1 and
 * 2 catch that nineteen times in twenty ({@link IncidlelockedTest} has the focused tests). Four runs at
 * 8 and 64 Ps, where the families are quicker to pass and rarer to fail. The whole class takes about 20 s.
 */
@Tag("live")
class LiveBlockingStressTest {
    /** Goroutines and rounds of each family's run. */
    static final int GOROUTINES = 32, ROUNDS = 10;
    /** Goroutines of {@link #mix}, the longer program other live tests use. */
    static final int WORKERS = 64;

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
                .fn(fn("worker", List.of("id"), loop("k", "12", dispatch, work("2us")), done("wg")))
                .build("live-mix-" + procs);
    }

    /** One kind of blocking operation per family; {@code mix} has them all. */
    enum Op { SYSCALL, SELECT, MUTEX, SLEEP, NETREAD, CHAN, WAITGROUP, MIX }

    /** The body of one round of a worker {@code id} (round {@code k}) for each family. */
    static Stmt round(Op op) {
        return switch (op) {
            // plain and blocking system calls: sysmon retakes the Ps of the long ones, exitsyscall's paths all run
            case SYSCALL -> new Stmt.If(e("k % 3 == 2"), body(syscallBlock("(id % 2 + 1) * 10us")), body(syscall("(id % 3 + 1) * 10us")));
            // both sides of an unbuffered rendezvous in a select: even ids send on sa or sb, odd ids receive from either
            case SELECT -> new Stmt.If(e("id % 2 == 0"),
                    body(new Stmt.Select(List.of(new Stmt.SelectCase(v("sa"), e("id"), null, body()),
                            new Stmt.SelectCase(v("sb"), e("id"), null, body())), List.of(), false)),
                    body(new Stmt.Select(List.of(new Stmt.SelectCase(v("sa"), null, "x", body()),
                            new Stmt.SelectCase(v("sb"), null, "x", body())), List.of(), false)));
            case MUTEX -> new Stmt.If(e("1 == 1"), body(lock("mu"), work("3us"), unlock("mu")), body());
            case SLEEP -> sleep("(id % 3 + 1) * 10us");
            case NETREAD -> netread("(id % 4 + 1) * 10us");
            // an unbuffered ping-pong between pairs, then a buffered channel of one
            case CHAN -> new Stmt.If(e("id % 2 == 0"), body(send("a", "id"), recv("b", "x"), send("box", "id"), recv("box", "x")),
                    body(recv("a", "x"), send("b", "x"), send("box", "id"), recv("box", "x")));
            // every worker waits on the gate each round; main opens it once, and the rest pass at once
            case WAITGROUP -> new Stmt.If(e("1 == 1"), body(waitWg("gate"), work("1us")), body());
            case MIX -> {
                Op[] ops = {Op.SYSCALL, Op.SELECT, Op.MUTEX, Op.SLEEP, Op.NETREAD, Op.CHAN, Op.WAITGROUP};
                Stmt dispatch = round(ops[ops.length - 1]);
                // Each pair of workers keeps to one family: the channel families rendezvous an even id with
                // an odd one, and pairs drifting through different families could truly deadlock.
                for (int i = ops.length - 2; i >= 0; i--)
                    dispatch = new Stmt.If(e("id / 2 % " + ops.length + " == " + i), body(round(ops[i])), body(dispatch));
                yield dispatch;
            }
        };
    }

    static Scenario scenario(Op op, int procs, long seed) {
        String n = String.valueOf(GOROUTINES);
        return prog().procs(procs).seed(seed).wg("wg", "started", "gate").mutex("mu").chan("a", 0).chan("b", 0).chan("box", 1).chan("sa", 0).chan("sb", 0)
                .fn(fn("main", add("wg", n), add("started", n), add("gate", "1"), loop("i", n, go("worker", "i")), work("5us"), done("gate"),
                        waitWg("started"), waitWg("wg")))
                .fn(fn("worker", List.of("id"), done("started"), loop("k", String.valueOf(ROUNDS), round(op), work("2us")), done("wg")))
                .build("live-" + op.name().toLowerCase() + "-" + procs);
    }

    static Stream<Arguments> families() {
        return Stream.of(Op.values()).flatMap(op -> Stream.of(1, 2, 8, 64).map(procs -> Arguments.of(op, procs)));
    }

    @ParameterizedTest(name = "{0} at GOMAXPROCS={1}")
    @MethodSource("families")
    void everyGoroutineStartsAndExitsExactlyOnce(Op op, int procs) throws Exception {
        int runs = procs <= 2 ? 10 : 4;
        for (int rep = 0; rep < runs; rep++) runAndCheck(scenario(op, procs, rep), GOROUTINES);
    }

    /** {@link #mix}, the older and longer program, at the GOMAXPROCS the families do not stress as often. */
    @ParameterizedTest(name = "GOMAXPROCS={0}")
    @ValueSource(ints = {4, 8})
    void theLongMixFinishesEveryGoroutineExactlyOnce(int procs) throws Exception {
        for (int rep = 0; rep < 3; rep++) runAndCheck(mix(procs, rep), WORKERS);
    }

    /** The mix in step mode, with the invariants checked at every safe point. */
    @ParameterizedTest(name = "GOMAXPROCS={0}")
    @ValueSource(ints = {1, 2, 8, 64})
    void theMixIsConsistentInStepModeToo(int procs) {
        StepRuns.Run run = StepRuns.run(scenario(Op.MIX, procs, procs));
        assertThat(run.outcome().kind()).as(run.outcome().message()).isEqualTo(Outcome.Kind.EXITED);
    }

    static void runAndCheck(Scenario sc, int goroutines) throws Exception {
        AtomicIntegerArray exits = new AtomicIntegerArray(goroutines + 64 * sc.gomaxprocs() + 64);
        LongAdder duplicates = new LongAdder();
        Engine e = Engine.live(sc, 1, false, goid -> {
            if (exits.getAndIncrement((int) goid) != 0) duplicates.increment();
        });
        Outcome o = e.awaitEnd(60, TimeUnit.SECONDS);
        e.close();
        assertThat(o).as("%s: the program ended", sc.name()).isNotNull();
        assertThat(o.kind()).as("%s: %s", sc.name(), o.message()).isEqualTo(Outcome.Kind.EXITED);
        assertThat(e.liveThreads()).as("engine threads left running").isZero();
        assertThat(duplicates.sum()).as("goroutines that exited twice").isZero();
        WaitGroup started = waitGroup(e, "started");
        if (started != null) assertThat(started.counter.get()).as("goroutines that never started").isZero();
        e.checkInvariants();
        Snapshot s = e.snapshot();
        long finishedNotExited = s.gs().stream().filter(g -> g.goid() != 1 && !g.system() && g.status() != GStatus.DEAD)
                .peek(g -> assertThat(g.instruction()).as("G%d at %s", g.goid(), g.where()).isEqualTo("return")).count();
        long exited = 0;
        for (int i = 0; i < exits.length(); i++) exited += exits.get(i);
        assertThat(exited + finishedNotExited).as("%s: every goroutine ran to its end exactly once", sc.name()).isEqualTo(goroutines);
    }

    /** The package-level wait group {@code name}, or null. */
    private static WaitGroup waitGroup(Engine e, String name) {
        for (long h = 1; ; h++) {
            Object o = e.sched().handles.get(h);
            if (o == null) return null;
            if (o instanceof WaitGroup wg && wg.name.equals(name)) return wg;
        }
    }
}
