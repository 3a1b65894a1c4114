package org.gmplab.engine;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.PStatus;

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
        Processor pp = m.p;
        // Traced first, as Go's reentersyscall does: once the P is in _Psyscall sysmon may retake it and log its RETAKE,
        // whose cause is this event.
        if (sched.trace.on()) {
            Event.Head h = sched.trace.at(m, gp.goid, m.id, pp.id);
            pp.cause = h.seq();   // the P is left in _Psyscall, for sysmon to retake or the G to take back
            sched.trace.emit(new Event.EnterSyscall(h, Event.EnterSyscall.Rules.GO123, d, 0, 0));
        }
        if (sched.sysmonwait) sched.wakeSysmon(m);
        m.syscalltick = pp.syscalltick;
        pp.syscallStart = sched.ts.now(m);
        pp.m = null;
        m.oldp = pp;
        m.p = null;
        pp.status = PStatus.SYSCALL;
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
        if (sched.trace.on()) {
            Event.Head h = sched.trace.at(m, gp.goid, m.id, pp.id);
            pp.cause = h.seq();   // handed off just below
            sched.trace.emit(new Event.EnterSyscall(h, Event.EnterSyscall.Rules.GO123_BLOCKING, d, 0, 0));
        }
        m.oldp = null;
        sched.handoffp(m.releasep(), m);
    }

    /**
     * Go's {@code exitsyscall}: back from a system call, the G goes on running at once if {@link #exitsyscallfast}
     * got this M a P (then, as Go does, the P's {@code syscalltick} moves on and the G is running again); false if the
     * G must go through {@link #exitsyscall0}.
     */
    static boolean exitsyscall(Machine m, Goroutine gp) {
        Processor oldp = m.oldp;
        m.oldp = null;
        if (!exitsyscallfast(m, gp, oldp)) return false;
        m.p.syscalltick++;
        gp.status = GStatus.RUNNING;
        return true;
    }

    /**
     * Go's {@code exitsyscallfast}: re-acquire the P this M had ({@code oldp}) if it is still in {@code _Psyscall},
     * else any idle P ({@link #exitsyscallfastPidle}); true if this M holds a P now.
     */
    static boolean exitsyscallfast(Machine m, Goroutine gp, Processor oldp) {
        // Try to re-acquire the last P.
        if (oldp != null && oldp.status == PStatus.SYSCALL && oldp.casStatus(PStatus.SYSCALL, PStatus.IDLE)) {
            m.acquirep(oldp);
            // exitsyscallfast_reacquired: the P was retaken and entered a syscall again meanwhile?
            boolean reused = m.syscalltick != oldp.syscalltick;
            if (reused) oldp.syscalltick++;
            explain(m, gp, oldp, Event.ExitSyscall.How.OLD_P, -1);
            return true;
        }
        // Try to get any other idle P.
        Processor pp = exitsyscallfastPidle(m);
        if (pp != null) {
            m.acquirep(pp);
            explain(m, gp, pp, Event.ExitSyscall.How.IDLE_P, oldp == null ? -1 : oldp.id);
            return true;
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
        Event.Head global = null;
        sched.lock.lock();
        try {
            pp = sched.pidleget();
            if (pp == null) {
                sched.runq.globrunqput(gp);
                // numbered (and made gp's cause) before the unlock lets another M take gp from the global queue
                if (sched.trace.on()) global = number(m, gp, null);
            }
        } finally {
            sched.lock.unlock();
        }
        if (pp != null) {
            if (sched.sysmonwait) sched.wakeSysmon(m);
            m.acquirep(pp);
            explain(m, gp, pp, Event.ExitSyscall.How.SLOW_IDLE_P, -1);
            m.execute(gp, false);
            return;
        }
        if (global != null) emit(m, global, Event.ExitSyscall.How.GLOBAL, -1, -1, -1);
        m.stopm();
    }

    /** The EXITSYSCALL event: gp got P {@code pp} (or none) {@code how}; {@code oldp}: the P it entered with, if the event names it. */
    static void explain(Machine m, Goroutine gp, Processor pp, Event.ExitSyscall.How how, int oldp) {
        explain(m, gp, pp, how, oldp, -1, -1);
    }

    /** {@link #explain}, Go 1.26's way back: P {@code pp} taken back from M {@code holderM}, now in a system call with G {@code holderG}. */
    static void explain(Machine m, Goroutine gp, Processor pp, Event.ExitSyscall.How how, int oldp, int holderM, long holderG) {
        if (m.sched.trace.on()) emit(m, number(m, gp, pp), how, oldp, holderM, holderG);
    }

    /** The EXITSYSCALL's head, made gp's cause: gp runs on with P {@code pp}, or (null) waits in the global queue. */
    private static Event.Head number(Machine m, Goroutine gp, Processor pp) {
        // the P it got was released by the event that left it behind; without one, the G goes global
        Event.Head h = m.sched.trace.at(m, gp.goid, m.id, pp == null ? -1 : pp.id, pp == null ? -1 : pp.cause);
        gp.cause = h.seq();
        return h;
    }

    private static void emit(Machine m, Event.Head h, Event.ExitSyscall.How how, int oldp, int holderM, long holderG) {
        m.sched.trace.emit(new Event.ExitSyscall(h, how, oldp, holderM, holderG, m.sched.runq.sizeRacy(), 0, 0));
    }
}
