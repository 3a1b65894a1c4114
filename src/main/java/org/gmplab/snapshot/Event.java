package org.gmplab.snapshot;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One scheduling decision, with its actors and the rule that made it.
 *
 * @param seq     position in the run, from 1
 * @param time    virtual time in nanoseconds (wall time since start, scaled, in live mode)
 * @param g       goid of the goroutine concerned, or -1
 * @param m       id of the M that acted, or -1
 * @param p       id of the P concerned, or -1
 * @param details the rule's numbers by name (e.g. {@code victim}, {@code took}), in a fixed order
 * @param why     the rule in words, with its numbers, for the event log
 */
public record Event(long seq, long time, EventKind kind, long g, int m, int p, Map<String, Long> details, String why) {
    public Event {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(why);
        details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }

    public long detail(String name) {
        Long v = details.get(name);
        if (v == null) throw new IllegalArgumentException(kind + " has no detail " + name);
        return v;
    }
}
