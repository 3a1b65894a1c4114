package org.gmplab.engine;

/** A P's status with Go 1.23's numbering (runtime2.go, {@code _Pidle} …). */
public enum PStatus {
    IDLE(0), RUNNING(1), SYSCALL(2), GCSTOP(3), DEAD(4);

    public final int go;

    PStatus(int go) { this.go = go; }
}
