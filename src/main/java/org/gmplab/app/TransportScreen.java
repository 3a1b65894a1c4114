package org.gmplab.app;

import java.util.List;
import java.util.function.Supplier;

import org.gmplab.session.Driver;
import org.gmplab.controls.ControlsPane;
import org.gmplab.scenario.Scenario;
import org.gmplab.lessons.Lesson;
import org.gmplab.lessons.player.Screen;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.view.SchedulerView;

/**
 * The lesson player's screen in the window: a lesson's moment is reached by the window's own session, on a
 * run of the lesson's scenario that the session loads, and shown through its model, so the canvas, timeline,
 * event log and schedtrace show the lesson's moment as one. Step mode is deterministic, so the session's
 * moment is the one the lesson checked (every lesson's steps are tested for it). While the lesson drives, the
 * transport is locked; "try it yourself" unlocks it, and the next lesson moment starts from a fresh run, since
 * the learner may have branched it.
 */
final class TransportScreen implements Screen {
    private final Driver driver;
    private final ControlsPane pane;
    private final SchedulerView view;
    private final Supplier<String> note;
    private Scenario mine;       // the run this screen loaded, while the session still shows it
    private Lesson lesson;       // the lesson shown last, while shown (null after release)
    private boolean free;

    /** {@code note} says, in the learner's language, why the transport is locked and which keys drive the lesson. */
    TransportScreen(Driver driver, ControlsPane pane, SchedulerView view, Supplier<String> note) {
        this.driver = driver;
        this.pane = pane;
        this.view = view;
        this.note = note;
    }

    @Override
    public void show(Lesson lesson, Scenario run, long position, long time, Snapshot snapshot, List<Event> events) {
        this.lesson = lesson;
        if (mine != run) {   // a fresh run of the lesson's scenario (a restart, or first show)
            mine = run;
            driver.load(run).thenRun(() -> view.setCaption(lesson.title().in(pane.language().language())));
        }
        Scenario expected = mine;
        // Someone else (the editor, a session opened) may have loaded another run since: then load ours again.
        driver.forwardTo(expected, position, time).thenAccept(ok -> {
            if (!ok && mine == expected && this.lesson == lesson) {
                mine = null;
                show(lesson, run, position, time, snapshot, events);
            }
        });
        if (!free) pane.lock(note());
        pane.holdProgram(true);   // the lesson's program beside the canvas, above the event log
    }

    @Override
    public void setFree(boolean on) {
        if (lesson == null) return;   // released: no lesson holds the window
        free = on;
        if (!on) view.setCaption(lesson.title().in(pane.language().language()));   // also after a language change
        if (on) mine = null;   // the learner may inject or go live: the next lesson moment needs a fresh run
        pane.lock(on ? null : note());
    }

    @Override
    public void release() {
        free = false;
        lesson = null;
        mine = null;   // while hidden, the window is the learner's: the next show starts a fresh run
        pane.lock(null);
        pane.holdProgram(false);
    }

    @Override
    public boolean hasControls() { return true; }

    @Override
    public org.gmplab.model.GmpModel model() { return driver.model(); }

    private String note() { return note.get(); }
}
