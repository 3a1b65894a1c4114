package org.gmplab.history;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;

import org.gmplab.engine.Action;
import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;

/**
 * Time travel over a step-mode run: step forward one event or to the next major event, step back, jump
 * to the start, to the end of what has been recorded, or to any event.
 *
 * <p><b>Positions.</b> The engine can only be frozen at a safe point, and between two safe points it may
 * emit several events (a major one and the minor bookkeeping around it). So a moment of the run is
 * identified by its <em>position</em>: the number of events emitted up to it, which is
 * {@link Snapshot#events()} of the snapshot taken there and the {@code seq} of the last event it includes.
 * The start is the position before any turn ran (the boot emits one event, so it is 1). "Step one event" moves to the next position, which is
 * the first safe point after the next event, so it may include a few more minor events; "event N" means
 * the first position at or after N, i.e. the first frozen moment whose snapshot includes event N. An
 * action injected at position P makes a new position P+1 (its INJECT event) at the same safe point.
 *
 * <p><b>How stepping back works.</b> A bounded ring of snapshots (keyed by position) makes recent steps
 * instant. A position no longer in the ring is reached by replaying the run from the start:
 * {@link Engine#replay} re-applies the recorded actions at their safe points and clocks, then
 * {@code runUntil(e -> e.seq() == N)} stops at the first safe point after event N — which is that same
 * position, since step mode is deterministic (same scenario, seed and actions give the same events) and
 * no safe point lies between event N and the position that includes it. A replay that does not land
 * where the first run did throws {@link IllegalStateException} ("replay diverged"): a determinism bug.
 * The engine a replay replaces is kept frozen where it was ({@link Spares}, a few), and a later move starts
 * from the nearest one before its target when that is nearer than the engine and the start.
 *
 * <p><b>Branches.</b> After stepping back, stepping forward walks the same history (recorded actions are
 * re-applied where they were). Injecting an action at a past position starts a new branch: the recorded
 * future after that position — positions, snapshots and actions — is dropped.
 *
 * <p><b>Cancelling.</b> A long move (a jump far ahead, a replay from the start, a long wait) can be cancelled
 * from another thread through {@link #cancelWhen}: a move over new ground stops at the position it reached,
 * which is recorded like any other; a replay towards a known position gives up and throws {@link Cancelled},
 * leaving the history where it was.
 *
 * <p>Not thread-safe: one thread (a driver, a test, the CLI) owns a history and calls all its methods; only
 * the cancel flag is read across threads.
 */
public final class History implements Recording {
    /** A jump forward keeps at most this many of the events it explored, for {@link #explored()}. */
    public static final int EXPLORED_KEPT = 200_000;

    /** Default number of snapshots kept for instant stepping. */
    public static final int DEFAULT_RING = 4096;
    /** A replay that runs longer than this starts reporting progress. */
    public static final long PROGRESS_AFTER_NANOS = 150_000_000L;
    /**
     * A replay from the start towards a position also snapshots up to this many positions before it (fewer in a
     * large world: see {@link #replayWindow}), so the step-backs that usually follow one are instant, not a replay
     * each (after a jump past the end, 97 of 100 step-backs were replays).
     */
    static final int REPLAY_WINDOW = 256;
    /**
     * A jump forward over recorded positions (from the engine or a spare) snapshots this many positions before its
     * target, so the steps back after it are lookups. Fewer than a replay keeps: a replay costs seconds and its
     * snapshots little beside it, while a forward jump of 20,000 events at 10,000 goroutines costs about 40 ms and a
     * snapshot there 0.4–3 ms of CPU (a stretch of 140 made those jumps about 8× slower, docs/benchmarks-history.md).
     */
    static final int JUMP_WINDOW = 16;
    /** A long move forward over new ground snapshots only this many events before its target. */
    static final long SNAPSHOT_TAIL = 256;
    /**
     * At most this many engines left behind by replays are kept ({@link Spares}), within {@value #SPARE_THREADS} threads
     * and {@value #SPARE_GS} goroutines in all (an engine holds 170–300 bytes a goroutine).
     */
    static final int SPARES = 3;
    static final int SPARE_THREADS = 512;
    static final long SPARE_GS = 300_000;

    private final Scenario scenario;
    private final SnapshotRing ring;
    private final Positions positions = new Positions();
    private final List<Action.AppliedAction> actions = new ArrayList<>();   // this branch, by position
    private ReplayProgress progress = ReplayProgress.NONE;
    private BooleanSupplier cancelled = () -> false;
    private long progressAfter = PROGRESS_AFTER_NANOS;
    private int exploredKept = EXPLORED_KEPT;

    private Engine engine;
    private final Spares spares = new Spares(SPARES, SPARE_THREADS, SPARE_GS);
    private long enginePos;
    private int applied;            // how many of `actions` the current engine has applied
    private long replays;           // replays from the start so far (for tests and the status bar)

    private boolean endReached;     // the program ended at the recorded end

    private long cursor;
    private Snapshot current;
    private final ArrayDeque<Event> explored = new ArrayDeque<>();   // see explored(); a deque: trimmed at the front every position
    private boolean between;        // current is a moment after cursor's event, reached by waitUntil
    private boolean engineBetween;  // the engine is past enginePos's safe point in time (waitUntil ran it)
    private List<Event> lastEvents = List.of();

    public History(Scenario scenario) { this(scenario, DEFAULT_RING); }

    public History(Scenario scenario, int ringCapacity) { this(scenario, ringCapacity, SnapshotRing.DEFAULT_BUDGET); }

    /** For tests: a ring of at most {@code ringCapacity} snapshots and about {@code ringBytes} bytes. */
    History(Scenario scenario, int ringCapacity, long ringBytes) {
        this.scenario = Objects.requireNonNull(scenario);
        this.ring = new SnapshotRing(ringCapacity, ringBytes);
        this.engine = Engine.step(scenario);
        this.enginePos = engine.eventCount();
        positions.add(enginePos);
        this.cursor = enginePos;
        this.current = engine.snapshot();
        ring.put(current);
    }

    /**
     * A history with {@code actions} as its recorded future, moved to {@code position} (as a session file
     * restores it). Positions up to {@code position} are walked one by one so stepping back works.
     *
     * @throws IllegalArgumentException if an action cannot be applied where it was recorded
     * @throws IllegalStateException    if the run does not reproduce the recorded one
     */
    public static History restore(Scenario scenario, List<Action.AppliedAction> actions, long position, ReplayProgress progress) {
        History h = new History(scenario);
        List<Action.AppliedAction> sorted = new ArrayList<>(actions);
        for (int i = 1; i < sorted.size(); i++)
            if (sorted.get(i).event() < sorted.get(i - 1).event())
                throw new IllegalArgumentException("actions are not in order: action " + i + " at event " + sorted.get(i).event()
                        + " comes after one at event " + sorted.get(i - 1).event());
        h.actions.addAll(sorted);
        h.progress = progress == null ? ReplayProgress.NONE : progress;
        try {
            h.explore(position, false);
        } catch (RuntimeException e) {
            h.close();
            throw e;
        }
        return h;
    }

    /** Where long replays report progress (default: nowhere). */
    public void onProgress(ReplayProgress p) { this.progress = p == null ? ReplayProgress.NONE : p; }

    /**
     * Asks {@code c} as a move goes (between positions, and at every event of a replay; on the engine thread, so
     * it must be cheap: read a volatile flag); once it answers true the move stops, as the class says.
     */
    public void cancelWhen(BooleanSupplier c) { this.cancelled = c == null ? () -> false : c; }

    /** Thrown by a move cancelled before it reached anywhere new: the history is where it was before the move. */
    public static final class Cancelled extends RuntimeException {
        Cancelled() { super("cancelled", null, false, false); }
    }

    /** For tests: report progress of replays longer than {@code nanos} (default {@link #PROGRESS_AFTER_NANOS}). */
    void progressAfter(long nanos) { this.progressAfter = nanos; }

    /** For tests: the known position the engine stands at (a step back that looks its snapshot up leaves it there). */
    long enginePosition() { return enginePos; }

    /** For tests: keep the last {@code n} explored events (default {@link #EXPLORED_KEPT}). */
    void exploredKept(int n) { this.exploredKept = n; }

    public Scenario scenario() { return scenario; }

    /** The current position: the number of events the current snapshot includes. */
    public long position() { return cursor; }

    /** The world at the current position. */
    public Snapshot snapshot() { return current; }

    /** The last position recorded so far (the end of this branch as explored). */
    public long end() { return positions.last(); }

    /** True when the program has ended at the end of the recorded history. */
    public boolean finished() { return endReached; }

    /** The actions of this branch, in order, each with the safe point and position where it applied. */
    public List<Action.AppliedAction> actions() { return List.copyOf(actions); }

    /**
     * The events a jump forward explored for the first time (the last {@value #EXPLORED_KEPT} of them), so that
     * a log can show what happened on the way; empty after other moves.
     */
    public List<Event> explored() { return List.copyOf(explored); }

    /** The events the last forward move passed over (empty after moving back or jumping far). */
    public List<Event> lastEvents() { return lastEvents; }

    /** Replays from the start done so far (a move that runs on from a spare engine left behind by one is not one). */
    public long replays() { return replays; }

    /** The previous position, or -1 at the start. From a moment a wait reached, that is the position it lies after. */
    public long previousPosition() { return between ? cursor : positions.lower(cursor); }

    // ---- moving ---------------------------------------------------------------------------------

    /** Forward to the next position. Returns false at the end of the run. */
    public boolean stepEvent() {
        explored.clear();
        long next = positions.higher(cursor);
        if (next >= 0) { moveWithin(next); return true; }
        return exploreOne(true);
    }

    /** Forward until a major event has been passed (one step in the UI). Returns false at the end of the run. */
    public boolean stepMajor() {
        List<Event> passed = new ArrayList<>();
        boolean moved = false;
        while (stepEvent()) {
            moved = true;
            passed.addAll(lastEvents);
            if (positions.passedMajor(cursor)) break;
        }
        lastEvents = List.copyOf(passed);
        return moved;
    }

    /** Back to the previous position (from a moment a wait reached, the position it lies after). Returns false at the start. */
    public boolean stepBack() {
        explored.clear();
        long prev = previousPosition();
        if (prev < 0) return false;
        moveWithin(prev);
        lastEvents = List.of();
        return true;
    }

    /** Back to the start (the position before any turn ran). */
    public void toStart() { jumpTo(0); }

    /** Forward to the end of the recorded history (explores nothing new). */
    public void toEnd() { jumpTo(end()); }

    /**
     * To the first position that includes event {@code n} (the smallest position ≥ n); beyond the recorded
     * end the run is explored forward until it gets there or the program ends.
     */
    public void jumpTo(long n) {
        explored.clear();
        if (n < 0) throw new IllegalArgumentException("event index must be ≥ 0, not " + n);
        long target = positions.ceiling(n);
        if (target >= 0) {
            if (target != cursor || between) moveWithin(target);
            lastEvents = List.of();
            return;
        }
        explore(n, false);
    }

    /**
     * Forward in virtual time to {@code time}: through the positions of the events before it, then to that
     * moment, which lies between two events (as a lesson's {@code {"time": …}} step ends). The moment is shown
     * but not recorded: stepping on from it reaches the next position as stepping from the last one would
     * (step mode is deterministic), and stepping back leaves it for the position it lies after. From a past
     * position the recorded future is dropped first and explored again.
     *
     * @throws IllegalStateException if an injected action is recorded at or after the current position (waiting
     *                               from here would leave it out of the run); nothing changes
     */
    public void waitUntil(long time) {
        explored.clear();
        // An action recorded at or after this position would be left out of the run the wait explores, yet kept
        // in actions() (and a saved session): refuse rather than drop what the user did. Only inject starts a branch.
        for (Action.AppliedAction a : actions)
            if (a.event() >= cursor)
                throw new IllegalStateException("cannot wait for a time before the recorded action at event " + a.event());
        ensureEngineAtCursor();
        spares.clear();   // the future is explored again from here
        positions.truncateAfter(cursor);
        ring.dropAfter(cursor);
        endReached = engine.outcome() != null;
        List<Event> passed = new ArrayList<>();
        while (engine.runUntil(time, e -> true) == Engine.Stop.EVENT) {
            List<Event> evs = engine.drainEvents();
            passed.addAll(evs);
            arrive(engine.eventCount(), evs, true);
            if (cancelled.getAsBoolean()) {   // stay at the position reached: a recorded moment, not one between
                lastEvents = List.copyOf(passed);
                return;
            }
        }
        List<Event> rest = engine.drainEvents();
        if (!rest.isEmpty()) {   // the events of the program's end
            passed.addAll(rest);
            arrive(engine.eventCount(), rest, true);
        }
        if (engine.outcome() != null) endReached = true;
        current = engine.snapshot();
        between = true;
        engineBetween = true;
        lastEvents = List.copyOf(passed);
    }

    /**
     * Applies {@code a} at the current position. At a past position this starts a new branch: the recorded
     * future after it is dropped first.
     *
     * @throws IllegalArgumentException if the action does not apply here (as {@link Engine#inject} says)
     */
    public void inject(Action a) {
        explored.clear();
        ensureEngineAtCursor();
        engine.inject(a); // throws before anything changes if the action is invalid here
        // A new branch: the recorded future after this position goes (positions, snapshots, actions, spare engines).
        spares.clear();
        positions.truncateAfter(cursor);
        ring.dropAfter(cursor);
        actions.subList(applied, actions.size()).clear();
        endReached = false;
        List<Action.AppliedAction> done = engine.actions();
        actions.add(done.get(done.size() - 1));
        applied = actions.size();
        arrive(engine.eventCount(), engine.drainEvents(), true);
    }

    @Override
    public void close() {
        spares.clear();
        engine.close();
    }

    // ---- inside ---------------------------------------------------------------------------------

    /** Moves to a known position, from the ring if it is there, else by running or replaying the engine. */
    private void moveWithin(long target) {
        Snapshot s = ring.get(target);
        if (s != null) {
            between = false;
            lastEvents = List.of();
            cursor = target;
            current = s;
            return;
        }
        boolean adjacent = enginePos == cursor && target == positions.higher(cursor);
        if (engineBetween && enginePos == target) rewind(target);   // its snapshot there is the later moment
        // A spare engine nearer the target than this one goes there instead (as ensureEngineAt would choose).
        if (enginePos < target && spareIsNearer(target)) rewind(target);
        // A replay keeps the positions just before the target, so that the steps back a user takes next find their
        // snapshots; so does a run forward to a position that is not the next one (a jump), over a shorter stretch.
        if (enginePos > target) snapshotOnTheWay(target, replayWindow());
        else if (enginePos < target && !adjacent) snapshotOnTheWay(target, Math.min(JUMP_WINDOW, replayWindow()));
        ensureEngineAt(target);   // may throw Cancelled: nothing shown has changed yet
        between = false;
        List<Event> evs = engine.drainEvents();
        lastEvents = adjacent ? evs : List.of();
        cursor = target;
        current = engine.snapshot();
        ring.put(current);
    }

    /**
     * Keeps the snapshots of the {@code k} positions before known position {@code target}: runs the engine (replayed
     * from the start, or from a spare, if it stands past them) to the first of them not in the ring, then on a
     * position at a time, taking each one's snapshot; those in the ring already stay and become the newest. Go's
     * runtime cannot run backwards and neither can the engine, so a jump pays for these snapshots; the {@code k}
     * steps back after it are lookups. A stop at each position costs only a hand-off to the engine's thread and
     * back; what made such walks slow was the collector copying the kept snapshots, before snapshots shared what
     * did not change from one to the next (docs/benchmarks-history.md).
     */
    private void snapshotOnTheWay(long target, int k) {
        if (k <= 0) return;
        // running forward: only the positions after the engine's (where it stands may be a later moment, a wait's)
        long from = enginePos < target ? positions.higher(enginePos) : -1;
        for (long p = Math.max(positions.lower(target, k), from); p >= 0 && p < target; p = positions.higher(p)) {
            // a move cancelled here leaves the engine at known position p, where the next move can start from
            if (cancelled.getAsBoolean()) throw new Cancelled();
            if (ring.touch(p)) continue;   // kept already: no need to stop there
            ensureEngineAt(p);   // the first one may replay from the start
            ring.put(engine.snapshot());
        }
    }

    /**
     * How many positions a replay snapshots on its way: {@link #REPLAY_WINDOW}, fewer for many goroutines (half the
     * ring's bytes: about 140 positions at 10,000 goroutines, 14 at 100,000), below the ring's size.
     */
    private int replayWindow() {
        long perSnapshot = SnapshotRing.bytes(current);
        return (int) Math.min(Math.min(REPLAY_WINDOW, ring.budget() / 2 / perSnapshot), ring.capacity() - 1L);
    }

    /** Explores new ground one position at a time until position ≥ n or the run ends. */
    private void explore(long n, boolean keepSnapshots) {
        if (cursor != end()) moveWithin(end());
        explored.clear();
        long start = System.nanoTime();
        long from = cursor;
        boolean reporting = false;
        while (cursor < n && !cancelled.getAsBoolean()) {
            // Snapshots are kept for the last stretch only, so a long jump does not snapshot every position.
            if (!exploreOne(keepSnapshots || n - cursor <= SNAPSHOT_TAIL)) break;
            explored.addAll(lastEvents);
            while (explored.size() > exploredKept) explored.pollFirst();
            if (!reporting && System.nanoTime() - start > progressAfter) reporting = true;
            if (reporting && (cursor & 1023) < 8) progress.progress(cursor - from, n - from);
        }
        if (reporting) progress.progress(cursor - from, n - from);
        if (current.events() != cursor) {
            current = engine.snapshot();
            ring.put(current);
        }
        if (!keepSnapshots) lastEvents = List.of();
        if (cursor < n && endReached) snapshotBeforeTheEnd();
    }

    /**
     * A move that ran off the end of the program kept no snapshots on its way (it did not know where the end
     * was), so the step back that usually follows would be a replay from the start: make that replay now, as part
     * of the long move, and keep the stretch before the end ({@link #replayWindow} positions). The move costs one
     * more run of the engine; the steps back then cost a lookup each. The engine cannot take the snapshots on the
     * first run instead: a snapshot walks every goroutine, and one at every position of a jump over 40,000 events
     * and 10,000 goroutines would cost more than the jump.
     */
    private void snapshotBeforeTheEnd() {
        long prev = positions.lower(cursor);
        if (prev < 0 || ring.contains(prev)) return;
        try {
            snapshotOnTheWay(cursor, replayWindow());
            ensureEngineAt(cursor);
        } catch (Cancelled c) {
            // stays at the end it reached; the engine is somewhere known and the next move starts from there
        }
    }

    /** One new position past the recorded end (the engine is there). Returns false if the run is over. */
    private boolean exploreOne(boolean snapshot) {
        ensureEngineAt(end());
        long before = enginePos;
        engineStep();
        if (enginePos == before) {
            endReached = engine.outcome() != null;
            return false;
        }
        arrive(enginePos, engine.drainEvents(), snapshot);
        if (engine.outcome() != null) endReached = true;
        return true;
    }

    private void arrive(long pos, List<Event> evs, boolean snapshot) {
        between = false;
        engineBetween = false;
        enginePos = pos;
        positions.add(pos, evs.stream().anyMatch(e -> e.kind().major()));
        cursor = pos;
        lastEvents = evs;
        if (snapshot) {
            current = engine.snapshot();
            ring.put(current);
        }
    }

    /** The engine one position forward: the next recorded action if one is due here, else one event. */
    private void engineStep() {
        if (applied < actions.size() && actions.get(applied).event() == enginePos) {
            reapply(actions.get(applied));
        } else {
            engine.runUntil(Long.MAX_VALUE, e -> true);
        }
        enginePos = engine.eventCount();
    }

    /**
     * Puts the engine at the moment shown, to act or wait from there: the current position, or the later moment
     * a wait reached if that is what is shown.
     */
    private void ensureEngineAtCursor() {
        // Moved back to the position a wait started from (from the ring): the engine is still at the later moment.
        if (engineBetween && !between && enginePos == cursor) rewind(cursor);
        ensureEngineAt(cursor);
    }

    /** Puts the engine at known position {@code target}: forward from where it is or from a nearer spare, or replayed from the start. */
    private void ensureEngineAt(long target) {
        if (enginePos == target) return;
        if (enginePos > target || spareIsNearer(target)) rewind(target);
        long start = System.nanoTime();
        long from = enginePos;
        while (enginePos < target) {
            long stopAt = target;
            if (applied < actions.size() && actions.get(applied).event() < target) {
                Action.AppliedAction a = actions.get(applied);
                if (a.event() == enginePos) {
                    reapply(a);
                    enginePos = engine.eventCount();
                    continue;
                }
                stopAt = a.event();
            }
            runTo(stopAt, from, target, start);
        }
        engine.drainEvents();
    }

    /** Whether a spare engine stands nearer {@code target} than this one (spares serve only a branch with no actions). */
    private boolean spareIsNearer(long target) { return actions.isEmpty() && spares.nearest(target) > enginePos; }

    /**
     * Puts a new engine at or before {@code target}: a spare one left behind by an earlier replay if one is there
     * (the nearest), else one replayed from the start. The engine it replaces is kept as a spare if it stands at a
     * known position of a branch with no actions (with actions, a spare would have to agree with them), else closed.
     */
    private void rewind(long target) {
        boolean known = !engineBetween && actions.isEmpty() && engine.outcome() == null && engine.eventCount() == enginePos
                && positions.contains(enginePos);
        engineBetween = false;
        Spares.Spare spare = actions.isEmpty() ? spares.take(target) : null;
        if (known) spares.keep(engine, enginePos, current.gs().size());
        else engine.close();
        if (spare != null) {
            engine = spare.engine();
            enginePos = spare.position();
            applied = 0;
            engine.drainEvents();
            return;
        }
        replays++;
        int k = 0;
        while (k < actions.size() && actions.get(k).event() < target) k++;
        engine = Engine.replay(scenario, actions.subList(0, k));
        applied = k;
        enginePos = engine.eventCount();
        engine.drainEvents();
    }

    /** Runs the engine to the first safe point after event {@code n}, which must be a recorded position. */
    private void runTo(long n, long from, long total, long start) {
        long[] seen = {0};
        ReplayProgress p = progress;
        engine.runUntil(Long.MAX_VALUE, e -> {
            if ((++seen[0] & 1023) == 0 && System.nanoTime() - start > progressAfter) p.progress(e.seq() - from, total - from);
            return e.seq() == n || cancelled.getAsBoolean();
        });
        long reached = engine.eventCount();
        if (reached != n && cancelled.getAsBoolean() && engine.outcome() == null) {
            // Stopped short, maybe with recorded actions still to come: start the engine afresh (cheap) rather
            // than track a half-done replay; the next move replays from there.
            rewind(0);
            throw new Cancelled();
        }
        if (seen[0] > 1024 && System.nanoTime() - start > progressAfter) p.progress(reached - from, total - from);
        if (seen[0] > 4096) engine.drainEvents(); // a long replay: do not keep its events
        if (reached != n)
            throw new IllegalStateException("replay diverged: wanted the position after event " + n + ", reached " + reached
                    + (engine.outcome() != null ? " (the run ended: " + engine.outcome().message() + ")" : ""));
        enginePos = reached;
    }

    /**
     * Applies the next recorded action where it first applied, the engine being at its position: on to its safe
     * point and clock (an action injected at a moment a wait reached lies many silent safe points after its
     * position), as {@link Engine#replay} does.
     */
    private void reapply(Action.AppliedAction a) {
        engine.reapply(a);
        // The first run emitted no event between the position and the action's safe point: a replay that did has diverged.
        List<Action.AppliedAction> done = engine.actions();
        long ev = done.get(done.size() - 1).event();
        if (ev != a.event())
            throw new IllegalStateException("replay diverged: " + a.action() + " was recorded after event " + a.event() + ", re-applied after " + ev);
        applied++;
    }
}
