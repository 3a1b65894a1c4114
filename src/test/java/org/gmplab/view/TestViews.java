package org.gmplab.view;

import java.util.List;
import java.util.function.Predicate;

import org.gmplab.snapshot.Snapshot;

/** Canvases for tests of other packages. */
public final class TestViews {
    private TestViews() { }

    /** A canvas whose painting throws for every snapshot {@code bad} accepts (before anything of it is drawn). */
    public static SchedulerView failingOn(Predicate<Snapshot> bad) {
        Painter failing = (g, f) -> { if (bad.test(f.snap())) throw new IllegalStateException("painter broke"); };
        return new SchedulerView(List.of(failing, new CardPainter(), new RingPainter(), new TokenPainter(),
                new LabelPainter(), new MarkPainter()));
    }
}
