package org.gmplab.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.gmplab.scenario.Code;
import org.gmplab.snapshot.GStatus;

/**
 * Go's {@code g}: a goroutine. Its "stack" is a chain of {@link CallFrame}s (program counter and locals), so
 * any M can pick it up where it stopped. G objects are reused through the free lists ({@code gfput} /
 * {@code gfget}); each use gets a fresh goid, as in Go.
 */
public final class Goroutine {
    /** Go's goid. Written when the G is (re)created, before it is published to a run queue. */
    long goid;
    /**
     * Its index in allgs, set once by {@code allgadd} (allgs only grows, and a G reused from a free list keeps its
     * slot), or -1 before: a snapshot notes each G's place in an array by it rather than in a map.
     */
    int allgsIndex = -1;
    /**
     * Go's {@code atomicstatus}. Written by the thread that moves the G between states (the M running it, or the
     * one that readies it); volatile because sysmon, stop-the-world and the views read it from other threads, as Go
     * reads it with {@code readgstatus}. A channel hand-off's three changes (runnable, running, waiting) are release
     * stores ({@link #setStatus}): Go's {@code casgstatus} is a CAS because a GC may hold the scan bit, which no
     * reader here does; they read it with the world frozen or racily, and need only what was written before it.
     */
    volatile GStatus status = GStatus.IDLE;
    /**
     * Link for the global run queue (Go's {@code schedlink}; the free lists, which Go also links through it, are
     * arrays here: {@link GList}). Guarded by the queue's lock, or written by the one P that has just taken the G
     * out of every queue ({@code runqputslow} links its batch).
     */
    Goroutine schedlink;
    /**
     * Why it is waiting (Go's {@code waitreason}), shown by scheddetail as {@code status=4(reason)}. Plain, as in
     * Go: only views read it, with the world frozen (the freeze orders it) or racily (a schedtrace line). A
     * volatile store was a full fence twice per channel hand-off, for readers that need none.
     */
    String waitReason = "";
    /**
     * The M running it (Go's {@code g.m}); null when not running. Read by other threads (sysmon, the views), so
     * volatile; its owner writes it with a release store ({@link #setM}), as Go writes it plainly: a volatile store
     * is a full fence, twice per switch, which no reader needs (they need only what was written before it).
     */
    volatile Machine m;
    /** Preemption request, honoured at the next instruction boundary or work check (Go's {@code g.preempt}). */
    volatile boolean preempt;
    /** An action from outside (a syscall or a block), honoured at the next instruction boundary. */
    volatile Action injected;
    /** Left its system call by {@code exitsyscall0}: when it runs again, its P counts the call (Go's code after that mcall). */
    boolean exitsyscall0;
    /** Inside {@code sync.Mutex.Lock}: lockSlow's locals, kept while it spins or sleeps. Touched by the M running it and the unlocker (under the mutex's lock). */
    Mutex.LockSlow lockSlow;
    /** goid of the goroutine whose {@code go} statement created it (Go's {@code parentGoid}). */
    long parentGoid;
    /**
     * For the event log only (not Go's): the seq of the latest event that put this G where it is — made it
     * runnable, moved it to another queue, or started it running — or -1. Written only with a sink attached,
     * by the thread that emits that event (see {@link Trace}); read by the one that takes the G next.
     */
    long cause = -1;
    /** The function it started in (Go's {@code startpc}). */
    Code startFn;
    /** The M it is locked to (Go's {@code lockedm}), or null: only runtime.main during init here. */
    volatile Machine lockedm;
    /** The innermost frame; null once dead. Touched only by the M running it. */
    CallFrame frame;
    /** A dead G's last frame, reused by its next life (Go keeps a dead G's stack for the same reason). */
    CallFrame stack;
    /** What it is parked on while waiting (a wait group), for the invariant checker and the view; plain, as {@link #waitReason}. */
    Object waitingOn;
    /** The sudog it is blocked with in a channel operation (Go's {@code gp.waiting}). */
    Sudog waiting;
    /** In a select: its sudogs, one per channel case, in lock order. */
    Sudog[] selectSudogs;
    /**
     * The sudog whose communication woke it (Go's {@code gp.param}); set by the waker under the channel's lock
     * ({@link #setParam}), read by the G when it runs again: the run queue's hand-off orders the two, and Go's
     * field is plain. Volatile for the views' racy reads; written with release stores, not full fences.
     */
    volatile Sudog param;
    /** Go's {@code selectDone}: the first channel to complete a select's communication wins it. */
    @SuppressWarnings("unused") private volatile int selectDone;

    /**
     * Go's {@code _Gscan} bit, as Go 1.26 uses it on a G in a system call ({@code setBlockOnExitSyscall}): while
     * another thread holds it, the G cannot leave the call, so that thread may take the G's P.
     */
    @SuppressWarnings("unused") private volatile int scan;

    // CAS on selectDone (Go's g.selectDone: the first case to fire wins) and scan (a stop-the-world's claim on a
    // running G); the fields are volatile so plain reads elsewhere see the last CAS.
    private static final VarHandle SELECT_DONE = VarHandles.field(MethodHandles.lookup(), "selectDone", int.class);
    private static final VarHandle SCAN = VarHandles.field(MethodHandles.lookup(), "scan", int.class);
    private static final VarHandle M = VarHandles.field(MethodHandles.lookup(), "m", Machine.class);
    private static final VarHandle PARAM = VarHandles.field(MethodHandles.lookup(), "param", Sudog.class);
    private static final VarHandle STATUS = VarHandles.field(MethodHandles.lookup(), "status", GStatus.class);

    /** Go's {@code gp.selectDone.CompareAndSwap(0, 1)}: true for the one waker that may complete the select. */
    boolean winSelect() { return SELECT_DONE.compareAndSet(this, 0, 1); }

    void resetSelect() { SELECT_DONE.setVolatile(this, 0); }

    /** Sets the {@code _Gscan} bit if it is clear (Go's {@code castogscanstatus}); false if someone holds it. */
    boolean castogscan() { return SCAN.compareAndSet(this, 0, 1); }

    /** Clears the {@code _Gscan} bit (Go's {@code casfrom_Gscanstatus}). */
    void casfromGscan() { SCAN.setVolatile(this, 0); }

    /** {@code gp.m = mp}, by the M that starts or stops running it: a release store (see {@link #m}). */
    void setM(Machine mp) { M.setRelease(this, mp); }

    /** {@code casgstatus} on a channel hand-off's path: a release store (see {@link #status}). */
    void setStatus(GStatus s) { STATUS.setRelease(this, s); }

    /** {@code gp.param = sg}: a release store (see {@link #param}). */
    void setParam(Sudog sg) { PARAM.setRelease(this, sg); }

    public Goroutine() { }

    /** A bare G with a goid, as Go's run-queue tests create them. */
    public Goroutine(long goid) { this.goid = goid; }

    public long goid() { return goid; }
    public GStatus status() { return status; }
    public String waitReason() { return waitReason; }
    public long parentGoid() { return parentGoid; }

    /*
     * Claiming a G's cache lines. On two CPUs a G is mostly written by one and then used by the other: the P that
     * runs a go statement fills in the new G, another P steals it and runs it, frees it, and the first P takes it
     * back from the global free list for its next go statement. Each of these Ps then waits, once per G, for the
     * G's lines to come from the other CPU's cache: at the first fence after its stores (the CAS that puts the G
     * in runnext; the status store that ends it) or at its first loads. Go's runtime pays the same, one G at a
     * time. Gs that waited long in a queue (a storm's thousands made in one time slice) wait for memory instead,
     * even on one CPU. Where a P takes Gs a batch at a time (gfget's refill, runqsteal, globrunqget), it first
     * writes or reads each G of the batch in one loop, so that the batch's misses overlap and the Gs are in this
     * CPU's cache when their turn comes: the spawn storm ran about 1.5 times as fast at p = 1 and at p = 2
     * (docs/benchmarks.md, "Round 21"). Nothing a G does or shows changes: the stores write what the fields
     * already mean.
     */

    /**
     * A dead G taken by {@code gfget}'s refill from the global free list: clears its link (the free lists are
     * arrays, {@link GList}), its cause and what it waited on (goexit0 cleared that already) and its kept frame,
     * all of which the next {@code newproc1} writes anyway. Owner only (the G is on the caller's free list).
     */
    void clearDead() {
        schedlink = null;
        cause = -1;
        waitingOn = null;
        CallFrame f = stack;
        if (f != null) f.clear();
    }

    /**
     * A runnable G a P has just taken into its run queue from another P's or the global queue, before the queue
     * publishes it: writes its link (taken out of the global queue, or never in it) and what it waits on (nothing:
     * {@link #makeRunnable} cleared it), and reads the lines of its frame and locals that the interpreter reads
     * first. Returns a value with no meaning, which the caller keeps so that the JIT keeps the loads (Java has no
     * prefetch). Only while the G is in no queue another thread can take it from.
     */
    int claim() {
        schedlink = null;
        waitingOn = null;
        CallFrame f = frame;
        if (f == null) return (int) goid;
        long[] l = f.locals;
        return (int) goid + f.pc + (l.length > 0 ? (int) l[0] : 0);
    }

    /** A waiting G becomes runnable: it is no longer parked on anything (Go's casgstatus to _Grunnable). */
    void makeRunnable() {
        // Only what changes is written: every volatile store is a full fence, paid on each channel hand-off.
        if (waitingOn != null) waitingOn = null;
        if (!waitReason.isEmpty()) waitReason = "";
        setStatus(GStatus.RUNNABLE);
    }

    /** Source text of the instruction it will execute next, or "" when it has none. */
    public String currentInstruction() {
        CallFrame f = frame;
        if (f == null) return "";
        int pc = f.pc;
        return pc < f.code.size() ? f.code.at(pc).text() : "";
    }

    public String function() { return startFn == null ? "" : startFn.name(); }

    /**
     * The source line of the statement it is at (the listing's, see {@code Listing}), or 0 if none: the one
     * it runs, or stopped in (a {@code <-ch} it waits on, a {@code wg.Wait()}, a {@code work} it was preempted
     * in, the {@code go} whose newproc is under way), or, runnable, the one it goes on with. Read as
     * {@link #currentInstruction} is: exactly in step mode, on the fly in live mode.
     */
    public int line() {
        CallFrame f = frame;
        return f == null ? 0 : f.code.line(f.at);
    }

    /**
     * Go's {@code isSystemGoroutine}: one of the runtime's own goroutines (forcegchelper, bgsweep,
     * bgscavenge, runfinq), started in a runtime function other than runtime.main.
     */
    public boolean system() {
        Code fn = startFn;
        return fn != null && fn.name().startsWith("runtime.") && !fn.name().equals(RuntimeMain.MAIN);
    }

    @Override public String toString() { return "G" + goid; }

    /** The goids of {@code gs}, in order (for events, which hold no engine objects). */
    static java.util.List<Long> goids(java.util.List<Goroutine> gs) {
        Long[] ids = new Long[gs.size()];
        for (int i = 0; i < ids.length; i++) ids[i] = gs.get(i).goid;
        return java.util.List.of(ids);
    }

    /** Go's {@code maxstacksize} on 64-bit systems: 1 GB (runtime/proc.go, {@code main}). */
    static final long MAX_STACK_SIZE = 1_000_000_000L;
    /** Go's {@code fixedStack}: the stack a goroutine starts with, doubled by {@code newstack} as it fills. */
    static final long FIXED_STACK = 2048;
    /**
     * The stack one call takes in this model. The interpreter's frames hold no real machine stack, so each
     * counts a fixed size: Go's frames for functions of this size are tens to hundreds of bytes, and 512
     * bytes keeps the deepest stack Go allows (about a million calls) within about 150 MB of Java heap.
     */
    static final long FRAME_SIZE = 512;

    /**
     * The deepest stack, in frames. Go's {@code newstack} doubles the stack from {@link #FIXED_STACK} and
     * throws "stack overflow" when the doubled size would pass {@link #MAX_STACK_SIZE}, so the largest
     * stack a goroutine gets is the last doubling below the limit (512 MB): 1,048,576 frames here.
     */
    static final int MAX_DEPTH = (int) (largestStack() / FRAME_SIZE);

    private static long largestStack() {
        long size = FIXED_STACK;
        while (size * 2 <= MAX_STACK_SIZE) size *= 2;
        return size;
    }

    /** One activation of a function: the goroutine's program counter and locals. */
    static final class CallFrame {
        Code code;
        CallFrame caller;
        /** Frames on the goroutine's stack up to and including this one (1 for the function it started in). */
        int depth;
        long[] locals;
        int pc;
        /**
         * The pc of the instruction it is at: the one the interpreter began last, which a G keeps while it
         * waits in it or was stopped in it even where {@code pc} has already moved on (as a Go traceback
         * reports a call's line, not its return address's).
         */
        int at;
        /** Nanoseconds of the current {@code work} instruction still to burn; -1 when not inside one. */
        long workLeft;

        CallFrame(Code code, CallFrame caller, long[] args) {
            this.locals = new long[Math.max(code.nlocals(), args.length)];
            reset(code, caller, args);
        }

        /** Empties the frame of a dead G, as {@link #reset} will fill it (see {@link Goroutine#clearDead}). */
        void clear() {
            java.util.Arrays.fill(locals, 0L);
            code = null;
            caller = null;
            depth = 0;
            pc = 0;
            at = 0;
            workLeft = -1;
        }

        /** Starts {@code code} in this frame, as a fresh call with {@code args}. */
        CallFrame reset(Code code, CallFrame caller, long[] args) {
            int n = Math.max(code.nlocals(), args.length);
            if (locals.length < n) locals = new long[n];
            else java.util.Arrays.fill(locals, 0L);
            System.arraycopy(args, 0, locals, 0, args.length);
            this.code = code;
            this.caller = caller;
            this.depth = caller == null ? 1 : caller.depth + 1;
            this.pc = 0;
            this.at = 0;
            this.workLeft = -1;
            return this;
        }
    }
}
