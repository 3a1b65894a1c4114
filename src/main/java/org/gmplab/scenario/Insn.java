package org.gmplab.scenario;

/**
 * One instruction of compiled goroutine code. Structured statements ({@code for}, {@code if},
 * {@code select}) become jumps, so a goroutine's whole execution state is a program counter and its
 * locals: switching goroutines is just an M picking up another G, as Go's g0 does, with no native stack.
 * {@code text} is the source form shown to users ("work(1ms)", "go worker(i)").
 *
 * <p>Synchronisation objects (wait groups, mutexes, channels) are values: handles, evaluated like any
 * integer, so they can be passed to functions as Go passes {@code &wg} or a {@code chan}.
 */
public sealed interface Insn {
    int WORK = 0, GO = 1, CALL = 2, GOSCHED = 3, SET = 4, JUMP_IF_ZERO = 5, JUMP = 6, RETURN = 7,
            WG_ADD = 8, WG_DONE = 9, WG_WAIT = 10, LOCK = 11, UNLOCK = 12, SYSCALL = 13, SLEEP = 14,
            NETREAD = 15, MAKECHAN = 16, SEND = 17, RECV = 18, CLOSE = 19, SELECT = 20, GOMAXPROCS = 21,
            LOCK_OS_THREAD = 22, PARK = 23, MAIN_MAIN = 24;

    String text();

    /** Which kind of instruction this is, for the interpreter's switch. */
    int op();

    record Work(IntExpr nanos, String text) implements Insn { public int op() { return WORK; } }
    record Go(int fn, IntExpr[] args, String text) implements Insn { public int op() { return GO; } }
    record Call(int fn, IntExpr[] args, String text) implements Insn { public int op() { return CALL; } }
    record Gosched(String text) implements Insn { public int op() { return GOSCHED; } }
    record Set(int slot, IntExpr value, String text) implements Insn { public int op() { return SET; } }
    /** Jumps to {@code target} when {@code cond} is 0 (false). */
    record JumpIfZero(IntExpr cond, int target, String text) implements Insn { public int op() { return JUMP_IF_ZERO; } }
    record Jump(int target, String text) implements Insn { public int op() { return JUMP; } }
    record Return(String text) implements Insn { public int op() { return RETURN; } }
    record WgAdd(IntExpr wg, IntExpr delta, String text) implements Insn { public int op() { return WG_ADD; } }
    record WgDone(IntExpr wg, String text) implements Insn { public int op() { return WG_DONE; } }
    record WgWait(IntExpr wg, String text) implements Insn { public int op() { return WG_WAIT; } }
    record Lock(IntExpr mu, String text) implements Insn { public int op() { return LOCK; } }
    record Unlock(IntExpr mu, String text) implements Insn { public int op() { return UNLOCK; } }
    /** {@code blocking}: Go's entersyscallblock, for calls known to block (the P is handed off at once). */
    record Syscall(IntExpr nanos, boolean blocking, String text) implements Insn { public int op() { return SYSCALL; } }
    record Sleep(IntExpr nanos, String text) implements Insn { public int op() { return SLEEP; } }
    record NetRead(IntExpr nanos, String text) implements Insn { public int op() { return NETREAD; } }
    record MakeChan(int slot, IntExpr capacity, String text) implements Insn { public int op() { return MAKECHAN; } }
    record Send(IntExpr ch, IntExpr value, String text) implements Insn { public int op() { return SEND; } }
    /** {@code slot} receives the value, or is -1 to discard it. */
    record Recv(IntExpr ch, int slot, String text) implements Insn { public int op() { return RECV; } }
    record Close(IntExpr ch, String text) implements Insn { public int op() { return CLOSE; } }
    /**
     * Go's {@code selectgo} over {@code ch.length} cases: case i sends {@code values[i]} (non-null) or
     * receives into {@code slots[i]} (-1: discard); the chosen case continues at {@code targets[i]}, the
     * default (if {@code defaultTarget >= 0}) at {@code defaultTarget}.
     */
    record Select(IntExpr[] ch, IntExpr[] values, int[] slots, int[] targets, int defaultTarget, String text) implements Insn {
        public int op() { return SELECT; }
    }
    record Gomaxprocs(IntExpr n, String text) implements Insn { public int op() { return GOMAXPROCS; } }
    /**
     * The runtime's own code only: Go's {@code lockOSThread} ({@code lock}) or {@code unlockOSThread}: while
     * locked, the goroutine runs only on this M, and the M runs nothing else (runtime.main during init).
     */
    record LockOSThread(boolean lock, String text) implements Insn { public int op() { return LOCK_OS_THREAD; } }
    /** The runtime's own code only: {@code gopark} with Go's wait reason, for good (nothing here wakes it). */
    record Park(String reason, String text) implements Insn { public int op() { return PARK; } }
    /**
     * The runtime's own code only: runtime.main calls main.main, {@code fn}. Its frame replaces runtime.main's,
     * which does nothing after main returns but exit, so main's stack is as deep as the program makes it.
     */
    record MainMain(int fn, String text) implements Insn { public int op() { return MAIN_MAIN; } }
}
