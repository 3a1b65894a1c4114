package org.gmplab.bench;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;

import org.gmplab.engine.GlobalRunQueue;
import org.gmplab.engine.Goroutine;
import org.gmplab.engine.RunQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of {@link RunQueue}'s atomics, single-threaded and uncontended, against {@link PlainRing}: the
 * same ring (capacity 256, power-of-two mask, free-running int counters) with plain fields and no CAS.
 * Each {@code ring*} benchmark is the baseline of the {@code runq*} benchmark with the same suffix; both
 * run in the same JMH run. The goal is for RunQueue to stay within 2x of its baseline. {@link CasRing} is a second
 * baseline for put + get: the plain ring whose {@code get} commits with one CAS of the head and whose {@code put}
 * publishes the tail with a release store, the least a ring can do when a thief may take the same G
 * ({@code casRingPutGet}).
 *
 * <p>Run (see docs/benchmarks-runqueue.md):
 * <pre>
 * mvn -B -q test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -cp target/test-classes:target/classes:$(cat target/cp.txt) org.openjdk.jmh.Main RunQueueBench -f 1 -wi 3 -i 5
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class RunQueueBench {

    static final int CAPACITY = 256;
    /** The steal benchmarks move half of a queue of this many Gs. */
    static final int STEAL_FROM = 128;

    private final GlobalRunQueue global = new GlobalRunQueue();
    private final Goroutine g = new Goroutine(1);

    private RunQueue putGetQueue;
    private PlainRing putGetRing;
    private CasRing putGetCasRing;
    // Two queues that trade Gs back and forth: the one holding STEAL_FROM is the victim.
    private RunQueue runqA, runqB;
    private PlainRing ringA, ringB;

    @Setup
    public void setUp() {
        putGetQueue = new RunQueue(CAPACITY);
        putGetRing = new PlainRing(CAPACITY);
        putGetCasRing = new CasRing(CAPACITY);
        runqA = new RunQueue(CAPACITY);
        runqB = new RunQueue(CAPACITY);
        ringA = new PlainRing(CAPACITY);
        ringB = new PlainRing(CAPACITY);
        for (int i = 0; i < STEAL_FROM; i++) {
            Goroutine gp = new Goroutine(i);
            runqA.runqput(gp, false, global);
            ringA.put(gp);
        }
        for (int i = 0; i < STEAL_FROM / 2; i++) {
            Goroutine gp = new Goroutine(STEAL_FROM + i);
            runqB.runqput(gp, false, global);
            ringB.put(gp);
        }
    }

    /** runqput (next=false) then runqget: an acquire load + release store, then an acquire load + CAS. */
    @Benchmark
    public Goroutine runqPutGet() {
        putGetQueue.runqput(g, false, global);
        return putGetQueue.runqget();
    }

    @Benchmark
    public Goroutine ringPutGet() {
        putGetRing.put(g);
        return putGetRing.get();
    }

    /** The fair baseline of runqPutGet: the same acquire load and release store, and one CAS to take. */
    @Benchmark
    public Goroutine casRingPutGet() {
        putGetCasRing.put(g);
        return putGetCasRing.get();
    }

    /** runqput with next=true then runqget: the runnext path, a CAS to set and a CAS to take. */
    @Benchmark
    public Goroutine runqPutGetRunnext() {
        putGetQueue.runqput(g, true, global);
        return putGetQueue.runqget();
    }

    /**
     * A steal of half of a 128-G queue: 64 Gs copied, one CAS of the victim's head, one release store of
     * the thief's tail, plus one runqput of the returned G. The thief holds 64 Gs already, so afterwards it
     * holds 128 and the victim 64: the refill is the next steal, in the other direction. Both directions
     * are measured, so one operation is half an invocation. (Go's thief has an empty ring; the code path
     * and the amount copied are the same.)
     */
    @Benchmark
    @OperationsPerInvocation(2)
    public Goroutine runqStealHalf() {
        Goroutine gp = runqB.runqsteal(runqA, false);
        runqB.runqput(gp, false, global);
        gp = runqA.runqsteal(runqB, false);
        runqA.runqput(gp, false, global);
        return gp;
    }

    @Benchmark
    @OperationsPerInvocation(2)
    public Goroutine ringStealHalf() {
        Goroutine gp = ringB.steal(ringA);
        ringB.put(gp);
        gp = ringA.steal(ringB);
        ringA.put(gp);
        return gp;
    }

    /**
     * The least a ring can do: the baseline. Single-threaded only, no overflow handling (put on a full
     * ring is a bug here).
     */
    static final class PlainRing {
        private final Goroutine[] slots;
        private final int mask;
        private int head, tail;

        PlainRing(int capacity) {
            slots = new Goroutine[capacity];
            mask = capacity - 1;
        }

        void put(Goroutine gp) {
            if (tail - head >= slots.length) throw new IllegalStateException("full");
            slots[tail & mask] = gp;
            tail++;
        }

        Goroutine get() {
            if (head == tail) return null;
            return slots[head++ & mask];
        }

        /** Like runqsteal: take ceil(half) of victim, keep all but the last, return the last. */
        Goroutine steal(PlainRing victim) {
            // Locals, as RunQueue's grab has them, so that the copy loop reads no fields.
            Goroutine[] from = victim.slots, to = slots;
            int h = victim.head, t = tail, vmask = victim.mask;
            int n = victim.tail - h;
            n -= n / 2;
            if (n == 0) return null;
            for (int i = 0; i < n; i++) to[(t + i) & mask] = from[(h + i) & vmask];
            victim.head = h + n;
            tail = t + n - 1;
            return to[(t + n - 1) & mask];
        }
    }

    /**
     * The plain ring with the atomics a ring shared with thieves cannot do without, as Go's {@code runqput} and
     * {@code runqget} have them: the owner's put reads the head with an acquire load and publishes the tail with a
     * release store; its get reads the head with an acquire load and takes the G with a CAS of the head (a thief may
     * take the same G at the same moment). No runnext, no overflow. Single-threaded here: it prices the atomics alone.
     */
    static final class CasRing {
        private final Goroutine[] slots;
        private final int mask;
        private int head, tail;   // the head through HEAD; the tail written through TAIL, read plainly by its owner as RunQueue's
        private static final VarHandle HEAD, TAIL;
        static {
            try {
                MethodHandles.Lookup l = MethodHandles.lookup();
                HEAD = l.findVarHandle(CasRing.class, "head", int.class);
                TAIL = l.findVarHandle(CasRing.class, "tail", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        CasRing(int capacity) {
            slots = new Goroutine[capacity];
            mask = capacity - 1;
        }

        void put(Goroutine gp) {
            int h = (int) HEAD.getAcquire(this), t = tail;
            if (t - h >= slots.length) throw new IllegalStateException("full");
            slots[t & mask] = gp;
            TAIL.setRelease(this, t + 1);
        }

        Goroutine get() {
            for (;;) {
                int h = (int) HEAD.getAcquire(this), t = tail;
                if (t == h) return null;
                Goroutine gp = slots[h & mask];
                if (HEAD.compareAndSet(this, h, h + 1)) return gp;
            }
        }
    }
}
