package org.gmplab.controls;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;

import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

import org.gmplab.history.RunOutline;
import org.gmplab.session.Driver;

/**
 * The {@link RunOutline} of the run a controller shows, for the timeline: scanned in the background — one
 * scan at a time for the whole program, on a thread of low priority — whenever the run may have changed
 * ({@link #refresh}: another scenario, an action injected), unless it is the same scenario with the same
 * actions as the outline already has. A new scan cancels the one under way; so does {@link #stop}. Until a
 * scan ends (or if it fails) there is no outline, and the timeline covers what is explored. FX thread.
 */
final class RunOutliner {
    /** One thread for every window's scans: they run beside the engine the window drives, and should not crowd it. */
    private static final ExecutorService SCANS = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "gmplab-outline");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        return t;
    });

    private final Driver c;
    private final ReadOnlyObjectWrapper<RunOutline> outline = new ReadOnlyObjectWrapper<>(this, "outline");
    private List<Object> scanned;          // the scenario and actions of the outline shown or being scanned
    private AtomicBoolean cancelled = new AtomicBoolean();
    private boolean on;                    // between refresh() and stop(): a session that comes back after stop() starts nothing

    RunOutliner(Driver c) { this.c = c; }

    /** The outline of the run shown, or null while it is not known. */
    ReadOnlyObjectProperty<RunOutline> outlineProperty() { return outline.getReadOnlyProperty(); }

    /** Asks the controller which run it shows (scenario and actions) and scans it, unless that is the run scanned. */
    void refresh() {
        on = true;
        c.session(Map.of()).whenCompleteAsync((s, notSession) -> {
            if (notSession != null) {   // a real Go run: not an engine run to scan; the old run's outline must not stay
                stop();
                on = true;
                return;
            }
            List<Object> run = List.of(s.scenario(), s.actions());
            if (!on || run.equals(scanned)) return;
            stop();
            on = true;
            scanned = run;
            AtomicBoolean cancel = cancelled = new AtomicBoolean();
            // the scans of all windows share one thread: a closed window's scan, or one waiting for the thread,
            // stops at its next safe point, so it does not hold up the scans of the windows still open
            CompletableFuture.supplyAsync(() -> RunOutline.scan(s.scenario(), s.actions(), RunOutline.MAX_EVENTS,
                    () -> cancel.get() || c.closed()), SCANS)
                    // a run that cannot be replayed has no outline: the timeline keeps to what is explored
                    .whenCompleteAsync((o, failed) -> { if (!cancel.get() && o != null) outline.set(o); }, Platform::runLater);
        }, Platform::runLater);
    }

    /** Cancels the scan under way, if any, and forgets the outline (the next {@link #refresh} scans again). */
    void stop() {
        on = false;
        cancelled.set(true);
        scanned = null;
        outline.set(null);
    }
}
