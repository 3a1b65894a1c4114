package org.gmplab.model;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;

/**
 * What the view shows, as JavaFX properties: the current world (read-only), a bounded event log, the
 * playback state and the selection. FX thread only — including {@link #poll}, which the frame clock
 * ({@link FramePump}) calls once per video frame to take the latest {@link Frame} from the driver's slot.
 * Nothing here needs a display, so it is unit-tested directly.
 *
 * <p>Read-only properties ({@code snapshot}, {@code position}, {@code end}, {@code playing},
 * {@code finished}) change only through {@link #apply}; {@code mode}, {@code speed} and {@code selection}
 * are the user's and are read by whoever drives the run.
 */
public final class GmpModel {
    /** Default cap of the event log: the oldest lines go first. */
    public static final int DEFAULT_LOG_CAP = 10_000;

    public enum Mode { STEP, LIVE }

    private final int logCap;
    private final ReadOnlyObjectWrapper<Snapshot> snapshot = new ReadOnlyObjectWrapper<>(this, "snapshot");
    private final ObservableList<Event> log = FXCollections.observableArrayList();
    private final ObservableList<Event> logView = FXCollections.unmodifiableObservableList(log);
    private final ReadOnlyLongWrapper position = new ReadOnlyLongWrapper(this, "position");
    private final ReadOnlyLongWrapper end = new ReadOnlyLongWrapper(this, "end");
    private final ReadOnlyBooleanWrapper playing = new ReadOnlyBooleanWrapper(this, "playing");
    private final ReadOnlyBooleanWrapper finished = new ReadOnlyBooleanWrapper(this, "finished");
    private final ObjectProperty<Mode> mode = new SimpleObjectProperty<>(this, "mode", Mode.STEP);
    private final DoubleProperty speed = new SimpleDoubleProperty(this, "speed", 1.0);
    private final ObjectProperty<Selection> selection = new SimpleObjectProperty<>(this, "selection");
    private long frames;

    public GmpModel() { this(DEFAULT_LOG_CAP); }

    public GmpModel(int logCap) {
        if (logCap < 1) throw new IllegalArgumentException("log cap must be ≥ 1");
        this.logCap = logCap;
    }

    /** FX thread, once per video frame: applies the latest frame if one was published. Returns whether one was. */
    public boolean poll(LatestSlot slot) {
        Frame f = slot.take();
        if (f == null) return false;
        apply(f);
        return true;
    }

    /** FX thread: shows {@code f}. */
    public void apply(Frame f) {
        frames++;
        if (f.reset()) log.clear();
        if (!f.events().isEmpty()) {
            int overflow = log.size() + f.events().size() - logCap;
            if (overflow >= log.size()) {
                log.setAll(f.events().subList(Math.max(0, f.events().size() - logCap), f.events().size()));
            } else {
                if (overflow > 0) log.remove(0, overflow);
                log.addAll(f.events());
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

    /** The latest events, oldest first, at most {@link #logCap()} of them (unmodifiable). */
    public ObservableList<Event> eventLog() { return logView; }
    public int logCap() { return logCap; }

    /** The event index (history position) of the world shown. */
    public ReadOnlyLongProperty positionProperty() { return position.getReadOnlyProperty(); }
    public long getPosition() { return position.get(); }

    /** The end of the recorded history. */
    public ReadOnlyLongProperty endProperty() { return end.getReadOnlyProperty(); }

    public ReadOnlyBooleanProperty playingProperty() { return playing.getReadOnlyProperty(); }
    public boolean isPlaying() { return playing.get(); }

    public ReadOnlyBooleanProperty finishedProperty() { return finished.getReadOnlyProperty(); }

    public ObjectProperty<Mode> modeProperty() { return mode; }

    /** Step mode: major steps per second; live mode: virtual ns per wall ns. */
    public DoubleProperty speedProperty() { return speed; }

    public ObjectProperty<Selection> selectionProperty() { return selection; }

    /** Frames applied so far (for tests and a frame-rate readout). */
    public long framesApplied() { return frames; }
}
