package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/** The ring's grid, presenter mode's readable sizes, and the focus on one or two Ps. */
class PresenterLayoutTest {
    static final Layout.Options PRESENTER = Layout.Options.of(Theme.named("projector").typeScale).presenting(true);

    @Test
    void aWiderOrTallerAreaNeverGivesARingSmallerSlots() {
        for (int cap : new int[] {256, 128, 17, 1})
            for (double minSlot : new double[] {0, 28})
                for (double h = 10; h < 700; h += 37) {
                    double last = 0;
                    for (double w = 10; w < 2000; w += 13) {
                        Layout.RingGrid g = Layout.RingGrid.best(cap, w, h, 60, minSlot);
                        assertThat(g.slot()).as("cap %d, min %s: %s×%s after %s", cap, minSlot, w, h, last).isGreaterThanOrEqualTo(last);
                        last = g.slot();
                    }
                }
        for (double w = 10; w < 2000; w += 97) {
            double last = 0;
            for (double h = 10; h < 700; h += 3) {
                Layout.RingGrid g = Layout.RingGrid.best(256, w, h, 60, 0);
                assertThat(g.slot()).as("%s×%s", w, h).isGreaterThanOrEqualTo(last);
                last = g.slot();
            }
        }
    }

    @Test
    void theRingsGridUsesBothDirections() {
        // a wide, low area: not 16 × 16 (sized by the height), but as many columns as make the slots largest
        Layout.RingGrid g = Layout.RingGrid.best(256, 600, 200, 100, 0);
        assertThat(g.cols() * g.rows()).isGreaterThanOrEqualTo(256);
        assertThat(g.cols() * g.slot()).isLessThanOrEqualTo(600);
        assertThat(g.rows() * g.slot()).isLessThanOrEqualTo(200);
        assertThat(g.slot()).isEqualTo(20.5);   // 29 × 9 of 20.5 px; powers of two of columns gave 32 × 8 of 18.75 at best
        assertThat(g.shown()).isEqualTo(g.rows());
        // the same area with every column count tried by hand finds nothing larger
        for (int c = 1; c <= 256; c++) {
            int r = (256 + c - 1) / c;
            assertThat(Math.min(600.0 / c, 200.0 / r)).isLessThan(g.slot() + 0.25);
        }
    }

    @Test
    void aRingTooBigForReadableSlotsShowsWholeRowsOfThemInstead() {
        Layout.RingGrid g = Layout.RingGrid.best(256, 600, 120, 44, 28);
        assertThat(g.slot()).isGreaterThanOrEqualTo(28);
        assertThat(g.cols()).isEqualTo(21);
        assertThat(g.shown()).isEqualTo(4);
        assertThat(g.rows()).isEqualTo(13);
        // where the whole ring reads, it is shown whole
        Layout.RingGrid whole = Layout.RingGrid.best(256, 900, 600, 44, 28);
        assertThat(whole.shown()).isEqualTo(whole.rows());
        assertThat(whole.slot()).isGreaterThanOrEqualTo(28);
    }

    @Test
    void presenterModeHasTokensOf28PxDigitsOf14PxAndCardTitlesOf20PxAt1280x720() {
        // a busy spawn1000 on 2 and 4 Ps, on the canvas presenter mode leaves at 1280×720 (a one-row toolbar,
        // the status line, and a two-line lesson caption or none)
        for (int procs : new int[] {2, 4})
            for (double h : new double[] {560, 640}) {
                Snapshot s = Worlds.spawn(procs, 3_000_000);
                Layout l = Layout.compute(s, 1280, h, PRESENTER);
                for (Layout.Card c : l.cards.values()) {
                    assertThat(c.compact()).as("%d Ps, h %s: P%d", procs, h, c.p()).isFalse();
                    assertThat(c.slot()).as("%d Ps, h %s: P%d's slots", procs, h, c.p()).isGreaterThanOrEqualTo(28);
                    assertThat(l.titleFont(c)).as("P%d's title", c.p()).isGreaterThanOrEqualTo(20);
                }
                for (Snapshot.Proc p : s.ps())
                    for (long goid : p.runq())
                        if (l.tokens.containsKey(goid) && goid < 1000)
                            assertThat(TokenPainter.fontSize(l.tokens.get(goid).w(), goid)).as("G%d's digits", goid).isGreaterThanOrEqualTo(14);
                assertNoOverlap(l.boxes());
                assertNoOverlap(new ArrayList<>(l.tokens.values()));
            }
    }

    @Test
    void aWindowedRingStartsAtTheHeadsRowAndAnchorsTheRestToTheRing() {
        // full rings of 256 (head at 1000 + 7p): more than the card can show at 28 px
        Snapshot s = Worlds.full(2, 256, 600);
        Layout l = Layout.compute(s, 1280, 600, PRESENTER);
        for (Snapshot.Proc p : s.ps()) {
            Layout.Card c = l.cards.get(p.id());
            assertThat(c.windowed()).isTrue();
            assertThat(c.firstRow()).isEqualTo(Math.floorMod(p.head(), 256) / c.cols());
            // the head's slot is in the window's first row, the queue follows it in order
            Rect head = c.slot(Math.floorMod(p.head(), 256));
            assertThat(head.y()).isEqualTo(c.ring().y());
            assertThat(l.tokens.get(p.runq().get(0))).isEqualTo(head);
            int shown = 0;
            for (long goid : p.runq()) {
                if (l.tokens.containsKey(goid)) {
                    shown++;
                    assertThat(c.ring().contains(l.tokens.get(goid))).isTrue();
                } else {
                    assertThat(l.anchors.get(goid)).isEqualTo(c.ring());
                }
            }
            assertThat(shown).isLessThan(256).isGreaterThan(0);
            assertThat(LabelPainter.hidden(c, p)).isEqualTo(256 - shown);
        }
        assertNoOverlap(new ArrayList<>(l.tokens.values()));
    }

    @Test
    void focusEnlargesOneOrTwoPsAndShrinksTheRestToAStrip() {
        Snapshot s = Worlds.spawn(4, 3_000_000);
        Layout plain = Layout.compute(s, 1280, 720, 1);
        Layout focus = Layout.compute(s, 1280, 720, Layout.Options.of(1).focus(List.of(1, 2)));
        for (int p : new int[] {1, 2}) {
            Layout.Card f = focus.cards.get(p), c = plain.cards.get(p);
            assertThat(f.card().w() * f.card().h()).isGreaterThan(c.card().w() * c.card().h());
            assertThat(f.slot()).isGreaterThan(c.slot());
        }
        double stripTop = focus.cards.get(0).card().y();
        for (int p : new int[] {0, 3}) {
            Layout.Card o = focus.cards.get(p);
            assertThat(o.card().h()).isLessThan(focus.cards.get(1).card().h() / 3);
            assertThat(o.card().y()).isEqualTo(stripTop);
            assertThat(o.card().y()).isGreaterThan(focus.cards.get(1).card().bottom());
        }
        assertNoOverlap(focus.boxes());
        assertNoOverlap(new ArrayList<>(focus.tokens.values()));
        for (Snapshot.G g : s.gs()) assertThat(focus.anchors).as("G%d", g.goid()).containsKey(g.goid());
        // a focus on every P, or on none, is the plain layout
        Layout all = Layout.compute(s, 1280, 720, Layout.Options.of(1).focus(List.of(0, 1, 2, 3)));
        assertThat(all.cards.get(1).card()).isEqualTo(plain.cards.get(1).card());
    }

    static void assertNoOverlap(List<Rect> rs) {
        for (int i = 0; i < rs.size(); i++)
            for (int j = i + 1; j < rs.size(); j++)
                assertThat(rs.get(i).overlaps(rs.get(j))).as("%s and %s", rs.get(i), rs.get(j)).isFalse();
    }
}
