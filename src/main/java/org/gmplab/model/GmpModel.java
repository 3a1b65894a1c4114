package org.gmplab.model;

import java.util.List;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;

/**
 * What the views show, as JavaFX properties: the current world, the event log, where the run stands and
 * whether it plays (what is selected is the view's own: {@code SchedulerView.selectedProperty}). They change
 * only through {@link #apply}, which the frame clock ({@link FramePump}) calls at most once per video frame
 * with the latest {@link Frame}, so a view's listener runs once a frame however fast the driver goes. FX thread only (or any single thread
 * while no scene shows it: nothing here needs a display, so it is unit-tested directly).
 *
 * <p>The log changes before the world does, so a listener on {@link #snapshotProperty()} finds the events
 * that led to the new world already in {@link #eventLog()}.
 */
public final class GmpModel {
    private final ReadOnlyObjectWrapper<Snapshot> snapshot = new ReadOnlyObjectWrapper<>(this, "snapshot");
    private final ObservableList<Event> log = FXCollections.observableArrayList();
    private final ObservableList<Event> logView = FXCollections.unmodifiableObservableList(log);
    private final ReadOnlyLongWrapper position = new ReadOnlyLongWrapper(this, "position");
    private final ReadOnlyLongWrapper end = new ReadOnlyLongWrapper(this, "end");
    private final ReadOnlyBooleanWrapper playing = new ReadOnlyBooleanWrapper(this, "playing");
    private final ReadOnlyBooleanWrapper finished = new ReadOnlyBooleanWrapper(this, "finished");
    private long frames;

    /** Shows {@code f}: its edit of the log first, then its world and playback state. */
    public void apply(Frame f) {
        frames++;
        List<Event> add = Frame.newest(f.events(), f.logCap());
        if (f.reset()) {
            log.setAll(add);
        } else if (!add.isEmpty()) {
            int overflow = log.size() + add.size() - f.logCap();   // lines beyond the cap: the oldest go
            if (overflow >= log.size()) {
                log.setAll(add);
            } else {
                if (overflow > 0) log.remove(0, overflow);
                log.addAll(add);
            }
        }
        snapshot.set(f.snapshot());
        position.set(f.position());
        end.set(f.end());
        playing.set(f.playing());
        finished.set(f.finished());
    }

    public ReadOnlyObjectProperty<Snapshot> snapshotProperty() { return snapshot.getReadOnlyProperty(); }
    public Snapshot getSnapshot() { return snapshot.get(); }

    /**
     * The log, oldest first (unmodifiable): in step mode every event of the branch the driver has shown, in
     * live mode the newest ones — as the frames' {@link Frame#logCap} says.
     */
    public ObservableList<Event> eventLog() { return logView; }

    /** The event index (history position) of the world shown. */
    public ReadOnlyLongProperty positionProperty() { return position.getReadOnlyProperty(); }
    public long getPosition() { return position.get(); }

    /** The end of the recorded history. */
    public ReadOnlyLongProperty endProperty() { return end.getReadOnlyProperty(); }

    public ReadOnlyBooleanProperty playingProperty() { return playing.getReadOnlyProperty(); }
    public boolean isPlaying() { return playing.get(); }

    public ReadOnlyBooleanProperty finishedProperty() { return finished.getReadOnlyProperty(); }

    /** What the user has picked in the view (the user's to set). */

    /** Frames applied so far (for tests and a frame-rate readout). */
    public long framesApplied() { return frames; }
}
