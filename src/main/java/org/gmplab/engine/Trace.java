package org.gmplab.engine;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.gmplab.snapshot.Event;

/**
 * Where scheduling points report what they decided: {@code trace.emit(new Event.Steal(trace.at(m, g, m, p), …))}.
 * An event holds only numbers and names the engine already has; its words are formatted when someone reads
 * them ({@link Event#why()}). Even so, call sites test {@link #on()} first: with no sink attached (live-mode
 * benchmarks) the scheduler pays one branch per decision and allocates nothing.
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

    void emit(Event e) {
        if (sink == null) return;
        sink.accept(e);
    }
}
