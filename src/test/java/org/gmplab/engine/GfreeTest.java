package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Go's {@code gfput}/{@code gfget}: local free lists spill at 64 down to 31, refill up to 32 from global. */
class GfreeTest {

    @Test
    void gfputSpillsAt64DownTo31() {
        try (Engine e = Engine.step(Scenarios.spawn(1, 0, 2, 1))) {
            Processor pp = e.sched().allp[0];
            for (int i = 1; i <= 63; i++) assertThat(pp.gfput(new Goroutine(i))).isZero();
            assertThat(pp.gfreecnt()).isEqualTo(63);
            // the 64th dead G triggers the spill
            assertThat(pp.gfput(new Goroutine(64))).isEqualTo(33);
            assertThat(pp.gfreecnt()).isEqualTo(31);
            assertThat(e.sched().gFreeN).isEqualTo(33);
        }
    }

    @Test
    void gfgetRefillsUpTo32FromGlobalWhenLocalIsEmpty() {
        try (Engine e = Engine.step(Scenarios.spawn(1, 0, 2, 1))) {
            Processor p0 = e.sched().allp[0], p1 = e.sched().allp[1];
            for (int i = 1; i <= 64 + 63; i++) p0.gfput(new Goroutine(i)); // spills twice: 66 go global
            int global = e.sched().gFreeN;
            assertThat(global).isEqualTo(66);
            // P1 has none locally: its first gfget moves 32 here, then returns one of them
            Goroutine g = p1.gfget();
            assertThat(g).isNotNull();
            assertThat(p1.lastRefill).isEqualTo(32);
            assertThat(p1.gfreecnt()).isEqualTo(31);
            assertThat(e.sched().gFreeN).isEqualTo(global - 32);
            // while it has local ones, it does not touch the global list
            p1.gfget();
            assertThat(p1.lastRefill).isZero();
        }
    }

    /**
     * Go's {@code gfput} pops the spilled Gs off the local head one by one and pushes each onto a queue's head, which
     * {@code pushAll} lays on the global list; {@code gfget} pops the global head into the local head: each batch
     * arrives reversed, and the next G reused is the last one moved.
     */
    @Test
    void gfputAndGfgetMoveGsInGosOrder() {
        try (Engine e = Engine.step(Scenarios.spawn(1, 0, 2, 1))) {
            Processor p0 = e.sched().allp[0], p1 = e.sched().allp[1];
            for (int i = 1; i <= 64; i++) p0.gfput(new Goroutine(i)); // G64..G32 spill, G32 at the global head
            assertThat(p0.gfget().goid).isEqualTo(31);                // the local head after the spill
            // P1 refills 32: G32, G33, …, G63 popped from the global head, each pushed on P1's head
            assertThat(p1.gfget().goid).isEqualTo(63);
            assertThat(p1.gfget().goid).isEqualTo(62);
            assertThat(e.sched().gFreeN).isEqualTo(1);
            assertThat(e.sched().gFree.pop().goid).isEqualTo(64);
        }
    }

    /** Go's {@code gfpurge}: a P being destroyed hands every dead G to the global list, its head last. */
    @Test
    void gfpurgeMovesEveryLocalGToTheGlobalList() {
        try (Engine e = Engine.step(Scenarios.spawn(1, 0, 2, 1))) {
            Processor p1 = e.sched().allp[1];
            for (int i = 1; i <= 5; i++) p1.gfput(new Goroutine(i));
            int global = e.sched().gFreeN;
            p1.gfpurge();
            assertThat(p1.gfreecnt()).isZero();
            assertThat(p1.gFree().isEmpty()).isTrue();
            assertThat(e.sched().gFreeN).isEqualTo(global + 5);
            assertThat(e.sched().gFree.pop().goid).isEqualTo(1);
        }
    }

    /**
     * The refill clears the Gs it takes — link, cause, and the frame each keeps from its last life — all in one
     * loop, before any is reused (see {@code Goroutine.claim}'s note); the Gs it leaves on the global list are
     * not touched, and what newproc1 then makes of a cleared G is what it makes of any.
     */
    @Test
    void gfgetClearsTheGsItRefillsAndNoOthers() {
        try (Engine e = Engine.step(Scenarios.spawn(1, 0, 2, 1))) {
            Processor p0 = e.sched().allp[0], p1 = e.sched().allp[1];
            org.gmplab.scenario.Code fn = new org.gmplab.scenario.Code(0, "f", 0, 2, List.of());
            for (int i = 1; i <= 64 + 63; i++) {
                Goroutine g = new Goroutine(i);
                g.stack = new Goroutine.CallFrame(fn, null, new long[] {i, 7});
                g.stack.pc = 3;
                g.cause = 100 + i;
                g.schedlink = g;
                p0.gfput(g);
            }
            List<Goroutine> global = new java.util.ArrayList<>();
            e.sched().gFree.forEach(global::add);
            p1.gfget();
            assertThat(p1.lastRefill).isEqualTo(32);
            List<Goroutine> refilled = new java.util.ArrayList<>();
            p1.gFree().forEach(refilled::add);
            for (Goroutine g : refilled) {
                assertThat(g.schedlink).isNull();
                assertThat(g.cause).isEqualTo(-1);
                assertThat(g.stack.code).isNull();
                assertThat(g.stack.pc).isZero();
                assertThat(g.stack.locals).containsOnly(0L);
            }
            List<Goroutine> left = new java.util.ArrayList<>();
            e.sched().gFree.forEach(left::add);
            assertThat(left).hasSize(global.size() - 32).allSatisfy(g -> {
                assertThat(g.stack.code).isSameAs(fn);
                assertThat(g.stack.pc).isEqualTo(3);
                assertThat(g.stack.locals[0]).isEqualTo(g.goid);
            });
        }
    }

    @Test
    void gfgetReturnsNullWhenNothingIsFree() {
        try (Engine e = Engine.step(Scenarios.spawn(1, 0, 2, 1))) {
            assertThat(e.sched().allp[1].gfget()).isNull();
        }
    }

    /** In a run, dead Gs are reused: far fewer G objects than goroutines, and gfreecnt stays below 64. */
    @Test
    void deadGoroutinesAreReused() {
        try (Engine e = Engine.step(Scenarios.spawn(3000, 10 * Scenarios.US, 2, 1))) {
            int maxFree = 0;
            while (e.step() != Engine.Stop.ENDED) {
                for (var p : e.snapshot().ps()) maxFree = Math.max(maxFree, p.gfreecnt());
            }
            assertThat(maxFree).isLessThan(64);
            assertThat(e.sched().allgs().size()).isLessThan(3000);
        }
    }
}
