package org.gmplab.snapshot;

import java.util.List;

/**
 * The whole scheduler at one instant, deep-immutable. In step mode it is taken while the engine is
 * frozen, so it is exactly consistent; in live mode it is read on the fly, as Go's schedtrace does.
 *
 * @param time         virtual time in ns
 * @param events       number of events emitted up to this instant
 * @param threads      Ms ever created (Go's mcount)
 * @param globalQueue  goids in the global run queue, head first
 * @param idlePs       P ids on the idle list, head first
 * @param idleMs       M ids on the idle list, head first
 * @param globalFree   number of dead Gs on the global free list
 * @param gs           every G ever allocated (Go's allgs), dead ones included
 * @param scheduler    the scheduler design: "gmp" (Go 1.23), "gmp1.26" (Go 1.26's G-M-P rules: a P in a
 *                     system call stays running) or "go1.0" (one global queue, one lock, no Ps: {@code ps} is
 *                     then empty and {@code gomaxprocs} is Go 1.0's mcpumax), or "real": a real Go run read
 *                     from its execution trace, whose queues are unknown ({@link #real()})
 * @param lock         how often sched.lock was taken and waited for, since the start
 * @param mcpu         Go 1.0: Ms running Go code (at most gomaxprocs); -1 under G-M-P
 * @param sysmonwait   sysmon is in deep sleep, waiting to be woken (Go's {@code sched.sysmonwait})
 * @param mutexes      the program's {@code sync.Mutex}es, in declaration order
 * @param sampled      for a moment of a real run read from {@code GODEBUG=schedtrace} output, what that output
 *                     gives that the other fields cannot hold (the queues' lengths); null otherwise
 */
public record Snapshot(long time, long events, int gomaxprocs, int threads, int npidle, int nmspinning,
                       int needspinning, int nmidle, List<Long> globalQueue, List<Integer> idlePs,
                       List<Integer> idleMs, int globalFree, List<Proc> ps, List<Thread> ms, List<G> gs,
                       String scheduler, Lock lock, int mcpu, boolean sysmonwait, List<Mutex> mutexes, Sampled sampled) {
    public static final String GMP = "gmp", GMP126 = "gmp1.26", GO10 = "go1.0", REAL = "real";

    /** A G-M-P snapshot with no lock counts (for tests and imported traces). */
    public Snapshot(long time, long events, int gomaxprocs, int threads, int npidle, int nmspinning,
                    int needspinning, int nmidle, List<Long> globalQueue, List<Integer> idlePs,
                    List<Integer> idleMs, int globalFree, List<Proc> ps, List<Thread> ms, List<G> gs) {
        this(time, events, gomaxprocs, threads, npidle, nmspinning, needspinning, nmidle, globalQueue, idlePs, idleMs,
                globalFree, ps, ms, gs, GMP, new Lock(0, 0, 0), -1, false, List.of());
    }

    /** A moment of a run (not sampled from schedtrace output). */
    public Snapshot(long time, long events, int gomaxprocs, int threads, int npidle, int nmspinning,
                    int needspinning, int nmidle, List<Long> globalQueue, List<Integer> idlePs,
                    List<Integer> idleMs, int globalFree, List<Proc> ps, List<Thread> ms, List<G> gs,
                    String scheduler, Lock lock, int mcpu, boolean sysmonwait, List<Mutex> mutexes) {
        this(time, events, gomaxprocs, threads, npidle, nmspinning, needspinning, nmidle, globalQueue, idlePs, idleMs,
                globalFree, ps, ms, gs, scheduler, lock, mcpu, sysmonwait, mutexes, null);
    }

    /**
     * What {@code GODEBUG=schedtrace=X} (and {@code scheddetail=1}) output gives of a moment of a real run that a
     * snapshot's other fields cannot hold: the queues' lengths. Go prints counts, not the goroutines in them, so
     * such a snapshot is {@link #REAL} with empty rings and global queue, and the counts are here.
     *
     * @param everyMs  the sampling period: how many ms apart the SCHED lines are
     * @param runqueue the global run queue's length ({@code sched.runqsize}, the SCHED line's {@code runqueue=})
     * @param runqsize each P's local run queue length, by P id ({@code runqtail - runqhead}: runnext not counted)
     * @param detail   whether the output is scheddetail's (each P's status and M, the Ms, the Gs) or plain
     *                 schedtrace (the counts only)
     * @param text     the lines Go printed for this moment
     * @param series   the queues' lengths over the whole run, for a plot
     */
    public record Sampled(long everyMs, long runqueue, List<Long> runqsize, boolean detail, String text, QueueSeries series) {
        public Sampled {
            runqsize = List.copyOf(runqsize);
            java.util.Objects.requireNonNull(text);
            java.util.Objects.requireNonNull(series);
        }

        /** P {@code p}'s local run queue length, or -1 when the output does not give it. */
        public long runqsize(int p) { return p >= 0 && p < runqsize.size() ? runqsize.get(p) : -1; }
    }

    /** P {@code p}'s status as the canvas and inspector spell it: "?" where plain schedtrace output does not give it. */
    public String statusWord(Proc p) { return isSampled() && !sampled.detail() ? "?" : p.status().word(); }

    /** True for a moment read from {@code GODEBUG=schedtrace} output: a real run whose queues are counts ({@link Sampled}). */
    public boolean isSampled() { return sampled != null; }

    /** True under Go 1.0's scheduler: no Ps, one global queue. */
    public boolean go10() { return GO10.equals(scheduler); }

    /**
     * True for a moment of a real Go run read from its execution trace: the trace does not record which queue a
     * runnable G waits in, so the Ps' rings, runnext and the global queue are empty and the runnable Gs are one
     * pool (their {@code where} is {@link Place.Pool}); spinning, idle Ms and schedtick are not recorded either.
     */
    public boolean real() { return REAL.equals(scheduler); }

    /** True under Go 1.26's G-M-P rules (no {@code _Psyscall}). */
    public boolean go126() { return GMP126.equals(scheduler); }

    /** The Go release whose scheduler runs: "1.23", "1.26" or "1.0". */
    public String goVersion() { return go10() ? "1.0" : go126() ? "1.26" : "1.23"; }

    /**
     * The scheduler lock (Go's {@code sched.lock}; Go 1.0's {@code runtime·sched} lock), counted from the
     * start of the run.
     *
     * @param acquisitions times it was taken
     * @param contended    times a thread had to wait because another held it
     * @param waitNanos    total wait, ns (virtual in step mode; under G-M-P waits are counted but not charged)
     */
    public record Lock(long acquisitions, long contended, long waitNanos) {}

    public Snapshot {
        java.util.Objects.requireNonNull(scheduler);
        java.util.Objects.requireNonNull(lock);
        globalQueue = LongList.copyOf(globalQueue);
        idlePs = List.copyOf(idlePs);
        idleMs = List.copyOf(idleMs);
        ps = List.copyOf(ps);
        ms = List.copyOf(ms);
        gs = ChunkList.copyOf(gs);   // an engine's snapshot shares its chunks with the one before: not copied
        mutexes = List.copyOf(mutexes);
    }

    /**
     * A P. {@code runq} lists the ring from head to tail; {@code head} and {@code tail} are the raw
     * free-running counters (slot = counter mod capacity). {@code runnext} and {@code m} are -1 when empty.
     */
    public record Proc(int id, PStatus status, int m, long runnext, List<Long> runq, int head, int tail, int capacity,
                       long schedtick, long syscalltick, int gfreecnt, int timerslen) {
        public Proc {
            java.util.Objects.requireNonNull(status);
            runq = LongList.copyOf(runq);
        }
    }

    /**
     * A {@code sync.Mutex}: its state word's bits ({@code mutexLocked}, {@code mutexWoken},
     * {@code mutexStarving}, the waiter count) and the goroutines queued on its semaphore, front first.
     * {@code starving} is Go's starvation mode (hand-off to the front waiter); otherwise normal mode.
     */
    public record Mutex(String name, boolean locked, boolean woken, boolean starving, int waiterCount, List<Long> queue) {
        public Mutex { queue = List.copyOf(queue); }
        /** "normal" or "starving", as the inspector shows it. */
        public String mode() { return starving ? "starving" : "normal"; }
    }

    /**
     * An M. {@code p}, {@code nextp} and {@code curg} are -1 when absent. {@code sysmon}: this M is sysmon's
     * thread (it runs no Gs and has no P), as the engine knows it, so that nobody has to guess from its id.
     */
    public record Thread(int id, int p, int nextp, long curg, boolean spinning, boolean blocked, boolean sysmon) {
        /** An M that is not sysmon (tests, imported traces, Go 1.0, which has no sysmon). */
        public Thread(int id, int p, int nextp, long curg, boolean spinning, boolean blocked) {
            this(id, p, nextp, curg, spinning, blocked, false);
        }
    }

    /**
     * A goroutine. {@code status} carries Go's number; {@code m} is -1 unless it is running; {@code where} is its
     * one {@link Place} (a P's runnext or ring, the global queue, an M, parked on something, a free list…), or
     * {@link Place#UNKNOWN} in a live snapshot read without stopping the world. {@code system}: one of the
     * runtime's own goroutines (Go's {@code isSystemGoroutine}: forcegchelper, bgsweep, bgscavenge, runfinq), not
     * the program's. {@code line}: the 1-based line, in the scenario's listing, of the statement it is at
     * (running, waiting in, or going on with), or 0 if none (dead, the runtime's own code, an imported trace).
     */
    public record G(long goid, GStatus status, String waitReason, int m, String function, String instruction,
                    long parent, Place where, boolean system, int line) {
        public G {
            java.util.Objects.requireNonNull(status);
            java.util.Objects.requireNonNull(where);
        }

        /** A goroutine with no source line. */
        public G(long goid, GStatus status, String waitReason, int m, String function, String instruction, long parent, Place where,
                 boolean system) {
            this(goid, status, waitReason, m, function, instruction, parent, where, system, 0);
        }

        /** A goroutine of the program (not one of the runtime's own). */
        public G(long goid, GStatus status, String waitReason, int m, String function, String instruction, long parent, Place where) {
            this(goid, status, waitReason, m, function, instruction, parent, where, false);
        }
    }
}
