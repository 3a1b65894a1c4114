package org.gmplab.view;

import org.gmplab.snapshot.Snapshot;

/**
 * What one frame draws: the target snapshot and its layout, the theme, and (while animating) the transition
 * and its eased progress; {@code markAlpha} fades the marks after the tokens arrive; {@code wording} gives the
 * painters their words and font.
 */
public record Frame(Snapshot snap, Layout layout, Theme theme, Transition transition, double progress, double markAlpha,
                    String caption, Wording wording) {
    /** Where to draw the token of {@code goid} in this frame, or null if it has no token of its own. */
    public Rect token(long goid) {
        return transition == null ? layout.tokens.get(goid) : transition.position(goid, progress);
    }
}
