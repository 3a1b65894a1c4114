package org.gmplab.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

import org.gmplab.engine.Action;
import org.gmplab.engine.Engine;
import org.gmplab.engine.Limit;
import org.gmplab.engine.Outcome;
import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;

/**
 * A whole step-mode run at a glance, for a timeline that covers the run and not only the part a history has
 * explored: how many events the run makes to its end, where its notable moments lie ({@link #MARKED}: steals,
 * hand-offs, retakes, preemptions), and each event's kind, with its time sampled every {@value #TIME_EVERY}
 * events. {@link #scan} finds it by running the same scenario with the same recorded actions to its end in an
 * engine of its own ({@link Replay}): step mode is deterministic, so these are the events the history meets
 * when it explores that far. The events go through a sink as the run makes them; only the outline is kept
 * (a byte an event, a long every {@value #TIME_EVERY}).
 *
 * <p>Immutable once scanned; any thread.
 */
public final class RunOutline {
    /** A scan stops after this many events, as {@code gmplab run}'s default {@code --max-events} does: the end of a runaway run is not known. */
    public static final long MAX_EVENTS = 5_000_000;
    /** The kinds a timeline marks: {@code runqsteal}, {@code handoffp}, {@code retake}, {@code gopreempt_m}. */
    public static final Set<EventKind> MARKED = EnumSet.of(EventKind.STEAL, EventKind.HANDOFFP, EventKind.RETAKE, EventKind.PREEMPT);
    /** Events between two times kept. */
    static final int TIME_EVERY = 16;

    /** A notable event: where on the timeline ({@code seq}), when, and what. */
    public record Mark(long seq, long time, EventKind kind) { }

    private final long end;
    private final long endTime;
    private final String stoppedBy;
    private final List<Mark> marks;
    private final byte[] kinds;     // kinds[seq - 1]: the ordinal of event seq's kind
    private final long[] times;     // times[i]: the time of event 1 + i * TIME_EVERY
    private final int count;        // events kept in kinds

    private static final EventKind[] KINDS = EventKind.values();

    private RunOutline(long end, long endTime, String stoppedBy, List<Mark> marks, byte[] kinds, long[] times, int count) {
        this.end = end;
        this.endTime = endTime;
        this.stoppedBy = stoppedBy;
        this.marks = List.copyOf(marks);
        this.kinds = kinds;
        this.times = times;
        this.count = count;
    }

    /**
     * Runs {@code scenario} with {@code actions} (a history's {@link History#actions()}) to its end, or to
     * {@code maxEvents} events, on this thread. Returns null if {@code cancelled} answered true on the way (it is
     * asked at every safe point, so it must be cheap).
     *
     * @throws IllegalArgumentException if an action does not apply where it was recorded
     * @throws IllegalStateException    if the run does not reproduce the recorded one
     */
    public static RunOutline scan(Scenario scenario, List<Action.AppliedAction> actions, long maxEvents, BooleanSupplier cancelled) {
        String cancel = "cancelled";
        Limit budget = Limit.events(maxEvents, "(the timeline's scan of the run)");
        Limit asked = e -> cancelled.getAsBoolean() ? cancel : null;
        Sink sink = new Sink();
        try (Engine e = Replay.to(scenario, actions, Replay.TO_END, Long.MAX_VALUE, sink, budget, asked)) {
            Outcome o = e.outcome();
            if (cancelled.getAsBoolean() || (o != null && cancel.equals(o.message()))) return null;
            // a run the budget stopped has no known end; one the engine's memory budget stopped ends there in the history too
            String stoppedBy = o != null && o.kind() == Outcome.Kind.STOPPED && o.message().equals(budget.exceeded(e)) ? o.message() : null;
            return new RunOutline(e.eventCount(), e.snapshot().time(), stoppedBy, sink.marks, sink.kinds, sink.times, sink.count);
        }
    }

    /** The run's last position: the number of events it makes, to its end or to where the scan stopped. */
    public long end() { return end; }

    /** The virtual time of the last position, ns. */
    public long endTime() { return endTime; }

    /** True if the run was followed to its end (the program ended); false if the scan's event budget stopped it. */
    public boolean complete() { return stoppedBy == null; }

    /** Why the scan stopped before the run's end, or null if it did not. */
    public String stoppedBy() { return stoppedBy; }

    /** The events of the kinds in {@link #MARKED}, in seq order. */
    public List<Mark> marks() { return marks; }

    /** The kind of event {@code seq}, or null if the outline does not reach it. */
    public EventKind kind(long seq) {
        return seq < 1 || seq > count ? null : KINDS[kinds[(int) (seq - 1)]];
    }

    /** The time of event {@code seq}, or of the nearest event before it that the outline kept (at most {@value #TIME_EVERY} earlier); -1 if none. */
    public long timeNear(long seq) {
        if (seq < 1 || seq > count) return -1;
        return times[(int) ((seq - 1) / TIME_EVERY)];
    }

    /** Whether {@link #timeNear} is the exact time of event {@code seq}. */
    public boolean timeExact(long seq) { return seq >= 1 && seq <= count && (seq - 1) % TIME_EVERY == 0; }

    /** Collects the outline from the events as the run makes them. */
    private static final class Sink implements java.util.function.Consumer<Event> {
        final List<Mark> marks = new ArrayList<>();
        byte[] kinds = new byte[4096];
        long[] times = new long[4096 / TIME_EVERY];
        int count;

        @Override
        public void accept(Event e) {
            if (e.seq() != count + 1L) return;   // seqs are 1, 2, 3…; anything else would shift the index
            if (count == kinds.length) kinds = Arrays.copyOf(kinds, count * 2);
            kinds[count] = (byte) e.kind().ordinal();
            if (count % TIME_EVERY == 0) {
                int i = count / TIME_EVERY;
                if (i == times.length) times = Arrays.copyOf(times, i * 2);
                times[i] = e.time();
            }
            count++;
            if (MARKED.contains(e.kind())) marks.add(new Mark(e.seq(), e.time(), e.kind()));
        }
    }
}
