package org.gmplab.scenario;

import java.util.List;

/**
 * A compiled function: its instructions and how many local slots a frame needs (parameters first).
 */
public final class Code {
    private final int index;
    private final String name;
    private final int nparams;
    private final int nlocals;
    private final Insn[] insns; // an array: the interpreter reads it once per instruction

    public Code(int index, String name, int nparams, int nlocals, List<Insn> insns) {
        this.index = index;
        this.name = name;
        this.nparams = nparams;
        this.nlocals = nlocals;
        this.insns = insns.toArray(new Insn[0]);
    }

    public int index() { return index; }
    public String name() { return name; }
    public int nparams() { return nparams; }
    public int nlocals() { return nlocals; }
    public int size() { return insns.length; }
    public Insn at(int pc) { return insns[pc]; }
    public List<Insn> insns() { return List.of(insns); }

    @Override public String toString() { return name; }
}
