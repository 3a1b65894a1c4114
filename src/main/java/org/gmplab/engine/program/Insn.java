package org.gmplab.engine.program;

import java.util.List;

/**
 * One instruction of compiled goroutine code. Structured statements ({@code for}, {@code if}) become
 * jumps, so a goroutine's whole execution state is a program counter and its locals: switching
 * goroutines is just an M picking up another G, as Go's g0 does, with no native stack involved.
 * {@code text} is the source form shown to users ("work(1ms)", "go worker(i)").
 */
public sealed interface Insn {
    String text();

    record Work(IntExpr nanos, String text) implements Insn {}
    record Go(int fn, List<IntExpr> args, String text) implements Insn {}
    record Call(int fn, List<IntExpr> args, String text) implements Insn {}
    record Gosched(String text) implements Insn {}
    record Set(int slot, IntExpr value, String text) implements Insn {}
    /** Jumps to {@code target} when {@code cond} is 0 (false). */
    record JumpIfZero(IntExpr cond, int target, String text) implements Insn {}
    record Jump(int target, String text) implements Insn {}
    record Return(String text) implements Insn {}
    record WgAdd(int wg, IntExpr delta, String text) implements Insn {}
    record WgDone(int wg, String text) implements Insn {}
    record WgWait(int wg, String text) implements Insn {}
}
