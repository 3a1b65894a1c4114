package org.gmplab.lessons.player;

import java.util.List;

import org.gmplab.engine.Engine;
import org.gmplab.model.GmpModel;
import org.gmplab.model.Moment;
import org.gmplab.scenario.Scenario;
import org.gmplab.lessons.Lesson;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.view.SchedulerView;

/**
 * Where the lesson player shows a lesson's moments. On its own the player paints the canvas; in the window
 * it moves the window's transport instead, so the timeline, event log and schedtrace follow the lesson, and
 * "try it yourself" hands the learner the real controls.
 */
public interface Screen {
    /**
     * Shows the moment a fresh run of {@code run} (the lesson's scenario, with the scheduler of its last
     * restart) reaches at position {@code position} (events run), then at virtual time {@code time} when it is
     * ≥ 0 (where a time step ends). {@code snapshot} and {@code events} are that moment and the events that
     * led to it, as the lesson ran them.
     */
    void show(Lesson lesson, Scenario run, long position, long time, Snapshot snapshot, List<Event> events);

    /** Whether the learner has the controls ("try it yourself") rather than the lesson. */
    void setFree(boolean free);

    /** No lesson is open any more: whatever the lesson held goes back to the window. */
    void release();

    /** Whether there are controls to hand over; if not, the player offers its own Step button while trying. */
    boolean hasControls();

    /** The model of the moments shown, which the player's program pane follows. */
    GmpModel model();

    /** The canvas alone: moments are painted as the lesson ran them, and given to a model of the screen's own. */
    static Screen canvas(SchedulerView view) {
        GmpModel model = new GmpModel();
        return new Screen() {
            @Override public void show(Lesson l, Scenario run, long position, long time, Snapshot s, List<Event> events) {
                // the caption in the language the canvas paints its words in (its font has the glyphs for it)
                view.setCaption(l.title().in(view.wording().lang()));
                view.show(s, events);
                model.apply(new Moment(s, events, true, Moment.ALL, position, position, false, false, Engine.Mode.STEP, run,
                        java.util.Set.of(), Moment.Say.NOTHING, List.of()));
            }
            @Override public GmpModel model() { return model; }
            @Override public void setFree(boolean free) { }
            @Override public void release() { }
            @Override public boolean hasControls() { return false; }
        };
    }
}
