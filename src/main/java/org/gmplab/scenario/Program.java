package org.gmplab.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A whole goroutine program: its functions (in declaration order) and its package-level synchronisation
 * objects — {@code sync.WaitGroup}s, {@code sync.Mutex}es and channels (name → capacity). It starts, as
 * in Go, with one goroutine running {@code main}.
 */
public record Program(Map<String, Function> functions, List<String> waitGroups, List<String> mutexes,
                      Map<String, Long> channels) {
    public Program {
        Objects.requireNonNull(functions);
        functions = Collections.unmodifiableMap(new LinkedHashMap<>(functions));
        waitGroups = List.copyOf(waitGroups);
        mutexes = List.copyOf(mutexes);
        channels = Collections.unmodifiableMap(new LinkedHashMap<>(channels));
    }

    /** A program whose only package-level objects are wait groups. */
    public Program(Map<String, Function> functions, List<String> waitGroups) {
        this(functions, waitGroups, List.of(), Map.of());
    }

    public Function function(String name) {
        Function f = functions.get(name);
        if (f == null) throw new IllegalArgumentException("no function named " + name);
        return f;
    }

    /** Builds a program from functions in order, without package-level objects. */
    public static Program of(Function... fns) {
        Map<String, Function> m = new LinkedHashMap<>();
        for (Function f : fns) m.put(f.name(), f);
        return new Program(m, List.of());
    }
}
