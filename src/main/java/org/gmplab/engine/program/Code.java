package org.gmplab.engine.program;

import java.util.List;

/**
 * A compiled function: its instructions and how many local slots a frame needs (parameters first).
 */
public record Code(int index, String name, int nparams, int nlocals, List<Insn> insns) {
    public Code { insns = List.copyOf(insns); }

    public Insn at(int pc) { return insns.get(pc); }
}
