package org.gmplab.engine;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.LongList;
import org.gmplab.snapshot.PStatus;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;

/**
 * Reads the engine's state: into a {@link Snapshot}, and into the invariant check. Both need the world
 * stopped for an exact answer (step mode between turns, or a live run that has ended).
 */
final class WorldReader {
    private final Sched sched;
    /** Ms by id, as of when allm had {@link #msByIdOf} Ms ({@link #msById()}). */
    private Machine[] msById = new Machine[0];
    private int msByIdOf = -1;

    /**
     * The Gs of the last exact snapshot. Between two nearby moments few goroutines change, so a snapshot shares the
     * records of the ones that did not with the one before: a history that keeps a stretch of snapshots holds each
     * unchanged goroutine once, not once per snapshot (at 10,000 goroutines a full set is about 0.7 MB), and the
     * collector has that much less to copy. Records are immutable, so sharing them is invisible to readers.
     */
    private List<Snapshot.G> lastGs = List.of();
    /** The global run queue of the last exact snapshot, shared as {@link #lastGs} is. */
    private LongList lastGlobal = LongList.wrap(new long[0]);

    WorldReader(Sched sched) { this.sched = sched; }

    /** Where each G is, found by walking every place a G can be. Fails if a G is in two places. */
    Map<Goroutine, Place> locate() {
        // sized for every G: this walk is most of what an exact snapshot and a full invariant check cost
        Map<Goroutine, Place> where = new IdentityHashMap<>(sched.allgs.size());
        for (Processor p : sched.allpEver) {
            Goroutine next = p.runq.runnext();
            if (next != null) put(where, next, new Place.Runnext(p.id));
            int i = 0;
            for (Goroutine g : p.runq.contents()) put(where, g, new Place.Ring(p.id, i++));
            for (Goroutine g : p.gFreeList()) put(where, g, Place.FREE);
            for (Goroutine g : p.timers.sleepers()) put(where, g, TIMER);
        }
        int i = 0;
        for (Goroutine g : sched.runq.contents()) put(where, g, new Place.Global(i++));
        for (Goroutine g : sched.globalFreeList()) put(where, g, Place.FREE);
        for (Machine m : sched.allm) {
            Goroutine g = m.curg;
            if (g != null) put(where, g, new Place.OnM(m.id));
            if (m instanceof Go10Machine g10 && g10.nextg != null) put(where, g10.nextg, new Place.Nextg(m.id));
            // startlockedm handed its P to the M the G is locked to, which has yet to run it
            Goroutine locked = m.lockedg;
            if (locked != null && locked != g && locked.status == GStatus.RUNNABLE && m.nextp != null) put(where, locked, new Place.Lockedg(m.id));
        }
        if (sched.go10 != null) for (Goroutine g : sched.go10.timers.sleepers()) put(where, g, TIMER);
        for (Waitable w : sched.handles.waitables()) {
            // one place per object, shared by its waiters
            Place.Parked on = new Place.Parked(w instanceof Channel ? Place.On.CHAN : w instanceof Mutex ? Place.On.MUTEX : Place.On.WG, w.toString());
            for (Goroutine g : w.waiters()) {
                // A select waits on several channels at once: it is in one place, the first of them.
                if (g.selectSudogs != null && where.containsKey(g)) continue;
                put(where, g, on);
            }
        }
        for (Goroutine g : sched.netpoll.waitersInOrder()) put(where, g, NETPOLL);
        for (Goroutine g : sched.parkedForever()) put(where, g, FOREVER);
        synchronized (sched.injectedBlocked) {
            for (Goroutine g : sched.injectedBlocked) put(where, g, INJECTED);
        }
        return where;
    }

    private static final Place TIMER = new Place.Parked(Place.On.TIMER), NETPOLL = new Place.Parked(Place.On.NETPOLL),
            FOREVER = new Place.Parked(Place.On.FOREVER), INJECTED = new Place.Parked(Place.On.INJECTED);

    private static void put(Map<Goroutine, Place> where, Goroutine g, Place place) {
        Place old = where.put(g, place);
        if (old != null) throw new IllegalStateException(g + " is in two places: " + old.label() + " and " + place.label());
    }

    /**
     * The world as a snapshot. With {@code exact}, the world must be stopped and each G's place is
     * found; otherwise (a live run, read on the fly like Go's schedtrace) places are left empty and
     * counts may be slightly out of step with each other.
     */
    Snapshot snapshot(long time, long events, boolean exact) {
        Map<Goroutine, Place> where = exact ? locate() : Map.of();
        List<Snapshot.Proc> ps = new ArrayList<>();
        for (Processor p : sched.allp) {
            Machine m = p.m;
            Goroutine next = p.runq.runnext();
            Goroutine[] queued = p.runq.contents();
            long[] ring = new long[queued.length];
            for (int i = 0; i < ring.length; i++) ring[i] = queued[i].goid;
            ps.add(new Snapshot.Proc(p.id, p.status, m == null ? -1 : m.id, next == null ? -1 : next.goid, LongList.wrap(ring),
                    p.runq.head(), p.runq.tail(), p.runq.capacity(), p.schedtick, p.syscalltick, p.gfreecnt(), p.timers.size()));
        }
        List<Snapshot.Thread> ms = new ArrayList<>();
        for (Machine m : sched.allm) {
            Processor p = m.p, np = m.nextp;
            Goroutine g = m.curg;
            ms.add(new Snapshot.Thread(m.id, p == null ? -1 : p.id, np == null ? -1 : np.id, g == null ? -1 : g.goid, m.spinning, m.blocked,
                    m instanceof Sysmon));
        }
        List<Goroutine> allgs = sched.allgs();
        List<Snapshot.G> before = exact ? lastGs : List.of();
        Snapshot.G[] gs = new Snapshot.G[allgs.size()];
        for (int i = 0; i < gs.length; i++) {
            Goroutine g = allgs.get(i);
            Machine m = g.m;
            int mid = m == null ? -1 : m.id;
            String instruction = g.currentInstruction();
            Place place = where.getOrDefault(g, Place.UNKNOWN);
            int line = g.line();
            Snapshot.G was = i < before.size() ? before.get(i) : null;   // allgs only grows: G i was G i before
            gs[i] = was != null && was.goid() == g.goid && was.status() == g.status && was.m() == mid && was.line() == line
                    && was.waitReason().equals(g.waitReason) && was.instruction().equals(instruction) && was.where().equals(place)
                    && was.parent() == g.parentGoid && was.function().equals(g.function())
                    ? was
                    : new Snapshot.G(g.goid, g.status, g.waitReason, mid, g.function(), instruction, g.parentGoid, place, g.system(), line);
        }
        List<Snapshot.G> gList = List.of(gs);
        if (exact) lastGs = gList;
        List<Goroutine> queued = sched.runq.contents();
        long[] goids = new long[queued.size()];
        for (int i = 0; i < goids.length; i++) goids[i] = queued.get(i).goid;
        LongList global = exact && lastGlobal.same(goids) ? lastGlobal : LongList.wrap(goids);   // as lastGs: shared while unchanged
        if (exact) lastGlobal = global;
        return new Snapshot(time, events, sched.gomaxprocs, sched.mcount(), sched.npidle.get(), sched.nmspinning.get(),
                sched.needspinning.get(), sched.nmidle, global,
                sched.idlePs().stream().map(p -> p.id).toList(), sched.idleMs().stream().map(m -> m.id).toList(),
                sched.gFreeN, ps, ms, gList, sched.go10 != null ? Snapshot.GO10 : sched.go126 ? Snapshot.GMP126 : Snapshot.GMP,
                new Snapshot.Lock(sched.lockAcquisitions(), sched.lockContended(), sched.lockWaitNanos()),
                sched.go10 != null ? sched.go10.mcpu : -1, sched.sysmonwait, sched.handles.mutexes());
    }

    /**
     * The invariants of DESIGN.md; throws IllegalStateException naming the first one broken.
     * Each G is in exactly one place that matches its status; P↔M links are mutual; idle lists and
     * their counters agree; nmspinning counts the spinning Ms; no ring exceeds its capacity.
     */
    void checkInvariants() {
        checkGs();
        checkPsAndMs();
    }

    /** Each G is in exactly one place that matches its status: linear in the number of Gs. */
    private void checkGs() {
        Map<Goroutine, Place> where = locate();
        List<Goroutine> allgs = sched.allgs();
        for (Goroutine g : allgs) {
            Place place = where.get(g);
            if (place == null) fail(g + " (" + g.status + (g.waitReason.isEmpty() ? "" : ", " + g.waitReason) + ") is nowhere");
            Machine on = g.m;
            boolean ok = switch (g.status) {
                case RUNNABLE -> place instanceof Place.Runnext || place instanceof Place.Ring || place instanceof Place.Global
                        || place instanceof Place.Nextg || place instanceof Place.Lockedg;
                // Go 1.26: a G back from its syscall is running without a P until exitsyscallNoP makes it runnable
                case RUNNING -> place instanceof Place.OnM && on != null && on.curg == g
                        && (on.p != null || sched.go10 != null || (sched.go126 && g.exitsyscall0));
                // Go 1.26: the M in the syscall keeps its P
                case SYSCALL -> place instanceof Place.OnM && on != null && on.curg == g && (on.p == null || sched.go126);
                case WAITING -> place instanceof Place.Parked;
                case DEAD -> place instanceof Place.Free;
                case IDLE -> false;
            };
            if (!ok) fail(g + " is " + g.status + " but sits in " + place.label());
        }
        if (where.size() != allgs.size()) fail("a run queue or list holds a G that is not in allgs");
    }

    /**
     * P↔M links, idle lists and counters: linear in Ps plus Ms (membership is looked up in identity sets,
     * not by scanning the lists, which made this quadratic at GOMAXPROCS 256).
     */
    private void checkPsAndMs() {
        List<Processor> idlePs = sched.idlePs();
        Set<Processor> idlePSet = identitySet(idlePs);
        Set<Processor> handed = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Machine mm : sched.allm) if (mm.nextp != null) handed.add(mm.nextp);
        if (idlePs.size() != sched.npidle.get()) fail("npidle=" + sched.npidle.get() + " but the idle P list has " + idlePs.size());
        Processor[] allp = sched.allp;
        if (sched.go10 != null) checkGo10();
        else if (allp.length != sched.gomaxprocs) fail("allp has " + allp.length + " Ps but gomaxprocs=" + sched.gomaxprocs);
        for (Processor p : sched.allpEver) {
            boolean live = p.id < allp.length;
            boolean listed = idlePSet.contains(p);
            if (!live && p.status != PStatus.DEAD) fail(p + " is beyond GOMAXPROCS but " + p.status);
            if (listed != p.idle) fail(p + ": idle flag " + p.idle + " but on idle list: " + listed);
            if (listed && (p.status != PStatus.IDLE || !p.runq.runqempty())) fail(p + " is on the idle list but " + p.status + " with work");
            int size = p.runq.size();
            if (size < 0 || size > p.runq.capacity()) fail(p + ": run queue size " + size + " outside 0.." + p.runq.capacity());
            Machine m = p.m;
            if (m != null && m.p != p) fail(p + ".m=" + m + " but " + m + ".p=" + m.p);
            switch (p.status) {
                case RUNNING -> { if (m == null) fail(p + " is running without an M"); }
                case GCSTOP -> { if (m != null && m != sched.stopper) fail(p + " is stopped but owned by " + m); }
                case SYSCALL -> { if (m != null || listed) fail(p + " is in _Psyscall but owned by " + m + " or idle"); }
                case IDLE -> {
                    if (m != null) fail(p + " is idle but owned by " + m);
                    if (!listed && !handed.contains(p))
                        fail(p + " is idle but neither on the idle list nor handed to an M");
                }
                case DEAD -> { if (live || m != null || !p.runq.runqempty()) fail(p + " is dead but in use"); }
            }
        }
        List<Machine> idleMs = sched.idleMs();
        if (idleMs.size() != sched.nmidle) fail("nmidle=" + sched.nmidle + " but the idle M list has " + idleMs.size());
        Set<Machine> idleMSet = identitySet(idleMs);
        // Ms sleeping in stoplockedm count as idle locked Ms; otherwise incidlelocked(-1) and its
        // incidlelocked(1) are never a scheduling point apart.
        long lockedWaiting = sched.allm.stream().mapToLong(mm -> mm.lockedIdle).sum();
        if (sched.nmidlelocked != lockedWaiting)
            fail("nmidlelocked=" + sched.nmidlelocked + " but " + lockedWaiting + " Ms wait in stoplockedm: an incidlelocked(-1) was not undone");
        int spinning = 0;
        for (Machine m : sched.allm) {
            if (m.spinning) spinning++;
            Processor p = m.p;
            if (p != null && p.m != m) fail(m + ".p=" + p + " but " + p + ".m=" + p.m);
            if (idleMSet.contains(m) != m.idle) fail(m + ": idle flag " + m.idle + " but on idle list: " + idleMSet.contains(m));
            if (m.idle && (p != null || m.spinning)) fail(m + " is idle but holds " + p + (m.spinning ? " and spins" : ""));
            if (m instanceof Sysmon && (p != null || m.curg != null || m.spinning)) fail("sysmon " + m + " has a P, a G or spins");
            Goroutine g = m.curg;
            if (g != null && g.m != m) fail(m + " runs " + g + " but " + g + ".m=" + g.m);
        }
        if (spinning != sched.nmspinning.get()) fail("nmspinning=" + sched.nmspinning.get() + " but " + spinning + " Ms spin");
    }

    /** What a full check walks: every G, P and M. */
    int size() { return sched.allgs.size() + sched.allpEver.length + sched.allm.size(); }

    /** Every P and M: what {@link #checkCounters} walks. */
    int psAndMs() { return sched.allpEver.length + sched.allm.size(); }

    /**
     * The invariants about some Ps and Ms (the actors of the events since the last safe point), without walking
     * the Gs or the other Ps and Ms: what step mode checks at a safe point between two sampled full checks, in
     * time proportional to what the events touched. Each condition is one of {@link #checkInvariants}'s, so a
     * state that fails here fails there too.
     */
    void checkTouched(BitSet pids, BitSet mids) {
        Processor[] ever = sched.allpEver;
        for (int pid = pids.nextSetBit(0); pid >= 0 && pid < ever.length; pid = pids.nextSetBit(pid + 1)) {
            Processor p = ever[pid];
            Machine m = p.m;
            if (m != null && m.p != p) fail(p + ".m=" + m + " but " + m + ".p=" + m.p);
            // p.idle is the idle list's membership (the full check sees they agree)
            if (p.idle && (p.status != PStatus.IDLE || !p.runq.runqempty())) fail(p + " is on the idle list but " + p.status + " with work");
            int size = p.runq.size();
            if (size < 0 || size > p.runq.capacity()) fail(p + ": run queue size " + size + " outside 0.." + p.runq.capacity());
            switch (p.status) {
                case RUNNING -> { if (m == null) fail(p + " is running without an M"); }
                case GCSTOP -> { if (m != null && m != sched.stopper) fail(p + " is stopped but owned by " + m); }
                case SYSCALL -> { if (m != null || p.idle) fail(p + " is in _Psyscall but owned by " + m + " or idle"); }
                case IDLE -> { if (m != null) fail(p + " is idle but owned by " + m); }
                case DEAD -> { if (p.id < sched.allp.length || m != null || !p.runq.runqempty()) fail(p + " is dead but in use"); }
            }
        }
        Machine[] byId = msById();
        for (int mid = mids.nextSetBit(0); mid >= 0 && mid < byId.length; mid = mids.nextSetBit(mid + 1)) {
            Machine m = byId[mid];
            if (m == null) continue;   // reserved by startm, not yet in allm
            Processor p = m.p;
            if (p != null && p.m != m) fail(m + ".p=" + p + " but " + p + ".m=" + p.m);
            if (m.idle && (p != null || m.spinning)) fail(m + " is idle but holds " + p + (m.spinning ? " and spins" : ""));
            Goroutine g = m.curg;
            if (g == null) continue;
            if (g.m != m) fail(m + " runs " + g + " but " + g + ".m=" + g.m);
            boolean ok = switch (g.status) {
                // as the full check: under Go 1.26 an M in a syscall keeps its P, and a G back from it runs
                // without one until exitsyscallNoP makes it runnable
                case RUNNING -> p != null || sched.go10 != null || (sched.go126 && g.exitsyscall0);
                case SYSCALL -> p == null || sched.go126;
                default -> false;
            };
            if (!ok) fail(g + " is " + g.status + " but sits in M" + m.id);
        }
    }

    /**
     * The scheduler's counters against what they count ({@code nmspinning}, {@code npidle}, {@code nmidlelocked}):
     * a walk over every M and the idle P list, so step mode runs it once every {@link #psAndMs} events, not at
     * every safe point, where at GOMAXPROCS 256 it was the largest part of an event's checking.
     */
    void checkCounters() {
        int spinning = 0;
        long lockedWaiting = 0;   // as the full check: Ms sleeping in stoplockedm are idle locked Ms
        for (Machine m : sched.allm) {
            if (m.spinning) spinning++;
            lockedWaiting += m.lockedIdle;
        }
        if (spinning != sched.nmspinning.get()) fail("nmspinning=" + sched.nmspinning.get() + " but " + spinning + " Ms spin");
        int npidle = sched.idlePCount();
        if (npidle != sched.npidle.get()) fail("npidle=" + sched.npidle.get() + " but the idle P list has " + npidle);
        if (sched.nmidlelocked != lockedWaiting)
            fail("nmidlelocked=" + sched.nmidlelocked + " but " + lockedWaiting + " Ms wait in stoplockedm: an incidlelocked(-1) was not undone");
    }

    /** Ms by id for {@link #checkTouched}, rebuilt when an M was added (none is ever removed). */
    private Machine[] msById() {
        List<Machine> allm = sched.allm;
        if (allm.size() != msByIdOf) {
            int max = -1;
            for (Machine m : allm) max = Math.max(max, m.id);
            Machine[] a = new Machine[max + 1];
            for (Machine m : allm) if (m.id >= 0) a[m.id] = m;
            msById = a;
            msByIdOf = allm.size();
        }
        return msById;
    }

    /** Go 1.0: no Ps; mcpu counts the Ms running a G or handed one (it may exceed mcpumax just after GOMAXPROCS shrank). */
    private void checkGo10() {
        Go10Sched s = sched.go10;
        if (sched.allp.length != 0) fail("the Go 1.0 scheduler has Ps");
        int busy = 0;
        for (Machine m : sched.allm) {
            if (m.p != null || m.nextp != null) fail(m + " holds a P under the Go 1.0 scheduler");
            Goroutine g = m.curg;
            if ((g != null && g.status == GStatus.RUNNING) || (m instanceof Go10Machine g10 && g10.nextg != null)) busy++;
        }
        if (busy != s.mcpu) fail("mcpu=" + s.mcpu + " but " + busy + " Ms run Go code or hold a nextg");
        // ensurePoller sends one M at a time to wait for timers and the network, and sends again only once that
        // one has decided (waits in the poller, runs a G, or sleeps): pending ⇔ exactly one M on that duty
        long onDuty = sched.allm.stream().filter(m -> m instanceof Go10Machine g10 && g10.pollerDuty).count();
        if (onDuty != (s.pollerPending ? 1 : 0)) fail("pollerPending=" + s.pollerPending + " but " + onDuty + " Ms are sent to wait in the poller");
    }

    private static <T> Set<T> identitySet(List<T> xs) {
        Set<T> s = Collections.newSetFromMap(new IdentityHashMap<>(xs.size() * 2));
        s.addAll(xs);
        return s;
    }

    private static void fail(String what) { throw new IllegalStateException("invariant broken: " + what); }
}
