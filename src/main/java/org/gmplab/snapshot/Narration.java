package org.gmplab.snapshot;

import java.util.List;

import org.gmplab.snapshot.Event.*;

/**
 * The "why" of each kind of event, in English: formatted from the event's fields when someone reads it (the
 * event log, a tooltip, an export), never by the engine as it decides. The words are the engine's own, about
 * Go's code: they name its functions and fields. {@link #ZH} says the same in Chinese ({@link NarrationZh});
 * exports (the JSON log, Perfetto) are always in English.
 */
public final class Narration implements Event.Visitor<String> {
    public static final Narration EN = new Narration();
    /** The same words in Chinese, with the same numbers. */
    public static final Event.Visitor<String> ZH = NarrationZh.ZH;

    private Narration() { }

    static String g(long goid) { return "G" + goid; }

    /** A list of goids as the engine's lists print: {@code [G5, G6]}. */
    static String gs(List<Long> goids) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < goids.size(); i++) sb.append(i == 0 ? "" : ", ").append('G').append(goids.get(i));
        return sb.append(']').toString();
    }

    @Override public String visit(Go e) {
        return switch (e.to()) {
            case RUNNEXT -> (e.creator() < 0 ? "" : g(e.creator()) + ": ") + "go " + e.fn() + "() creates " + g(e.g()) + " in P" + e.p() + "'s runnext"
                    + (e.kicked() < 0 ? "" : "; the previous runnext " + g(e.kicked()) + " is kicked to the tail of the local queue");
            case GLOBAL -> (e.creator() < 0 ? "" : g(e.creator()) + ": ") + "go " + e.fn() + "() creates " + g(e.g())
                    + " under the scheduler lock and gput appends it to the one global queue (now " + e.global() + "); there is no P and no local queue";
            case M0 -> "go " + e.fn() + "() creates " + g(e.g()) + " and hands it to M" + e.m() + " (mcpu=" + e.mcpu()
                    + "); the Go 1.0 scheduler: one global queue under one lock, no Ps";
        };
    }

    @Override public String visit(RunqPutSlow e) {
        return "P" + e.p() + "'s local queue was full (" + e.capacity() + ") → runqputslow moved its oldest half ("
                + (e.moved() - 1) + ") plus one = " + e.moved() + " Gs to the global queue (now " + e.global() + ")";
    }

    @Override public String visit(GlobRunqGet e) {
        return e.fairness()
                ? "P" + e.p() + ": schedtick " + e.schedtick() + " is a multiple of " + e.fairnessTick() + " → takes one G (" + g(e.g())
                  + ") from the global queue first, so it cannot starve"
                : "P" + e.p() + ": local queue empty → takes n = min(" + e.before() + "/" + e.gomaxprocs() + "+1, " + e.before() + ", "
                  + e.capacity() / 2 + ") = " + e.n() + " from the global queue (runs " + g(e.g()) + ", queues " + (e.n() - 1) + ")";
    }

    @Override public String visit(Steal e) {
        return e.runnext()
                ? "P" + e.p() + ": steal round " + e.round() + "/" + e.tries() + ", P" + e.victim() + " had 0 in its ring → took its runnext " + g(e.g())
                  + (e.backoff() ? " after the usleep(3) back-off" : "") + " (runnext is only taken in the last round)"
                : "P" + e.p() + ": steal round " + e.round() + "/" + e.tries() + ", victim P" + e.victim() + " had " + e.had()
                  + " → took " + e.took() + " (half, rounded up); runs " + g(e.g()) + " now, queues " + (e.took() - 1);
    }

    @Override public String visit(Execute e) {
        if (e.go10()) return "M" + e.m() + " runs " + g(e.g()) + " (no P: any M may run any G, so it rarely runs where it ran before)";
        return e.inheritTime()
                ? "M" + e.m() + " runs " + g(e.g()) + " from P" + e.p() + "'s runnext: it inherits the current time slice (schedtick stays " + e.schedtick() + ")"
                : "M" + e.m() + " runs " + g(e.g()) + " on P" + e.p() + ": a new time slice (schedtick " + (e.schedtick() - 1) + "→" + e.schedtick() + ")";
    }

    @Override public String visit(Park e) {
        String on = g(e.g()) + " blocks (" + e.reason() + ") on " + e.on() + (e.queued() != null ? " (" + e.queued() + ")" : "");
        return e.go10() ? on + ": M" + e.m() + " goes back to schedule" : on + ": M" + e.m() + " keeps P" + e.p() + " and schedules another G";
    }

    /** Who readied: "G3 sends on ch", "the timer". */
    static String readier(Ready e) {
        return (e.by() < 0 ? "" : g(e.by()) + " ") + e.how() + (e.on() == null ? "" : " " + e.on());
    }

    @Override public String visit(Ready e) {
        return e.go10()
                ? readier(e) + " readies " + g(e.g()) + ": under the scheduler lock it goes to the tail of the one global queue (now " + e.global() + ")"
                : readier(e) + " readies " + g(e.g()) + " into P" + e.p() + "'s runnext" + (e.kicked() < 0 ? "" : " (" + g(e.kicked()) + " is kicked to the tail)");
    }

    @Override public String visit(Gosched e) {
        if (e.goyield()) return g(e.g()) + " yields (goyield) after handing its mutex over: it goes to the tail of P" + e.p()
                + "'s local queue, and the new owner in runnext runs at once";
        if (e.go10()) return g(e.g()) + " called runtime.Gosched(): schedule will put it at the tail of the global queue";
        return g(e.g()) + (e.injected() ? " called runtime.Gosched() (injected from outside)" : " called runtime.Gosched()")
                + ": it goes to the tail of the global queue (now " + e.global() + "), not the local one, so every P can pick it up";
    }

    @Override public String visit(Preempt e) {
        return e.runnext()
                ? g(e.g()) + " was preempted for a stop-the-world: it stays in P" + e.p() + "'s runnext (Go 1.26), to run first when the world starts again"
                  + (e.kicked() < 0 ? "" : " (" + g(e.kicked()) + " is kicked to the tail)")
                : g(e.g()) + " was preempted: it goes to the tail of the global queue (now " + e.global() + "), not the local one, so every P can pick it up";
    }

    @Override public String visit(GoExit e) {
        return e.go10()
                ? g(e.g()) + " returned: schedule puts its G on the one free list (gfput, under the scheduler lock)"
                : g(e.g()) + " returned: it is dead and its G goes to P" + e.p() + "'s free list (gfreecnt=" + e.gfreecnt() + ") to be reused by a later go statement";
    }

    @Override public String visit(StartM e) {
        return e.lockedg()
                ? "startlockedm: " + g(e.g()) + " is locked to M" + e.m() + " → M" + e.by() + " hands P" + e.p() + " straight to M" + e.m()
                  + ", wakes it, and goes to sleep on the idle M list"
                : "startm: woke idle M" + e.m() + " and handed it P" + e.p() + (e.spinning() ? " to spin: look for work to steal" : " to run its work");
    }

    @Override public String visit(NewM e) {
        return switch (e.purpose()) {
            case P -> "newm: no idle M, so a new thread M" + e.m() + " is created for P" + e.p() + " (threads=" + e.threads()
                    + "; a thread costs ~" + e.newmCost() / 1000 + " µs to start, a goroutine ~" + e.newprocCost() + " ns)";
            case SYSMON -> "runtime.main starts sysmon on its own thread M" + e.m()
                    + ", without a P: it retakes Ps from syscalls, preempts long-running Gs and polls the network";
            case MATCHMG -> "matchmg: no idle M, so a new thread M" + e.m() + " is created (threads=" + e.threads() + ")";
        };
    }

    @Override public String visit(StopM e) {
        return switch (e.reason()) {
            case IDLE -> "M" + e.m() + " has no P and nothing to do: it sleeps on the idle M list (idlethreads=" + e.nmidle() + "); threads are never destroyed";
            case LOCKED -> "stoplockedm: M" + e.m() + " is locked to " + g(e.g()) + " (lockOSThread: runtime.main during init), which cannot run now; M" + e.m()
                    + " may run no other G" + (e.handedOff() >= 0 ? ", so it hands P" + e.handedOff() + " off" : "") + " and sleeps until " + g(e.g()) + " is runnable again";
            case GO10 -> "nextgandunlock: " + (e.globalEmpty() ? "the global queue is empty" : "mcpu=" + e.mcpu() + " has reached mcpumax=" + e.mcpumax())
                    + " → M" + e.m() + " goes on the idle M list (mput) and sleeps until matchmg hands it a G";
        };
    }

    @Override public String visit(Spinning e) {
        String why = e.reason() != null ? e.reason()
                : "2*nmspinning=" + 2 * (e.nmspinning() - 1) + " < busy Ps=" + e.busy() + " (at most half of the busy Ps may have a spinner)";
        return "M" + e.m() + " starts spinning (looking for work to steal): " + why;
    }

    @Override public String visit(SpinningStop e) {
        return e.foundWork()
                ? "M" + e.m() + " found work and stops spinning; it calls wakep so that another M takes over the search"
                : "M" + e.m() + " stops spinning before it sleeps, then checks every queue once more (the \"delicate dance\": new work submitted meanwhile is not lost)";
    }

    @Override public String visit(Pidle e) {
        return "M" + e.m() + " found nothing to run: P" + e.p() + " goes to the idle list (idleprocs=" + e.npidle() + ")";
    }

    @Override public String visit(GfreeSpill e) {
        return "gfput: P" + e.p() + "'s free list reached " + e.spillAt() + " → moved " + e.moved() + " to the global free list, keeping " + e.kept();
    }

    @Override public String visit(GfreeRefill e) {
        return "gfget: P" + e.p() + "'s free list was empty → moved " + e.moved() + " dead Gs from the global free list (up to " + e.refillTo() + ")";
    }

    @Override public String visit(NeedSpinning e) {
        return "wakep: there is new work but no idle P, so no M can start spinning; needspinning=1 asks the next M about to go idle to spin instead";
    }

    @Override public String visit(EnterSyscall e) {
        String g = g(e.g());
        return switch (e.rules()) {
            case GO123 -> g + " enters a system call (" + e.nanos() / 1000 + " µs): M" + e.m() + " blocks in the kernel with it; P" + e.p()
                    + " stays behind in _Psyscall, unowned, for M" + e.m() + " to take back if the call is short — sysmon retakes it if not";
            case GO123_BLOCKING -> g + " enters a system call known to block (" + e.nanos() / 1000 + " µs): entersyscallblock hands P" + e.p() + " off at once";
            case GO126 -> g + " enters a system call (" + e.nanos() / 1000 + " µs): M" + e.m() + " blocks in the kernel with it"
                    + " and keeps P" + e.p() + ", which stays _Prunning (Go 1.26: no _Psyscall) — sysmon takes it if the call lasts";
            case GO126_STOPPING -> g + " enters a system call (" + e.nanos() / 1000 + " µs): M" + e.m() + " blocks in the kernel with it"
                    + "; the world is stopping, so P" + e.p() + " stops at once";
            case GO10 -> g + " enters a system call (" + e.nanos() / 1000 + " µs): M" + e.m() + " blocks in the kernel with it; under the scheduler lock mcpu drops to "
                    + e.mcpu() + (e.global() != 0 ? " and matchmg lets another M run a queued G" : "");
        };
    }

    @Override public String visit(ExitSyscall e) {
        String why = switch (e.how()) {
            case OLD_P -> "its old P" + e.p() + " was still in _Psyscall → takes it straight back (fast path)";
            case IDLE_P -> (e.oldp() < 0 ? "it had handed its P off" : "P" + e.oldp() + " was retaken") + " → takes idle P" + e.p() + " (fast path)";
            case SLOW_IDLE_P -> "no P on the fast path, but idle P" + e.p() + " under sched.lock → runs on it (slow path)";
            case GLOBAL -> "no P to be had → " + g(e.g()) + " goes to the global queue (now " + e.global() + ") and M" + e.m() + " goes to sleep (slow path)";
            case KEPT_P -> "it still has P" + e.p() + " → runs on (fast path: nobody took the P)";
            case TOOK_BACK -> "P" + e.p() + " was taken, but its M" + e.holderM() + " is now in a system call with " + g(e.holderG())
                    + " → takes P" + e.p() + " back from it";
            case IDLE_P_126 -> (e.oldp() < 0 ? "it had handed its P off" : "P" + e.oldp() + " was taken") + " → takes idle P" + e.p();
            case GO10_FAST -> "mcpu=" + e.mcpu() + " ≤ mcpumax=" + e.mcpumax() + " → it runs on at once (fast path)";
            case GO10_SLOW -> "mcpu=" + e.mcpu() + " > mcpumax=" + e.mcpumax() + ": every cpu is taken → it goes back to the global queue (slow path)";
        };
        return g(e.g()) + " returns from its system call: " + why;
    }

    @Override public String visit(Retake e) {
        String waiting = e.runqEmpty() ? "" : " with " + e.runq() + " G(s) waiting";
        return e.go126()
                ? "sysmon: P" + e.p() + " is _Prunning but its M" + e.holderM() + " has been in one system call (syscalltick " + e.syscalltick()
                  + " unchanged) for at least a sysmon tick (" + e.inSyscall() / 1000 + " µs now)" + waiting
                  + " → holds " + g(e.holderG()) + " in the call (setBlockOnExitSyscall), takes P" + e.p() + " and hands it off"
                : "sysmon: P" + e.p() + "'s syscalltick (" + e.syscalltick() + ") has not changed since sysmon's previous look, so its M has been in one system call"
                  + " for at least a sysmon tick (" + e.inSyscall() / 1000 + " µs now)" + waiting + " → retakes P" + e.p() + " and hands it off";
    }

    @Override public String visit(Handoffp e) {
        String why = switch (e.rule()) {
            case 1 -> "it has work (local queue " + e.runq() + (e.runnext() ? " + runnext" : "") + ", global queue " + e.global() + ") → startm";
            case 4 -> "no work, but no M is spinning and no P is idle → start a spinning M to look for work";
            case 5 -> "the world is stopping → P" + e.p() + " stops (_Pgcstop)";
            case 7 -> "the global queue has work (" + e.global() + ") → startm";
            case 8 -> "it is the last running P and nobody polls the network → startm";
            case 9 -> "nothing to do → P" + e.p() + " goes idle" + (e.timers() ? "; its timers wake the poller" : "");
            default -> "rule " + e.rule();
        };
        return "handoffp(P" + e.p() + "): " + why;
    }

    @Override public String visit(PreemptRequest e) {
        return "sysmon: " + g(e.g()) + " has run " + e.ran() / 1_000_000 + " ms on P" + e.p() + "'s schedtick " + e.schedtick()
                + " (≥ 10 ms) → asks it to stop at its next safe point";
    }

    @Override public String visit(Timer e) {
        return e.go10()
                ? "M" + e.m() + " runs an expired timer: " + g(e.g()) + "'s time.Sleep is over"
                : "P" + e.p() + " runs " + (e.timersOf() == e.p() ? "its" : "P" + e.timersOf() + "'s") + " expired timer: " + g(e.g()) + "'s time.Sleep is over";
    }

    @Override public String visit(Netpoll e) {
        String list = gs(e.ready());
        String rest = e.ready().size() > 1 ? " (the first runs now, the rest are injected)" : "";
        return switch (e.by()) {
            case NON_BLOCKING -> "findRunnable's non-blocking poll: data arrived for " + list + rest;
            case POLLER -> "the poller: data arrived for " + list + rest;
            case POLLER_NO_P -> "the poller (no idle P: to the global queue): data arrived for " + list + rest;
            case SYSMON -> "sysmon: nobody polled the network for over 10 ms → it polls: data arrived for " + list + " (to the global queue)";
            case START_THE_WORLD -> "start the world: a non-blocking netpoll finds data arrived for " + list + " (injectglist: to P" + e.p()
                    + "'s local queue, no P being idle)";
            case GO10_WAKE -> "M" + e.m() + " wakes in the poller: data arrived for " + list;
            case GO10_POLL -> "M" + e.m() + " polls the network: data arrived for " + list;
        };
    }

    @Override public String visit(NetpollBlock e) {
        long until = e.until(), delay = e.delay();
        if (e.go10()) return "M" + e.m() + " has nothing to run: it blocks in the poller"
                + (until != 0 ? " until the next timer (" + until / 1000 + " µs)" : "") + " or the next network arrival";
        return "M" + e.m() + " has no P and nothing to run: it blocks in the network poller"
                + (until != 0 ? " until the next timer (" + until / 1000 + " µs): epoll_pwait waits in whole ms, so "
                        + (delay == 0 ? "it only polls" : delay / 1000 + " µs " + (delay < 1_000_000 ? "become 1 ms" : "are cut to " + e.waitms() + " ms")
                           + " (plus the kernel's timer slack)")
                  : "")
                + " or the next network arrival";
    }

    @Override public String visit(Stw e) {
        return switch (e.phase()) {
            case STOP -> "stop the world for " + e.reason() + ": idle Ps and Ps in syscalls stop at once"
                    + (e.waits() ? "; waits for " + e.stopwait() + " running P(s) to reach the scheduler (their Gs are asked to stop)" : "");
            case P_STOPS -> "M" + e.m() + " sees the world stopping: P" + e.p() + " stops (_Pgcstop)" + (e.last() ? "; it was the last one" : "");
            case START -> "start the world: " + (e.runnable() == 0 ? "no stopped P has queued work" : e.runnable() + " P(s) with queued work get an M");
        };
    }

    @Override public String visit(Procresize e) {
        return e.go10()
                ? g(e.g()) + " calls runtime.GOMAXPROCS(" + e.n() + "): under the scheduler lock mcpumax " + e.old() + " → " + e.n() + "; there are no Ps to create or destroy"
                : "procresize: GOMAXPROCS " + e.old() + " → " + e.n() + (e.n() < e.old()
                        ? "; the removed Ps' queues went to the head of the global queue (now " + e.global() + "), so they run first"
                        : "; the new Ps start idle");
    }

    @Override public String visit(Sysmon e) {
        long sleep = e.sleep();
        return "sysmon: every P is idle → deep sleep for " + (sleep >= 1_000_000 ? sleep / 1_000_000 + " ms" : sleep / 1000 + " µs")
                + " (until the next timer, at most 60 s), unless a system call wakes it";
    }

    @Override public String visit(Inject e) { return "you injected: " + e.what(); }

    @Override public String visit(MatchMG e) {
        String pending = "a timer or a network read is pending and no M waits for it (Go 1.0's timerproc had an M of its own): ";
        if (e.poller()) return pending + (e.fresh() ? "new thread M" + e.m() + " will wait in the poller" : "idle M" + e.m() + " is woken to wait in the poller");
        return "matchmg: mcpu " + (e.mcpu() - 1) + " < mcpumax " + e.mcpumax() + " → " + g(e.g()) + " leaves the global queue for "
                + (e.fresh() ? "a new thread M" + e.m() : "idle M" + e.m()) + " (mcpu=" + e.mcpu() + ")";
    }

    @Override public String visit(NextG e) {
        String from = switch (e.from()) {
            case NEXTG -> "its nextg (handed over by matchmg)";
            case NEXTG_SLEPT -> "its nextg, handed over by matchmg while it slept";
            case GLOBAL -> "the head of the global queue (" + e.left() + " left); mcpu=" + e.mcpu() + " of mcpumax=" + e.mcpumax();
        };
        return "nextgandunlock: M" + e.m() + " takes " + g(e.g()) + " — " + from + " — and releases the scheduler lock";
    }

    @Override public String visit(SchedLock e) {
        return (e.m() < 0 ? "the controller" : "M" + e.m()) + " waits " + e.waited() + " ns for the scheduler lock to " + e.what().replace("%d", Long.toString(e.n()))
                + ": another M holds it (contended " + e.contended() + " of " + e.acquisitions() + " acquisitions so far)";
    }

    @Override public String visit(Exit e) { return "main returned: the program exits, whatever other goroutines were doing (as in Go)"; }

    @Override public String visit(Fatal e) { return e.message(); }

    @Override public String visit(Real e) { return e.words(); }
}
