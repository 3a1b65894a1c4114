/**
 * Go's scheduler, written again in Java rule by rule: {@code runtime/proc.go} of Go 1.23 (Go 1.26's syscall rules
 * and Go 1.0's design on request), with Go's names, so that a reader can hold this package beside {@code proc.go}
 * and follow one in the other. No JavaFX here, and no knowledge of the window: the engine's door is
 * {@link org.gmplab.engine.Engine} (start, step, run until, snapshot, stop), {@link org.gmplab.engine.Action} (what a
 * user may inject) and {@link org.gmplab.engine.Outcome} (how a run ended). Programs come compiled from
 * {@code org.gmplab.scenario}; what the engine says comes out as {@code org.gmplab.snapshot} records.
 *
 * <h2>G, M and P</h2>
 * A {@link org.gmplab.engine.Goroutine} (Go's {@code g}) is a program counter and locals in a chain of frames, so
 * that any M can continue it where it stopped. A {@link org.gmplab.engine.Machine} (Go's {@code m}) is a real Java
 * platform thread running Go's g0 loop: {@code schedule} → {@link org.gmplab.engine.FindRunnable findRunnable} →
 * {@code execute} → the G runs in the {@link org.gmplab.engine.Interpreter} until it yields, blocks, enters a system
 * call or exits → {@code schedule} again. A {@link org.gmplab.engine.Processor} (Go's {@code p}) is the right to run
 * Go code: there are exactly GOMAXPROCS, and an M runs goroutines only while it holds one. {@link
 * org.gmplab.engine.Sched} is Go's {@code schedt}: what is shared by all.
 *
 * <h2>Who owns what, and what guards it</h2>
 * This is the part to get right before changing anything; each field's own comment repeats its line.
 * <ul>
 * <li><b>A P's run queue</b> ({@link org.gmplab.engine.RunQueue}): a ring of 256 slots plus {@code runnext}. Only
 *     the owner puts (plain slot stores, published by a release store of {@code runqtail}); anyone consumes by a
 *     CAS of {@code runqhead} — the owner, a thief ({@code runqgrab}), the owner again when the ring is full
 *     ({@code runqputslow}). {@code runnext} is swapped by the owner and CASed empty by the owner or a thief. No
 *     lock: this is why the common paths ({@code go}, {@code schedule}, a G's exit) scale. With assertions on
 *     ({@code -ea}, as the tests run), the owner's methods check that no second thread is ever inside them at
 *     once, and {@code sched.lock}'s holders assert they hold it.</li>
 * <li><b>The rest of a P</b> — its free list of dead Gs, its goid cache, {@code schedtick} — is owner-only;
 *     {@code status} is CASed (sysmon's {@code retake} races an M's {@code exitsyscall} for a P in
 *     {@code _Psyscall}); {@code syscalltick} is read by sysmon without a lock.</li>
 * <li><b>{@code sched.lock}</b> ({@link org.gmplab.engine.SchedLock}) guards the global run queue
 *     ({@link org.gmplab.engine.GlobalRunQueue}), the idle P and idle M lists, stop-the-world's {@code stopwait}
 *     and the thread counts checkdead reads. Counters beside them ({@code npidle}, {@code nmspinning},
 *     {@code needspinning}) are atomics, read without the lock where Go reads them without it ({@code wakep}'s
 *     early return, {@code findRunnable}'s spinning rule). The global free list has a lock of its own, as in Go.</li>
 * <li><b>An M's fields</b> are written by its own thread, except {@code nextp}, which {@code startm} sets before
 *     waking it; sysmon, stop-the-world and the views read them, hence volatile.</li>
 * <li><b>A G</b> belongs to whoever holds it: the run queue it sits in, the M running it, the channel or mutex it
 *     waits on (through a {@link org.gmplab.engine.Sudog}). Its status is volatile for the readers outside.</li>
 * </ul>
 * A lock is never held across a scheduling point, which is what lets step mode stop the world at any of them.
 *
 * <h2>The ring and runnext</h2>
 * {@code go f()} puts the new G in {@code runnext}, kicking the old one into the ring: the newest G runs next and
 * inherits the rest of the time slice ({@code schedtick} is not incremented), which makes a producer and its
 * consumer ping-pong on one P without a trip through the ring. When the ring is full, {@code runqputslow} moves
 * half of it (128) plus the new G to the global queue in one batch under the lock. Every 61st schedule takes one G
 * from the global queue first, so that it cannot starve behind local work.
 *
 * <h2>Two turnstiles, two modes, one scheduler</h2>
 * The scheduler code is the same in both modes; only the {@link org.gmplab.engine.Turnstile} differs, and every
 * scheduling point passes through it.
 * <ul>
 * <li><b>Step mode</b> ({@link org.gmplab.engine.StepTurnstile}): one engine thread runs at a time, the one whose
 *     virtual clock is earliest (ties by a fixed order); random choices come from generators seeded by the
 *     scenario. The same scenario and seed give the same events on any machine. Between turns the world is
 *     frozen at a safe point: snapshots are exact and the invariants can be checked there.</li>
 * <li><b>Live mode</b> ({@link org.gmplab.engine.LiveTurnstile}): open. The Ms really run in parallel, thieves
 *     really race owners on the rings, {@code work} burns real CPU and time is the wall clock times a speed. A
 *     snapshot freezes the world: each thread stops at its next scheduling point, the very points where step mode
 *     switches threads.</li>
 * </ul>
 *
 * <h2>What was rejected, and why</h2>
 * <ul>
 * <li><b>An animation or a single-threaded simulation</b> of the scheduler: it would show what its author
 *     believed, and nothing could race. Ms are threads, the ring is lock-free, and live mode runs it for real.</li>
 * <li><b>Virtual threads or an executor for the Ms</b>: Go's Ms are OS threads that block in system calls and
 *     are handed Ps; a pool that multiplexes them would hide exactly what the program teaches.</li>
 * <li><b>A step mode that interleaves by a scripted order</b>: the earliest virtual clock decides, as time
 *     would, so a step mode run reads like a live run slowed down rather than a puppet show.</li>
 * <li><b>Queues with locks, for simplicity</b>: the owner/thief protocol on {@code runqhead}/{@code runqtail} is
 *     the lesson; it is ported with Go's own run-queue tests ({@code RunQueueGoPortsTest}).</li>
 * <li><b>Java threads for goroutines</b>: a G is data (frames and a program counter) interpreted by whichever M
 *     runs it, so that it can move between Ms as a G moves between Ms in Go.</li>
 * <li><b>Go 1.0's scheduler in a package of its own</b> ({@code engine.go10}): {@link org.gmplab.engine.Go10Machine}
 *     overrides seven of {@code Machine}'s steps ({@code schedule}, {@code execute}, {@code newproc}, {@code ready},
 *     {@code entersyscall}, {@code exitsyscall}, the timers) and the two classes read some forty package-private
 *     members of {@code Sched}, {@code Machine}, {@code Goroutine}, {@code Trace} and the turnstiles (the one
 *     lock, the global queue, the free list, {@code goidgen}, the poller, the G's status and frames); the engine
 *     reads them back (Sched makes them, {@code WorldReader} checks their invariants and shows {@code M.nextg}).
 *     A package of its own would need that interior public, and a factory to break the cycle: an API made for
 *     the move, not a smaller door. It stays here, in two classes whose names say which design they are.</li>
 * </ul>
 * Where the engine simplifies Go, it says so: {@code docs/engine.md} ("Assumptions") and the window's assumptions
 * list carry the same words.
 */
package org.gmplab.engine;
