package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

class TransitionTest {
    @Test
    void stealMarksAnArcFromVictimRingToThiefRingWithTheCount() {
        // given the step in which a spinning M stole
        Worlds.Transition w = Worlds.until(Worlds.scenario("spawn1000.json").withGomaxprocs(4), e -> e.kind() == EventKind.STEAL, 2000);
        var steal = (org.gmplab.snapshot.Event.Steal) w.events().stream().filter(e -> e.kind() == EventKind.STEAL).findFirst().orElseThrow();
        Layout from = Layout.compute(w.before(), 1280, 720, 1), to = Layout.compute(w.after(), 1280, 720, 1);
        // when
        Transition t = new Transition(from, to, w.events());
        // then
        Transition.Mark m = t.marks.stream().filter(x -> x.kind() == Transition.MarkKind.STEAL).findFirst().orElseThrow();
        assertThat(m.from()).isEqualTo(to.cards.get((int) steal.victim()).ring());
        assertThat(m.to()).isEqualTo(to.cards.get(steal.p()).ring());
        assertThat(m.label()).isEqualTo("steal " + steal.took());
    }

    /** runqsteal: besides the labelled arc, an arrow from the victim's ring goes to every stolen G drawn as a token. */
    @Test
    void runqsteal_anArrowGoesToEachStolenG() {
        Worlds.Transition w = Worlds.until(Worlds.scenario("spawn1000.json").withGomaxprocs(4),
                e -> e.kind() == EventKind.STEAL && e.batch().size() > 1, 5000);
        var steal = w.events().stream().filter(e -> e.kind() == EventKind.STEAL && e.batch().size() > 1).findFirst().orElseThrow();
        Layout to = Layout.compute(w.after(), 1280, 720, 1);
        Transition t = new Transition(Layout.compute(w.before(), 1280, 720, 1), to, w.events());
        Rect victim = to.cards.get((int) steal.detail("victim")).ring();
        var drawn = steal.batch().stream().filter(m -> to.tokens.containsKey(m.g())).limit(Transition.MAX_G_ARROWS).toList();
        assertThat(drawn).hasSizeGreaterThan(1);
        for (var m : drawn)
            assertThat(t.marks).anyMatch(x -> x.kind() == Transition.MarkKind.STEAL && x.from().equals(victim)
                    && x.to().equals(to.tokens.get(m.g())) && x.label().isEmpty());
    }

    @Test
    void tokensGlideFromTheirOldPlaceAndArriveExactly() {
        Worlds.Transition w = Worlds.until(Worlds.scenario("spawn1000.json").withGomaxprocs(4), e -> e.kind() == EventKind.STEAL, 2000);
        Layout from = Layout.compute(w.before(), 1280, 720, 1), to = Layout.compute(w.after(), 1280, 720, 1);
        Transition t = new Transition(from, to, w.events());
        long moved = to.tokens.keySet().stream().filter(g -> from.tokens.containsKey(g) && !from.tokens.get(g).equals(to.tokens.get(g)))
                .findFirst().orElseThrow();
        assertThat(t.position(moved, 0)).isEqualTo(from.tokens.get(moved));
        assertThat(t.position(moved, 1)).isEqualTo(to.tokens.get(moved));
        Rect mid = t.position(moved, 0.5);
        assertThat(mid.cx()).isBetween(Math.min(from.tokens.get(moved).cx(), to.tokens.get(moved).cx()),
                Math.max(from.tokens.get(moved).cx(), to.tokens.get(moved).cx()));
    }

    @Test
    void overflowSweepsToTheGlobalQueue() {
        Worlds.Transition w = Worlds.until(Worlds.scenario("spawn1000.json").withGomaxprocs(4), e -> e.kind() == EventKind.RUNQPUTSLOW, 5000);
        Layout to = Layout.compute(w.after(), 1280, 720, 1);
        Transition t = new Transition(Layout.compute(w.before(), 1280, 720, 1), to, w.events());
        assertThat(t.marks).anyMatch(m -> m.kind() == Transition.MarkKind.OVERFLOW && m.to().equals(to.pools.get("global").body())
                && m.label().equals("129 → global"));
    }

    @Test
    void handoffSlidesThePFromItsSyscallMToTheMStartedForIt() {
        // given the step in which sysmon retakes a P from an M in a syscall and handoffp starts an M for it
        Worlds.Transition w = Worlds.until(Worlds.scenario("syscall.json"), e -> e.kind() == EventKind.HANDOFFP, 20000);
        var handoff = w.events().stream().filter(e -> e.kind() == EventKind.HANDOFFP).findFirst().orElseThrow();
        Layout from = Layout.compute(w.before(), 1280, 720, 1), to = Layout.compute(w.after(), 1280, 720, 1);
        int newM = to.holders.get(handoff.p());
        int oldM = w.held().copy().get(handoff.p());
        // when
        Transition t = new Transition(from, to, w.events(), w.held().copy());
        // then the P's ghost leaves the old M's chip (in the syscall box) and ends on the new M's
        Transition.Slide sl = t.slides.stream().filter(x -> x.p() == handoff.p()).findFirst().orElseThrow();
        assertThat(sl.oldM()).isEqualTo(oldM).isNotEqualTo(newM);
        assertThat(sl.from()).isEqualTo(from.ms.get(oldM));
        assertThat(from.pools.get("syscall").body().contains(sl.from())).isTrue();
        assertThat(sl.to()).isEqualTo(to.ms.get(newM));
        assertThat(sl.ghost(0, 10, 10).cx()).isEqualTo(sl.from().cx());
        assertThat(sl.ghost(1, 10, 10).cx()).isEqualTo(sl.to().cx());
        double midX = sl.ghost(0.5, 10, 10).cx();
        assertThat(midX).isStrictlyBetween(Math.min(sl.from().cx(), sl.to().cx()), Math.max(sl.from().cx(), sl.to().cx()));
    }

    @Test
    void withoutMemoryAHandedOffPSlidesFromTheSyscallBox() {
        Worlds.Transition w = Worlds.until(Worlds.scenario("syscall.json"), e -> e.kind() == EventKind.HANDOFFP, 20000);
        var handoff = w.events().stream().filter(e -> e.kind() == EventKind.HANDOFFP).findFirst().orElseThrow();
        Layout from = Layout.compute(w.before(), 1280, 720, 1), to = Layout.compute(w.after(), 1280, 720, 1);
        Transition t = new Transition(from, to, w.events());
        assertThat(t.slides).anyMatch(sl -> sl.p() == handoff.p() && sl.oldM() == -1 && sl.from().equals(from.pools.get("syscall").body()));
    }

    @Test
    void aPThatKeepsItsMOrComesFromTheIdleListDoesNotSlide() {
        // spawn1000: Ps go from idle to Ms and Ms keep their Ps; nothing is handed off
        Worlds.Transition w = Worlds.until(Worlds.scenario("spawn1000.json").withGomaxprocs(4), e -> e.kind() == EventKind.STEAL, 2000);
        Transition t = new Transition(Layout.compute(w.before(), 1280, 720, 1), Layout.compute(w.after(), 1280, 720, 1), w.events(), w.held().copy());
        assertThat(t.slides).isEmpty();
    }

    @Test
    void noPsNoSlides() {
        Snapshot none = new Snapshot(0, 0, 0, 1, 0, 0, 0, 0, List.of(), List.of(), List.of(), 0, List.of(),
                List.of(new Snapshot.Thread(0, -1, -1, -1, false, false)), List.of());
        Layout l = Layout.compute(none, 1280, 720, 1);
        assertThat(new Transition(l, l, List.of(), Map.of(3, 0)).slides).isEmpty();
    }
}
