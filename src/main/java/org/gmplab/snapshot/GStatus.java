package org.gmplab.snapshot;

import java.util.Locale;

/**
 * A goroutine's status, with the number Go gives it (runtime2.go, {@code _Gidle} …) and {@code scheddetail}
 * prints. Go's other values are not modelled: {@code _Gmoribund_unused} (5) and {@code _Genqueue_unused} (7) are
 * unused in Go too, {@code _Gcopystack} (8) and {@code _Gpreempted} (9) belong to stack growth and the GC's
 * {@code suspendG}, which the engine does not have.
 */
public enum GStatus {
    /** {@code _Gidle}: just allocated, not yet initialised. */
    IDLE(0),
    /** {@code _Grunnable}: on a run queue, not running. */
    RUNNABLE(1),
    /** {@code _Grunning}: running Go code, with an M and a P. */
    RUNNING(2),
    /** {@code _Gsyscall}: in a system call, on an M (its P may be taken). */
    SYSCALL(3),
    /** {@code _Gwaiting}: blocked (gopark), on no run queue. */
    WAITING(4),
    /** {@code _Gdead}: exited, on a free list for reuse. */
    DEAD(6);

    private static final GStatus[] BY_GO = {IDLE, RUNNABLE, RUNNING, SYSCALL, WAITING, null, DEAD};

    /** Go's numeric value of the status. */
    public final int go;

    GStatus(int go) { this.go = go; }

    /** The status Go numbers {@code go}; IllegalArgumentException for a number the engine does not model. */
    public static GStatus of(int go) {
        GStatus s = go >= 0 && go < BY_GO.length ? BY_GO[go] : null;
        if (s == null) throw new IllegalArgumentException("goroutine status " + go + " is not one of 0 (idle), 1 (runnable), 2 (running), 3 (syscall), 4 (waiting), 6 (dead)");
        return s;
    }

    /** The status as the inspector and lesson checks spell it: "runnable", "syscall" … */
    public String word() { return name().toLowerCase(Locale.ROOT); }
}
