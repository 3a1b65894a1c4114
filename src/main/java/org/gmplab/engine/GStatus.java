package org.gmplab.engine;

/** A goroutine's status, with the number Go's {@code scheddetail} prints (runtime2.go, {@code _Gidle} …). */
public enum GStatus {
    IDLE(0), RUNNABLE(1), RUNNING(2), SYSCALL(3), WAITING(4), DEAD(6);

    /** Go's numeric value of the status. */
    public final int go;

    GStatus(int go) { this.go = go; }
}
