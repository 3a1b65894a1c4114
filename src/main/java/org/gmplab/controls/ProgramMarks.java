package org.gmplab.controls;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Snapshot;

/**
 * What the program pane marks for one moment, as Python Tutor does: the lines the running Gs are at
 * (highlighted), and a tag per goroutine in the margin of its line — running, runnable, waiting or in a
 * system call. Pure (a function of the snapshot), so it is unit-tested and the pane redraws only when it
 * changes. The runtime's own goroutines and dead ones, which have no line in the program, are not tagged.
 *
 * @param running the 1-based lines a running G is at, ascending
 * @param tags    the tags of each line, by goid
 */
public record ProgramMarks(SortedSet<Integer> running, Map<Integer, List<Tag>> tags) {
    /** No goroutine anywhere (no moment yet). */
    public static final ProgramMarks NONE = new ProgramMarks(new TreeSet<>(), Map.of());

    public ProgramMarks {
        running = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(running));
        TreeMap<Integer, List<Tag>> copy = new TreeMap<>();
        tags.forEach((l, t) -> copy.put(l, List.copyOf(t)));
        tags = java.util.Collections.unmodifiableMap(copy);
    }

    /** A goroutine's state, as its tag shows it. */
    public enum Kind {
        RUNNING("running"), RUNNABLE("runnable"), WAITING("waiting"), SYSCALL("in a system call");

        /** In words, for the tag's tooltip. */
        public final String words;

        Kind(String words) { this.words = words; }

        /** The kind of a G of status {@code status}, or null for one not shown (idle, dead). */
        static Kind of(GStatus status) {
            return switch (status) {
                case RUNNABLE -> RUNNABLE;
                case RUNNING -> RUNNING;
                case SYSCALL -> SYSCALL;
                case WAITING -> WAITING;
                case IDLE, DEAD -> null;
            };
        }
    }

    /** One goroutine's tag: its goid, its state, and why it waits ("" unless waiting). */
    public record Tag(long goid, Kind kind, String waitReason) {
        /** "G7", as the canvas names it. */
        public String label() { return "G" + goid; }
    }

    /** The marks of {@code s} (null: none). */
    public static ProgramMarks of(Snapshot s) {
        if (s == null) return NONE;
        SortedSet<Integer> running = new TreeSet<>();
        Map<Integer, List<Tag>> tags = new TreeMap<>();
        for (Snapshot.G g : s.gs()) {
            Kind k = Kind.of(g.status());
            if (k == null || g.line() <= 0 || g.system()) continue;
            if (k == Kind.RUNNING) running.add(g.line());
            tags.computeIfAbsent(g.line(), l -> new ArrayList<>()).add(new Tag(g.goid(), k, k == Kind.WAITING ? g.waitReason() : ""));
        }
        return new ProgramMarks(running, tags);
    }

    /** The tags of {@code line} (1-based), by goid. */
    public List<Tag> tags(int line) { return tags.getOrDefault(line, List.of()); }
}
