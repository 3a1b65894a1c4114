package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;

import org.gmplab.snapshot.EventKind;
import org.junit.jupiter.api.Test;

class TransitionTest {
    @Test
    void stealMarksAnArcFromVictimRingToThiefRingWithTheCount() {
        // given the step in which a spinning M stole
        Worlds.Transition w = Worlds.until(Worlds.scenario("spawn1000.json").withGomaxprocs(4), e -> e.kind() == EventKind.STEAL, 2000);
        var steal = w.events().stream().filter(e -> e.kind() == EventKind.STEAL).findFirst().orElseThrow();
        Layout from = Layout.compute(w.before(), 1280, 720, 1), to = Layout.compute(w.after(), 1280, 720, 1);
        // when
        Transition t = new Transition(from, to, w.events());
        // then
        Transition.Mark m = t.marks.stream().filter(x -> x.kind() == Transition.MarkKind.STEAL).findFirst().orElseThrow();
        assertThat(m.from()).isEqualTo(to.cards.get((int) steal.detail("victim")).ring());
        assertThat(m.to()).isEqualTo(to.cards.get(steal.p()).ring());
        assertThat(m.label()).isEqualTo("steal " + steal.detail("took"));
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
}
