package org.gmplab.engine;

import org.gmplab.snapshot.EventKind;

/**
 * System calls, Go 1.23's model ({@code _Psyscall}): {@code entersyscall} leaves the P behind, unowned but
 * still affine to this M, so that a short call gets it straight back; sysmon retakes it if the call lasts
 * (see {@link Sysmon#retake}). {@code exitsyscall} then tries, in order: the old P, any idle P, and
 * finally gives up — the G goes to the global queue and the M to sleep ({@code exitsyscall0}).
 * Each function runs on the M making the call, with its G. Go 1.26's model is {@link Syscalls126}; the slow
 * path {@link #exitsyscall0} and {@link #entersyscallblock} serve both.
 */
final class Syscalls {
    private Syscalls() { }

    /** Go's {@code reentersyscall}: G running → syscall; P → {@code _Psyscall}, left without an M. */
    static void entersyscall(Machine m, Goroutine gp, long d) {
        Sched sched = m.sched;
        gp.status = GStatus.SYSCALL;
        if (sched.sysmonwait) sched.wakeSysmon(m);
        Processor pp = m.p;
        m.syscalltick = pp.syscalltick;
        pp.syscallStart = sched.ts.now(m);
        pp.m = null;
        m.oldp = pp;
        m.p = null;
        pp.status = PStatus.SYSCALL;
        if (sched.trace.on()) sched.trace.emit(m, EventKind.ENTERSYSCALL, gp.goid, m.id, pp.id, Trace.d("d", d, "blocking", 0),
                gp + " enters a system call (" + d / 1000 + " µs): M" + m.id + " blocks in the kernel with it; P" + pp.id
                        + " stays behind in _Psyscall, unowned, for M" + m.id + " to take back if the call is short — sysmon retakes it if not");
        if (sched.gcwaiting) entersyscallGcwait(m, pp);
    }

    /** Go's {@code entersyscall_gcwait}: the world is stopping, so this P stops right away. */
    private static void entersyscallGcwait(Machine m, Processor pp) {
        Sched sched = m.sched;
        boolean last = false;
        Machine stopper;   // read under the lock: once it is released the stopper may finish and clear it
        sched.lock.lock();
        try {
            if (sched.stopwait > 0 && pp.casStatus(PStatus.SYSCALL, PStatus.GCSTOP)) {
                pp.syscalltick++;
                last = --sched.stopwait == 0;
            }
            stopper = sched.stopper;
        } finally {
            sched.lock.unlock();
        }
        if (last) sched.ts.unpark(stopper, m, sched.wakeLatency(m));
    }

    /**
     * Go's {@code entersyscallblock}: for calls known to block, the P is handed off at once instead of
     * waiting for sysmon.
     */
    static void entersyscallblock(Machine m, Goroutine gp, long d) {
        Sched sched = m.sched;
        Processor pp = m.p;
        m.syscalltick = pp.syscalltick;
        pp.syscalltick++;
        gp.status = GStatus.SYSCALL;
        if (sched.trace.on()) sched.trace.emit(m, EventKind.ENTERSYSCALL, gp.goid, m.id, pp.id, Trace.d("d", d, "blocking", 1),
                gp + " enters a system call known to block (" + d / 1000 + " µs): entersyscallblock hands P" + pp.id + " off at once");
        m.oldp = null;
        sched.handoffp(m.releasep(), m);
    }

    /**
     * Go's {@code exitsyscall}, fast paths: returns true if this M got a P back (the G goes on running),
     * false if the G must go through {@link #exitsyscall0}.
     */
    static boolean exitsyscall(Machine m, Goroutine gp) {
        Processor oldp = m.oldp;
        m.oldp = null;
        // Try to re-acquire the last P.
        if (oldp != null && oldp.status == PStatus.SYSCALL && oldp.casStatus(PStatus.SYSCALL, PStatus.IDLE)) {
            m.acquirep(oldp);
            // exitsyscallfast_reacquired: the P was retaken and entered a syscall again meanwhile?
            boolean reused = m.syscalltick != oldp.syscalltick;
            if (reused) oldp.syscalltick++;
            explain(m, gp, oldp, 1, "its old P" + oldp.id + " was still in _Psyscall → takes it straight back (fast path)");
            return back(m, gp);
        }
        // Try to get any other idle P.
        Processor pp = exitsyscallfastPidle(m);
        if (pp != null) {
            m.acquirep(pp);
            explain(m, gp, pp, 2, (oldp == null ? "it had handed its P off" : "P" + oldp.id + " was retaken")
                    + " → takes idle P" + pp.id + " (fast path)");
            return back(m, gp);
        }
        return false;
    }

    /**
     * Go's {@code exitsyscallfast_pidle}: an idle P for an M back from a system call, taken under
     * {@code sched.lock}, waking sysmon if it sleeps waiting for work; null if none is idle. (Go 1.23's and
     * Go 1.26's exitsyscall both end their fast path here.)
     */
    static Processor exitsyscallfastPidle(Machine m) {
        Sched sched = m.sched;
        if (sched.npidle.get() == 0) return null;
        Processor pp;
        sched.lock.lock();
        try {
            pp = sched.pidleget();
        } finally {
            sched.lock.unlock();
        }
        if (pp != null && sched.sysmonwait) sched.wakeSysmon(m);
        return pp;
    }

    private static boolean back(Machine m, Goroutine gp) {
        m.p.syscalltick++;
        gp.status = GStatus.RUNNING;
        return true;
    }

    /**
     * Go's {@code exitsyscall0}, the slow path on g0: the G becomes runnable; with an idle P (checked once
     * more under the lock) it runs at once, else it goes to the global queue and this M stops.
     */
    static void exitsyscall0(Machine m, Goroutine gp) {
        Sched sched = m.sched;
        // mcall: the switch to g0 takes time like any goroutine switch; meanwhile a P may go idle.
        sched.ts.pass(m, sched.costs.gswitch());
        gp.status = GStatus.RUNNABLE;
        gp.m = null;
        m.curg = null;
        Processor pp;
        sched.lock.lock();
        try {
            pp = sched.pidleget();
            if (pp == null) sched.runq.put(gp);
        } finally {
            sched.lock.unlock();
        }
        if (pp != null) {
            if (sched.sysmonwait) sched.wakeSysmon(m);
            m.acquirep(pp);
            explain(m, gp, pp, 3, "no P on the fast path, but idle P" + pp.id + " under sched.lock → runs on it (slow path)");
            m.execute(gp, false);
            return;
        }
        explain(m, gp, null, 4, "no P to be had → " + gp + " goes to the global queue (now " + sched.runq.sizeRacy()
                + ") and M" + m.id + " goes to sleep (slow path)");
        m.stopm();
    }

    static void explain(Machine m, Goroutine gp, Processor pp, int path, String why) {
        Sched sched = m.sched;
        if (sched.trace.on()) sched.trace.emit(m, EventKind.EXITSYSCALL, gp.goid, m.id, pp == null ? -1 : pp.id, Trace.d("path", path),
                gp + " returns from its system call: " + why);
    }
}
