package org.gmplab.engine;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.PStatus;

/**
 * Go's {@code sysmon}: a thread of its own, with no P, that wakes up every 20 µs (backing off to 10 ms
 * when there is nothing to do) to retake Ps from Ms stuck in system calls, preempt goroutines that have
 * run for 10 ms, and poll the network if nobody has for 10 ms. When every P is idle it sleeps deeply,
 * until the next timer or until a system call wakes it.
 */
final class Sysmon extends Machine {
    /** Go's {@code forcePreemptNS}: a G running this long on one schedtick is asked to stop. */
    static final long FORCE_PREEMPT_NS = 10_000_000;
    /** sysmon's delays in ns: 20 µs at first, doubled after 50 idle cycles, at most 10 ms. */
    static final long MIN_DELAY = 20_000, MAX_DELAY = 10_000_000;
    static final int IDLE_BEFORE_BACKOFF = 50;
    /** A syscall that lasts longer than this is retaken even when there is nothing else to run. */
    static final long SYSCALL_RETAKE_NS = 10_000_000;
    /** Poll the network if nobody has for this long. */
    static final long NETPOLL_STALE_NS = 10_000_000;
    /** Go's {@code forcegcperiod / 2}: the longest deep sleep. */
    static final long DEEP_SLEEP_MAX = 60_000_000_000L;

    /** Current sleep between two looks, for the view. */
    volatile long delay;

    Sysmon(Sched sched, int id) { super(sched, id); }

    @Override
    public void run() {
        Turnstile ts = sched.ts;
        try {
            ts.awaitFirstTurn(this);
            loop();
        } catch (Turnstile.EngineExit e) {
            // The engine shut down.
        } catch (Throwable t) {
            sched.engine.end(this, t);
        }
    }

    private void loop() {
        Turnstile ts = sched.ts;
        int idle = 0; // how many cycles in succession we had not woken somebody
        long d = 0;
        for (;;) {
            if (idle == 0) d = MIN_DELAY; // start with 20 µs sleep...
            else if (idle > IDLE_BEFORE_BACKOFF) d *= 2; // ...then start doubling
            if (d > MAX_DELAY) d = MAX_DELAY; // up to 10 ms
            delay = d;
            sched.usleep(this, d);
            long now = ts.now(this);
            if (sched.gcwaiting || sched.npidle.get() == sched.gomaxprocs) {
                if (deepSleep(now)) {
                    idle = 0;
                    d = MIN_DELAY;
                }
            }
            now = ts.now(this);
            // poll network if not polled for more than 10ms
            long lastpoll = sched.lastpoll.get();
            if (sched.netpoll.inited && lastpoll != 0 && lastpoll + NETPOLL_STALE_NS < now) {
                sched.lastpoll.compareAndSet(lastpoll, Math.max(1, now));
                var list = sched.netpoll.poll(now);
                if (!list.isEmpty()) {
                    if (sched.trace.on()) {
                        Event.Head h = sched.trace.at(this, list.get(0).goid, id, -1);
                        for (Goroutine g : list) g.cause = h.seq();
                        sched.trace.emit(new Event.Netpoll(h, Event.Netpoll.By.SYSMON, Goroutine.goids(list)));
                    }
                    // Need to decrement number of idle locked M's (pretending that one more is running)
                    // before injectglist. Otherwise it can lead to the following situation: injectglist
                    // grabs all P's but before it starts M's to run the P's, another M returns from
                    // syscall, finishes running its G, observes that there is no work to do and no other
                    // running M's and reports deadlock.
                    sched.incidlelocked(-1);
                    sched.injectglist(list, null, this);
                    sched.incidlelocked(1);
                }
            }
            // retake P's blocked in syscalls and preempt long running G's
            if (retake(now) != 0) idle = 0;
            else idle++;
        }
    }

    /**
     * All Ps are idle (or the world is stopping): sleep until the next timer, at most 60 s, or until a
     * syscall wakes us. Returns true if a syscall did.
     */
    private boolean deepSleep(long now) {
        long next;
        sched.lock.lock();
        try {
            if (!(sched.gcwaiting || sched.npidle.get() == sched.gomaxprocs)) return false;
            next = timeSleepUntil();
            if (next <= now) return false;
            sched.sysmonwait = true;
        } finally {
            sched.lock.unlock();
        }
        long sleep = Math.min(DEEP_SLEEP_MAX, next - now);
        if (sched.trace.on()) sched.trace.emit(new Event.Sysmon(sched.trace.at(this, -1, id, -1), sleep));
        blocked = true;
        boolean woken = sched.ts.parkUntil(this, now + sleep);
        blocked = false;
        sched.lock.lock();
        try {
            sched.sysmonwait = false;
        } finally {
            sched.lock.unlock();
        }
        return woken;
    }

    /** Go's {@code timeSleepUntil}: the earliest timer of any P, or "never". */
    private long timeSleepUntil() {
        long next = Long.MAX_VALUE;
        for (Processor pp : sched.allp) {
            long w = pp.timers.wakeTime();
            if (w != 0 && w < next) next = w;
        }
        return next;
    }

    /**
     * Go's {@code retake}: for every P, preempt its G if it has run 10 ms on the same schedtick, and take
     * it from its M if it has been in a system call for at least one whole sysmon tick — unless there is
     * nothing for it to do, someone else is looking for work, and the call is younger than 10 ms.
     * Returns how many Ps were retaken from syscalls.
     */
    int retake(long now) {
        if (sched.go126) return retake126(now);
        int n = 0;
        for (Processor pp : sched.allp) {
            PStatus s = pp.status;
            boolean sysretake = false;
            if (s == PStatus.RUNNING || s == PStatus.SYSCALL) {
                // Preempt G if it's running on the same schedtick for too long.
                // In case of syscall, preemptone() doesn't work, because there is no M wired to P.
                sysretake = preemptLong(pp, now);
            }
            if (s == PStatus.SYSCALL) {
                // Retake P from syscall if it's there for more than 1 sysmon tick (at least 20us).
                long t = pp.syscalltick;
                if (!sysretake && pp.sysmonSyscalltick != t) {
                    pp.sysmonSyscalltick = t;
                    pp.sysmonSyscallwhen = now;
                    continue;
                }
                // On the one hand we don't want to retake Ps if there is no other work to do, but on the
                // other hand we want to retake them eventually because they can prevent the sysmon thread
                // from deep sleep.
                if (pp.runq.runqempty() && sched.nmspinning.get() + sched.npidle.get() > 0 && pp.sysmonSyscallwhen + SYSCALL_RETAKE_NS > now)
                    continue;
                // Need to decrement number of idle locked M's (pretending that one more is running)
                // before the CAS. Otherwise the M from which we retake can exit the syscall, increment
                // nmidle and report deadlock.
                sched.incidlelocked(-1);
                if (pp.casStatus(s, PStatus.IDLE)) {
                    n++;
                    pp.syscalltick++;
                    if (sched.trace.on()) {
                        long lasted = now - pp.syscallStart;
                        Event.Head h = sched.trace.at(this, -1, id, pp.id, pp.cause);   // the ENTERSYSCALL that left it
                        pp.cause = h.seq();
                        sched.trace.emit(new Event.Retake(h, false, lasted, pp.runq.size(), pp.runq.runqempty(), t, -1, -1));
                    }
                    sched.handoffp(pp, this);
                }
                sched.incidlelocked(1);
            }
        }
        return n;
    }

    /**
     * retake's first half: record a new schedtick, or preempt a G (or a chain of runnext Gs) that has run 10 ms
     * on the same one. Returns true if the slice is over (Go's {@code sysretake}).
     */
    private boolean preemptLong(Processor pp, long now) {
        long t = pp.schedtick;
        if (pp.sysmonSchedtick != t) {
            pp.sysmonSchedtick = t;
            pp.sysmonSchedwhen = now;
            return false;
        }
        if (pp.sysmonSchedwhen + FORCE_PREEMPT_NS > now) return false;
        preemptone(pp, now);
        return true;
    }

    /**
     * Go 1.26's {@code retake}: only {@code _Prunning} Ps, since a P in a system call stays running. Preempt as
     * before; then, if the P's M is in a syscall, hold its G there ({@code setBlockOnExitSyscall}) and take the
     * P under the same two conditions as Go 1.23 (seen on two sysmon ticks; not if idle and younger than 10 ms).
     */
    private int retake126(long now) {
        int n = 0;
        for (Processor pp : sched.allp) {
            if (pp.status != PStatus.RUNNING) continue;
            // If pp is in a syscall, preemptone doesn't work: we need to take the P ourselves.
            boolean sysretake = preemptLong(pp, now);
            // Need to decrement number of idle locked M's (pretending that one more is running) before we
            // take the P and resume. Otherwise the M from which we retake can exit the syscall, increment
            // nmidle and report deadlock.
            sched.incidlelocked(-1);
            Syscalls126.SyscallingThread thread = Syscalls126.setBlockOnExitSyscall(pp);
            if (thread != null) {
                long t = pp.syscalltick;
                if (!sysretake && pp.sysmonSyscalltick != t) {
                    // Retake the P if it's there for more than 1 sysmon tick (at least 20us).
                    pp.sysmonSyscalltick = t;
                    pp.sysmonSyscallwhen = now;
                    thread.resume();
                } else if (pp.runq.runqempty() && sched.nmspinning.get() + sched.npidle.get() > 0 && pp.sysmonSyscallwhen + SYSCALL_RETAKE_NS > now) {
                    // Nothing else to run here, someone is looking for work, and the call is young: leave it.
                    thread.resume();
                } else {
                    // Take the P. Because we hold the scan bit, the G is at worst stuck in exitsyscall.
                    thread.takeP();
                    thread.resume();
                    n++;
                    if (sched.trace.on()) {
                        long lasted = now - pp.syscallStart;
                        Event.Head h = sched.trace.at(this, -1, id, pp.id, pp.cause);   // the ENTERSYSCALL whose M held it
                        pp.cause = h.seq();
                        sched.trace.emit(new Event.Retake(h, true, lasted, pp.runq.size(), pp.runq.runqempty(), t,
                                thread.mp().id, thread.gp().goid));
                    }
                    sched.handoffp(pp, this);
                }
            }
            sched.incidlelocked(1);
        }
        return n;
    }

    /** Go's {@code preemptone}: ask the G running on {@code pp} to stop at its next safe point. */
    private boolean preemptone(Processor pp, long now) {
        Machine mp = pp.m;
        if (mp == null || mp == this) return false;
        Goroutine gp = mp.curg;
        if (gp == null) return false;
        // Go 1.26: don't bother trying to preempt a goroutine in a syscall (under 1.23 its P has no M).
        if (gp.status == GStatus.SYSCALL) return false;
        gp.preempt = true;
        pp.preempt = true;
        if (sched.trace.on()) sched.trace.emit(new Event.PreemptRequest(sched.trace.at(this, gp.goid, id, pp.id), now - pp.sysmonSchedwhen, pp.schedtick));
        return true;
    }
}
