package org.gmplab.engine;

/**
 * The virtual cost model of step mode, in nanoseconds. Real Go numbers on a current x86 machine, rounded
 * (the point to see: a goroutine switch costs ~100 ns, a thread start or wake-up costs microseconds):
 *
 * @param statement  one ordinary statement (loop step, assignment, call)
 * @param newproc    a {@code go} statement: gfget or malg, set up the frame, runqput (≈ 250 ns)
 * @param gswitch    switching goroutines on an M: save, schedule, execute (≈ 100 ns)
 * @param globalOp   an operation on the global queue under sched.lock
 * @param stealProbe looking at one victim in stealWork
 * @param wakeM      futex wake of a parked M until it runs (≈ 5 µs)
 * @param newm       creating and starting an OS thread (≈ 30 µs)
 * @param runnextBackoff Go's {@code usleep(3)} before stealing a running P's runnext
 * @param workSlice  how often long {@code work} checks for preemption (the function-prologue check)
 */
public record Costs(long statement, long newproc, long gswitch, long globalOp, long stealProbe,
                    long wakeM, long newm, long runnextBackoff, long workSlice) {
    public static final Costs DEFAULT = new Costs(5, 250, 100, 50, 40, 5_000, 30_000, 3_000, 100_000);
}
