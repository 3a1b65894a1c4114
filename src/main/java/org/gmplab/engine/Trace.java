package org.gmplab.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;

/**
 * Where scheduling points report what they decided. Building an event (and its "why") costs far more
 * than the decision itself, so call sites test {@link #on()} first; with no sink attached (live-mode
 * benchmarks) the scheduler pays one branch per decision.
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

    void emit(EngineThread by, EventKind kind, long g, int m, int p, Map<String, Long> details, String why) {
        if (sink == null) return;
        sink.accept(new Event(seq.incrementAndGet(), ts.now(by), kind, g, m, p, details, why));
    }

    /** Details in the given order: {@code d("victim", 1, "took", 3)}. */
    static Map<String, Long> d(Object... kv) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], ((Number) kv[i + 1]).longValue());
        return m;
    }
}
