package org.gmplab.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javafx.application.Platform;

import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The model and its frame clock: latest-wins publishing that loses no log line, the log's edits and cap, the pump. */
@Tag("ui")
class ModelTest {
    static Event ev(long seq) { return new Event(seq, seq * 10, EventKind.EXECUTE, 1, 0, 0, Map.of(), "e" + seq); }

    static Snapshot world(long events) {
        return new Snapshot(events * 10, events, 1, 1, 0, 0, 0, 0, List.of(), List.of(), List.of(), 0, List.of(), List.of(), List.of());
    }

    static List<Event> evs(long from, long to) {
        List<Event> l = new ArrayList<>();
        for (long i = from; i <= to; i++) l.add(ev(i));
        return l;
    }

    /** A step-mode frame at position {@code at} appending {@code events}. */
    static Moment frame(long at, List<Event> events, boolean reset, int cap, Runnable... then) {
        return new Moment(world(at), events, reset, cap, at, at, true, false, List.of(then));
    }

    static List<Long> seqs(List<Event> l) { return l.stream().map(Event::seq).toList(); }

    @Test
    void theSlotKeepsTheLatestWorldAndTheEventsAndWaitersOfEveryFrameNotYetTaken() {
        LatestSlot slot = new LatestSlot();
        List<String> ran = new ArrayList<>();
        slot.publish(frame(3, evs(1, 3), false, Moment.ALL, () -> ran.add("a")));
        slot.publish(frame(5, evs(4, 5), false, Moment.ALL, () -> ran.add("b")));
        slot.publish(new Moment(world(9), evs(6, 9), false, Moment.ALL, 9, 9, false, false, List.of(() -> ran.add("c"))));
        assertThat(slot.pending()).isTrue();
        Moment f = slot.take();
        assertThat(f.snapshot().events()).isEqualTo(9);
        assertThat(seqs(f.events())).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
        assertThat(f.playing()).isFalse();
        f.whenShown().forEach(Runnable::run);
        assertThat(ran).containsExactly("a", "b", "c");
        assertThat(slot.take()).isNull();
        assertThat(slot.pending()).isFalse();
    }

    @Test
    void theWordsAboutMomentsNotYetTakenAreMergedSoTheModelShowsTheLatestOfEachWithTheLatestWorld() throws Exception {
        // given a refusal, then a later moment that only says a status, then one that clears the error, merged in the slot
        LatestSlot slot = new LatestSlot();
        org.gmplab.scenario.Scenario sc = org.gmplab.scenario.ScenarioJson.load(java.nio.file.Path.of("scenarios/pingpong.json"));
        slot.publish(new Moment(world(3), List.of(), false, Moment.ALL, 3, 3, false, false, org.gmplab.engine.Engine.Mode.STEP, sc,
                java.util.Set.of(7L), new Moment.Say("refused: no", "no", "boom"), List.of()));
        slot.publish(new Moment(world(4), List.of(), false, Moment.ALL, 4, 4, true, false, org.gmplab.engine.Engine.Mode.STEP, sc,
                java.util.Set.of(), Moment.Say.status("playing"), List.of()));
        slot.publish(new Moment(world(5), List.of(), false, Moment.ALL, 5, 5, true, false, org.gmplab.engine.Engine.Mode.LIVE, sc,
                java.util.Set.of(9L), new Moment.Say(null, null, ""), List.of()));
        GmpModel m = new GmpModel();
        // when the model takes them in one pulse
        m.apply(slot.take());
        // then it shows the latest world with the latest of each word: the newest status, the refusal kept, the error cleared
        assertThat(m.getSnapshot().events()).isEqualTo(5);
        assertThat(m.statusProperty().get()).isEqualTo("playing");
        assertThat(m.refusalProperty().get()).isEqualTo("no");
        assertThat(m.errorProperty().get()).isEmpty();
        assertThat(m.modeProperty().get()).isEqualTo(org.gmplab.engine.Engine.Mode.LIVE);
        assertThat(m.scenarioProperty().get()).isSameAs(sc);
        assertThat(m.pendingProperty().get()).containsExactly(9L);
        // and a moment that says nothing leaves the words as they are
        m.apply(frame(6, List.of(), false, Moment.ALL));
        assertThat(m.statusProperty().get()).isEqualTo("playing");
        assertThat(m.refusalProperty().get()).isEqualTo("no");
    }

    @Test
    void aResetDropsTheOlderLinesButNotWhatWaitsOnThem() {
        LatestSlot slot = new LatestSlot();
        List<String> ran = new ArrayList<>();
        slot.publish(frame(6, evs(4, 6), false, 4, () -> ran.add("older")));
        slot.publish(frame(2, evs(1, 2), true, Moment.ALL, () -> ran.add("newer")));
        slot.publish(frame(3, evs(3, 3), false, Moment.ALL));
        Moment f = slot.take();
        assertThat(f.reset()).isTrue();
        assertThat(seqs(f.events())).containsExactly(1L, 2L, 3L);
        assertThat(f.logCap()).isEqualTo(Moment.ALL);
        f.whenShown().forEach(Runnable::run);
        assertThat(ran).containsExactly("older", "newer");
    }

    @Test
    void framesMergedInTheSlotEditTheLogAsTheyWouldOneAfterTheOther() {
        // given many runs of random frames (appends, resets that may change the cap), published faster or slower
        // than they are taken
        Random r = new Random(7);
        for (int run = 0; run < 200; run++) {
            GmpModel oneByOne = new GmpModel(), merged = new GmpModel();
            LatestSlot slot = new LatestSlot();
            long seq = 0;
            int cap = Moment.ALL;
            for (int i = 0; i < 60; i++) {
                boolean reset = r.nextInt(8) == 0;
                if (reset) cap = r.nextBoolean() ? Moment.ALL : 1 + r.nextInt(12);
                int n = r.nextInt(6);
                Moment f = frame(seq + n, evs(seq + 1, seq + n), reset, cap);
                seq += n;
                // when each frame is applied as it comes, and the same frames go through the slot
                oneByOne.apply(f);
                slot.publish(f);
                if (r.nextInt(4) == 0) merged.apply(slot.take());
            }
            Moment last = slot.take();
            if (last != null) merged.apply(last);
            // then both logs hold the same lines: none lost, none twice
            assertThat(seqs(merged.eventLog())).as("run %d", run).isEqualTo(seqs(oneByOne.eventLog()));
            assertThat(merged.getPosition()).isEqualTo(oneByOne.getPosition());
        }
    }

    @Test
    void theModelAppliesAFrameLogFirstAndCapsItsLog() {
        GmpModel m = new GmpModel();
        List<String> seen = new ArrayList<>();
        // a listener on the world finds the events that led to it already in the log
        m.snapshotProperty().addListener((o, a, s) -> seen.add(s.events() + ":" + m.eventLog().size()));

        m.apply(new Moment(world(8), evs(1, 8), true, 5, 8, 8, true, false, List.of()));
        assertThat(seqs(m.eventLog())).containsExactly(4L, 5L, 6L, 7L, 8L);
        assertThat(m.isPlaying()).isTrue();
        m.apply(new Moment(world(9), evs(9, 9), false, 5, 9, 9, false, true, List.of()));
        assertThat(seqs(m.eventLog())).containsExactly(5L, 6L, 7L, 8L, 9L);
        assertThat(m.finishedProperty().get()).isTrue();
        assertThat(seen).containsExactly("8:5", "9:5");

        m.apply(new Moment(world(2), List.of(), true, Moment.ALL, 2, 9, false, false, List.of()));
        assertThat(m.eventLog()).isEmpty();
        assertThat(m.getPosition()).isEqualTo(2);
        assertThat(m.endProperty().get()).isEqualTo(9);
        assertThat(m.framesApplied()).isEqualTo(3);
        assertThatThrownBy(() -> m.eventLog().add(ev(1))).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aStepModeLogKeepsEveryEventOfTheBranch() {
        GmpModel m = new GmpModel();
        for (long at = 0; at < 50_000; at += 1000) m.apply(frame(at + 1000, evs(at + 1, at + 1000), false, Moment.ALL));
        assertThat(m.eventLog()).hasSize(50_000);
        assertThat(m.eventLog().get(0).seq()).isEqualTo(1);
    }

    @Test
    void theFramePumpShowsAFrameAndThenRunsWhatWaitsOnItOnTheFxThread() throws Exception {
        // Start the toolkit the TestFX way, so that later TestFX tests in this JVM find it as they expect
        // (Platform.startup here would leave TestFX without its primary stage).
        org.testfx.api.FxToolkit.registerPrimaryStage();
        GmpModel m = new GmpModel();
        LatestSlot slot = new LatestSlot();
        FramePump pump = new FramePump(m, slot);
        Platform.runLater(pump::start);
        // when a frame waits on a completion
        CompletableFuture<Long> shown = new CompletableFuture<>();
        slot.publish(frame(4, evs(1, 4), false, Moment.ALL, () -> {
            assertThat(Platform.isFxApplicationThread()).isTrue();
            shown.complete(m.getPosition());
        }));
        // then the completion runs once the model shows the frame
        assertThat(shown.get(30, TimeUnit.SECONDS)).isEqualTo(4);
        CompletableFuture<Boolean> stopped = new CompletableFuture<>();
        Platform.runLater(() -> {
            pump.stop();
            stopped.complete(pump.pulse());
        });
        assertThat(stopped.get(30, TimeUnit.SECONDS)).as("nothing left to show").isFalse();
        assertThat(seqs(m.eventLog())).containsExactly(1L, 2L, 3L, 4L);
    }
}
