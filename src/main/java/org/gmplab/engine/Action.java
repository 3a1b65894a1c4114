package org.gmplab.engine;

import java.util.List;
import java.util.Objects;

/**
 * Something done to a running program from outside it — by a teacher at the controls — rather than by
 * its own code. Step mode records each with the safe point where it was applied, so that a replay
 * reproduces the run exactly ({@link AppliedAction}).
 */
public sealed interface Action {

    /** The running goroutine {@code goid} enters a blocking system call of {@code nanos}, as if its code made one. */
    record InjectSyscall(long goid, long nanos) implements Action {}

    /** The running goroutine {@code goid} blocks (wait reason "injected") until {@link Unblock}. */
    record Block(long goid) implements Action {}

    /** A goroutine blocked by {@link Block} becomes runnable again (to the global queue, as injectglist does). */
    record Unblock(long goid) implements Action {}

    /** {@code count} new goroutines start running {@code fn(args)}, made runnable as injectglist does. */
    record Spawn(String fn, int count, List<Long> args) implements Action {
        public Spawn {
            Objects.requireNonNull(fn);
            args = List.copyOf(args);
        }
    }

    /** A goroutine calling {@code runtime.GOMAXPROCS(n)} is started (the change needs a stop-the-world). */
    record SetGomaxprocs(int n) implements Action {}

    /**
     * The running goroutine {@code goid} calls {@code runtime.Gosched()} at its next instruction (or the next
     * slice of a long {@code work}): Go's {@code gosched_m} → {@code goschedImpl} puts it at the tail of the
     * global queue and its M schedules another G.
     */
    record Gosched(long goid) implements Action {}

    /** The data of goroutine {@code goid}'s network read arrives now. */
    record NetReady(long goid) implements Action {}

    /**
     * An action and where it was applied: {@code safePoint} (the turnstile's count of safe points, which
     * a replay stops at), {@code event} (events emitted before it) and virtual {@code time}.
     */
    record AppliedAction(long safePoint, long event, long time, Action action) {
        public AppliedAction { Objects.requireNonNull(action); }
    }
}
