package org.gmplab.snapshot;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One scheduling decision, with its actors and the rule that made it: a record per {@link EventKind}, each
 * holding that rule's own typed numbers. The engine only fills in fields; the words are formatted when read
 * ({@link #why()}, by {@link Narration}), so a scheduling point with a sink attached builds no strings.
 *
 * <p>Every record shares a {@link Head}: {@code seq}, {@code time}, {@code g}, {@code m}, {@code p}. A
 * consumer that needs all kinds implements {@link Visitor}: adding a kind then fails to compile until every
 * visitor knows it. One that needs a few uses {@code instanceof} patterns ({@code e instanceof Steal s}).
 *
 * <p>{@link #details()} is the rule's numbers by name, in a fixed order: the {@code details} object of the JSON
 * event log and the Perfetto export's args, whose formats stay as they were before events were typed.
 */
public sealed interface Event {
    /**
     * What every event has.
     *
     * @param seq  position in the run, from 1
     * @param time virtual time in nanoseconds (wall time since start, scaled, in live mode)
     * @param g    goid of the goroutine concerned, or -1
     * @param m    id of the M that acted, or -1
     * @param p    id of the P concerned, or -1
     * @param cause seq of the event that caused this one, as the engine recorded it where it happened, or -1
     *             (none, or not recorded: real Go traces record no causes). For an event that takes or moves G
     *             {@code g} (EXECUTE, a steal, a global-queue batch, an overflow): the event that put it where it
     *             was taken from; for a READY: the waker's running spell (its EXECUTE), or the TIMER that fired;
     *             for one that takes or passes on P {@code p} (STARTM, NEWM, EXITSYSCALL, RETAKE, HANDOFFP): the
     *             event that released it. See {@link Causes}.
     */
    record Head(long seq, long time, long g, int m, int p, long cause) {
        /** A head with no recorded cause. */
        public Head(long seq, long time, long g, int m, int p) { this(seq, time, g, m, p, -1); }
    }

    Head head();

    EventKind kind();

    <R> R accept(Visitor<R> v);

    /** The rule's numbers by name, in a fixed order (the JSON log's {@code details}). */
    Map<String, Long> details();

    default long seq() { return head().seq(); }
    default long time() { return head().time(); }
    default long g() { return head().g(); }
    default int m() { return head().m(); }
    default int p() { return head().p(); }
    /** The seq of the event that caused this one, or -1 ({@link Head#cause}). */
    default long cause() { return head().cause(); }

    /**
     * The goroutines this event moved, when it moves a batch (a steal, a global-queue batch, an overflow to the
     * global queue, a network poll's ready list), in queue order; otherwise empty. Each of them then records
     * this event as its cause, so the batch can be followed G by G, forward and back.
     */
    default List<Moved> batch() { return List.of(); }

    /** A goroutine of a {@link #batch()}: its goid, and the event that had put it where the batch took it from (or -1). */
    record Moved(long g, long cause) {}

    /** The rule in words, with its numbers, for the event log: formatted now, in English. */
    default String why() { return accept(Narration.EN); }

    /** The number named {@code name}; IllegalArgumentException if this kind has none of that name. */
    default long detail(String name) {
        Long v = details().get(name);
        if (v == null) throw new IllegalArgumentException(kind() + " has no detail " + name);
        return v;
    }

    /** Details in the given order: {@code d("victim", 1, "took", 3)}; booleans are 1 or 0. */
    private static Map<String, Long> d(Object... kv) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2)
            m.put((String) kv[i], kv[i + 1] instanceof Boolean b ? (b ? 1L : 0L) : ((Number) kv[i + 1]).longValue());
        return Collections.unmodifiableMap(m);
    }

    /** One method per kind: implementing it means knowing every kind. */
    interface Visitor<R> {
        R visit(Go e);
        R visit(RunqPutSlow e);
        R visit(GlobRunqGet e);
        R visit(Steal e);
        R visit(Execute e);
        R visit(Park e);
        R visit(Ready e);
        R visit(Gosched e);
        R visit(Preempt e);
        R visit(GoExit e);
        R visit(StartM e);
        R visit(NewM e);
        R visit(StopM e);
        R visit(Spinning e);
        R visit(SpinningStop e);
        R visit(Pidle e);
        R visit(GfreeSpill e);
        R visit(GfreeRefill e);
        R visit(NeedSpinning e);
        R visit(EnterSyscall e);
        R visit(ExitSyscall e);
        R visit(Retake e);
        R visit(Handoffp e);
        R visit(PreemptRequest e);
        R visit(Timer e);
        R visit(Netpoll e);
        R visit(NetpollBlock e);
        R visit(Stw e);
        R visit(Procresize e);
        R visit(Sysmon e);
        R visit(Inject e);
        R visit(MatchMG e);
        R visit(NextG e);
        R visit(SchedLock e);
        R visit(Exit e);
        R visit(Fatal e);
        R visit(Real e);
    }

    // ---- G-M-P and Go 1.0 alike: where a rule differs under Go 1.0, its record says which ------------

    /**
     * {@code newproc}: {@code go fn()} made G {@code g}. Under G-M-P it goes to P {@code p}'s runnext (kicking
     * {@code kicked}, or -1, to the ring, which then holds {@code runq}); under Go 1.0 to the global queue (then
     * {@code global} long), or, for main, straight to M0.
     *
     * @param creator the G whose go statement it was, or -1 (runtime.main's own)
     */
    record Go(Head head, Go.To to, long parent, long creator, String fn, long kicked, int runq, boolean system,
              int global, int mcpu) implements Event {
        public enum To { RUNNEXT, GLOBAL, M0 }
        public Go { Objects.requireNonNull(to); Objects.requireNonNull(fn); }
        public EventKind kind() { return EventKind.GO; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() {
            return to == To.RUNNEXT ? d("parent", parent, "kicked", kicked, "runq", runq, "system", system)
                    : d("parent", parent, "global", global, "mcpu", mcpu);
        }
    }

    /**
     * {@code runqputslow}: P {@code p}'s ring of {@code capacity} was full; {@code moved} Gs ({@code batch}, oldest
     * first, the new one last) went to the global queue.
     */
    record RunqPutSlow(Head head, int moved, int global, int capacity, List<Moved> batch) implements Event {
        public RunqPutSlow { batch = List.copyOf(batch); }
        public EventKind kind() { return EventKind.RUNQPUTSLOW; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("moved", moved, "global", global); }
    }

    /**
     * {@code globrunqget}: P {@code p} took {@code n} of the global queue's {@code before} Gs ({@code batch}: G
     * {@code g}, which runs now, then those put on its ring); {@code fairness}: the one-G pull every
     * {@code fairnessTick}th schedtick.
     */
    record GlobRunqGet(Head head, int n, int before, boolean fairness, long schedtick, int fairnessTick,
                       int gomaxprocs, int capacity, List<Moved> batch) implements Event {
        public GlobRunqGet { batch = List.copyOf(batch); }
        public EventKind kind() { return EventKind.GLOBRUNQGET; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("n", n, "before", before, "fairness", fairness); }
    }

    /**
     * {@code runqsteal}: P {@code p} took {@code took} of victim's {@code had} (or its runnext) in round
     * {@code round} of {@code tries}; {@code backoff}: the victim was running, so the thief slept first.
     * {@code batch}: the Gs taken, in the victim's order; the last is G {@code g}, which runs now.
     */
    record Steal(Head head, int victim, int round, int tries, int had, int took, boolean runnext, long start,
                 int stride, boolean backoff, List<Moved> batch) implements Event {
        public Steal { batch = List.copyOf(batch); }
        public EventKind kind() { return EventKind.STEAL; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() {
            return d("victim", victim, "round", round, "had", had, "took", took, "runnext", runnext, "start", start, "stride", stride);
        }
    }

    /** {@code execute}: M {@code m} runs G {@code g}; {@code go10}: no P, Go 1.0. */
    record Execute(Head head, boolean go10, boolean inheritTime, long schedtick) implements Event {
        public EventKind kind() { return EventKind.EXECUTE; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("inheritTime", inheritTime, "schedtick", schedtick); }
    }

    /**
     * {@code gopark}: G {@code g} waits ({@code reason}) on {@code on}; {@code queued} says where a mutex
     * queued it, or is null.
     */
    record Park(Head head, boolean go10, String reason, String on, String queued) implements Event {
        public EventKind kind() { return EventKind.PARK; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d(); }
    }

    /**
     * {@code goready}: G {@code g} became runnable because G {@code by} (or, when -1, what {@code how} names)
     * did {@code how} on {@code on} (or null); into runnext (kicking {@code kicked}, or -1), or under Go 1.0 to
     * the global queue, then {@code global} long.
     */
    record Ready(Head head, boolean go10, long by, String how, String on, long kicked, int global) implements Event {
        public Ready { Objects.requireNonNull(how); }
        public EventKind kind() { return EventKind.READY; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return go10 ? d("global", global) : d("kicked", kicked); }
    }

    /**
     * {@code Gosched}: G {@code g} yielded to the global queue (then {@code global} long); {@code goyield}: to
     * its P's ring instead, after handing a mutex over; {@code injected}: from outside.
     */
    record Gosched(Head head, boolean go10, boolean goyield, boolean injected, int global) implements Event {
        public EventKind kind() { return EventKind.GOSCHED; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return goyield ? d("local", 1) : d("global", global); }
    }

    /**
     * {@code gopreempt_m}: G {@code g} was preempted to the global queue; {@code runnext}: for a stop-the-world
     * under Go 1.26, into its P's runnext instead (kicking {@code kicked}, or -1).
     */
    record Preempt(Head head, boolean runnext, long kicked, int global) implements Event {
        public EventKind kind() { return EventKind.PREEMPT; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return runnext ? d("global", global, "runnext", 1) : d("global", global); }
    }

    /** {@code goexit0}: G {@code g} finished; its P's free list then holds {@code gfreecnt}. */
    record GoExit(Head head, boolean go10, int gfreecnt) implements Event {
        public EventKind kind() { return EventKind.GOEXIT; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("gfreecnt", gfreecnt); }
    }

    /**
     * {@code startm}: M {@code by} (or -1) woke idle M {@code m} with P {@code p}; {@code lockedg}: it is
     * {@code startlockedm}, handing the P to the M that G {@code g} is locked to.
     */
    record StartM(Head head, boolean lockedg, boolean spinning, int by) implements Event {
        public EventKind kind() { return EventKind.STARTM; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("spinning", spinning, "by", by); }
    }

    /**
     * {@code newm}: a new thread M {@code m}, the {@code threads}th, for P {@code p}, for sysmon, or for Go
     * 1.0's {@code matchmg}; the costs are what the narration quotes (ns).
     */
    record NewM(Head head, NewM.For purpose, boolean spinning, int threads, int by, long newmCost, long newprocCost) implements Event {
        public enum For { P, SYSMON, MATCHMG }
        public NewM { Objects.requireNonNull(purpose); }
        public EventKind kind() { return EventKind.NEWM; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("spinning", spinning, "threads", threads, "by", by); }
    }

    /**
     * {@code stopm}: M {@code m} sleeps on the idle list ({@code nmidle} long). {@code LOCKED}: {@code stoplockedm},
     * locked to G {@code g}, having handed P {@code handedOff} (or -1) off. {@code GO10}: Go 1.0's
     * {@code nextgandunlock}, because the global queue was empty or mcpu reached mcpumax.
     */
    record StopM(Head head, StopM.Why reason, int nmidle, int handedOff, boolean globalEmpty, int mcpu, int mcpumax) implements Event {
        public enum Why { IDLE, LOCKED, GO10 }
        public StopM { Objects.requireNonNull(reason); }
        public EventKind kind() { return EventKind.STOPM; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return reason == Why.GO10 ? d("nmidle", nmidle, "mcpu", mcpu) : d("nmidle", nmidle); }
    }

    /**
     * {@code becomeSpinning}: M {@code m} spins, now one of {@code nmspinning}; {@code reason} is why, or null
     * for findRunnable's limit (fewer spinners than half the {@code busy} Ps).
     */
    record Spinning(Head head, int nmspinning, int busy, String reason) implements Event {
        public EventKind kind() { return EventKind.SPINNING; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("nmspinning", nmspinning, "busy", busy); }
    }

    /** M {@code m} stopped spinning: it found work ({@code resetspinning}), or before it sleeps (the delicate dance). */
    record SpinningStop(Head head, boolean foundWork, int nmspinning) implements Event {
        public EventKind kind() { return EventKind.SPINNING_STOP; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("nmspinning", nmspinning); }
    }

    /** {@code pidleput}: P {@code p} went to the idle list, then {@code npidle} long. */
    record Pidle(Head head, int npidle) implements Event {
        public EventKind kind() { return EventKind.PIDLE; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("npidle", npidle); }
    }

    /** {@code gfput}: P {@code p}'s free list reached {@code spillAt}; {@code moved} went global, {@code kept} stayed. */
    record GfreeSpill(Head head, int moved, int spillAt, int kept) implements Event {
        public EventKind kind() { return EventKind.GFREE_SPILL; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("moved", moved); }
    }

    /** {@code gfget}: P {@code p}'s empty free list took {@code moved} (up to {@code refillTo}) from the global one. */
    record GfreeRefill(Head head, int moved, int refillTo) implements Event {
        public EventKind kind() { return EventKind.GFREE_REFILL; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("moved", moved); }
    }

    /** {@code wakep} found no idle P for a spinner and set {@code needspinning}. */
    record NeedSpinning(Head head) implements Event {
        public EventKind kind() { return EventKind.NEEDSPINNING; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d(); }
    }

    /**
     * {@code entersyscall} for {@code nanos} ns, under the rules of {@code rules}: Go 1.23 ({@code _Psyscall}, or
     * {@code entersyscallblock}'s hand-off), Go 1.26 (the M keeps its P, unless the world is stopping), Go 1.0
     * (mcpu then {@code mcpu}, the global queue {@code global} long).
     */
    record EnterSyscall(Head head, EnterSyscall.Rules rules, long nanos, int mcpu, int global) implements Event {
        public enum Rules { GO123, GO123_BLOCKING, GO126, GO126_STOPPING, GO10 }
        public EnterSyscall { Objects.requireNonNull(rules); }
        public boolean blocking() { return rules == Rules.GO123_BLOCKING; }
        public EventKind kind() { return EventKind.ENTERSYSCALL; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() {
            return rules == Rules.GO10 ? d("d", nanos, "mcpu", mcpu, "global", global) : d("d", nanos, "blocking", blocking());
        }
    }

    /**
     * {@code exitsyscall}: how G {@code g} got a P back ({@link How}, whose {@code path} is the number the logs
     * show: 1–2 fast, 3–4 slow). {@code oldp}: the P it entered with, or -1; {@code holderM}/{@code holderG}: under
     * Go 1.26, the M and G now in a system call on the P it took back.
     */
    record ExitSyscall(Head head, ExitSyscall.How how, int oldp, int holderM, long holderG, int global, int mcpu,
                       int mcpumax) implements Event {
        public enum How {
            OLD_P(1), IDLE_P(2), SLOW_IDLE_P(3), GLOBAL(4), KEPT_P(1), TOOK_BACK(1), IDLE_P_126(2), GO10_FAST(1), GO10_SLOW(4);
            public final int path;
            How(int path) { this.path = path; }
        }
        public ExitSyscall { Objects.requireNonNull(how); }
        public int path() { return how.path; }
        public EventKind kind() { return EventKind.EXITSYSCALL; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() {
            return how == How.GO10_FAST || how == How.GO10_SLOW ? d("path", how.path, "mcpu", mcpu) : d("path", how.path);
        }
    }

    /**
     * {@code retake}: sysmon took P {@code p}, whose M had been {@code inSyscall} ns in a system call;
     * {@code go126}: holding G {@code holderG} on M {@code holderM} in the call (setBlockOnExitSyscall).
     */
    record Retake(Head head, boolean go126, long inSyscall, int runq, boolean runqEmpty, long syscalltick,
                  int holderM, long holderG) implements Event {
        public EventKind kind() { return EventKind.RETAKE; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("inSyscall", inSyscall, "runq", runq, "syscalltick", syscalltick); }
    }

    /**
     * {@code handoffp}: what became of P {@code p}, by Go's {@code rule} (1 local work, 4 spinner, 5 stopping,
     * 7 global work, 8 last P, 9 idle); the queue sizes and {@code timers} are what the rule looked at.
     */
    record Handoffp(Head head, int rule, int runq, boolean runnext, int global, boolean timers) implements Event {
        public EventKind kind() { return EventKind.HANDOFFP; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("rule", rule); }
    }

    /** {@code preemptone}: G {@code g} ran {@code ran} ns on schedtick {@code schedtick}. */
    record PreemptRequest(Head head, long ran, long schedtick) implements Event {
        public EventKind kind() { return EventKind.PREEMPT_REQUEST; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("ran", ran, "schedtick", schedtick); }
    }

    /** A {@code time.Sleep} timer due at {@code when} fired for G {@code g}; it was P {@code timersOf}'s (G-M-P). */
    record Timer(Head head, boolean go10, long when, int timersOf) implements Event {
        public EventKind kind() { return EventKind.TIMER; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return go10 ? d("when", when) : d("when", when, "timersOf", timersOf); }
    }

    /** The network poller found data for {@code ready} (goids, the first is {@code g}), polled {@code by}. */
    record Netpoll(Head head, Netpoll.By by, List<Long> ready) implements Event {
        public enum By { NON_BLOCKING, POLLER, POLLER_NO_P, SYSMON, START_THE_WORLD, GO10_WAKE, GO10_POLL }
        public Netpoll { Objects.requireNonNull(by); ready = List.copyOf(ready); }
        /** The Gs it readied (they were parked: no cause before): {@code injectglist} then queues them. */
        public List<Moved> batch() { return ready.stream().map(g -> new Moved(g, -1)).toList(); }
        public EventKind kind() { return EventKind.NETPOLL; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("ready", ready.size()); }
    }

    /**
     * An M blocked in the poller until {@code until} (0: the next arrival), {@code delay} ns away, which
     * {@code epoll_pwait} waits as {@code waitms} ms.
     */
    record NetpollBlock(Head head, boolean go10, long until, long delay, long waitms) implements Event {
        public EventKind kind() { return EventKind.NETPOLL_BLOCK; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return go10 ? d("until", until) : d("until", until, "waitms", waitms); }
    }

    /**
     * {@code stopTheWorld} for {@code reason} (waiting for {@code stopwait} running Ps when {@code waits}), a
     * running P stopping for it ({@code last}: the last one), or {@code startTheWorld} ({@code runnable} Ps
     * with work get an M).
     */
    record Stw(Head head, Stw.Phase phase, String reason, int stopwait, boolean waits, boolean last, int runnable) implements Event {
        public enum Phase { STOP, P_STOPS, START }
        public Stw { Objects.requireNonNull(phase); }
        public EventKind kind() { return EventKind.STW; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return phase == Phase.START ? d("runnable", runnable) : d("stopwait", stopwait); }
    }

    /** {@code procresize}: GOMAXPROCS {@code old} → {@code n}; the global queue then {@code global} long. */
    record Procresize(Head head, boolean go10, int old, int n, int global) implements Event {
        public EventKind kind() { return EventKind.PROCRESIZE; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("old", old, "new", n); }
    }

    /** sysmon went into deep sleep for {@code sleep} ns. */
    record Sysmon(Head head, long sleep) implements Event {
        public EventKind kind() { return EventKind.SYSMON; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("sleep", sleep); }
    }

    /** An action from outside the program, described as {@code what}. */
    record Inject(Head head, String what) implements Event {
        public Inject { Objects.requireNonNull(what); }
        public EventKind kind() { return EventKind.INJECT; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d(); }
    }

    /**
     * Go 1.0 {@code matchmg}: G {@code g} left the global queue for M {@code m} ({@code fresh}: a new thread);
     * {@code poller}: no G, the M is sent to wait for timers and the network.
     */
    record MatchMG(Head head, boolean poller, boolean fresh, int mcpu, int mcpumax) implements Event {
        public EventKind kind() { return EventKind.MATCHMG; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("mcpu", mcpu, "mcpumax", mcpumax, "new", fresh); }
    }

    /**
     * Go 1.0 {@code nextgandunlock}: M {@code m} took G {@code g}, its {@code nextg} (handed over while it ran, or
     * while it slept) or the global queue's head ({@code left} left, mcpu then {@code mcpu} of {@code mcpumax}).
     */
    record NextG(Head head, NextG.From from, int global, int mcpu, int left, int mcpumax) implements Event {
        public enum From { NEXTG, NEXTG_SLEPT, GLOBAL }
        public NextG { Objects.requireNonNull(from); }
        public EventKind kind() { return EventKind.NEXTG; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("global", global, "mcpu", mcpu); }
    }

    /**
     * Go 1.0: M {@code m} (-1: the controller) waited {@code waited} ns for the scheduler lock, to do {@code what}
     * (whose {@code %d}, if any, stands for {@code n}).
     */
    record SchedLock(Head head, long waited, long acquisitions, long contended, String what, long n) implements Event {
        public SchedLock { Objects.requireNonNull(what); }
        public EventKind kind() { return EventKind.SCHEDLOCK; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d("wait", waited, "acquisitions", acquisitions, "contended", contended); }
    }

    /** main returned. */
    record Exit(Head head) implements Event {
        public EventKind kind() { return EventKind.EXIT; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d(); }
    }

    /** {@code throw}: a fatal error, in Go's words. */
    record Fatal(Head head, String message) implements Event {
        public Fatal { Objects.requireNonNull(message); }
        public EventKind kind() { return EventKind.FATAL; }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
        public Map<String, Long> details() { return d(); }
    }

    /**
     * A transition read from a real Go run's execution trace ({@code gotrace.RealRun}), not decided by the engine:
     * {@code kind} is the engine's nearest kind (EXECUTE, RETAKE…), {@code words} Go's event name and what the trace
     * says, with inferences marked "(inferred)". The trace's words are Go's, so they are not translated.
     */
    record Real(Head head, EventKind kind, Map<String, Long> details, String words) implements Event {
        public Real {
            Objects.requireNonNull(kind);
            Objects.requireNonNull(words);
            details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
        }
        public <R> R accept(Visitor<R> v) { return v.visit(this); }
    }
}
