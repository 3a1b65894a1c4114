package org.gmplab.model;

import java.util.ArrayList;
import java.util.List;

import java.util.Set;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;

/**
 * One moment for the FX side to show, as the session's driver thread publishes it into the {@link LatestSlot}:
 * the world, where it stands in the run, how the event log changes, the mode and scenario it is of, the Gs
 * with an injected action still to take, what the session says about it, and what waits for it to be shown.
 * Everything about a moment travels in this one immutable record, so the {@link GmpModel} changes it all in
 * the same pulse: no view can show the words of one moment over the world of another.
 *
 * <p>The log travels as an edit, not a copy, so a moment carries only the new lines however long the run (only
 * a reset carries all the log keeps): first the log is cleared if {@code reset}, then {@code events} are
 * appended, then the oldest lines beyond {@code logCap} go.
 * Two moments merged in the slot ({@link #after}) make the same edit as the two applied one after the other, so
 * no line is lost or shown twice because the FX thread was slower than the driver.
 *
 * @param snapshot  the world shown (null only before the driver's first moment)
 * @param events    the lines to append to the log, in the order they happened
 * @param reset     clear the log first (another run, a new branch, a switch of mode); {@code events} then hold it all
 * @param logCap    the most lines the log keeps, the newest; a driver changes it only together with a reset
 * @param position  the history position shown: of {@code snapshot} in step mode, where step mode was left in live mode
 * @param end       the end of the recorded history
 * @param playing   whether the driver is playing (or the live world runs)
 * @param finished  whether the program has ended and this is its last moment
 * @param mode      step (the recorded history) or live (real threads)
 * @param scenario  the scenario being run (null only before the driver's first moment)
 * @param pending   the goids of Gs with an action injected that they have not taken yet (at their next
 *                  scheduling point): the canvas marks them
 * @param say       what the session says about this moment: its status, a refusal, an error (each an edit)
 * @param whenShown run on the FX thread, in order, once this moment is shown: a command's completion
 */
public record Moment(Snapshot snapshot, List<Event> events, boolean reset, int logCap, long position, long end,
                     boolean playing, boolean finished, Engine.Mode mode, Scenario scenario, Set<Long> pending,
                     Say say, List<Runnable> whenShown) {
    /** A log cap that keeps every line (step mode: the log is the whole branch). */
    public static final int ALL = Integer.MAX_VALUE;

    /**
     * The session's words about a moment, each an edit of what the window shows: null leaves it as it is, ""
     * clears it. A refusal and an error stay until replaced or dismissed; the status is replaced by the next.
     *
     * @param status  what the last command did, in words (e.g. which breakpoint stopped the run)
     * @param refusal why the last action asked was refused
     * @param error   an engine crash, a fatal error, a failed replay
     */
    public record Say(String status, String refusal, String error) {
        /** Says nothing new. */
        public static final Say NOTHING = new Say(null, null, null);

        public static Say status(String s) { return new Say(s, null, null); }

        /** {@code newer} said after this, before both were shown: for each word the newer edit wins. */
        Say then(Say newer) {
            return new Say(newer.status != null ? newer.status : status, newer.refusal != null ? newer.refusal : refusal,
                    newer.error != null ? newer.error : error);
        }
    }

    public Moment {
        if (logCap < 1) throw new IllegalArgumentException("log cap must be ≥ 1");
        events = List.copyOf(events);
        pending = Set.copyOf(pending);
        java.util.Objects.requireNonNull(mode);
        java.util.Objects.requireNonNull(say);
        whenShown = List.copyOf(whenShown);
    }

    /** A step-mode moment of no scenario in particular that says nothing (tests of the model). */
    public Moment(Snapshot snapshot, List<Event> events, boolean reset, int logCap, long position, long end,
                  boolean playing, boolean finished, List<Runnable> whenShown) {
        this(snapshot, events, reset, logCap, position, end, playing, finished, Engine.Mode.STEP, null, Set.of(), Say.NOTHING, whenShown);
    }

    /** This moment again, with nothing for the log, saying {@code say}, and {@code then} (may be null) to run once it is shown. */
    public Moment again(Say say, Runnable then) {
        return new Moment(snapshot, List.of(), false, logCap, position, end, playing, finished, mode, scenario, pending, say,
                then == null ? List.of() : List.of(then));
    }

    /** This moment again, with nothing for the log and nothing new to say, and {@code then} to run once it is shown. */
    public Moment again(Runnable then) { return again(Say.NOTHING, then); }

    /**
     * This moment published on top of {@code older}, which the FX thread has not taken yet: the newer moment
     * wins, the log edits are composed (a reset in this one drops the older's lines; a reset in the older one
     * stays), the words are composed ({@link Say#then}), and everything waiting on either is kept, the older's first. Pure: the slot may call it more than
     * once under contention.
     */
    Moment after(Moment older) {
        if (older == null) return trimmed(events);
        List<Runnable> then = new ArrayList<>(older.whenShown.size() + whenShown.size());
        then.addAll(older.whenShown);
        then.addAll(whenShown);
        List<Event> all = events;
        if (!reset) {
            all = new ArrayList<>(older.events.size() + events.size());
            all.addAll(older.events);
            all.addAll(events);
        }
        return new Moment(snapshot, newest(all, logCap), reset || older.reset, logCap, position, end, playing, finished, mode, scenario,
                pending, older.say.then(say), then);
    }

    private Moment trimmed(List<Event> all) {
        return all.size() <= logCap ? this
                : new Moment(snapshot, newest(all, logCap), reset, logCap, position, end, playing, finished, mode, scenario, pending, say, whenShown);
    }

    /** The last {@code cap} of {@code l} (a view; the constructor copies it). */
    static <T> List<T> newest(List<T> l, int cap) {
        return l.size() <= cap ? l : l.subList(l.size() - cap, l.size());
    }
}
