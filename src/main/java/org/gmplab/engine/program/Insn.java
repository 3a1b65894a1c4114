package org.gmplab.engine.program;

/**
 * One instruction of compiled goroutine code. Structured statements ({@code for}, {@code if}) become
 * jumps, so a goroutine's whole execution state is a program counter and its locals: switching
 * goroutines is just an M picking up another G, as Go's g0 does, with no native stack involved.
 * {@code text} is the source form shown to users ("work(1ms)", "go worker(i)").
 */
public sealed interface Insn {
    int WORK = 0, GO = 1, CALL = 2, GOSCHED = 3, SET = 4, JUMP_IF_ZERO = 5, JUMP = 6, RETURN = 7,
            WG_ADD = 8, WG_DONE = 9, WG_WAIT = 10;

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
    record WgAdd(int wg, IntExpr delta, String text) implements Insn { public int op() { return WG_ADD; } }
    record WgDone(int wg, String text) implements Insn { public int op() { return WG_DONE; } }
    record WgWait(int wg, String text) implements Insn { public int op() { return WG_WAIT; } }
}
