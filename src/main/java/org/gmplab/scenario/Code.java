package org.gmplab.scenario;

import java.util.List;

/**
 * A compiled function: its instructions, how many local slots a frame needs (parameters first), and the
 * source line of each instruction (the line of the statement it was compiled from, in the program's
 * {@link Listing}; 0 for the runtime's own code).
 */
public final class Code {
    private final int index;
    private final String name;
    private final int nparams;
    private final int nlocals;
    private final Insn[] insns; // an array: the interpreter reads it once per instruction
    /**
     * Each instruction's {@link Insn#op()}, by pc: the interpreter switches on it at every instruction, and
     * {@code op()} on a sealed interface of twenty-odd records is a megamorphic call there; an array load is not.
     */
    private final int[] ops;
    private final int[] lines;  // by pc; null when the code has no source

    public Code(int index, String name, int nparams, int nlocals, List<Insn> insns) {
        this(index, name, nparams, nlocals, insns, null);
    }

    /** {@code lines}: the source line of each instruction, by pc (0 where unknown), or null. */
    public Code(int index, String name, int nparams, int nlocals, List<Insn> insns, int[] lines) {
        this.index = index;
        this.name = name;
        this.nparams = nparams;
        this.nlocals = nlocals;
        this.insns = insns.toArray(new Insn[0]);
        if (lines != null && lines.length != this.insns.length)
            throw new IllegalArgumentException(name + ": " + lines.length + " lines for " + this.insns.length + " instructions");
        this.lines = lines == null ? null : lines.clone();
        this.ops = new int[this.insns.length];
        for (int i = 0; i < ops.length; i++) ops[i] = this.insns[i].op();
    }

    public int index() { return index; }
    public String name() { return name; }
    public int nparams() { return nparams; }
    public int nlocals() { return nlocals; }
    public int size() { return insns.length; }
    public Insn at(int pc) { return insns[pc]; }
    /** {@code at(pc).op()}, without a call. */
    public int op(int pc) { return ops[pc]; }
    public List<Insn> insns() { return List.of(insns); }
    /** The 1-based source line of the instruction at {@code pc}, or 0 if it has none (runtime code, past the end). */
    public int line(int pc) { return lines == null || pc < 0 || pc >= lines.length ? 0 : lines[pc]; }

    @Override public String toString() { return name; }
}
