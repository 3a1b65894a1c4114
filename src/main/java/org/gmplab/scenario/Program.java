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
 *
 * <p>{@code listing} is the Go source it was compiled from, with each statement's line, or null for a program
 * held as JSON or built in Java ({@link Listing#of} then renders one). It says how the program is written,
 * not what it runs, so it takes no part in {@link #equals}: a {@code .go} file and its JSON export are the
 * same program.
 */
public record Program(Map<String, Function> functions, List<String> waitGroups, List<String> mutexes,
                      Map<String, Long> channels, Listing listing) {
    public Program {
        Objects.requireNonNull(functions);
        functions = Collections.unmodifiableMap(new LinkedHashMap<>(functions));
        waitGroups = List.copyOf(waitGroups);
        mutexes = List.copyOf(mutexes);
        channels = Collections.unmodifiableMap(new LinkedHashMap<>(channels));
    }

    /** A program without a listing of its own. */
    public Program(Map<String, Function> functions, List<String> waitGroups, List<String> mutexes, Map<String, Long> channels) {
        this(functions, waitGroups, mutexes, channels, null);
    }

    /** This program, written as {@code l}. */
    public Program withListing(Listing l) { return new Program(functions, waitGroups, mutexes, channels, l); }

    @Override
    public boolean equals(Object o) {
        return o instanceof Program p && functions.equals(p.functions) && waitGroups.equals(p.waitGroups)
                && mutexes.equals(p.mutexes) && channels.equals(p.channels);
    }

    @Override
    public int hashCode() { return Objects.hash(functions, waitGroups, mutexes, channels); }

    @Override
    public String toString() {
        return "Program[functions=" + functions + ", waitGroups=" + waitGroups + ", mutexes=" + mutexes + ", channels=" + channels + "]";
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
