package org.gmplab.engine.program;

import java.util.List;

/** A {@link Program} ready to run: functions by index, {@code main} among them, and the wait groups. */
public record CompiledProgram(List<Code> functions, List<String> waitGroups, int mainIndex) {
    public CompiledProgram {
        functions = List.copyOf(functions);
        waitGroups = List.copyOf(waitGroups);
    }

    public Code function(int index) { return functions.get(index); }

    public Code main() { return functions.get(mainIndex); }
}
