package org.gmplab.scenario;

import java.util.Objects;

/**
 * What a run starts from: a program and the settings a teacher chooses for it. Same scenario and seed
 * give the same run in step mode.
 *
 * @param gomaxprocs number of Ps ({@link #MIN_PROCS}..{@link #MAX_PROCS})
 * @param seed       seeds every random choice the scheduler makes (Go's cheaprand)
 * @param runqSize   capacity of each P's local ring, a power of two ({@link #MIN_RUNQ}..{@link #MAX_RUNQ};
 *                   Go's is 256; lessons use a small ring so overflow is quick to reach)
 * @param scheduler  which scheduler design runs the program: Go 1.23's G-M-P (the default) or Go 1.0's
 *                   single global queue under one lock, without Ps (see docs/engine.md)
 * @param go         which Go release's G-M-P rules run it: 1.23 (the default) or 1.26, whose system calls keep
 *                   their P (see {@link GoVersion}); only for the G-M-P scheduler
 * @param runtimeGoroutines whether runtime.main starts the runtime's own goroutines (G2 forcegchelper, G3
 *                   bgsweep, G4 bgscavenge, G5 runfinq) before main.main, as Go does (the default); off, main
 *                   runs at once and user goroutines start at G2. G-M-P only.
 */
public record Scenario(String name, int gomaxprocs, long seed, int runqSize, Program program, Scheduler scheduler, GoVersion go,
                       boolean runtimeGoroutines) {

    /**
     * The Go release whose G-M-P rules a scenario runs under; {@link #key} is how scenario files and the
     * command line spell it. The rules that differ are listed in docs/engine.md ("Go 1.23 and Go 1.26").
     */
    public enum GoVersion {
        /** Go 1.23: {@code _Psyscall}; the model every Go release up to 1.25 has. */
        GO123("1.23"),
        /** Go 1.26: no {@code _Psyscall}; an M in a system call keeps its P, which stays {@code _Prunning}. */
        GO126("1.26");

        public final String key;

        GoVersion(String key) { this.key = key; }

        /** The version spelled {@code key} ("1.23" or "1.26"); IllegalArgumentException otherwise. */
        public static GoVersion of(String key) {
            for (GoVersion v : values()) if (v.key.equals(key)) return v;
            throw new IllegalArgumentException("go must be 1.23 or 1.26, got \"" + key + "\"");
        }
    }

    /** The scheduler design a scenario runs under; {@link #key} is how scenario files spell it. */
    public enum Scheduler {
        /** Go 1.23's runtime/proc.go: Ps with local run queues, runnext, work stealing. */
        GMP("gmp"),
        /** Go 1.0's runtime/proc.c: one global run queue under the one scheduler lock, no Ps. */
        GO10("go1.0");

        public final String key;

        Scheduler(String key) { this.key = key; }

        /** The design named {@code key} ("gmp" or "go1.0"); IllegalArgumentException otherwise. */
        public static Scheduler of(String key) {
            for (Scheduler s : values()) if (s.key.equals(key)) return s;
            throw new IllegalArgumentException("scheduler must be \"gmp\" or \"go1.0\", got \"" + key + "\"");
        }
    }

    public static final int MIN_PROCS = 1, MAX_PROCS = 256;
    /**
     * Largest channel capacity, in a scenario file or in {@code make(chan T, n)} at run time. Go's
     * {@code makechan} panics with "makechan: size out of range" only when the buffer's byte size overflows
     * what it could allocate; the engine says where it draws the line instead, so a tiny file cannot ask
     * for gigabytes. Buffers grow as they fill, so an unused capacity costs nothing.
     */
    public static final long MAX_CHANNEL_CAP = 1_000_000;
    public static final int MIN_RUNQ = 2, MAX_RUNQ = 256;
    public static final int DEFAULT_RUNQ = 256;

    public Scenario {
        Objects.requireNonNull(name);
        Objects.requireNonNull(program);
        Objects.requireNonNull(scheduler);
        Objects.requireNonNull(go);
        if (scheduler == Scheduler.GO10 && go != GoVersion.GO123)
            throw new IllegalArgumentException("go=" + go.key + " applies to the G-M-P scheduler, not to scheduler=go1.0");
        checkProcs(gomaxprocs);
        checkRunqSize(runqSize);
        if (!program.functions().containsKey("main"))
            throw new IllegalArgumentException("a program needs a function named main");
    }

    public static void checkProcs(int n) {
        if (n < MIN_PROCS || n > MAX_PROCS)
            throw new IllegalArgumentException("gomaxprocs must be between " + MIN_PROCS + " and " + MAX_PROCS + ", got " + n);
    }

    public static void checkRunqSize(int n) {
        if (n < MIN_RUNQ || n > MAX_RUNQ || Integer.bitCount(n) != 1)
            throw new IllegalArgumentException("runqSize must be a power of two between " + MIN_RUNQ + " and " + MAX_RUNQ + ", got " + n);
    }

    /** A scenario under Go 1.23's G-M-P scheduler, with the runtime's own goroutines. */
    public Scenario(String name, int gomaxprocs, long seed, int runqSize, Program program) {
        this(name, gomaxprocs, seed, runqSize, program, Scheduler.GMP);
    }

    /** A scenario under Go 1.23's rules of {@code scheduler}, with the runtime's own goroutines. */
    public Scenario(String name, int gomaxprocs, long seed, int runqSize, Program program, Scheduler scheduler) {
        this(name, gomaxprocs, seed, runqSize, program, scheduler, GoVersion.GO123);
    }

    /** A scenario under {@code go}'s rules of {@code scheduler}, with the runtime's own goroutines, as in Go. */
    public Scenario(String name, int gomaxprocs, long seed, int runqSize, Program program, Scheduler scheduler, GoVersion go) {
        this(name, gomaxprocs, seed, runqSize, program, scheduler, go, true);
    }

    /** A scenario under Go 1.23's rules of {@code scheduler}, with or without the runtime's own goroutines. */
    public Scenario(String name, int gomaxprocs, long seed, int runqSize, Program program, Scheduler scheduler, boolean runtimeGoroutines) {
        this(name, gomaxprocs, seed, runqSize, program, scheduler, GoVersion.GO123, runtimeGoroutines);
    }

    /** The Go release whose scheduler runs it, as people write it: "1.23", "1.26" or "1.0". */
    public String goRelease() { return scheduler == Scheduler.GO10 ? "1.0" : go.key; }

    public Scenario withGomaxprocs(int n) { return new Scenario(name, n, seed, runqSize, program, scheduler, go, runtimeGoroutines); }
    public Scenario withSeed(long s) { return new Scenario(name, gomaxprocs, s, runqSize, program, scheduler, go, runtimeGoroutines); }
    /** Go 1.0's scheduler has one set of rules: switching to it also goes back to go=1.23. */
    public Scenario withScheduler(Scheduler s) {
        return new Scenario(name, gomaxprocs, seed, runqSize, program, s, s == Scheduler.GO10 ? GoVersion.GO123 : go, runtimeGoroutines);
    }
    public Scenario withGo(GoVersion v) { return new Scenario(name, gomaxprocs, seed, runqSize, program, scheduler, v, runtimeGoroutines); }
    public Scenario withRuntimeGoroutines(boolean on) { return new Scenario(name, gomaxprocs, seed, runqSize, program, scheduler, go, on); }
}
