package org.gmplab.snapshot;

/**
 * What happened at a scheduling point. Each kind is named after the Go function that does it, and is
 * either major (a "step" in the UI) or minor (bookkeeping that a step may skip over).
 */
public enum EventKind {
    /** {@code newproc}: a {@code go} statement created a G and put it in runnext. */
    GO(true),
    /** {@code runqputslow}: the ring was full; its oldest half plus one went to the global queue. */
    RUNQPUTSLOW(true),
    /** {@code globrunqget}: a P took Gs from the global queue (the 61-tick single pull or a batch). */
    GLOBRUNQGET(true),
    /** {@code runqsteal}: a spinning M took half of another P's queue (or its runnext). */
    STEAL(true),
    /** {@code execute}: an M started running a G. */
    EXECUTE(true),
    /** {@code gopark}: the running G blocked. */
    PARK(true),
    /** {@code goready}: a blocked G became runnable. */
    READY(true),
    /** {@code Gosched}: the running G yielded to the global queue. */
    GOSCHED(true),
    /** {@code gopreempt_m}: the running G was preempted to the global queue. */
    PREEMPT(true),
    /** {@code goexit0}: a G finished. */
    GOEXIT(true),
    /** {@code startm}: an idle M was woken and handed a P. */
    STARTM(true),
    /** {@code newm}: no idle M, so a new thread was created. */
    NEWM(true),
    /** {@code stopm}: an M found nothing to do and went to sleep on the idle list. */
    STOPM(true),
    /** {@code becomeSpinning}: an M started looking for work to steal. */
    SPINNING(false),
    /** The M stopped spinning ({@code resetspinning} or the "delicate dance" before it parks). */
    SPINNING_STOP(false),
    /** {@code pidleput}: a P with nothing to run went to the idle list. */
    PIDLE(false),
    /** {@code gfput} moved Gs from a P's free list to the global one (spill 64 → 31). */
    GFREE_SPILL(false),
    /** {@code gfget} refilled a P's free list from the global one (up to 32). */
    GFREE_REFILL(false),
    /** {@code wakep} could not start a spinner: no idle P, so {@code needspinning} was set. */
    NEEDSPINNING(false),
    /** {@code entersyscall}: the G entered a system call; its P is left in {@code _Psyscall} (or handed off). */
    ENTERSYSCALL(true),
    /** {@code exitsyscall}: the G returned from its system call; {@code path} says how it got a P (or did not). */
    EXITSYSCALL(true),
    /** {@code retake}: sysmon took a P from an M stuck in a system call. */
    RETAKE(true),
    /** {@code handoffp}: a P without an M was handed on; {@code rule} says which condition decided. */
    HANDOFFP(true),
    /** {@code preemptone}: sysmon asked a G that ran 10 ms on the same schedtick to stop. */
    PREEMPT_REQUEST(true),
    /** A {@code time.Sleep} timer fired and readied its goroutine. */
    TIMER(true),
    /** The network poller found goroutines whose data had arrived. */
    NETPOLL(true),
    /** An M blocked in the network poller until the next timer or arrival. */
    NETPOLL_BLOCK(false),
    /** {@code stopTheWorld} / {@code startTheWorld}. */
    STW(true),
    /** {@code procresize}: GOMAXPROCS changed. */
    PROCRESIZE(true),
    /** sysmon went into deep sleep (all Ps idle) or woke from it. */
    SYSMON(false),
    /** An action from outside the program (the UI): a syscall injected, a G blocked, goroutines spawned. */
    INJECT(true),
    /** Go 1.0 {@code matchmg}: a G left the global queue for an M (idle or new), because mcpu < mcpumax. */
    MATCHMG(true),
    /** Go 1.0 {@code nextgandunlock}: an M took its next G (its nextg, or the global queue's head) and released the lock. */
    NEXTG(true),
    /** An M had to wait for the scheduler lock because another M held it (Go 1.0 scheduler). */
    SCHEDLOCK(false),
    /** {@code exit}: main returned; the program ends, as in Go. */
    EXIT(true),
    /** {@code throw}: a fatal error (e.g. all goroutines are asleep - deadlock!). */
    FATAL(true),
    /**
     * {@code schedtrace}: sysmon printed a {@code GODEBUG=schedtrace} line — a moment of a real Go run read from
     * that output (the engine does not emit it).
     */
    SCHEDTRACE(true);

    private final boolean major;

    EventKind(boolean major) { this.major = major; }

    public boolean major() { return major; }
}
