/**
 * Real Go runs: a reader of Go's execution traces ({@code runtime/trace}, the v2 wire format of Go 1.22–1.25),
 * headless, with no Go toolchain, so that what the engine shows can be checked against the real runtime.
 *
 * <h2>What a trace is</h2>
 * Go's tracer writes, per M (thread), batches of events with timestamps from that thread's CPU; every second
 * or so it starts a new <em>generation</em> with fresh string and stack tables, and the status of every G and
 * P at its start ({@code GoStatus}, {@code ProcStatus}). Across Ms the timestamps are not to be trusted, so the
 * events that pass a G or a P from one M to another carry sequence numbers. {@link org.gmplab.gotrace.GoTraceReader}
 * puts the per-M streams into one consistent order as Go's parser does ({@code internal/trace}: reader.go,
 * generation.go, batch.go, batchcursor.go) using {@link org.gmplab.gotrace.Ordering}, a copy of Go's order.go:
 * a small model of the scheduler's G, P and M states that says whether an event can happen yet.
 *
 * <h2>What comes out</h2>
 * An ordered stream of {@link org.gmplab.gotrace.GoEvent}s: Go's event kinds and names, the M, P and G each
 * happened on, and for state transitions the G or P, from, to, and Go's reason ("preempted", "chan receive").
 * {@link org.gmplab.gotrace.RunState} follows the stream and knows, at each moment, every G's state, every
 * P's M and G, every M's P and G; {@link org.gmplab.gotrace.TraceSummary} counts what a learner asks first
 * (goroutines, migrations, retakes, syscalls). Tests compare the stream, transition by transition, with
 * {@code go tool trace -d=1} on real traces. {@link org.gmplab.gotrace.RealRun} turns the stream into the
 * engine's own snapshots and events (scheduler "real"), so the window walks a real run as it walks an engine run.
 *
 * <h2>What a trace does not record</h2>
 * Which queue a runnable G waits in (a P's ring, {@code runnext}, the global queue), steals, spinning Ms,
 * sysmon's decisions: those are what the engine shows. From a trace they can only be inferred: a G made
 * runnable on one P and started on another was moved (stolen, or taken from the global queue); a
 * {@code ProcSteal} is a P taken from an M in a syscall (sysmon's retake, or an exiting M taking its P
 * back the slow way). Inferred facts are labelled as such.
 */
package org.gmplab.gotrace;
