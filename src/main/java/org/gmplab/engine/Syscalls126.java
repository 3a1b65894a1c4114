package org.gmplab.engine;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.PStatus;

/**
 * System calls, Go 1.26's model (no {@code _Psyscall}; GO-SCHEDULER.md 1.9, "Model B"): {@code entersyscall}
 * only switches the G to {@code _Gsyscall}; the M keeps its P, which stays {@code _Prunning}. Whoever wants the
 * P — sysmon's retake, a stop-the-world, an M leaving its own syscall — first holds the G inside its call with
 * {@link #setBlockOnExitSyscall} (the G's {@code _Gscan} bit), then unwires the P ({@link SyscallingThread#takeP}).
 * So {@code exitsyscall}'s fast path is just "I still have my P".
 * Each function runs on the M making the call, with its G, except {@link #setBlockOnExitSyscall}.
 */
final class Syscalls126 {
    private Syscalls126() { }

    /**
     * Go's {@code syscallingThread}: a G in a system call, its M and its P, with the G held in the call (its
     * {@code _Gscan} bit set) until {@link #resume}.
     */
    record SyscallingThread(Goroutine gp, Machine mp, Processor pp) {
        /** Go's {@code takeP}: the P leaves the M in the syscall and becomes {@code _Pidle} (not yet on the idle list). */
        void takeP() { releaseP(PStatus.IDLE); }

        /** Go's {@code gcstopP}: the P is stopped for a stop-the-world. sched.lock held. */
        void gcstopP() {
            releaseP(PStatus.GCSTOP);
            pp.sched.stopwait--;
        }

        private void releaseP(PStatus state) {
            pp.m = null;
            mp.p = null;
            pp.status = state;
            pp.syscalltick++;
        }

        /** Go's {@code resume}: the G may leave its call again. */
        void resume() { gp.casfromGscan(); }
    }

    /**
     * Go's {@code setBlockOnExitSyscall}: if {@code pp}'s M is in a system call, holds its G there (sets the
     * {@code _Gscan} bit) and returns the three of them; null if the P is not in a syscall or the G left it
     * meanwhile. The caller must {@link SyscallingThread#resume} it.
     */
    static SyscallingThread setBlockOnExitSyscall(Processor pp) {
        if (pp.status != PStatus.RUNNING) return null;
        // These reads are racy; the scan bit, then the same links seen again, make them a fact.
        Machine mp = pp.m;
        if (mp == null) return null;
        Goroutine gp = mp.curg;
        if (gp == null || gp.status != GStatus.SYSCALL) return null;
        if (!gp.castogscan()) return null;
        if (gp.status != GStatus.SYSCALL || gp.m != mp || mp.p != pp) {
            // This is not what we originally observed.
            gp.casfromGscan();
            return null;
        }
        return new SyscallingThread(gp, mp, pp);
    }

    /** Go 1.26's {@code reentersyscall}: G running → syscall; the M keeps its P, which stays {@code _Prunning}. */
    static void entersyscall(Machine m, Goroutine gp, long d) {
        Sched sched = m.sched;
        Processor pp = m.p;
        // Copy the syscalltick over so we can identify if the P got stolen later.
        m.syscalltick = pp.syscalltick;
        m.oldp = pp;
        pp.syscallStart = sched.ts.now(m);
        // A stop-the-world is pending: give the P up right away instead of making the stopper take it.
        boolean gaveUp = sched.gcwaiting && entersyscallHandleGCWait(m, pp);
        gp.status = GStatus.SYSCALL;
        if (sched.trace.on()) {
            Event.Head h = sched.trace.at(m, gp.goid, m.id, pp.id);
            pp.cause = h.seq();   // the M keeps the P, but sysmon may retake it from the call
            sched.trace.emit(new Event.EnterSyscall(h, gaveUp ? Event.EnterSyscall.Rules.GO126_STOPPING : Event.EnterSyscall.Rules.GO126, d, 0, 0));
        }
        if (sched.sysmonwait) sched.wakeSysmon(m);
    }

    /** Go's {@code entersyscallHandleGCWait}: the world is stopping, so this P stops right away. */
    private static boolean entersyscallHandleGCWait(Machine m, Processor pp) {
        Sched sched = m.sched;
        boolean stopped = false, last = false;
        Machine stopper;   // read under the lock: once it is released the stopper may finish and clear it
        sched.lock.lock();
        try {
            if (sched.stopwait > 0) {
                pp.m = null;
                m.p = null;
                pp.status = PStatus.GCSTOP;
                pp.syscalltick++;
                stopped = true;
                last = --sched.stopwait == 0;
            }
            stopper = sched.stopper;
        } finally {
            sched.lock.unlock();
        }
        if (last) sched.ts.unpark(stopper, m, sched.wakeLatency(m));
        return stopped;
    }

    /**
     * Go 1.26's {@code exitsyscall}: the G switches back to running (waiting while someone holds it in the
     * call); if the M still has its P that is all. Otherwise {@code exitsyscallTryGetP}: the old P back from
     * whichever M is now in a syscall on it, or an idle P. Returns false if there is none: the G then goes
     * through {@link Syscalls#exitsyscall0} (Go 1.26's {@code exitsyscallNoP}), still running but without a P.
     */
    static boolean exitsyscall(Machine m, Goroutine gp) {
        Sched sched = m.sched;
        // Optimistically assume we're going to keep running, and switch to running. A thread taking our P
        // holds the scan bit only for a few stores, so this never waits long.
        while (!gp.castogscan()) Thread.onSpinWait();
        gp.status = GStatus.RUNNING;
        gp.casfromGscan();
        Processor oldp = m.oldp;
        m.oldp = null;
        Processor pp = m.p;
        if (pp != null) {
            Syscalls.explain(m, gp, pp, Event.ExitSyscall.How.KEPT_P, -1);
        } else {
            pp = exitsyscallTryGetP(m, gp, oldp);
            if (pp == null) return false;
            m.acquirep(pp);
        }
        pp.syscalltick++;
        return true;
    }

    /** Go's {@code exitsyscallTryGetP}: our old P, taken back from the M now in a syscall on it, or an idle P. */
    private static Processor exitsyscallTryGetP(Machine m, Goroutine gp, Processor oldp) {
        Sched sched = m.sched;
        // Try to steal our old P back.
        if (oldp != null) {
            SyscallingThread thread = setBlockOnExitSyscall(oldp);
            if (thread != null) {
                thread.takeP();
                thread.resume();
                Syscalls.explain(m, gp, oldp, Event.ExitSyscall.How.TOOK_BACK, oldp.id, thread.mp().id, thread.gp().goid);
                return oldp;
            }
        }
        // Try to get an idle P.
        Processor pp = Syscalls.exitsyscallfastPidle(m);
        if (pp != null) {
            Syscalls.explain(m, gp, pp, Event.ExitSyscall.How.IDLE_P_126, oldp == null ? -1 : oldp.id);
            return pp;
        }
        return null;
    }
}
