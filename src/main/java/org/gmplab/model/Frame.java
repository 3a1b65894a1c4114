package org.gmplab.model;

import java.util.ArrayList;
import java.util.List;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;

/**
 * What a driver publishes for the next video frame: the latest world, the events that happened since the
 * previous frame was taken (at most {@code cap}, the newest), and the playback state.
 *
 * @param position the history position of {@code snapshot} (live mode: its event count)
 * @param end      the end of the recorded history (live mode: equal to {@code position})
 * @param playing  whether the driver is playing
 * @param finished whether the program has ended at {@code end}
 * @param reset    the model should clear its event log first (the run jumped, e.g. stepped back)
 */
public record Frame(Snapshot snapshot, List<Event> events, long position, long end, boolean playing, boolean finished, boolean reset) {
    public Frame {
        events = List.copyOf(events);
    }

    /**
     * This frame published on top of {@code older}, which the model has not taken yet: the newer world
     * wins, the events of both are kept (the newest {@code cap} of them), and a reset in either stays.
     */
    Frame after(Frame older, int cap) {
        if (older == null || reset) return trimmed(cap);
        List<Event> all = new ArrayList<>(older.events.size() + events.size());
        all.addAll(older.events);
        all.addAll(events);
        if (all.size() > cap) all = all.subList(all.size() - cap, all.size());
        return new Frame(snapshot, all, position, end, playing, finished, older.reset);
    }

    private Frame trimmed(int cap) {
        return events.size() <= cap ? this
                : new Frame(snapshot, events.subList(events.size() - cap, events.size()), position, end, playing, finished, reset);
    }
}
