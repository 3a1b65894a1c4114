package org.gmplab.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.Gson;

import org.gmplab.engine.Action;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/** Time travel over step-mode runs: stepping back reaches exactly the world first seen there. */
class HistoryTest {
    private static final Gson GSON = new Gson();

    static Scenario scenario(String name) throws Exception {
        return ScenarioJson.load(Path.of("scenarios", name));
    }

    static String json(Snapshot s) { return GSON.toJson(s); }

    @Test
    void steppingBackToNReachesTheSnapshotFirstSeenAtNInsideAndOutsideTheRing() throws Exception {
        // given a run of more than 20,000 events, walked forward one position at a time, with a small ring
        Map<Long, String> firstSeen = new HashMap<>();
        try (History h = new History(scenario("pingpong.json"), 256)) {
            firstSeen.put(h.position(), json(h.snapshot()));
            while (h.position() < 22_000) {
                assertThat(h.stepEvent()).isTrue();
                firstSeen.put(h.position(), json(h.snapshot()));
            }
            long end = h.position();
            assertThat(end).isGreaterThanOrEqualTo(20_000);

            // when stepping back one position at a time within the ring: no replay, same snapshots
            for (int i = 0; i < 200; i++) {
                assertThat(h.stepBack()).isTrue();
                assertThat(json(h.snapshot())).isEqualTo(firstSeen.get(h.position()));
            }
            assertThat(h.replays()).isZero();

            // and jumping far back, outside the ring: replayed from the start, same snapshots
            for (long n : new long[] {19_999, 5_000, end - 1_000, 1, 12_345, 0}) {
                h.jumpTo(n);
                assertThat(h.position()).isGreaterThanOrEqualTo(n);
                assertThat(h.snapshot().events()).isEqualTo(h.position());
                assertThat(json(h.snapshot())).as("position %d", h.position()).isEqualTo(firstSeen.get(h.position()));
            }
            assertThat(h.replays()).isGreaterThanOrEqualTo(2);

            // then stepping back from a replayed position (previous not in the ring) and forward again
            h.jumpTo(15_000);
            long at = h.position();
            assertThat(h.stepBack()).isTrue();
            assertThat(json(h.snapshot())).isEqualTo(firstSeen.get(h.position()));
            for (int i = 0; i < 50; i++) {
                assertThat(h.stepEvent()).isTrue();
                assertThat(json(h.snapshot())).isEqualTo(firstSeen.get(h.position()));
            }
            assertThat(h.position()).isGreaterThan(at);

            // and forward to the end of recorded history continues the same history
            h.toEnd();
            assertThat(h.position()).isEqualTo(end);
            assertThat(json(h.snapshot())).isEqualTo(firstSeen.get(end));
        }
    }

    @Test
    void eventNMeansTheFirstPositionWhoseSnapshotIncludesIt() throws Exception {
        try (History h = new History(scenario("fanout.json"))) {
            List<Long> visited = new ArrayList<>();
            for (int i = 0; i < 300; i++) { h.stepEvent(); visited.add(h.position()); }
            long p = visited.get(150), prev = visited.get(149);
            for (long n = prev + 1; n <= p; n++) {
                h.jumpTo(n);
                assertThat(h.position()).isEqualTo(p);
            }
            h.toStart();
            assertThat(h.position()).isEqualTo(h.snapshot().events()).isLessThan(visited.get(0));
            assertThat(h.stepBack()).isFalse();
        }
    }

    @Test
    void stepMajorStopsAfterTheFirstMajorEvent() throws Exception {
        try (History h = new History(scenario("fanout.json"))) {
            for (int i = 0; i < 50; i++) {
                assertThat(h.stepMajor()).isTrue();
                assertThat(h.lastEvents()).isNotEmpty();
                assertThat(h.lastEvents().get(h.lastEvents().size() - 1).seq()).isEqualTo(h.position());
                long majors = h.lastEvents().stream().filter(e -> e.kind().major()).count();
                assertThat(majors).isPositive();
            }
        }
    }

    @Test
    void stepMajorThroughRecordedHistoryStopsWhereItFirstDid() throws Exception {
        try (History h = new History(scenario("fanout.json"), 16)) {
            List<Long> first = new ArrayList<>();
            for (int i = 0; i < 60; i++) { h.stepMajor(); first.add(h.position()); }
            h.toStart();
            List<Long> again = new ArrayList<>();
            for (int i = 0; i < 60; i++) { h.stepMajor(); again.add(h.position()); }
            assertThat(again).isEqualTo(first);
        }
    }

    @Test
    void runsToTheEndAndSaysSo() throws Exception {
        try (History h = new History(scenario("select.json"))) {
            while (h.stepMajor()) { }
            assertThat(h.finished()).isTrue();
            assertThat(h.stepEvent()).isFalse();
            long end = h.position();
            h.toStart();
            h.toEnd();
            assertThat(h.position()).isEqualTo(end);
        }
    }

    @Test
    void injectedActionsReplayAtTheirSafePointAndAPastInjectionStartsANewBranch() throws Exception {
        Map<Long, String> firstSeen = new HashMap<>();
        try (History h = new History(scenario("pingpong.json"), 64)) {
            h.jumpTo(3_000);
            long injectedAt = h.position();
            h.inject(new Action.SetGomaxprocs(3));
            assertThat(h.position()).isEqualTo(injectedAt + 1);
            assertThat(h.actions()).hasSize(1);
            firstSeen.put(h.position(), json(h.snapshot()));
            for (int i = 0; i < 2_000; i++) { h.stepEvent(); firstSeen.put(h.position(), json(h.snapshot())); }
            long end = h.position();

            // when replaying from the start to positions after the action
            for (long n : new long[] {injectedAt + 1, injectedAt + 500, end - 3}) {
                h.jumpTo(0);
                h.jumpTo(n);
                // then the world is the one first seen there
                assertThat(json(h.snapshot())).isEqualTo(firstSeen.get(h.position()));
            }

            // when injecting at a position before the recorded action: a new branch without it
            h.jumpTo(1_000);
            long branchAt = h.position();
            h.inject(new Action.SetGomaxprocs(1));
            assertThat(h.actions()).hasSize(1);
            assertThat(h.actions().get(0).event()).isEqualTo(branchAt);
            assertThat(h.end()).isEqualTo(branchAt + 1);
            assertThat(h.actions().get(0).action()).isEqualTo(new Action.SetGomaxprocs(1));
            for (int i = 0; i < 3_000; i++) h.stepEvent();
            h.jumpTo(branchAt + 2);
            h.jumpTo(0);
            h.toEnd();
            assertThat(h.replays()).isPositive();
        }
    }

    @Test
    void aJumpPastTheEndKeepsTheStretchBeforeTheEndSoTheStepsBackThatFollowItReplayNothing() throws Exception {
        List<String> walked = new ArrayList<>();   // the snapshots of the last 101 positions, walked one at a time
        try (History h = new History(scenario("spawn1000.json"))) {
            while (h.stepEvent()) {
                walked.add(json(h.snapshot()));
                if (walked.size() > 101) walked.remove(0);
            }
        }
        try (History h = new History(scenario("spawn1000.json"))) {
            h.jumpTo(Long.MAX_VALUE / 2);   // past the end: explored without snapshots on the way
            assertThat(h.finished()).isTrue();
            assertThat(json(h.snapshot())).isEqualTo(walked.get(100));
            // the jump itself replayed once to keep the stretch before the end, so no step back has to
            assertThat(h.replays()).as("the jump's replay").isEqualTo(1);
            for (int i = 99; i >= 0; i--) {
                assertThat(h.stepBack()).isTrue();
                assertThat(json(h.snapshot())).isEqualTo(walked.get(i));
            }
            assertThat(h.replays()).as("no replay for 100 steps back").isEqualTo(1);
            // and from there the engine walks on to the same end
            h.toEnd();
            assertThat(json(h.snapshot())).isEqualTo(walked.get(100));
            assertThat(h.finished()).isTrue();
        }
    }

    /** The world a fresh engine shows at known position {@code pos}, run from the start without any history. */
    static String freshRun(Scenario sc, long pos) {
        try (org.gmplab.engine.Engine e = org.gmplab.engine.Engine.step(sc)) {
            if (e.eventCount() != pos) e.runUntil(Long.MAX_VALUE, ev -> ev.seq() == pos);
            assertThat(e.eventCount()).isEqualTo(pos);
            return json(e.snapshot());
        }
    }

    @Test
    void aStepBackOrAJumpBackShowsWhatARunFromTheStartShowsThere() throws Exception {
        for (String name : List.of("spawn1000.json", "pingpong.json", "mutex.json", "select.json", "syscall.json", "netpoll.json")) {
            Scenario sc = scenario(name);
            // a ring of 8 snapshots: the window kept before the end is 7 positions, so most moves below replay
            try (History h = new History(sc, 8)) {
                h.jumpTo(6_000);
                long end = h.position();
                List<Long> checked = new ArrayList<>();
                for (int i = 0; i < 12 && h.stepBack(); i++) checked.add(h.position());
                for (long n : new long[] {end / 2, end / 3, 1, end - 1, end / 7}) {
                    h.jumpTo(n);
                    checked.add(h.position());
                    if (h.stepBack()) checked.add(h.position());
                    h.stepEvent();
                    checked.add(h.position());
                    assertThat(json(h.snapshot())).as("%s at %d", name, h.position()).isEqualTo(freshRun(sc, h.position()));
                }
                assertThat(h.replays()).as(name).isPositive();
                h.toEnd();
                assertThat(json(h.snapshot())).as("%s at the end", name).isEqualTo(freshRun(sc, end));
                for (long p : checked) {
                    h.jumpTo(p);
                    assertThat(json(h.snapshot())).as("%s at %d", name, p).isEqualTo(freshRun(sc, p));
                }
            }
        }
    }

    @Test
    void theStepsBackAfterAnyJumpAreLookupsAndShowWhatARunFromTheStartShowsThere() throws Exception {
        for (String name : List.of("spawn1000.json", "pingpong.json", "syscall.json")) {
            Scenario sc = scenario(name);
            Map<Long, String> seen = new HashMap<>();   // position → the snapshot the history showed there
            // a ring of 48: a replay keeps the 47 positions before its target, a jump forward History.JUMP_WINDOW, and each
            // target below is outside the ring
            try (History h = new History(sc, 48)) {
                h.jumpTo(6_000);
                long end = h.position();
                // back (a replay from the start; the engine at the end is kept), forward twice from the engine, back
                // again (a replay; the engine at end / 2 is kept), forward from that spare, forward from the engine
                long[] targets = {end / 10, end / 3, end / 2, end / 4, end / 2 + 400, end - 5};
                long[] replays = {1, 0, 0, 1, 0, 0};
                int[] kept = {47, History.JUMP_WINDOW, History.JUMP_WINDOW, 47, History.JUMP_WINDOW, History.JUMP_WINDOW};
                for (int j = 0; j < targets.length; j++) {
                    long before = h.replays();
                    h.jumpTo(targets[j]);
                    assertThat(h.replays() - before).as("%s: replays of the jump to %d", name, targets[j]).isEqualTo(replays[j]);
                    long at = h.position(), engine = h.enginePosition();
                    seen.put(at, json(h.snapshot()));
                    for (int i = 1; i <= kept[j]; i++) {
                        assertThat(h.stepBack()).isTrue();
                        assertThat(h.enginePosition()).as("%s: step back %d after the jump to %d is a lookup", name, i, at).isEqualTo(engine);
                        seen.put(h.position(), json(h.snapshot()));
                    }
                }
            }
            // one run from the start, without a history, stopping at each position seen
            try (org.gmplab.engine.Engine e = org.gmplab.engine.Engine.step(sc)) {
                for (long p : seen.keySet().stream().sorted().toList()) {
                    if (e.eventCount() != p) e.runUntil(Long.MAX_VALUE, ev -> ev.seq() == p);
                    assertThat(e.eventCount()).isEqualTo(p);
                    assertThat(seen.get(p)).as("%s at %d", name, p).isEqualTo(json(e.snapshot()));
                }
            }
        }
    }

    @Test
    void aMoveStartsFromTheSpareEngineAReplayLeftBehindWhenItIsNearerThanTheStart() throws Exception {
        Scenario sc = scenario("pingpong.json");
        try (History h = new History(sc, 8)) {
            h.jumpTo(6_000);
            long far = h.position();
            h.jumpTo(2_000);                       // a replay from the start; the engine at 6,000 is kept
            assertThat(h.replays()).isEqualTo(1);
            h.jumpTo(far);                         // out of the ring: the spare is there, nothing runs
            assertThat(json(h.snapshot())).isEqualTo(freshRun(sc, far));
            h.jumpTo(3_000);                       // before the engine: from the spare left at 2,000, not the start
            assertThat(json(h.snapshot())).isEqualTo(freshRun(sc, h.position()));
            h.jumpTo(1_000);                       // before every engine: from the start
            assertThat(h.replays()).isEqualTo(2);
            assertThat(json(h.snapshot())).isEqualTo(freshRun(sc, h.position()));
            h.stepEvent();
            assertThat(json(h.snapshot())).isEqualTo(freshRun(sc, h.position()));
        }
    }

    @Test
    void aSpareEngineFromBeforeAnInjectionIsNotUsedOnTheNewBranch() throws Exception {
        Scenario sc = scenario("pingpong.json");
        try (History h = new History(sc, 8)) {
            h.jumpTo(3_000);
            h.jumpTo(1_000);                         // the engine at 3,000 is kept, on the branch without the action
            h.inject(new Action.SetGomaxprocs(4));   // a new branch from 1,000
            h.jumpTo(3_500);
            h.jumpTo(3_200);                         // before the engine: from the start, not from the old 3,000
            try (org.gmplab.engine.Engine e = org.gmplab.engine.Engine.replay(sc, h.actions())) {
                long pos = h.position();
                e.runUntil(Long.MAX_VALUE, ev -> ev.seq() == pos);
                assertThat(json(h.snapshot())).isEqualTo(json(e.snapshot()));
            }
        }
    }

    @Test
    void restoreWalksToThePositionWithTheRecordedActions() throws Exception {
        List<Action.AppliedAction> acts;
        String at;
        long pos;
        try (History h = new History(scenario("pingpong.json"))) {
            h.jumpTo(700);
            h.inject(new Action.SetGomaxprocs(4));
            for (int i = 0; i < 400; i++) h.stepEvent();
            pos = h.position();
            at = json(h.snapshot());
            acts = h.actions();
        }
        try (History h = History.restore(scenario("pingpong.json"), acts, pos, ReplayProgress.NONE)) {
            assertThat(h.position()).isEqualTo(pos);
            assertThat(json(h.snapshot())).isEqualTo(at);
            assertThat(h.stepBack()).isTrue();
            assertThat(h.replays()).isZero();
        }
    }

    @Test
    void aLongReplayReportsProgressUpToItsTarget() throws Exception {
        try (History h = new History(scenario("pingpong.json"), 1)) {
            h.jumpTo(12_000);
            List<long[]> reports = new ArrayList<>();
            h.onProgress((done, total) -> reports.add(new long[] {done, total}));
            h.progressAfter(0);
            h.jumpTo(10_000); // outside a ring of one: replayed from the start
            assertThat(h.replays()).isEqualTo(1);
            assertThat(reports).isNotEmpty();
            long[] last = reports.get(reports.size() - 1);
            assertThat(last[0]).isEqualTo(last[1]);
            assertThat(reports).allSatisfy(r -> assertThat(r[0]).isBetween(0L, r[1]));
        }
    }

    @Test
    void anActionThatDoesNotApplyIsRefusedAndNothingChanges() throws Exception {
        try (History h = new History(scenario("pingpong.json"))) {
            h.jumpTo(100);
            long p = h.position();
            assertThatThrownBy(() -> h.inject(new Action.Unblock(999))).isInstanceOf(IllegalArgumentException.class);
            assertThat(h.position()).isEqualTo(p);
            assertThat(h.actions()).isEmpty();
        }
    }

    @Test
    void waitingUntilATimeShowsTheMomentBetweenEventsAndSteppingOnIsUnchanged() throws Exception {
        // given a CPU-bound program, a few positions in
        Scenario sc = scenario("cpubound.json");
        try (History h = new History(sc); History plain = new History(sc);
             org.gmplab.engine.Engine e = org.gmplab.engine.Engine.step(sc)) {
            for (int i = 0; i < 5; i++) h.stepEvent();
            long from = h.position();
            long at = h.snapshot().time() + 3_000_000;
            // when it waits 3 ms of virtual time
            h.waitUntil(at);
            // then it shows the world at that time, as an engine run to that time does
            e.run(at);
            assertThat(json(h.snapshot())).isEqualTo(json(e.snapshot()));
            assertThat(h.position()).isEqualTo(e.eventCount()).isGreaterThanOrEqualTo(from);
            // and the next positions are those of a history that never waited
            plain.jumpTo(h.position());
            for (int i = 0; i < 20; i++) {
                assertThat(h.stepEvent()).isEqualTo(plain.stepEvent());
                assertThat(h.position()).isEqualTo(plain.position());
                assertThat(json(h.snapshot())).isEqualTo(json(plain.snapshot()));
            }
            // and jumping to the position it waited at shows that position's own snapshot again, not the later moment
            h.jumpTo(from);
            long pos = h.position();
            String atPosition = json(h.snapshot());
            h.waitUntil(h.snapshot().time() + 1_000);
            h.jumpTo(pos);
            assertThat(json(h.snapshot())).isEqualTo(atPosition);
            // and waiting from a past position drops the recorded future and explores it again, the same
            h.jumpTo(from);
            h.waitUntil(at);
            assertThat(json(h.snapshot())).isEqualTo(json(e.snapshot()));
            assertThat(h.end()).isEqualTo(h.position());
        }
    }

    @Test
    void aJumpForwardKeepsTheEventsItExploredAndOtherMovesForgetThem() throws Exception {
        try (History h = new History(scenario("spawn1000.json")); History steps = new History(scenario("spawn1000.json"))) {
            // when it jumps 300 events ahead
            h.jumpTo(300);
            // then the events on the way are the ones stepping there passes, in order
            List<Long> walked = new ArrayList<>();
            while (steps.position() < h.position()) {
                steps.stepEvent();
                steps.lastEvents().forEach(e -> walked.add(e.seq()));
            }
            assertThat(h.explored().stream().map(e -> e.seq()).toList()).isEqualTo(walked);
            // and a step back forgets them
            h.stepBack();
            assertThat(h.explored()).isEmpty();
        }
    }

    /**
     * A CPU-bound run, a few positions in, then 3 ms of virtual time on: to a moment inside a long work, many
     * safe points without an event after the last position passed, which it returns.
     */
    private static long waitInsideWork(History h) {
        for (int i = 0; i < 5; i++) h.stepEvent();
        h.waitUntil(h.snapshot().time() + 3_000_000);
        return h.position();
    }

    @Test
    void anActionInjectedAtAWaitedMomentIsReappliedThereWhenWalkingForwardAgain() throws Exception {
        // given an action injected at a moment reached by waiting, and the run on after it, with a small ring
        Map<Long, String> firstSeen = new HashMap<>();
        try (History h = new History(scenario("cpubound.json"), 8)) {
            waitInsideWork(h);
            long time = h.snapshot().time();
            h.inject(new Action.Spawn("burn", 1, List.of(7L)));
            assertThat(h.actions().get(0).time()).isEqualTo(time);
            firstSeen.put(h.position(), json(h.snapshot()));
            for (int i = 0; i < 30; i++) { h.stepEvent(); firstSeen.put(h.position(), json(h.snapshot())); }
            long end = h.position();
            // when it goes back to the start (out of the ring) and walks forward again
            h.toStart();
            while (h.position() < end) {
                assertThat(h.stepEvent()).isTrue();
                // then the action applies at its safe point and time, and every position is the one first seen
                if (firstSeen.containsKey(h.position()))
                    assertThat(json(h.snapshot())).as("position %d", h.position()).isEqualTo(firstSeen.get(h.position()));
            }
            assertThat(h.position()).isEqualTo(end);
        }
    }

    @Test
    void injectingAtAPositionShownAgainAfterWaitingAppliesAtThatPosition() throws Exception {
        Scenario sc = scenario("cpubound.json");
        try (History h = new History(sc); History plain = new History(sc)) {
            // given a history that waited past position p and was then moved back to p
            long p = waitInsideWork(h);
            h.jumpTo(p);
            // when an action is injected there
            h.inject(new Action.Spawn("burn", 1, List.of(7L)));
            // then it applied at p's own moment, as in a history that never waited
            plain.jumpTo(p);
            plain.inject(new Action.Spawn("burn", 1, List.of(7L)));
            assertThat(h.actions()).isEqualTo(plain.actions());
            assertThat(json(h.snapshot())).isEqualTo(json(plain.snapshot()));
        }
    }

    @Test
    void steppingBackFromAWaitedMomentShowsThePositionItWaitedAt() throws Exception {
        Scenario sc = scenario("cpubound.json");
        try (History h = new History(sc); History plain = new History(sc)) {
            long p = waitInsideWork(h);
            plain.jumpTo(p);
            long before = plain.previousPosition();
            // the waited moment lies after p, so p is the previous moment
            assertThat(h.previousPosition()).isEqualTo(p);
            assertThat(h.stepBack()).isTrue();
            assertThat(h.position()).isEqualTo(p);
            assertThat(json(h.snapshot())).isEqualTo(json(plain.snapshot()));
            assertThat(h.previousPosition()).isEqualTo(before);
            assertThat(h.stepBack()).isTrue();
            assertThat(h.position()).isEqualTo(before);
        }
    }

    @Test
    void waitingFromBeforeARecordedActionIsRefusedAndChangesNothing() throws Exception {
        try (History h = new History(scenario("cpubound.json"))) {
            // given an action recorded some positions ahead of where the history is now
            List<Long> walked = new ArrayList<>();
            for (int i = 0; i < 6; i++) { h.stepEvent(); walked.add(h.position()); }
            h.inject(new Action.Spawn("burn", 1, List.of(7L)));
            long actionAt = h.actions().get(0).event();
            for (int i = 0; i < 5; i++) h.stepEvent();
            long end = h.end();
            List<Action.AppliedAction> acts = h.actions();
            for (long back : new long[] {actionAt, walked.get(3)}) {
                h.jumpTo(back);
                String world = json(h.snapshot());
                // when it is asked to wait from there
                assertThatThrownBy(() -> h.waitUntil(h.snapshot().time() + 5_000_000))
                        .isInstanceOf(IllegalStateException.class).hasMessageContaining("event " + actionAt);
                // then nothing changed: the action, the recorded future and the moment shown are kept
                assertThat(h.actions()).isEqualTo(acts);
                assertThat(h.end()).isEqualTo(end);
                assertThat(h.position()).isEqualTo(back);
                assertThat(json(h.snapshot())).isEqualTo(world);
            }
            // and from after the action waiting works and keeps it
            h.toEnd();
            h.waitUntil(h.snapshot().time() + 1_000);
            assertThat(h.actions()).isEqualTo(acts);
        }
    }

    @Test
    void aJumpLongerThanWhatIsKeptKeepsTheLastEventsItExploredInOrder() throws Exception {
        try (History h = new History(scenario("spawn1000.json")); History steps = new History(scenario("spawn1000.json"))) {
            h.exploredKept(100);
            // when it jumps far more events ahead than it keeps
            h.jumpTo(3_000);
            // then it keeps the last of them, in order, as stepping there passes them
            List<Long> walked = new ArrayList<>();
            while (steps.position() < h.position()) {
                steps.stepEvent();
                steps.lastEvents().forEach(e -> walked.add(e.seq()));
            }
            assertThat(h.explored().stream().map(e -> e.seq()).toList()).isEqualTo(walked.subList(walked.size() - 100, walked.size()));
        }
    }
}
