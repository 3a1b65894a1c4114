package org.gmplab.snapshot;

import java.util.Locale;

/** A P's status with Go 1.23's numbering (runtime2.go, {@code _Pidle} …), as {@code scheddetail} prints it. */
public enum PStatus {
    /** {@code _Pidle}: on the idle list, or handed to an M that has yet to start with it. */
    IDLE(0),
    /** {@code _Prunning}: owned by an M, running Go code or its scheduler. */
    RUNNING(1),
    /** {@code _Psyscall}: its M is in a system call and left it; sysmon may retake it (not in Go 1.26). */
    SYSCALL(2),
    /** {@code _Pgcstop}: halted by a stop-the-world. */
    GCSTOP(3),
    /** {@code _Pdead}: beyond GOMAXPROCS, no longer used. */
    DEAD(4);

    private static final PStatus[] BY_GO = values();

    /** Go's numeric value of the status. */
    public final int go;

    PStatus(int go) { this.go = go; }

    /** The status Go numbers {@code go}; IllegalArgumentException outside 0..4. */
    public static PStatus of(int go) {
        if (go < 0 || go >= BY_GO.length) throw new IllegalArgumentException("P status " + go + " is not one of 0 (idle), 1 (running), 2 (syscall), 3 (gcstop), 4 (dead)");
        return BY_GO[go];
    }

    /** The status as the inspector and lesson checks spell it: "idle", "gcstop" … */
    public String word() { return name().toLowerCase(Locale.ROOT); }
}
