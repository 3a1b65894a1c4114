package org.gmplab.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.snapshot.Causes.Link;
import org.gmplab.snapshot.Causes.Role;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The causality links, on the events of real step-mode runs. */
class CausesTest {
    static List<Event> pingpong, syscall;

    @BeforeAll
    static void run() throws Exception {
        pingpong = events("scenarios/pingpong.json");
        syscall = events("scenarios/syscall.json");
    }

    static List<Event> events(String file) throws Exception {
        try (Engine e = Engine.step(ScenarioJson.load(Path.of(file)))) {
            e.run(60_000_000_000L);
            return new ArrayList<>(e.drainEvents());
        }
    }

    static Optional<Link> link(List<Event> events, Event e, Role role, String phrase) {
        return Causes.of(events, e).stream().filter(l -> l.role() == role && l.phrase().equals(phrase)).findFirst();
    }

    @Test
    void readyIsTheCauseOfTheNextExecuteOfThatG() {
        // given a READY followed, for its G, directly by an EXECUTE
        int checked = 0;
        for (Event ready : pingpong) {
            if (ready.kind() != EventKind.READY) continue;
            Event next = nextAbout(pingpong, ready);
            if (next == null || next.kind() != EventKind.EXECUTE) continue;
            // then the EXECUTE's cause is that READY, and the READY's effect is that EXECUTE
            assertThat(link(pingpong, next, Role.CAUSE, Causes.MADE_RUNNABLE)).map(Link::event).contains(ready);
            assertThat(link(pingpong, ready, Role.EFFECT, Causes.NEXT)).map(Link::event).contains(next);
            checked++;
        }
        assertThat(checked).isGreaterThan(100);
    }

    @Test
    void goIsTheCauseOfTheFirstExecuteOfTheNewG() {
        for (Event go : pingpong.stream().filter(e -> e.kind() == EventKind.GO).toList()) {
            Event first = pingpong.stream().filter(e -> e.kind() == EventKind.EXECUTE && e.g() == go.g()).findFirst().orElseThrow();
            assertThat(link(pingpong, first, Role.CAUSE, Causes.MADE_RUNNABLE)).map(Link::event).contains(go);
        }
    }

    @Test
    void everyExecuteCauseIsTheLatestEventThatMadeItsGRunnableOrMovedIt() {
        int linked = 0;
        for (List<Event> run : List.of(pingpong, syscall))
            for (Event e : run) {
                if (e.kind() != EventKind.EXECUTE) continue;
                for (Link l : Causes.of(run, e)) {
                    if (l.role() != Role.CAUSE || l.event() == null || l.phrase().startsWith("P")) continue;
                    Event c = l.event();
                    assertThat(c.g() == e.g() || c.batch().stream().anyMatch(m -> m.g() == e.g())).as("%s ← %s", e, c).isTrue();
                    assertThat(c.seq()).isLessThan(e.seq());
                    assertThat(c.kind()).isIn(EventKind.GO, EventKind.READY, EventKind.GOSCHED, EventKind.PREEMPT, EventKind.EXITSYSCALL,
                            EventKind.TIMER, EventKind.NETPOLL, EventKind.STEAL, EventKind.GLOBRUNQGET, EventKind.RUNQPUTSLOW);
                    // nothing about that G (but passing mentions, and startlockedm handing a P to the M it is locked
                    // to) lies between them
                    for (Event b : run.subList(Causes.indexOf(run, c.seq()) + 1, Causes.indexOf(run, e.seq())))
                        if (b.g() == e.g())
                            assertThat(b.kind()).isIn(EventKind.INJECT, EventKind.PREEMPT_REQUEST, EventKind.PROCRESIZE, EventKind.STARTM);
                    linked++;
                }
            }
        assertThat(linked).isGreaterThan(100);
    }

    @Test
    void exitsyscallFastPathTakesBackThePItsEntersyscallLeftBehind() {
        int checked = 0;
        for (Event exit : syscall) {
            if (!(exit instanceof Event.ExitSyscall x) || x.path() != 1) continue;
            Link l = link(syscall, exit, Role.CAUSE, Causes.P_FROM).orElseThrow();
            assertThat(l.event().kind()).isEqualTo(EventKind.ENTERSYSCALL);
            assertThat(l.event().p()).isEqualTo(exit.p());
            // (usually its own G's; the P may have been retaken and left in _Psyscall again by another G meanwhile)
            assertThat(link(syscall, l.event(), Role.EFFECT, Causes.P_NEXT)).map(Link::event).contains(exit);
            checked++;
        }
        assertThat(checked).isPositive();
    }

    @Test
    void retakeIsCausedByTheEntersyscallAndHandoffpByTheRetake() {
        int checked = 0;
        for (Event retake : syscall) {
            if (retake.kind() != EventKind.RETAKE) continue;
            assertThat(link(syscall, retake, Role.CAUSE, Causes.P_FROM)).map(l -> l.event().kind()).contains(EventKind.ENTERSYSCALL);
            Link next = link(syscall, retake, Role.EFFECT, Causes.P_NEXT).orElseThrow();
            assertThat(next.event().kind()).isEqualTo(EventKind.HANDOFFP);
            assertThat(next.event().p()).isEqualTo(retake.p());
            checked++;
        }
        assertThat(checked).isPositive();
    }

    @Test
    void startmTakesThePTheLatestHandoffpOrPidleReleased() {
        int checked = 0;
        for (List<Event> run : List.of(pingpong, syscall))
            for (Event start : run) {
                if (start.kind() != EventKind.STARTM) continue;
                Optional<Link> l = link(run, start, Role.CAUSE, Causes.P_FROM);
                if (l.isEmpty()) continue;
                Event c = l.get().event();
                assertThat(c.kind()).isIn(EventKind.HANDOFFP, EventKind.PIDLE);
                assertThat(c.p()).isEqualTo(start.p());
                for (Event b : run)   // nothing else about that P in between
                    if (b.seq() > c.seq() && b.seq() < start.seq()) assertThat(b.p()).isNotEqualTo(start.p());
                checked++;
            }
        assertThat(checked).isPositive();
    }

    @Test
    void linksAreTheSameReadBothWays() {
        Map<Long, Event> bySeq = new HashMap<>();
        for (Event e : syscall) bySeq.put(e.seq(), e);
        for (Event e : syscall)
            for (Link l : Causes.of(syscall, e)) {
                if (l.event() == null || l.phrase().equals(Causes.P_TAKEN)) continue;
                Role back = l.role() == Role.CAUSE ? Role.EFFECT : Role.CAUSE;
                assertThat(Causes.of(syscall, l.event()).stream().filter(r -> r.role() == back).map(Link::event))
                        .as("%s ← %s → %s", e, l.phrase(), l.event()).contains(e);
            }
    }

    @Test
    void aSearchThatRunsOutOfItsWindowSaysSo() {
        // given a real Go trace's READY and its EXECUTE (whose causes are inferred) with more than SCAN events
        // about others in between
        List<Event> log = new ArrayList<>();
        long seq = 1;
        log.add(new Event.Real(new Event.Head(seq++, 0, 7, 0, 0), EventKind.READY, Map.of(), "GoUnblock"));
        for (int i = 0; i < Causes.SCAN + 10; i++) log.add(new Event.Real(new Event.Head(seq++, 0, -1, 1, 1), EventKind.SPINNING, Map.of(), "ProcStart"));
        Event exec = new Event.Real(new Event.Head(seq, 0, 7, 0, 0), EventKind.EXECUTE, Map.of(), "GoStart");
        log.add(exec);
        // then the EXECUTE's cause is "not within the last 50,000 events", and the READY's effect likewise
        assertThat(Causes.of(log, exec)).extracting(Link::phrase).contains(Causes.NOT_BEFORE);
        assertThat(Causes.of(log, log.get(0))).extracting(Link::phrase).contains(Causes.NOT_AFTER);
    }

    @Test
    void eventsWithoutAMeaningfulCauseHaveNoLinks() {
        for (Event e : pingpong)
            if (e.kind() == EventKind.SPINNING || e.kind() == EventKind.STOPM || e.kind() == EventKind.EXIT)
                assertThat(Causes.of(pingpong, e)).as("%s", e).isEmpty();
    }

    /** The next event about {@code e}'s G that is not a passing mention. */
    static Event nextAbout(List<Event> run, Event e) {
        for (int i = Causes.indexOf(run, e.seq()) + 1; i < run.size(); i++) {
            Event a = run.get(i);
            if (a.g() == e.g() && !Causes.G_PASSING.contains(a.kind())) return a;
        }
        return null;
    }
}
