package org.gmplab.engine.program;

import java.util.Objects;

/**
 * What a run starts from: a program and the settings a teacher chooses for it. Same scenario and seed
 * give the same run in step mode.
 *
 * @param gomaxprocs number of Ps ({@link #MIN_PROCS}..{@link #MAX_PROCS})
 * @param seed       seeds every random choice the scheduler makes (Go's cheaprand)
 * @param runqSize   capacity of each P's local ring, a power of two ({@link #MIN_RUNQ}..{@link #MAX_RUNQ};
 *                   Go's is 256; lessons use a small ring so overflow is quick to reach)
 */
public record Scenario(String name, int gomaxprocs, long seed, int runqSize, Program program) {
    public static final int MIN_PROCS = 1, MAX_PROCS = 256;
    public static final int MIN_RUNQ = 2, MAX_RUNQ = 256;
    public static final int DEFAULT_RUNQ = 256;

    public Scenario {
        Objects.requireNonNull(name);
        Objects.requireNonNull(program);
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

    public Scenario withGomaxprocs(int n) { return new Scenario(name, n, seed, runqSize, program); }
    public Scenario withSeed(long s) { return new Scenario(name, gomaxprocs, s, runqSize, program); }
}
