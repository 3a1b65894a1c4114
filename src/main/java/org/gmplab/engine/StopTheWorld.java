package org.gmplab.engine;

import java.util.ArrayList;
import java.util.List;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.PStatus;

/**
 * Go's stop-the-world and {@code procresize}, as {@code runtime.GOMAXPROCS(n)} uses them: stop every P
 * (idle ones at once, those in syscalls by CAS, running ones by preempting their G and waiting for their
 * M to reach the scheduler), resize the set of Ps, and start the world again. Runs on the M of the
 * goroutine that called GOMAXPROCS, which keeps running throughout.
 */
final class StopTheWorld {
    /** Go re-sends preemption requests this often while it waits for the Ps to stop. */
    static final long STOP_POLL_NS = 100_000;

    private StopTheWorld() { }

    /** {@code runtime.GOMAXPROCS(n)} from {@code gp} on {@code m}: stop the world, procresize, start it. */
    static void gomaxprocs(Machine m, Goroutine gp, int n) {
        Sched sched = m.sched;
        int old = sched.gomaxprocs;
        stopTheWorld(m, "GOMAXPROCS(" + n + ")");
        // startTheWorldWithSema, which calls procresize itself: first a non-blocking netpoll
        netpoll(m);
        List<Processor> runnable = procresize(m, n);
        if (sched.trace.on()) {
            Event.Head h = sched.trace.at(m, gp.goid, m.id, m.p.id);
            for (Processor pp : sched.allp) if (pp.status == PStatus.IDLE) pp.cause = h.seq();   // procresize idled them
            sched.trace.emit(new Event.Procresize(h, false, old, n, sched.runq.sizeRacy()));
        }
        startTheWorld(m, runnable);
    }

    /** Go's {@code stopTheWorldWithSema}. */
    static void stopTheWorld(Machine m, String reason) {
        Sched sched = m.sched;
        Processor self = m.p;
        boolean wait;
        sched.lock.lock();
        try {
            sched.stopper = m;
            sched.stopwait = sched.gomaxprocs;
            sched.gcwaiting = true;
            preemptall(sched, m);
            // stop current P
            self.status = PStatus.GCSTOP;
            sched.stopwait--;
            // try to retake all P's in syscalls: Go 1.23's _Psyscall by CAS; Go 1.26 holds the G in its call
            for (Processor pp : sched.allp) {
                if (sched.go126) {
                    Syscalls126.SyscallingThread thread = Syscalls126.setBlockOnExitSyscall(pp);
                    if (thread != null) {
                        thread.gcstopP();
                        thread.resume();
                    }
                } else if (pp.status == PStatus.SYSCALL && pp.casStatus(PStatus.SYSCALL, PStatus.GCSTOP)) {
                    pp.syscalltick++;
                    sched.stopwait--;
                }
            }
            // stop idle P's
            for (Processor pp; (pp = sched.pidleget()) != null; ) {
                pp.status = PStatus.GCSTOP;
                sched.stopwait--;
            }
            wait = sched.stopwait > 0;
        } finally {
            sched.lock.unlock();
        }
        if (sched.trace.on()) {
            for (Processor pp : sched.allp) pp.cause = -1;   // every P stops: what released them before no longer counts
            sched.trace.emit(new Event.Stw(sched.trace.at(m, -1, m.id, self.id), Event.Stw.Phase.STOP, reason, sched.stopwait, wait, false, 0));
        }
        // wait for remaining P's to stop voluntarily
        while (wait) {
            // wait for 100us, then try to re-preempt in case of any races. Go's stopnote is woken once, by the
            // last P to stop; here an M has one wake-up permit for every purpose, so in live mode a wake-up may
            // be stale (an earlier netpollBreak, or the last stopper of an earlier stop that this one saw done
            // by polling): it is a hint, and stopwait, read under the lock, says whether the world has stopped.
            sched.ts.parkUntil(m, sched.ts.now(m) + STOP_POLL_NS);
            sched.lock.lock();
            try {
                wait = sched.stopwait > 0;
                if (wait) preemptall(sched, m);
            } finally {
                sched.lock.unlock();
            }
        }
        if (sched.stopwait != 0) throw new IllegalStateException("stopTheWorld: not stopped (stopwait=" + sched.stopwait + ")");
        for (Processor pp : sched.allp)
            if (pp.status != PStatus.GCSTOP) throw new IllegalStateException("stopTheWorld: not stopped: " + pp + " " + pp.status);
    }

    /** Go's {@code preemptall}: ask every running G (but ours) to stop. */
    private static void preemptall(Sched sched, Machine self) {
        for (Processor pp : sched.allp) {
            if (pp.status != PStatus.RUNNING) continue;
            Machine mp = pp.m;
            if (mp == null || mp == self) continue;
            Goroutine gp = mp.curg;
            // Go 1.26's preemptone leaves a G in a syscall alone (under 1.23 its P is not running)
            if (gp != null && gp.status == GStatus.SYSCALL) continue;
            if (gp != null) gp.preempt = true;
            pp.preempt = true;
        }
    }

    /**
     * Go's {@code procresize}: the world is stopped. Ps beyond {@code nprocs} are destroyed, new ones are
     * made; this M keeps its P if it survives, else takes P0. Returns the Ps that have local work, to be
     * started; the others go to the idle list.
     */
    static List<Processor> procresize(Machine m, int nprocs) {
        Sched sched = m.sched;
        int old = sched.gomaxprocs;
        if (sched.allpEver.length < nprocs) {
            Processor[] grown = java.util.Arrays.copyOf(sched.allpEver, nprocs);
            for (int i = sched.allpEver.length; i < nprocs; i++) grown[i] = new Processor(i, sched, sched.runqSize);
            sched.allpEver = grown;
        }
        // initialize new P's
        for (int i = old; i < nprocs; i++) sched.allpEver[i].status = PStatus.GCSTOP;
        Processor current = m.p;
        if (current.id < nprocs) {
            // continue to use the current P
            current.status = PStatus.RUNNING;
        } else {
            // release the current P and acquire allp[0]: first, so that the Ps destroyed below hand their
            // timers to a P that lives on
            current.m = null;
            m.p = null;
            Processor p0 = sched.allpEver[0];
            p0.m = null;
            p0.status = PStatus.IDLE;
            m.acquirep(p0);
        }
        // release resources from unused P's
        for (int i = nprocs; i < old; i++) destroy(sched.allpEver[i], m.p);
        sched.allp = java.util.Arrays.copyOf(sched.allpEver, nprocs);
        sched.gomaxprocs = nprocs;

        List<Processor> runnable = new ArrayList<>();
        sched.lock.lock();
        try {
            for (int i = nprocs - 1; i >= 0; i--) {
                Processor pp = sched.allp[i];
                if (m.p == pp) continue;
                pp.status = PStatus.IDLE;
                if (pp.runq.runqempty()) sched.pidleput(pp);
                else runnable.add(pp);
            }
        } finally {
            sched.lock.unlock();
        }
        return runnable;
    }

    /**
     * Go's {@code (*p).destroy}: moves a dying P's run queue to the head of the global queue (popping from
     * its tail, so the order is kept and they run first), runnext too; its timers go to {@code to}, the
     * P of the M doing the resize ({@code timers.take}), its dead Gs to the global free list.
     */
    private static void destroy(Processor pp, Processor to) {
        Sched sched = pp.sched;
        sched.lock.lock();
        try {
            for (Goroutine gp; (gp = pp.runq.popTail()) != null; ) sched.runq.globrunqputhead(gp);
            Goroutine next = pp.runq.takeRunnext();
            if (next != null) sched.runq.globrunqputhead(next);
        } finally {
            sched.lock.unlock();
        }
        pp.timers.moveTo(to.timers);
        pp.gfpurge();
        pp.m = null;
        pp.status = PStatus.DEAD;
    }

    /**
     * The start of Go's {@code startTheWorldWithSema}: {@code netpoll(0)} without blocking and
     * {@code injectglist} of what it found, so that reads whose data arrived while the world stood still
     * are not left to the next poll. No P is idle now, so they go to this M's P's local queue.
     */
    private static void netpoll(Machine m) {
        Sched sched = m.sched;
        if (!sched.netpoll.inited) return;
        List<Goroutine> list = sched.netpoll.poll(sched.ts.now(m));
        if (list.isEmpty()) return;
        if (sched.trace.on()) {
            Event.Head h = sched.trace.at(m, list.get(0).goid, m.id, m.p.id);
            for (Goroutine g : list) g.cause = h.seq();
            sched.trace.emit(new Event.Netpoll(h, Event.Netpoll.By.START_THE_WORLD, Goroutine.goids(list)));
        }
        sched.injectglist(list, m.p, m);
    }

    /** Go's {@code startTheWorldWithSema}: hand the Ps that have work to Ms, then wake one more spinner. */
    static void startTheWorld(Machine m, List<Processor> runnable) {
        Sched sched = m.sched;
        sched.lock.lock();
        try {
            sched.gcwaiting = false;
            sched.stopper = null;
        } finally {
            sched.lock.unlock();
        }
        if (sched.sysmonwait) sched.wakeSysmon(m);
        if (sched.trace.on()) {
            Event.Head h = sched.trace.at(m, -1, m.id, m.p.id);
            for (Processor pp : runnable) pp.cause = h.seq();   // startm hands them to Ms just below
            sched.trace.emit(new Event.Stw(h, Event.Stw.Phase.START, "", 0, false, false, runnable.size()));
        }
        for (Processor pp : runnable) sched.startm(pp, false, m);
        // Wakeup an additional proc in case we have excessive runnable goroutines in local queues or in
        // the global queue.
        sched.wakep(m);
    }
}
