package org.gmplab.engine.program;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A whole goroutine program: its functions (in declaration order) and its package-level
 * {@code sync.WaitGroup} variables. It starts, as in Go, with one goroutine running {@code main}.
 */
public record Program(Map<String, Function> functions, List<String> waitGroups) {
    public Program {
        Objects.requireNonNull(functions);
        functions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(functions));
        waitGroups = List.copyOf(waitGroups);
    }

    public Function function(String name) {
        Function f = functions.get(name);
        if (f == null) throw new IllegalArgumentException("no function named " + name);
        return f;
    }

    /** Builds a program from functions in order, without wait groups. */
    public static Program of(Function... fns) {
        Map<String, Function> m = new LinkedHashMap<>();
        for (Function f : fns) m.put(f.name(), f);
        return new Program(m, List.of());
    }
}
