package org.gmplab.scenario;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A program as the source pane shows it: Go text, and the line each statement of each function is written
 * on. A scenario written in Go keeps its own file ({@link #fromSource}); a JSON one is shown as the Go it
 * stands for ({@link ListingWriter}). The compiler copies the lines into each instruction ({@link Code#line}),
 * so a goroutine's place in the text is one int looked up by its program counter.
 *
 * <p>Lines are kept per function in the order {@link #walk} visits the statements, the order in which
 * {@link Compiler} compiles them, and not by the statements themselves: statements are values (two
 * {@code wg.Done()} are equal), and a program copied or renamed keeps the same order.
 */
public final class Listing {
    private final String text;
    private final boolean fromSource;
    private final Map<String, int[]> lines;

    private Listing(String text, boolean fromSource, Map<String, int[]> lines) {
        this.text = Objects.requireNonNull(text);
        this.fromSource = fromSource;
        this.lines = Map.copyOf(lines);
    }

    /**
     * The listing of a program written as {@code text}: {@code lines} holds each function's statement lines
     * in {@link #walk} order (see {@link #lines(List, Map)}).
     */
    public static Listing fromSource(String text, Map<String, int[]> lines) {
        Map<String, int[]> copy = new HashMap<>();
        lines.forEach((f, l) -> copy.put(f, l.clone()));
        return new Listing(text, true, copy);
    }

    /**
     * The lines of {@code body}'s statements in {@link #walk} order: {@code lineOf} gives the 1-based line
     * of the statements it knows, by identity (as a compiler made them); the others get 0, and take their
     * line from the statement before them when compiled.
     */
    public static int[] lines(List<Stmt> body, Map<Stmt, Integer> lineOf) {
        List<Integer> l = new java.util.ArrayList<>();
        walk(body, s -> l.add(lineOf.getOrDefault(s, 0)));
        int[] out = new int[l.size()];
        for (int i = 0; i < out.length; i++) out[i] = l.get(i);
        return out;
    }

    /** A listing rendered from a program (not written by a person). */
    static Listing rendered(String text, Map<String, int[]> lines) { return new Listing(text, false, lines); }

    /** The program's listing: its source if it was written in Go, otherwise the Go it stands for. */
    public static Listing of(Program p) { return p.listing() != null ? p.listing() : ListingWriter.write(p); }

    /** The text shown, lines separated by {@code \n}. */
    public String text() { return text; }

    /** True when the text is the scenario's own source (a {@code .go} file), false when rendered from JSON. */
    public boolean fromSource() { return fromSource; }

    /** The lines of {@code function}'s statements in {@link #walk} order (0: unknown), or null for a function it does not list. */
    int[] lines(String function) { return lines.get(function); }

    /**
     * Visits {@code body}'s statements in the order {@link Compiler} compiles them: each statement, then the
     * statements nested in it — a loop's body, an if's then and else, each select case's body and the default's.
     */
    public static void walk(List<Stmt> body, Consumer<Stmt> visit) {
        for (Stmt s : body) {
            visit.accept(s);
            if (s instanceof Stmt.For f) walk(f.body(), visit);
            else if (s instanceof Stmt.While w) walk(w.body(), visit);
            else if (s instanceof Stmt.If i) {
                walk(i.then(), visit);
                walk(i.otherwise(), visit);
            } else if (s instanceof Stmt.Select sel) {
                for (Stmt.SelectCase c : sel.cases()) walk(c.body(), visit);
                if (sel.hasDefault()) walk(sel.otherwise(), visit);
            }
        }
    }

    @Override public String toString() { return text; }
}
