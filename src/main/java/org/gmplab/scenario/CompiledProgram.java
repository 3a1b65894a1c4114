package org.gmplab.scenario;

import java.util.List;

/**
 * A {@link Program} ready to run: functions by index, {@code main} among them, and the package-level
 * synchronisation objects, whose handles are their position in {@code globals} plus one (0 is nil).
 */
public record CompiledProgram(List<Code> functions, List<Global> globals, int mainIndex) {
    public CompiledProgram {
        functions = List.copyOf(functions);
        globals = List.copyOf(globals);
    }

    /** What a package-level object is. */
    public enum Kind { WAIT_GROUP, MUTEX, CHANNEL }

    /** A package-level {@code sync.WaitGroup}, {@code sync.Mutex} or channel ({@code capacity} for channels). */
    public record Global(String name, Kind kind, long capacity) {}

    public Code function(int index) { return functions.get(index); }

    public Code main() { return functions.get(mainIndex); }
}
