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
 * @param timerSlack Linux's default timer slack (50 µs): a {@code usleep(d)} timer may fire anywhere up to d +
 *                   timerSlack, and fires at the end of that window unless another timer's expiry lets the
 *                   kernel fire it a little earlier; then the thread must be scheduled ({@code wakeM}). So
 *                   {@code usleep(d)} takes d + 4/5..1 of the slack + wakeM: sysmon's 20 µs sleep is 65–75 µs,
 *                   ≈ 70 µs on average as Go measures it (GO-SCHEDULER.md 3.c); the draw comes from the
 *                   sleeping M's seeded random source, so runs stay repeatable
 * @param procyield  {@code sync.Mutex}'s spin, {@code procyield(30)}: 30 PAUSE instructions (≈ 1 µs on current x86)
 */
public record Costs(long statement, long newproc, long gswitch, long globalOp, long stealProbe,
                    long wakeM, long wakeJitter, long newm, long runnextBackoff, long workSlice, long timerSlack,
                    long procyield) {
    public static final Costs DEFAULT = new Costs(5, 250, 100, 50, 40, 5_000, 5_000, 30_000, 3_000, 100_000, 50_000, 1_000);
}
