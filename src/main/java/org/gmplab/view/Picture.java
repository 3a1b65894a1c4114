package org.gmplab.view;

import org.gmplab.snapshot.Snapshot;
import org.gmplab.i18n.Wording;

/**
 * What one frame draws: the target snapshot and its layout, the theme, and (while animating) the transition
 * and its eased progress; {@code markAlpha} fades the marks after the tokens arrive; {@code wording} gives the
 * painters their words and font; {@code pending} the goids of the Gs with an injected action they have not taken
 * yet (marked until their next scheduling point).
 */
public record Picture(Snapshot snap, Layout layout, Theme theme, Transition transition, double progress, double markAlpha,
                    String caption, Wording wording, java.util.Set<Long> pending) {
    /** Where to draw the token of {@code goid} in this frame, or null if it has no token of its own. */
    public Rect token(long goid) {
        return transition == null ? layout.tokens.get(goid) : transition.position(goid, progress);
    }

    /**
     * What this frame draws at ({@code x}, {@code y}): the token on top there, where it is in this frame (mid-glide
     * too; tokens are painted in the snapshot's order, so the last one is on top), else an M, a P or a pool.
     */
    public Layout.Hit hit(double x, double y) {
        java.util.List<Snapshot.G> gs = snap.gs();
        for (int i = gs.size() - 1; i >= 0; i--) {
            Rect r = token(gs.get(i).goid());
            if (r != null && r.contains(x, y)) return new Layout.Hit(Layout.Hit.Kind.G, gs.get(i).goid(), null);
        }
        return layout.hitPlace(x, y);
    }
}
