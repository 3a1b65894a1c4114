package org.gmplab.snapshot;

import java.util.Locale;

/**
 * Where a goroutine is: its one place in the scheduler, found with the world stopped by walking every queue and
 * list a G can be on (the engine's {@code WorldReader.locate}, which also checks that no G is in two). The place
 * agrees with the G's status — the invariant check's first rule: a runnable G is in a P's {@link Runnext} or
 * {@link Ring}, the {@link Global} queue, or handed to an M ({@link Nextg}, {@link Lockedg}); a running G or one
 * in a system call is {@link OnM}; a waiting G is {@link Parked}; a dead G is {@link Free}.
 *
 * <p>Indexes count from the queue's head: 0 is the G {@code runqget} or {@code globrunqget} takes first. Places
 * are what the snapshot knows, no more: a real Go run's trace does not say which queue a runnable G is in
 * ({@link Pool}), and a live snapshot read without stopping the world does not look ({@link Unknown}).
 *
 * <p>{@link #label} spells a place as snapshots did before places were typed, and as lesson checks still write it
 * ({@code G5.where == "P1.runnext"}): "P0.runnext", "P0.runq", "global", "M2", "M2.nextg", "M0.lockedg", "chan",
 * "mutex", "wg", "timer", "netpoll", "forever", "injected", "waiting", "runnable", "free", or "" (unknown).
 */
public sealed interface Place {

    /** The place as lesson checks and the inspector spell it (see the interface's comment). */
    String label();

    /** In P {@code p}'s {@code runnext} slot: the G that P runs next, ahead of its ring. */
    record Runnext(int p) implements Place {
        @Override public String label() { return "P" + p + ".runnext"; }
    }

    /** In P {@code p}'s ring ({@code runq}), {@code index} places from its head. */
    record Ring(int p, int index) implements Place {
        public Ring { if (index < 0) throw new IllegalArgumentException("a ring index is ≥ 0, got " + index); }
        @Override public String label() { return "P" + p + ".runq"; }
    }

    /** In the global run queue ({@code sched.runq}), {@code index} places from its head. */
    record Global(int index) implements Place {
        public Global { if (index < 0) throw new IllegalArgumentException("a queue index is ≥ 0, got " + index); }
        @Override public String label() { return "global"; }
    }

    /** On M {@code m} as its {@code curg}: running, or in a system call (the G's status says which). */
    record OnM(int m) implements Place {
        @Override public String label() { return "M" + m; }
    }

    /** Go 1.0: handed to M {@code m} by {@code matchmg} ({@code m->nextg}); that M has yet to run it. */
    record Nextg(int m) implements Place {
        @Override public String label() { return "M" + m + ".nextg"; }
    }

    /**
     * Runnable and locked to M {@code m} ({@code m.lockedg}): {@code startlockedm} handed that M a P, and the M
     * has yet to run it.
     */
    record Lockedg(int m) implements Place {
        @Override public String label() { return "M" + m + ".lockedg"; }
    }

    /**
     * Parked (waiting) {@code on} something; {@code object} names it where the snapshot knows the name (the
     * channel, {@code sync.Mutex} or {@code sync.WaitGroup} variable; for a select, its first channel), else "".
     */
    record Parked(On on, String object) implements Place {
        public Parked { java.util.Objects.requireNonNull(on); java.util.Objects.requireNonNull(object); }
        public Parked(On on) { this(on, ""); }
        @Override public String label() { return on.label; }
    }

    /** What a parked G waits on: the queue, list or heap that holds it, or why it has none. */
    enum On {
        /** a channel's send or receive queue (a select: on several, shown in the first) */
        CHAN,
        /** a {@code sync.Mutex}'s semaphore queue */
        MUTEX,
        /** a {@code sync.WaitGroup}'s waiters */
        WG,
        /** a P's timer heap: {@code time.Sleep} */
        TIMER,
        /** the network poller */
        NETPOLL,
        /** nothing that will ever wake it: a nil channel, an empty {@code select {}} */
        FOREVER,
        /** blocked from outside, by the window's injected action */
        INJECTED,
        /** a real run's other reasons (sync, GC, the runtime's own): the trace names no place */
        WAITING;

        final String label = name().toLowerCase(Locale.ROOT);
    }

    /** A real run's runnable G: in a run queue the execution trace does not name. */
    record Pool() implements Place {
        @Override public String label() { return "runnable"; }
    }

    /** Dead, on a free list (a P's {@code gFree} or {@code sched.gFree}) for {@code gfget} to reuse. */
    record Free() implements Place {
        @Override public String label() { return "free"; }
    }

    /** Not looked for: a live snapshot read without stopping the world. */
    record Unknown() implements Place {
        @Override public String label() { return ""; }
    }

    Place POOL = new Pool(), FREE = new Free(), UNKNOWN = new Unknown();
}
