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
 * @param wakeM      futex wake of a parked M until it runs: at least this (≈ 5 µs)...
 * @param wakeJitter ...plus up to this much more, drawn from the waker's seeded random source (real
 *                   wake-ups vary; without jitter, woken spinners would always look at the same instant
 *                   of a periodic pattern such as a ping-pong pair)
 * @param newm       creating and starting an OS thread (≈ 30 µs)
 * @param runnextBackoff Go's {@code usleep(3)} before stealing a running P's runnext
 * @param workSlice  how often long {@code work} checks for preemption (the function-prologue check); in step
 *                   mode also the longest run of local statements (assignments, jumps, calls) between two
 *                   scheduling points
 * @param timerSlack a {@code usleep(d)} really sleeps between d and d + timerSlack (Linux's default timer
 *                   slack is 50 µs: Go measures sysmon's 20 µs sleep as ≈ 70 µs, GO-SCHEDULER.md 3.c); the
 *                   extra is drawn from the sleeping M's seeded random source, so runs stay repeatable
 */
public record Costs(long statement, long newproc, long gswitch, long globalOp, long stealProbe,
                    long wakeM, long wakeJitter, long newm, long runnextBackoff, long workSlice, long timerSlack) {
    public static final Costs DEFAULT = new Costs(5, 250, 100, 50, 40, 5_000, 5_000, 30_000, 3_000, 100_000, 50_000);
}
