package org.gmplab.model;

import java.util.List;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;

/**
 * The one thing the views read, as JavaFX properties: the current world, the event log, where the run stands
 * and whether it plays, the mode and scenario, the Gs with an injected action pending, and the session's
 * words about the moment (status, refusal, error). The canvas, the event log, the schedtrace pane, the
 * inspector, the timeline and the lesson player all bind to one model, so they all show the same moment.
 * What is selected is the view's own ({@code SchedulerView.selectionProperty}).
 *
 * <p>They change only through {@link #apply}, which the frame clock ({@link FramePump}) calls at most once
 * per video frame with the latest {@link Moment}, so a view's listener runs once a frame however fast the
 * driver goes — and everything about a moment changes in that one pulse. FX thread only (or any single
 * thread while no scene shows it: nothing here needs a display, so it is unit-tested directly). The FX side
 * edits only the words: {@link #refuse} (input that makes no action) and {@link #dismissError}.
 *
 * <p>The order within a pulse: the log, the scenario, mode and pending Gs, where the run stands, then the
 * world, then the words. So a listener on {@link #snapshotProperty()} finds the events that led to the new
 * world already in {@link #eventLog()} and its position, mode and playing state in place, and a listener on
 * the words finds the whole moment they are about.
 */
public final class GmpModel {
    private final ReadOnlyObjectWrapper<Snapshot> snapshot = new ReadOnlyObjectWrapper<>(this, "snapshot");
    private final ObservableList<Event> log = FXCollections.observableArrayList();
    private final ObservableList<Event> logView = FXCollections.unmodifiableObservableList(log);
    private final ReadOnlyLongWrapper position = new ReadOnlyLongWrapper(this, "position");
    private final ReadOnlyLongWrapper end = new ReadOnlyLongWrapper(this, "end");
    private final ReadOnlyBooleanWrapper playing = new ReadOnlyBooleanWrapper(this, "playing");
    private final ReadOnlyBooleanWrapper finished = new ReadOnlyBooleanWrapper(this, "finished");
    private final ReadOnlyObjectWrapper<Engine.Mode> mode = new ReadOnlyObjectWrapper<>(this, "mode", Engine.Mode.STEP);
    private final ReadOnlyObjectWrapper<Scenario> scenario = new ReadOnlyObjectWrapper<>(this, "scenario");
    private final ReadOnlyObjectWrapper<java.util.Set<Long>> pending = new ReadOnlyObjectWrapper<>(this, "pending", java.util.Set.of());
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyStringWrapper refusal = new ReadOnlyStringWrapper(this, "refusal", "");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private long frames;

    /** Shows {@code f}: its edit of the log first, then its world and playback state. */
    public void apply(Moment f) {
        frames++;
        List<Event> add = Moment.newest(f.events(), f.logCap());
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
        if (f.scenario() != null) scenario.set(f.scenario());
        mode.set(f.mode());
        pending.set(f.pending());
        position.set(f.position());
        end.set(f.end());
        playing.set(f.playing());
        finished.set(f.finished());
        snapshot.set(f.snapshot());   // the world after where it stands: its listeners (the canvas) find both in place
        // the words last: whoever reacts to them (the status line, the error bar) finds the moment they are about in place
        if (f.say().status() != null) status.set(f.say().status());
        if (f.say().refusal() != null) refusal.set(f.say().refusal());
        if (f.say().error() != null) error.set(f.say().error());
    }

    public ReadOnlyObjectProperty<Snapshot> snapshotProperty() { return snapshot.getReadOnlyProperty(); }
    public Snapshot getSnapshot() { return snapshot.get(); }

    /**
     * The log, oldest first (unmodifiable): in step mode every event of the branch the driver has shown, in
     * live mode the newest ones — as the frames' {@link Moment#logCap} says.
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

    /** Step (the recorded history) or live (real threads). */
    public ReadOnlyObjectProperty<Engine.Mode> modeProperty() { return mode.getReadOnlyProperty(); }

    /** The scenario being run. */
    public ReadOnlyObjectProperty<Scenario> scenarioProperty() { return scenario.getReadOnlyProperty(); }

    /**
     * The goids of the Gs that have an action injected and not yet taken (it waits for their next scheduling
     * point): the canvas marks them, so an injection is visible at once.
     */
    public ReadOnlyObjectProperty<java.util.Set<Long>> pendingProperty() { return pending.getReadOnlyProperty(); }

    /** What the last command did, in words (e.g. which breakpoint stopped the run), in English. */
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }

    /** The last refused action's message ("" after a later action applied). */
    public ReadOnlyStringProperty refusalProperty() { return refusal.getReadOnlyProperty(); }

    /** The last error (engine crash, fatal error, failed replay); "" when dismissed. */
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }

    /** Shows {@code message} as a refusal (e.g. input that does not make an action); the next moment's refusal replaces it. */
    public void refuse(String message) { refusal.set(message == null ? "" : message); }

    /** Hides the error; the app goes on. */
    public void dismissError() { error.set(""); }

    /** Frames applied so far (for tests and a frame-rate readout). */
    public long framesApplied() { return frames; }
}
