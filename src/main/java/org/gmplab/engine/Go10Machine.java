package org.gmplab.engine;

import java.util.List;

import org.gmplab.scenario.Code;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.GStatus;

/**
 * An M of the Go 1.0 scheduler ({@link Go10Sched}): the same Java thread and the same interpreter as a
 * Go 1.23 M, but without a P. Its loop is Go 1.0's {@code schedule(gp)}: take the one scheduler lock,
 * settle the G that just stopped ({@code mcpu--}; re-queue it with {@code gput}, or free it with
 * {@code gfput}), then {@code nextgandunlock} picks the next G and releases the lock. One lock hold per
 * goroutine switch, by every M: that is the contention lesson 17 measures.
 *
 * <p>Runs on its own thread, except {@link #nextg} and {@link #waitnextg}, which {@code matchmg} sets
 * under the scheduler lock.
 */
final class Go10Machine extends Machine {
    /** How the G that just left this M must be settled by {@link #schedule}. */
    private enum Left { NONE, REQUEUE, READYONSTOP, PARKED, DEAD }

    /** A G handed to this M by {@code matchmg} ({@code m->nextg}); mcpu already counts it. Guarded by sched.lock. */
    volatile Goroutine nextg;
    /** This M sleeps in {@code nextgandunlock} waiting for a nextg ({@code m->waitnextg}). Guarded by sched.lock. */
    boolean waitnextg;
    /** Woken without a G, to block in the poller for the timers and the network (ensurePoller). Guarded by sched.lock. */
    volatile boolean pollerDuty;

    private Goroutine prev;
    private Left left = Left.NONE;
    /** Goroutine switches done by this M (Go 1.0 has no schedtick; this counts the same thing per M). */
    private long switches;

    Go10Machine(Sched sched, int id) { super(sched, id); }

    private Go10Sched go10() { return sched.go10; }

    /**
     * This M, sent by {@code ensurePoller} to wait for the timers and the network, has decided what to do: the
     * next one can be sent when needed. (Cleared only by the M sent, so exactly one M is on that duty while
     * {@code pollerPending}.) Lock held.
     */
    private void dutyDone(Go10Sched s) {
        if (!pollerDuty) return;
        pollerDuty = false;
        s.pollerPending = false;
    }

    /**
     * Go 1.0's {@code schedule(gp)}: under the scheduler lock, the G that stopped gives back its cpu
     * ({@code mcpu--}) and is re-queued ({@code gput}) or freed ({@code gfput}); then
     * {@code nextgandunlock} finds the next G and unlocks.
     */
    @Override
    void schedule() {
        Go10Sched s = go10();
        s.schedlock(this, "schedule the next goroutine");
        Goroutine gp = prev;
        if (gp != null) {
            s.mcpu--;
            if (s.mcpu < 0) throw new IllegalStateException("runtime·sched.mcpu < 0 in scheduler");
            switch (left) {
                case REQUEUE -> s.gput(gp);                   // Gosched: gput only
                case READYONSTOP -> s.readylocked(gp, this);  // gp->readyonstop: readylocked, so matchmg may hand it to another M
                case DEAD -> s.gfput(gp);
                default -> { }
            }
            prev = null;
            left = Left.NONE;
        }
        execute(nextgandunlock(), false);
    }

    /**
     * Go 1.0's {@code nextgandunlock}: called with the scheduler lock held, returns with it released.
     * The M's {@code nextg} first (mcpu was counted by {@code mnextg}); else the head of the global
     * queue if {@code mcpu < mcpumax} ({@code mcpu++}); else the M goes on the idle list ({@code mput})
     * and sleeps until {@code matchmg} hands it a G.
     */
    private Goroutine nextgandunlock() {
        Go10Sched s = go10();
        boolean readied = false;
        for (;;) {
            Goroutine gp = nextg;
            if (gp != null) {
                nextg = null;
                if (readied && sched.runq.size() != 0) s.matchmg(this);
                dutyDone(s);   // sent to the poller, it runs a G instead: another may be sent
                s.ensurePoller(this);
                s.schedunlock(this);
                explainNext(gp, Event.NextG.From.NEXTG, 0);
                return gp;
            }
            if (s.mcpu < s.mcpumax && (gp = s.gget()) != null) {
                s.mcpu++; // this m will run gp
                if (readied && sched.runq.size() != 0) s.matchmg(this);
                dutyDone(s);
                s.ensurePoller(this);
                int left = sched.runq.size();
                s.schedunlock(this);
                explainNext(gp, Event.NextG.From.GLOBAL, left);
                return gp;
            }
            // No timer goroutine or poll server here: the M looks at the timers and the network itself.
            List<Goroutine> due = s.dueTimersAndNetwork(this, sched.ts.now(this));
            if (!due.isEmpty()) {
                for (Goroutine g : due) {
                    g.makeRunnable();
                    s.gput(g);
                }
                readied = true;
                continue;
            }
            boolean wait = s.timers.wakeTime() != 0 || (sched.netpoll.inited && sched.netpoll.anyWaiters());
            if (wait && sched.lastpoll.getAndSet(0) != 0) {
                // Nothing runnable, but a timer or a network read is pending and nobody waits for it: block
                // in the poller until the next one (outside the lock), then look again. (Go 1.0's timerproc
                // slept in notetsleepg, outside mcpu, the same way.)
                dutyDone(s);   // if it was sent here, it has arrived (if not, the M sent will find the poller taken)
                long until = s.timers.wakeTime();
                sched.pollUntil.set(until);
                s.schedunlock(this);
                if (trace().on()) trace().emit(new Event.NetpollBlock(trace().at(this, -1, id, -1), true, until, 0, 0));
                List<Goroutine> net = sched.netpoll.netpollBlock(this, until);
                sched.pollUntil.set(0);
                sched.lastpoll.set(Math.max(1, sched.ts.now(this)));
                if (!net.isEmpty() && trace().on()) {
                    Event.Head h = trace().at(this, net.get(0).goid, id, -1);
                    for (Goroutine g : net) g.cause = h.seq();
                    trace().emit(new Event.Netpoll(h, Event.Netpoll.By.GO10_WAKE, Goroutine.goids(net)));
                }
                s.schedlock(this, "look for work after the poller");
                for (Goroutine g : net) {
                    g.makeRunnable();
                    s.gput(g);
                }
                readied |= !net.isEmpty();
                continue;
            }
            // Otherwise, wait on the global m queue.
            dutyDone(s);   // sent to the poller: someone else polls already, or nothing is pending any more
            sched.mput(this);
            waitnextg = true;
            int idle = sched.nmidle;
            s.schedunlock(this);
            if (trace().on()) trace().emit(new Event.StopM(trace().at(this, -1, id, -1), Event.StopM.Why.GO10, idle, -1, sched.runq.sizeRacy() == 0,
                    s.mcpu, s.mcpumax));
            blocked = true;
            do {
                sched.ts.park(this);
            } while (nextg == null && !pollerDuty);
            blocked = false;
            if (nextg == null) {
                // Woken to wait for the timers and the network (ensurePoller): look again; the duty lasts until
                // this M has decided (poller, a G, or sleep again), so nobody else is sent meanwhile.
                s.schedlock(this, "wait for timers and the network");
                continue;
            }
            gp = nextg;
            nextg = null;
            explainNext(gp, Event.NextG.From.NEXTG_SLEPT, 0);
            return gp;
        }
    }

    private void explainNext(Goroutine gp, Event.NextG.From from, int left) {
        if (trace().on()) {
            Event.Head h = trace().at(this, gp.goid, id, -1, gp.cause);
            gp.cause = h.seq();
            trace().emit(new Event.NextG(h, from, sched.runq.sizeRacy(), go10().mcpu, left, go10().mcpumax));
        }
    }

    /** Go 1.0's tail of {@code schedule}: {@code gp->status = Grunning; m->curg = gp; gogo}. */
    @Override
    void execute(Goroutine gp, boolean inheritTime) {
        curg = gp;
        gp.m = this;
        gp.status = GStatus.RUNNING;
        gp.waitReason = "";
        gp.preempt = false;
        switches++;
        if (trace().on()) {
            Event.Head h = trace().at(this, gp.goid, id, -1, gp.cause);
            gp.cause = h.seq();   // what it readies while it runs was readied by this spell
            trace().emit(new Event.Execute(h, true, false, switches));
        }
        if (gp.goid == 1 && !sched.mainStarted) sched.mainStarted = true; // Go 1.0 has no sysmon
        sched.ts.pass(this, sched.costs.gswitch());
        switch (interp.run(gp)) {
            case GOSCHED, GOSCHED_INJECTED, PREEMPTED -> {
                gp.status = GStatus.RUNNABLE;
                stop(gp, Left.REQUEUE);
                if (trace().on()) {
                    Event.Head h = trace().at(this, gp.goid, id, -1);
                    gp.cause = h.seq();
                    trace().emit(new Event.Gosched(h, true, false, false, sched.runq.sizeRacy()));
                }
            }
            case PARK -> {
                gp.status = GStatus.WAITING;
                stop(gp, Left.PARKED);
                // numbered before the unlock lets a partner wake it (see Trace: number first, publish after)
                Event.Head h = trace().on() ? trace().at(this, gp.goid, id, -1) : null;
                String reason = gp.waitReason, on = String.valueOf(gp.waitingOn);
                interp.unlockParked();
                if (h != null) trace().emit(new Event.Park(h, true, reason, on, null));
            }
            case EXIT -> {
                gp.status = GStatus.DEAD;
                stop(gp, Left.DEAD);
                gp.frame = null;
                gp.waitingOn = null;
                sched.engine.goexited(gp.goid);
                if (trace().on()) trace().emit(new Event.GoExit(trace().at(this, gp.goid, id, -1), true, sched.gFreeN));
            }
            case EXITSYSCALL0 -> {
                // exitsyscall found no room: gp->readyonstop, so schedule readies it (readylocked).
                stop(gp, Left.READYONSTOP);
            }
        }
    }

    /** The G leaves this M; {@link #schedule} settles it under the lock. */
    private void stop(Goroutine gp, Left how) {
        gp.m = null;
        curg = null;
        prev = gp;
        left = how;
    }

    @Override
    void newproc(Code fn, long[] args, Goroutine parent) {
        go10().newproc(this, fn, args, parent);
        sched.ts.pass(this, sched.costs.newproc());
    }

    @Override
    void ready(Goroutine gp, Goroutine by, String how, Object on) { go10().ready(this, gp, by, how, on); }

    @Override
    void entersyscall(Goroutine gp, long d, boolean blocking) { go10().entersyscall(this, gp, d); }

    @Override
    boolean exitsyscall(Goroutine gp) { return go10().exitsyscall(this, gp); }

    @Override
    void addSleepTimer(Goroutine gp, long when) { go10().addTimer(this, gp, when); }

    @Override
    void gomaxprocs(Goroutine gp, int n) { go10().gomaxprocs(this, gp, n); }

    /** A G held where the world's walkers can see it: this M's nextg. */
    Goroutine nextgForSnapshot() { return nextg; }
}
