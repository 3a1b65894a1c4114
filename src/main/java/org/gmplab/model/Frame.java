package org.gmplab.model;

import java.util.ArrayList;
import java.util.List;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;

/**
 * One moment for the FX side to show, as the driver thread publishes it into the {@link LatestSlot}: the world,
 * where it stands in the run, how the event log changes, and what waits for it to be shown.
 *
 * <p>The log travels as an edit, not a copy, so a frame carries only the new lines however long the run (only
 * a reset carries all the log keeps): first the log is cleared if {@code reset}, then {@code events} are
 * appended, then the oldest lines beyond {@code logCap} go.
 * Two frames merged in the slot ({@link #after}) make the same edit as the two applied one after the other, so
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
 * @param whenShown run on the FX thread, in order, once this frame is shown: a command's completion, and what
 *                  the driver says about the moment (its status, a refusal, an error)
 */
public record Frame(Snapshot snapshot, List<Event> events, boolean reset, int logCap, long position, long end,
                    boolean playing, boolean finished, List<Runnable> whenShown) {
    /** A log cap that keeps every line (step mode: the log is the whole branch). */
    public static final int ALL = Integer.MAX_VALUE;

    public Frame {
        if (logCap < 1) throw new IllegalArgumentException("log cap must be ≥ 1");
        events = List.copyOf(events);
        whenShown = List.copyOf(whenShown);
    }

    /** This moment again, with nothing for the log, and {@code then} to run once it is shown. */
    public Frame again(Runnable then) {
        return new Frame(snapshot, List.of(), false, logCap, position, end, playing, finished, List.of(then));
    }

    /**
     * This frame published on top of {@code older}, which the FX thread has not taken yet: the newer moment
     * wins, the log edits are composed (a reset in this one drops the older's lines; a reset in the older one
     * stays), and everything waiting on either is kept, the older's first. Pure: the slot may call it more than
     * once under contention.
     */
    Frame after(Frame older) {
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
        return new Frame(snapshot, newest(all, logCap), reset || older.reset, logCap, position, end, playing, finished, then);
    }

    private Frame trimmed(List<Event> all) {
        return all.size() <= logCap ? this : new Frame(snapshot, newest(all, logCap), reset, logCap, position, end, playing, finished, whenShown);
    }

    /** The last {@code cap} of {@code l} (a view; the constructor copies it). */
    static <T> List<T> newest(List<T> l, int cap) {
        return l.size() <= cap ? l : l.subList(l.size() - cap, l.size());
    }
}
