package org.gmplab.engine;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.gmplab.snapshot.Event;

/**
 * Where scheduling points report what they decided: {@code trace.emit(new Event.Steal(trace.at(m, g, m, p), …))}.
 * An event holds only numbers and names the engine already has; its words are formatted when someone reads
 * them ({@link Event#why()}). Even so, call sites test {@link #on()} first: with no sink attached (live-mode
 * benchmarks) the scheduler pays one branch per decision and allocates nothing.
 *
 * <p><b>Causes.</b> The engine records why an event happened where it happens: a goroutine keeps
 * {@link Goroutine#cause}, the seq of the latest event that put it where it is (made it runnable, moved it to
 * another queue, or started it running), and a P keeps {@link Processor#cause}, the latest event that released
 * it; an event that takes the G or the P names that one in its head ({@link Event.Head#cause}). Both are
 * written inside the {@code on()} branch, after the event's head is taken, so with no sink they cost nothing. In
 * step mode, where one engine thread runs between two scheduling points, they are exact.
 *
 * <p><b>Live mode: number first, publish after.</b> Ms take their seqs racing each other, and a live log is read in
 * seq order, so an event that hands something to other Ms takes its head (and writes the cause) before the hand-over
 * is visible: GO, READY and {@code goyield}'s GOSCHED before {@code runqput}; GOSCHED, PREEMPT and the EXITSYSCALL
 * that leaves its G on the global queue under the lock that puts it there; ENTERSYSCALL before its P is in
 * {@code _Psyscall}, for sysmon to retake; PARK before the wait's unlock; STOPM and PIDLE under the lock that puts the
 * M or the P on its idle list; {@code stoplockedm}'s STOPM before its hand-off. A batch's event (STEAL, GLOBRUNQGET,
 * RUNQPUTSLOW) is numbered while its Gs are claimed and not yet published ({@link RunQueue.Claimed}): after
 * {@code runqgrab}'s CAS and before the thief's tail store, off the global queue and before pp's ring, out of the full
 * ring and before the global queue. Otherwise another M can act on it and log that first (a G's EXECUTE before its
 * READY, a pull from the global queue before the overflow that put the Gs there), as {@code LiveLogOrderTest} checks.
 */
public final class Trace {
    private final Consumer<Event> sink;
    private final boolean on;
    /** Events' sequence numbers; atomic because live mode's Ms emit in parallel (step mode: one at a time). */
    private final AtomicLong seq = new AtomicLong();
    private Turnstile ts;

    Trace(Consumer<Event> sink) {
        this.sink = sink;
        this.on = sink != null;
    }

    void bind(Turnstile ts) { this.ts = ts; }

    public boolean on() { return on; }

    /** Number of events emitted so far. */
    public long count() { return seq.get(); }

    /**
     * The next event's header: its number (taken now, so call {@code at} only in the {@code emit} it is for)
     * and the acting thread's time.
     */
    Event.Head at(EngineThread by, long g, int m, int p) {
        return new Event.Head(seq.incrementAndGet(), ts.now(by), g, m, p);
    }

    /** {@link #at(EngineThread, long, int, int)} for an event caused by the event numbered {@code cause} (or -1). */
    Event.Head at(EngineThread by, long g, int m, int p, long cause) {
        return new Event.Head(seq.incrementAndGet(), ts.now(by), g, m, p, cause);
    }

    /** A batch event's head, and its Gs with the causes they had before it ({@link #numberBatch}). */
    record Batch(Event.Head head, List<Event.Moved> moved) { }

    /**
     * Numbers the event that moves {@code gs} ({@code named}: the G it names), lists them with the causes they had, and
     * makes it their cause. Call it while they are claimed and not yet published ({@link RunQueue.Claimed}).
     */
    Batch numberBatch(EngineThread by, int m, int p, Goroutine[] gs, Goroutine named) {
        Event.Moved[] moved = new Event.Moved[gs.length];
        for (int i = 0; i < gs.length; i++) moved[i] = new Event.Moved(gs[i].goid, gs[i].cause);
        Event.Head h = at(by, named.goid, m, p, named.cause);
        for (Goroutine g : gs) g.cause = h.seq();
        return new Batch(h, List.of(moved));
    }

    void emit(Event e) {
        if (sink == null) return;
        sink.accept(e);
    }
}
