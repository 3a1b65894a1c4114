package org.gmplab.session;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.NavigableMap;

import org.gmplab.engine.Action;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Snapshot;

/**
 * The actions injected in step mode that a G takes only at its next scheduling point — a syscall, a block, a
 * Gosched: the engine sets a flag that the G's M honours at its next instruction boundary (Gosched also at the
 * next slice of a long work), so for a while nothing in the world shows them. This remembers each with the
 * history position where it was applied, and tells which are still pending at a position: applied at or
 * before it, and not yet taken by it (no event of the G entering the syscall, parking, yielding or exiting in
 * between). The canvas marks those Gs, so an injection is visible at once. Driver thread only.
 *
 * <p>It also says what an injection does, in words ({@link #says}): the status line's sentence, never an
 * action's {@code toString}.
 */
final class Pending {
    /** An action a G takes later, applied at {@code position}. */
    private record Injected(long goid, long position) {}

    private final List<Injected> injected = new ArrayList<>();

    /**
     * {@code a} was applied at {@code from} (the position it was asked at) and the history is now at {@code at}:
     * what was injected after {@code from} belonged to the future that the new branch drops.
     */
    void injected(Action a, long from, long at) {
        injected.removeIf(i -> i.position() > from);
        long g = takenLater(a);
        if (g > 0) injected.add(new Injected(g, at));
    }

    /** Another run: nothing is pending. */
    void clear() { injected.clear(); }

    /**
     * The goids with an action pending at position {@code pos}, whose world is {@code world}; {@code branch}
     * holds the events of the branch by seq (the events of position p have seqs up to p).
     */
    Set<Long> at(long pos, Snapshot world, NavigableMap<Long, Event> branch) {
        Set<Long> out = new HashSet<>();
        for (Injected i : injected) {
            if (i.position() > pos || !alive(world, i.goid())) continue;
            boolean taken = false;
            for (Event e : branch.subMap(i.position(), false, pos, true).values())
                if (e.g() == i.goid() && takes(e.kind())) { taken = true; break; }
            if (!taken) out.add(i.goid());
        }
        return out;
    }

    /** The events in which a G takes an injected action (or can no longer take it). */
    private static boolean takes(EventKind k) {
        return k == EventKind.ENTERSYSCALL || k == EventKind.PARK || k == EventKind.GOSCHED || k == EventKind.GOEXIT;
    }

    private static boolean alive(Snapshot world, long goid) {
        if (world == null) return false;
        for (Snapshot.G g : world.gs()) if (g.goid() == goid) return g.status() != GStatus.DEAD;
        return false;
    }

    /** The G that takes {@code a} at its next scheduling point, or -1 if {@code a} applies at once. */
    private static long takenLater(Action a) {
        if (a instanceof Action.InjectSyscall x) return x.goid();
        if (a instanceof Action.Block x) return x.goid();
        if (a instanceof Action.Gosched x) return x.goid();
        return -1;
    }

    /**
     * What injecting {@code a} does, in a sentence for the status line (English; each format has its Chinese in
     * the window's word table): the actions a G takes later say when, and what the G is doing until then,
     * from {@code world}, the moment it was injected at.
     */
    static String says(Action a, Snapshot world) {
        String doing = instruction(world, a);
        boolean known = !doing.isEmpty();
        if (a instanceof Action.InjectSyscall x)
            return known ? String.format("G%d will enter a syscall of %s at its next scheduling point, once its current instruction %s is done",
                    x.goid(), duration(x.nanos()), doing)
                    : String.format("G%d will enter a syscall of %s at its next scheduling point", x.goid(), duration(x.nanos()));
        if (a instanceof Action.Block x)
            return known ? String.format("G%d will block at its next scheduling point, once its current instruction %s is done", x.goid(), doing)
                    : String.format("G%d will block at its next scheduling point", x.goid());
        if (a instanceof Action.Gosched x)
            return known ? String.format("G%d will call runtime.Gosched() at its next scheduling point, within its current instruction %s", x.goid(), doing)
                    : String.format("G%d will call runtime.Gosched() at its next scheduling point", x.goid());
        if (a instanceof Action.Unblock x) return String.format("G%d is unblocked: it goes to the global queue", x.goid());
        if (a instanceof Action.NetReady x) return String.format("the data of G%d's network read has arrived", x.goid());
        if (a instanceof Action.Spawn x) return String.format("%d new goroutine(s) running %s go to the global queue", x.count(), x.fn());
        if (a instanceof Action.SetGomaxprocs x) return String.format("a goroutine calling runtime.GOMAXPROCS(%d) goes to the global queue", x.n());
        throw new IllegalArgumentException("no words for " + a.getClass().getSimpleName());
    }

    /** What the G acted on is running now, e.g. {@code work(1ms)}; "" if not known. */
    private static String instruction(Snapshot world, Action a) {
        long goid = takenLater(a);
        if (world == null || goid < 0) return "";
        for (Snapshot.G g : world.gs()) if (g.goid() == goid) return g.instruction() == null ? "" : g.instruction();
        return "";
    }

    /** {@code nanos} as a person writes it: 20 ms, 1.5 ms, 300 µs. */
    static String duration(long nanos) {
        if (nanos >= 1_000_000 && nanos % 100_000 == 0)
            return (nanos % 1_000_000 == 0 ? Long.toString(nanos / 1_000_000) : Double.toString(nanos / 1e6)) + " ms";
        if (nanos >= 1_000 && nanos % 1_000 == 0) return nanos / 1_000 + " µs";
        return nanos + " ns";
    }
}
