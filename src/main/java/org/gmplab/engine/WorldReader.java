package org.gmplab.engine;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gmplab.snapshot.ChunkList;
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
     * records of the ones that did not with the one before, and the chunks of its list in which none did
     * ({@link ChunkList}): a history that keeps a stretch of snapshots holds each unchanged goroutine once, not once
     * per snapshot (at 10,000 goroutines a full set is about 0.7 MB), and a snapshot of a world where little moved
     * allocates little. Records are immutable, so sharing them is invisible to readers.
     */
    private ChunkList<Snapshot.G> lastGs = ChunkList.of();
    /** The global run queue of the last exact snapshot, shared as {@link #lastGs} is. */
    private LongList lastGlobal = LongList.wrap(new long[0]);
    /** The Ps of the last exact snapshot: a P whose fields and ring did not change is the same record. */
    private List<Snapshot.Proc> lastPs = List.of();

    /**
     * An exact snapshot's places by {@link Goroutine#allgsIndex}, filled by {@link #locate} and emptied again as the
     * records are read: a map sized for every G was about 130 KB a snapshot at 10,000 goroutines, and its lookups a
     * third of the snapshot's time. Guarded by this reader's lock, as the places below.
     */
    private Place[] places = new Place[0];
    /**
     * Places in the global queue and the Ps' rings by index, made once: a place is immutable, and at 10,000
     * goroutines with 9,000 in the global queue a new {@code Place.Global} for each was most of what a snapshot
     * allocated.
     */
    private Place.Global[] globals = new Place.Global[0];
    private Place.Ring[][] rings = new Place.Ring[0][];

    WorldReader(Sched sched) { this.sched = sched; }

    /** Takes the place {@link #locate} found for a G. */
    @FunctionalInterface
    private interface Placer { void put(Goroutine g, Place place); }

    /**
     * Where each G is, found by walking every place a G can be and handed to {@code where}, which fails if a G is in
     * two places. {@code seen} answers whether a G has a place already (a select waits in several channels' queues).
     */
    private void locate(Placer where, java.util.function.Predicate<Goroutine> seen) {
        for (Processor p : sched.allpEver) {
            RunQueue q = p.runq;
            Goroutine next = q.runnext();
            if (next != null) where.put(next, new Place.Runnext(p.id));
            int h = q.head(), n = ringLength(q, h);
            for (int i = 0; i < n; i++) where.put(q.at(h, i), ring(p.id, i, q.capacity()));
            // the free lists are walked in place: at the end of a run they hold most Gs, and a copy of them was most
            // of what a snapshot there allocated
            p.gFree().forEach(g -> where.put(g, Place.FREE));
            for (Goroutine g : p.timers.sleepers()) where.put(g, TIMER);
        }
        int i = 0;
        for (Goroutine g = sched.runq.head(); g != null; g = g.schedlink) where.put(g, global(i++));
        sched.gFree.forEach(g -> where.put(g, Place.FREE));
        for (Machine m : sched.allm) {
            Goroutine g = m.curg;
            if (g != null) where.put(g, new Place.OnM(m.id));
            if (m instanceof Go10Machine g10 && g10.nextg != null) where.put(g10.nextg, new Place.Nextg(m.id));
            // startlockedm handed its P to the M the G is locked to, which has yet to run it
            Goroutine locked = m.lockedg;
            if (locked != null && locked != g && locked.status == GStatus.RUNNABLE && m.nextp != null) where.put(locked, new Place.Lockedg(m.id));
        }
        if (sched.go10 != null) for (Goroutine g : sched.go10.timers.sleepers()) where.put(g, TIMER);
        for (Waitable w : sched.handles.waitables()) {
            // one place per object, shared by its waiters
            Place.Parked on = new Place.Parked(w instanceof Channel ? Place.On.CHAN : w instanceof Mutex ? Place.On.MUTEX : Place.On.WG, w.toString());
            for (Goroutine g : w.waiters()) {
                // A select waits on several channels at once: it is in one place, the first of them.
                if (g.selectSudogs != null && seen.test(g)) continue;
                where.put(g, on);
            }
        }
        for (Goroutine g : sched.netpoll.waitersInOrder()) where.put(g, NETPOLL);
        for (Goroutine g : sched.parkedForever()) where.put(g, FOREVER);
        synchronized (sched.injectedBlocked) {
            for (Goroutine g : sched.injectedBlocked) where.put(g, INJECTED);
        }
    }

    private static final Place TIMER = new Place.Parked(Place.On.TIMER), NETPOLL = new Place.Parked(Place.On.NETPOLL),
            FOREVER = new Place.Parked(Place.On.FOREVER), INJECTED = new Place.Parked(Place.On.INJECTED);

    private static void put(Map<Goroutine, Place> where, Goroutine g, Place place) {
        Place old = where.put(g, place);
        if (old != null) twoPlaces(g, old, place);
    }

    private static void twoPlaces(Goroutine g, Place one, Place other) {
        throw new IllegalStateException(g + " is in two places: " + one.label() + " and " + other.label());
    }

    /** Each G's place by its index in allgs, in {@link #places}; a G not in allgs is left out (the invariant check reports it). */
    private Place[] locateByIndex(int gs) {
        if (places.length < gs) places = new Place[Math.max(gs, 2 * places.length)];
        Place[] at = places;
        locate((g, place) -> {
            int i = g.allgsIndex;
            if (i < 0 || i >= gs) return;
            if (at[i] != null) twoPlaces(g, at[i], place);
            at[i] = place;
        }, g -> g.allgsIndex >= 0 && g.allgsIndex < gs && at[g.allgsIndex] != null);
        return at;
    }

    /** How many Gs ring {@code q} holds from head {@code h}: clamped as {@link RunQueue#contents} is, for racy reads. */
    private static int ringLength(RunQueue q, int h) { return Math.max(0, Math.min(q.tail() - h, q.capacity())); }

    private Place.Global global(int i) {
        if (i >= globals.length) globals = java.util.Arrays.copyOf(globals, Math.max(64, 2 * i));
        Place.Global g = globals[i];
        return g != null ? g : (globals[i] = new Place.Global(i));
    }

    private Place.Ring ring(int p, int i, int capacity) {
        if (p >= rings.length) rings = java.util.Arrays.copyOf(rings, p + 1);
        Place.Ring[] r = rings[p];
        if (r == null || i >= r.length) r = rings[p] = java.util.Arrays.copyOf(r == null ? new Place.Ring[0] : r, Math.max(i + 1, capacity));
        Place.Ring ring = r[i];
        return ring != null ? ring : (r[i] = new Place.Ring(p, i));
    }

    /**
     * The world as a snapshot. With {@code exact}, the world must be stopped and each G's place is
     * found; otherwise (a live run, read on the fly like Go's schedtrace) places are left empty and
     * counts may be slightly out of step with each other.
     */
    synchronized Snapshot snapshot(long time, long events, boolean exact) {
        List<Snapshot.Proc> ps = procs(exact ? lastPs : List.of());
        if (exact) lastPs = ps;
        List<Snapshot.Thread> ms = new ArrayList<>();
        for (Machine m : sched.allm) {
            Processor p = m.p, np = m.nextp;
            Goroutine g = m.curg;
            ms.add(new Snapshot.Thread(m.id, p == null ? -1 : p.id, np == null ? -1 : np.id, g == null ? -1 : g.goid, m.spinning, m.blocked,
                    m instanceof Sysmon));
        }
        ChunkList<Snapshot.G> gs;
        if (exact) {
            // the world is stopped, so nothing adds a G meanwhile; the places are found first (locate takes the queues'
            // own locks, so not under allglock), then allgs is read in place under its lock, as Go's forEachG does
            int n = sched.allgs.size();
            try {
                Place[] where = locateByIndex(n);
                sched.allglock.lock();
                try { gs = gs(sched.allgs, n, where, lastGs); } finally { sched.allglock.unlock(); }
            } catch (Throwable t) {
                // whatever failed half-way (a G in two places, an out-of-memory), the next snapshot starts from an
                // empty array: a place left behind would read as that G being in two places, at every snapshot after
                java.util.Arrays.fill(places, 0, Math.min(n, places.length), null);
                throw t;
            }
            lastGs = gs;
        } else {
            List<Goroutine> allgs = sched.allgs();
            gs = gs(allgs, allgs.size(), null, ChunkList.of());
        }
        LongList global = exact ? globalQueue(lastGlobal) : globalQueue(LongList.wrap(new long[0]));
        if (exact) lastGlobal = global;
        return new Snapshot(time, events, sched.gomaxprocs, sched.mcount(), sched.npidle.get(), sched.nmspinning.get(),
                sched.needspinning.get(), sched.nmidle, global,
                sched.idlePs().stream().map(p -> p.id).toList(), sched.idleMs().stream().map(m -> m.id).toList(),
                sched.gFreeN, ps, ms, gs, sched.go10 != null ? Snapshot.GO10 : sched.go126 ? Snapshot.GMP126 : Snapshot.GMP,
                new Snapshot.Lock(sched.lockAcquisitions(), sched.lockContended(), sched.lockWaitNanos()),
                sched.go10 != null ? sched.go10.mcpu : -1, sched.sysmonwait, sched.handles.mutexes());
    }

    /**
     * The records of the first {@code n} Gs of allgs (those {@code where} was filled for), {@code before}'s where a G did
     * not change (each of its fields compared, or implied by its goid). {@code where} holds the Gs' places by index,
     * and is emptied for the next snapshot; null when the places are not known.
     */
    private static ChunkList<Snapshot.G> gs(List<Goroutine> allgs, int n, Place[] where, ChunkList<Snapshot.G> before) {
        ChunkList.Builder<Snapshot.G> out = new ChunkList.Builder<>(before, n);
        for (int i = 0; i < n; i++) {
            Goroutine g = allgs.get(i);
            Machine m = g.m;
            int mid = m == null ? -1 : m.id;
            String instruction = g.currentInstruction();
            Place place = where == null || where[i] == null ? Place.UNKNOWN : where[i];
            if (where != null) where[i] = null;
            int line = g.line();
            Snapshot.G was = out.before();   // allgs only grows: G i was G i before
            out.add(was != null && was.goid() == g.goid && was.status() == g.status && was.m() == mid && was.line() == line
                    && was.waitReason().equals(g.waitReason) && was.instruction().equals(instruction)
                    && (was.where() == place || was.where().equals(place))   // places are mostly made once: the same object
                    // its function, parent and whether it is the runtime's are set with its goid (newproc1: a G reused
                    // from a free list gets a new goid), so the same goid says they are the same: not read again
                    ? was
                    : new Snapshot.G(g.goid, g.status, g.waitReason, mid, g.function(), instruction, g.parentGoid, place, g.system(), line));
        }
        return out.build();
    }

    /** The Ps, each {@code before}'s record where nothing in it changed (its ring read in place, not copied), and {@code before} itself if no P did. */
    private List<Snapshot.Proc> procs(List<Snapshot.Proc> before) {
        Processor[] allp = sched.allp;
        Snapshot.Proc[] ps = new Snapshot.Proc[allp.length];
        boolean same = before.size() == ps.length;
        for (int k = 0; k < ps.length; k++) {
            Processor p = allp[k];
            RunQueue q = p.runq;
            int mid = p.m == null ? -1 : p.m.id;
            Goroutine next = q.runnext();
            long runnext = next == null ? -1 : next.goid;
            int h = q.head(), t = q.tail(), n = ringLength(q, h), gfreecnt = p.gfreecnt(), timers = p.timers.size();
            Snapshot.Proc was = k < before.size() ? before.get(k) : null;
            boolean unchanged = was != null && was.id() == p.id && was.status() == p.status && was.m() == mid && was.runnext() == runnext
                    && was.head() == h && was.tail() == t && was.capacity() == q.capacity() && was.schedtick() == p.schedtick
                    && was.syscalltick() == p.syscalltick && was.gfreecnt() == gfreecnt && was.timerslen() == timers && was.runq().size() == n;
            LongList ring = was == null ? null : LongList.copyOf(was.runq());
            for (int i = 0; unchanged && i < n; i++) unchanged = ring.getLong(i) == q.at(h, i).goid;
            if (unchanged) {
                ps[k] = was;
                continue;
            }
            same = false;
            long[] goids = new long[n];
            for (int i = 0; i < n; i++) goids[i] = q.at(h, i).goid;
            ps[k] = new Snapshot.Proc(p.id, p.status, mid, runnext, LongList.wrap(goids), h, t, q.capacity(), p.schedtick, p.syscalltick, gfreecnt, timers);
        }
        return same ? before : List.of(ps);
    }

    /** The global run queue's goids, {@code before} itself while they are the same (compared in place, not copied). */
    private LongList globalQueue(LongList before) {
        int n = 0;
        boolean same = true;
        for (Goroutine g = sched.runq.head(); g != null; g = g.schedlink, n++) same = same && n < before.size() && before.getLong(n) == g.goid;
        if (same && n == before.size()) return before;
        long[] goids = new long[n];
        int i = 0;
        for (Goroutine g = sched.runq.head(); g != null && i < n; g = g.schedlink) goids[i++] = g.goid;
        // read on the fly in a live run, the queue may have shrunk between the two walks
        return LongList.wrap(i == n ? goids : java.util.Arrays.copyOf(goids, i));
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
    private synchronized void checkGs() {
        Map<Goroutine, Place> where = new IdentityHashMap<>(sched.allgs.size());
        locate((g, place) -> put(where, g, place), where::containsKey);
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
