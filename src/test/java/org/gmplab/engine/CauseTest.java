package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.engine.Progs.*;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.snapshot.Causes;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.junit.jupiter.api.Test;

/**
 * The causes the engine records where they happen ({@link Event.Head#cause}, {@link Event#batch()}), in step
 * mode: each test names the Go function whose move it follows, and checks that every G the move concerned
 * names it as its cause, at the G's next event — whether or not the move's event names that G.
 */
class CauseTest {

    /** runqsteal: every G a batch steal took (not only the one that runs now) names the steal, and the steal lists it. */
    @Test
    void runqsteal_eachStolenGLinksToTheSteal() {
        StepRuns.Run run = StepRuns.run(Scenarios.spawn(500, 50 * Scenarios.US, 4, 2));
        int others = 0;
        for (Event steal : run.of(EventKind.STEAL)) {
            Event.Steal s = (Event.Steal) steal;
            assertThat(s.batch()).hasSize(s.took());
            assertThat(s.batch().get(s.took() - 1).g()).as("the G that runs now is the last taken").isEqualTo(s.g());
            for (Event.Moved m : s.batch()) {
                assertThat(causeOfNext(run.events(), steal, m.g())).as("G%d after %s", m.g(), steal).isEqualTo(steal.seq());
                if (m.g() != s.g()) others++;
            }
            assertLinkedBothWays(run.events(), steal);
        }
        assertThat(others).as("batch steals of more than one G").isGreaterThan(10);
    }

    /** globrunqget: the Gs of a global-queue batch that went to the P's ring name the pull, as the one run now does. */
    @Test
    void globrunqget_eachGOfTheBatchLinksToThePull() {
        StepRuns.Run run = StepRuns.run(Scenarios.spawn(500, 50 * Scenarios.US, 4, 2));
        int batches = 0;
        for (Event pull : run.of(EventKind.GLOBRUNQGET)) {
            Event.GlobRunqGet g = (Event.GlobRunqGet) pull;
            assertThat(g.batch()).hasSize(g.n());
            assertThat(g.batch().get(0).g()).isEqualTo(g.g());
            for (Event.Moved m : g.batch())
                assertThat(causeOfNext(run.events(), pull, m.g())).as("G%d after %s", m.g(), pull).isEqualTo(pull.seq());
            if (g.n() > 1) batches++;
            assertLinkedBothWays(run.events(), pull);
        }
        assertThat(batches).isPositive();
    }

    /**
     * runqputslow: the half of the ring (and the new G) that a full ring sent to the global queue each name the
     * overflow; each names, in the overflow's batch, what had put it on the ring (its go statement).
     */
    @Test
    void runqputslow_eachOverflowedGLinksToTheOverflow() {
        StepRuns.Run run = StepRuns.run(Scenarios.spawn(500, 50 * Scenarios.US, 4, 2));
        List<Event> slow = run.of(EventKind.RUNQPUTSLOW);
        assertThat(slow).isNotEmpty();
        for (Event over : slow) {
            Event.RunqPutSlow r = (Event.RunqPutSlow) over;
            assertThat(r.batch()).hasSize(r.moved());
            for (Event.Moved m : r.batch()) {
                assertThat(causeOfNext(run.events(), over, m.g())).as("G%d after %s", m.g(), over).isEqualTo(over.seq());
                Event before = bySeq(run.events(), m.cause());
                assertThat(before.kind()).isEqualTo(EventKind.GO);
                assertThat(before.g()).isEqualTo(m.g());
            }
            assertLinkedBothWays(run.events(), over);
        }
    }

    /**
     * runqputslow from ready: a close that readies more Gs than the ring holds overflows it. The overflow is logged like
     * a go statement's, and each G it moved names what readied it, then the overflow (without the event the Gs seemed to
     * reach the global queue by themselves).
     */
    @Test
    void runqputslow_anOverflowByReadyIsLoggedToo() {
        Scenario sc = prog().procs(1).runq(8).wg("wg").chan("ch", 0)
                .fn(fn("main", add("wg", "20"), loop("i", "20", go("waiter")), sleep("1ms"), close("ch"), waitWg("wg")))
                .fn(fn("waiter", recv("ch", "x"), done("wg"))).build("close-overflow");
        StepRuns.Run run = StepRuns.run(sc);
        List<Event> byReady = run.of(EventKind.RUNQPUTSLOW).stream()
                .filter(e -> bySeq(run.events(), e.batch().get(0).cause()).kind() == EventKind.READY).toList();
        assertThat(byReady).as("overflows of the close's readies").isNotEmpty();
        for (Event over : byReady) {
            Event.RunqPutSlow r = (Event.RunqPutSlow) over;
            assertThat(r.moved()).isEqualTo(8 / 2 + 1);
            assertThat(r.batch()).hasSize(r.moved());
            for (Event.Moved m : r.batch()) {
                Event before = bySeq(run.events(), m.cause());
                assertThat(before.kind()).as("what put G%d on the ring", m.g()).isEqualTo(EventKind.READY);
                assertThat(before.g()).isEqualTo(m.g());
                assertThat(causeOfNext(run.events(), over, m.g())).as("G%d after %s", m.g(), over).isEqualTo(over.seq());
            }
            assertLinkedBothWays(run.events(), over);
        }
    }

    /**
     * injectglist: the Gs a network poll found are queued (here by sysmon's poll, to the global queue, every M
     * being busy) each naming that NETPOLL; the first is not the only one followed.
     */
    @Test
    void injectglist_eachReadiedGLinksToTheNetpoll() {
        Scenario sc = prog().procs(2).wg("wg").fn(fn("main",
                        add("wg", "5"), go("cpu"), go("cpu"), go("conn"), go("conn"), go("conn"), waitWg("wg")))
                .fn(fn("cpu", work("50ms"), done("wg")))
                .fn(fn("conn", netread("1ms"), work("10us"), done("wg"))).build("net-batch");
        StepRuns.Run run = StepRuns.run(sc);
        Event poll = run.of(EventKind.NETPOLL).stream().filter(e -> e.batch().size() > 1).findFirst().orElseThrow();
        for (Event.Moved m : poll.batch())
            assertThat(causeOfNext(run.events(), poll, m.g())).as("G%d after %s", m.g(), poll).isEqualTo(poll.seq());
        assertLinkedBothWays(run.events(), poll);
    }

    /** injectglist from outside: the Gs an injected spawn queues name the INJECT. */
    @Test
    void injectglist_spawnedGsLinkToTheInject() {
        List<Event> events = new ArrayList<>();
        Scenario sc = prog().procs(2).fn(fn("main", work("2ms"))).fn(fn("extra", work("10us"))).build("spawned");
        try (Engine e = Engine.step(sc)) {
            e.runUntil(60_000_000_000L, ev -> ev.kind() == EventKind.EXECUTE && ev.g() == 1);
            e.inject(new Action.Spawn("extra", 3, List.of()));
            e.run(60_000_000_000L);
            events.addAll(e.drainEvents());
        }
        Event inject = events.stream().filter(ev -> ev.kind() == EventKind.INJECT).findFirst().orElseThrow();
        // the spawned Gs are the ones no GO event created; each names the INJECT at its next event
        java.util.Set<Long> created = new java.util.HashSet<>();
        for (Event ev : events) if (ev.kind() == EventKind.GO) created.add(ev.g());
        List<Long> spawned = events.stream().filter(ev -> ev.kind() == EventKind.EXECUTE && !created.contains(ev.g()) && ev.g() > 1)
                .map(Event::g).distinct().toList();
        assertThat(spawned).hasSize(3);
        for (long g : spawned) assertThat(causeOfNext(events, inject, g)).as("G%d", g).isEqualTo(inject.seq());
    }

    /** ready (goready): a READY names the waker's running spell — the EXECUTE of G {@code by} — and the link says "readied by". */
    @Test
    void ready_namesTheWaker() throws Exception {
        List<Event> events = events("scenarios/pingpong.json");
        int checked = 0;
        for (Event e : events) {
            if (!(e instanceof Event.Ready r) || r.by() < 0) continue;
            Event spell = bySeq(events, r.cause());
            assertThat(spell.g()).as("%s", r).isEqualTo(r.by());
            assertThat(spell.kind()).isIn(EventKind.EXECUTE, EventKind.EXITSYSCALL);
            // the waker did not stop running in between
            for (Event b : events.subList((int) spell.seq(), (int) r.seq() - 1))
                if (b.g() == r.by()) assertThat(b.kind()).isIn(EventKind.PREEMPT_REQUEST, EventKind.INJECT);
            assertThat(Causes.of(events, r)).anyMatch(l -> l.phrase().equals(Causes.READIED_BY) && l.number() == r.by() && l.event() == spell);
            checked++;
        }
        assertThat(checked).isGreaterThan(100);
    }

    /** checkTimers: a timer's READY names the TIMER that fired, and the TIMER is what the sleeping G's next move names. */
    @Test
    void checkTimers_readyNamesTheTimer() throws Exception {
        List<Event> events = events("scenarios/sleep.json");
        int checked = 0;
        for (Event e : events) {
            if (!(e instanceof Event.Ready r) || r.by() >= 0) continue;
            Event timer = bySeq(events, r.cause());
            assertThat(timer.kind()).isEqualTo(EventKind.TIMER);
            assertThat(timer.g()).isEqualTo(r.g());
            checked++;
        }
        assertThat(checked).isPositive();
    }

    /** retake and handoffp: sysmon's retake names the ENTERSYSCALL that left the P, the HANDOFFP names the retake. */
    @Test
    void retake_namesTheEntersyscallAndHandoffpTheRetake() throws Exception {
        List<Event> events = events("scenarios/syscall.json");
        int checked = 0;
        for (Event e : events) {
            if (e.kind() != EventKind.RETAKE) continue;
            Event enter = bySeq(events, e.cause());
            assertThat(enter.kind()).isEqualTo(EventKind.ENTERSYSCALL);
            assertThat(enter.p()).isEqualTo(e.p());
            Event handoff = events.stream().filter(a -> a.cause() == e.seq()).findFirst().orElseThrow();
            assertThat(handoff.kind()).isEqualTo(EventKind.HANDOFFP);
            checked++;
        }
        assertThat(checked).isPositive();
    }

    // ---- helpers ---------------------------------------------------------------------------------

    static List<Event> events(String file) throws Exception {
        try (Engine e = Engine.step(ScenarioJson.load(Path.of(file)))) {
            e.run(60_000_000_000L);
            return new ArrayList<>(e.drainEvents());
        }
    }

    /**
     * The cause G {@code g} names at its first event after {@code after}: the head's cause if the event is about
     * it, its entry's cause if a batch moved it; -2 if no later event concerns it.
     */
    static long causeOfNext(List<Event> events, Event after, long g) {
        for (Event e : events.subList((int) after.seq(), events.size())) {   // the events after it (numbered from 1)
            if (e.g() == g && e.kind() != EventKind.PREEMPT_REQUEST && e.kind() != EventKind.INJECT) return e.cause();
            for (Event.Moved m : e.batch()) if (m.g() == g) return m.cause();
        }
        return -2;
    }

    /** The event numbered {@code seq} (a run's events are numbered from 1, in order). */
    static Event bySeq(List<Event> events, long seq) {
        Event e = seq >= 1 && seq <= events.size() ? events.get((int) seq - 1) : null;
        if (e == null || e.seq() != seq) throw new AssertionError("no event #" + seq);
        return e;
    }

    /** {@code e}'s effects in {@link Causes} cover every G of its batch that a later event names, each linking back. */
    static void assertLinkedBothWays(List<Event> events, Event e) {
        List<Causes.Link> effects = Causes.of(events, e).stream().filter(l -> l.role() == Causes.Role.EFFECT && l.event() != null).toList();
        for (Event.Moved m : e.batch()) {
            if (causeOfNext(events, e, m.g()) != e.seq()) continue;
            Causes.Link l = effects.stream().filter(x -> x.number() == m.g()).findFirst()
                    .orElseThrow(() -> new AssertionError("no effect for G" + m.g() + " of " + e));
            assertThat(Causes.of(events, l.event())).as("%s back to %s", l.event(), e)
                    .anyMatch(b -> b.role() == Causes.Role.CAUSE && b.event() == e);
        }
    }
}
