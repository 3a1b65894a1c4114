package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

class LayoutTest {
    static final int[][] SIZES = {{1280, 720}, {1920, 1080}, {1366, 768}};

    static Stream<Arguments> worlds() {
        List<Arguments> out = new ArrayList<>();
        for (int procs : new int[] {1, 2, 4, 8, 16})
            for (int[] size : SIZES)
                for (double scale : new double[] {1.0, 1.35})
                    out.add(Arguments.of(procs, size[0], size[1], scale));
        return out.stream();
    }

    @ParameterizedTest(name = "{0} Ps at {1}x{2}, type x{3}")
    @MethodSource("worlds")
    void nothingOverlapsAndEverythingIsInsideTheCanvas(int procs, int w, int h, double scale) {
        // given a busy world: spawn1000 after 3 ms (full rings, a long global queue, idle Ms)
        Snapshot s = Worlds.spawn(procs, 3_000_000);
        // when it is laid out
        Layout l = Layout.compute(s, w, h, scale);
        // then
        Rect canvas = new Rect(0, 0, w, h);
        assertThat(l.cards).hasSize(procs);
        List<Rect> boxes = l.boxes();
        for (Rect r : boxes) assertThat(canvas.contains(r)).as("%s inside the canvas", r).isTrue();
        assertNoOverlap(boxes, "boxes");
        for (Layout.Card c : l.cards.values()) {
            List<Rect> parts = List.of(c.header(), c.thread(), c.runnextRow(), c.ring());
            for (Rect r : parts) assertThat(c.card().contains(r)).as("P%d part %s inside %s", c.p(), r, c.card()).isTrue();
            assertNoOverlap(parts, "P" + c.p() + " parts");
            assertNoOverlap(List.of(c.mChip(), c.g0(), c.curg()), "P" + c.p() + " thread row");
            assertThat(c.thread().contains(c.curg())).isTrue();
            assertThat(c.runnextRow().contains(c.runnext())).isTrue();
            if (!c.compact()) assertThat(c.ring().contains(c.slot(c.capacity() - 1))).isTrue();
        }
        for (Layout.Pool p : l.pools.values()) {
            assertThat(p.rect().contains(p.body())).isTrue();
            for (Layout.Chip chip : p.chips()) assertThat(p.body().contains(chip.rect())).as("%s in %s", chip, p.key()).isTrue();
        }
        List<Rect> tokens = new ArrayList<>(l.tokens.values());
        for (Rect t : tokens) assertThat(canvas.contains(t)).isTrue();
        assertNoOverlap(tokens, "tokens");
    }

    /** From the smallest window to a 4K screen, odd sizes among them. */
    static final int[][] ALL_SIZES = {{320, 200}, {400, 300}, {500, 350}, {640, 480}, {1280, 720}, {1920, 1080}, {3840, 2160}};
    static final int[] ALL_PS = {1, 2, 3, 4, 8, 16, 32, 64};
    static final String[] THEMES = {"light", "dark", "projector"};

    static Stream<Arguments> sweep() {
        List<Arguments> out = new ArrayList<>();
        for (int[] size : ALL_SIZES)
            for (String theme : THEMES)
                for (int procs : ALL_PS) out.add(Arguments.of(size[0], size[1], theme, procs));
        return out.stream();
    }

    private static final Map<Integer, Snapshot> EVERY_POOL = new java.util.concurrent.ConcurrentHashMap<>();

    @ParameterizedTest(name = "{0}x{1} {2}, {3} Ps")
    @MethodSource("sweep")
    void everyPoolFilledLaysOutAtAnySizeWithAPlusNWhereItDoesNotFit(int w, int h, String theme, int procs) {
        // given every pool filled past what it can show (full rings, 2000 in the global queue, 40 Ms in syscalls, ...)
        Snapshot s = EVERY_POOL.computeIfAbsent(procs, Worlds::everyPool);
        // when it is laid out
        Layout l = Layout.compute(s, w, h, Theme.named(theme).typeScale);
        // then no box leaves the canvas or overlaps another, and every pool holds what it shows
        Rect canvas = new Rect(0, 0, w, h);
        assertThat(l.cards).hasSize(procs);
        for (Rect r : l.boxes()) assertThat(canvas.contains(r)).as("%s inside the canvas", r).isTrue();
        assertNoOverlap(l.boxes(), "boxes");
        for (Layout.Card c : l.cards.values())
            for (Rect r : List.of(c.header(), c.thread(), c.runnextRow(), c.ring()))
                assertThat(c.card().contains(r)).as("P%d part %s inside %s", c.p(), r, c.card()).isTrue();
        for (Layout.Pool p : l.pools.values()) {
            assertThat(p.rect().contains(p.body())).isTrue();
            for (Layout.Chip chip : p.chips()) assertThat(p.body().contains(chip.rect())).as("%s in %s", chip, p.key()).isTrue();
            int inPool = p.chips().size() + p.shown().size();
            // ... and one that cannot show all of them says how many more there are, inside its body
            if (p.total() > inPool) assertThat(p.more()).as("%s: %d of %d shown, and a +N", p.key(), inPool, p.total()).isNotNull();
            if (p.more() != null) assertThat(p.body().contains(p.more())).as("+N of %s: %s in %s", p.key(), p.more(), p.body()).isTrue();
        }
        assertThat(l.pools.get("global").total()).isEqualTo(2000);
        for (Rect t : l.tokens.values()) assertThat(canvas.contains(t)).isTrue();
        assertNoOverlap(new ArrayList<>(l.tokens.values()), "tokens");
        for (Snapshot.G g : s.gs()) assertThat(l.anchors).as("G%d (%s)", g.goid(), g.where()).containsKey(g.goid());
    }

    @Test
    void aPoolNarrowerThanOneChipShowsOnlyItsCount() {
        // given 4 Ps on the smallest canvas: the idle-M box is narrower than one chip (it divided by 0 columns)
        Snapshot s = Worlds.everyPool(4);
        Layout l = Layout.compute(s, 320, 200, 1);
        Layout.Pool idleM = l.pools.get("idleM");
        // then no chip is placed, and the "+N" sits in the body's corner
        assertThat(idleM.chips()).isEmpty();
        assertThat(idleM.total()).isEqualTo(30);
        assertThat(idleM.more()).isNotNull();
        assertThat(idleM.more().x()).isEqualTo(idleM.body().x());
        assertThat(idleM.body().contains(idleM.more())).isTrue();
    }

    @Test
    void everyLiveGoroutineHasAnAnchorAndRunningOnesSitInTheirCard() {
        Snapshot s = Worlds.spawn(4, 2_000_000);
        Layout l = Layout.compute(s, 1280, 720, 1);
        for (Snapshot.G g : s.gs()) assertThat(l.anchors).as("G%d (%s)", g.goid(), g.where()).containsKey(g.goid());
        for (Snapshot.Thread m : s.ms()) {
            if (m.p() >= 0 && m.curg() >= 0)
                assertThat(l.cards.get(m.p()).card().contains(l.tokens.get(m.curg()))).isTrue();
        }
    }

    @Test
    void ringSlotsFollowTheRawHeadCounter() {
        Snapshot s = Worlds.full(2, 256, 600);
        Layout l = Layout.compute(s, 1920, 1080, 1);
        Snapshot.Proc p = s.ps().get(1);
        Layout.Card c = l.cards.get(1);
        assertThat(c.compact()).isFalse();
        assertThat(l.tokens.get(p.runq().get(0))).isEqualTo(c.slot(p.head() % 256));
    }

    @Test
    void sixtyFourPsStillFitWithCompactRings() {
        Snapshot s = Worlds.full(64, 256, 20_000);
        Layout l = Layout.compute(s, 1280, 720, 1);
        assertNoOverlap(l.boxes(), "boxes");
        assertThat(l.cards.values()).allMatch(Layout.Card::compact);
        assertThat(l.cards.values()).allMatch(c -> c.card().w() > 40 && c.card().h() > 40);
    }

    @Test
    void hitFindsTheTokenThenTheCardThenThePool() {
        Snapshot s = Worlds.spawn(4, 2_000_000);
        Layout l = Layout.compute(s, 1280, 720, 1);
        Snapshot.Thread m = s.ms().stream().filter(x -> x.p() >= 0 && x.curg() >= 0).findFirst().orElseThrow();
        Rect tok = l.tokens.get(m.curg());
        assertThat(l.hit(tok.cx(), tok.cy())).isEqualTo(new Layout.Hit(Layout.Hit.Kind.G, m.curg(), null));
        Rect header = l.cards.get(m.p()).header();
        assertThat(l.hit(header.cx(), header.cy())).isEqualTo(new Layout.Hit(Layout.Hit.Kind.P, m.p(), null));
        Rect global = l.pools.get("global").rect();
        assertThat(l.hit(global.x() + 2, global.y() + 2).pool()).isEqualTo("global");
        assertThat(l.hit(0, 0)).isNull();
    }

    static void assertNoOverlap(List<Rect> rs, String what) {
        List<Rect> sorted = new ArrayList<>(rs);
        sorted.sort(java.util.Comparator.comparingDouble(Rect::x));
        for (int i = 0; i < sorted.size(); i++) {
            Rect a = sorted.get(i);
            for (int j = i + 1; j < sorted.size() && sorted.get(j).x() < a.right(); j++) {
                Rect b = sorted.get(j);
                assertThat(a.overlaps(b)).as("%s: %s overlaps %s", what, a, b).isFalse();
            }
        }
    }
}
