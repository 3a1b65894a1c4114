package org.gmplab.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import javafx.application.Platform;

import org.gmplab.engine.Action;
import org.gmplab.engine.program.Scenario;
import org.gmplab.engine.program.ScenarioJson;
import org.gmplab.history.History;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/** The model and its drivers: latest-wins publishing, a capped log, playback, live snapshots. */
class ModelTest {
    static Scenario scenario(String name) throws Exception { return ScenarioJson.load(Path.of("scenarios", name)); }

    static Event ev(long seq) { return new Event(seq, seq * 10, EventKind.EXECUTE, 1, 0, 0, Map.of(), "e" + seq); }

    static Snapshot world(long events) {
        return new Snapshot(events * 10, events, 1, 1, 0, 0, 0, 0, List.of(), List.of(), List.of(), 0, List.of(), List.of(), List.of());
    }

    static List<Event> evs(long from, long to) {
        List<Event> l = new ArrayList<>();
        for (long i = from; i <= to; i++) l.add(ev(i));
        return l;
    }

    @Test
    void theSlotKeepsTheLatestWorldAndTheEventsOfEveryFrameNotYetTaken() {
        LatestSlot slot = new LatestSlot(100);
        slot.publish(new Frame(world(3), evs(1, 3), 3, 3, true, false, false));
        slot.publish(new Frame(world(5), evs(4, 5), 5, 5, true, false, false));
        slot.publish(new Frame(world(9), evs(6, 9), 9, 9, false, false, false));
        Frame f = slot.take();
        assertThat(f.snapshot().events()).isEqualTo(9);
        assertThat(f.events()).extracting(Event::seq).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
        assertThat(f.playing()).isFalse();
        assertThat(slot.take()).isNull();
    }

    @Test
    void eventsBeyondTheCapAndBeforeAResetAreDropped() {
        LatestSlot slot = new LatestSlot(4);
        slot.publish(new Frame(world(3), evs(1, 3), 3, 3, true, false, false));
        slot.publish(new Frame(world(6), evs(4, 6), 6, 6, true, false, false));
        assertThat(slot.take().events()).extracting(Event::seq).containsExactly(3L, 4L, 5L, 6L);
        slot.publish(new Frame(world(6), evs(4, 6), 6, 6, true, false, false));
        slot.publish(new Frame(world(2), List.of(), 2, 6, false, false, true));
        Frame f = slot.take();
        assertThat(f.reset()).isTrue();
        assertThat(f.events()).isEmpty();
    }

    @Test
    void theModelAppliesAFramePerPollAndCapsItsLog() {
        GmpModel m = new GmpModel(5);
        LatestSlot slot = new LatestSlot(100);
        List<Long> seen = new ArrayList<>();
        m.positionProperty().addListener((o, a, b) -> seen.add(b.longValue()));
        assertThat(m.poll(slot)).isFalse();

        slot.publish(new Frame(world(3), evs(1, 3), 3, 3, true, false, false));
        slot.publish(new Frame(world(8), evs(4, 8), 8, 8, true, false, false));
        assertThat(m.poll(slot)).isTrue();
        assertThat(m.getSnapshot().events()).isEqualTo(8);
        assertThat(m.eventLog()).extracting(Event::seq).containsExactly(4L, 5L, 6L, 7L, 8L);
        assertThat(seen).containsExactly(8L); // one update for two publications
        assertThat(m.isPlaying()).isTrue();

        slot.publish(new Frame(world(9), evs(9, 9), 9, 9, false, true, false));
        m.poll(slot);
        assertThat(m.eventLog()).extracting(Event::seq).containsExactly(5L, 6L, 7L, 8L, 9L);
        assertThat(m.finishedProperty().get()).isTrue();

        slot.publish(new Frame(world(2), List.of(), 2, 9, false, false, true));
        m.poll(slot);
        assertThat(m.eventLog()).isEmpty();
        assertThat(m.getPosition()).isEqualTo(2);
        assertThat(m.endProperty().get()).isEqualTo(9);
        assertThatThrownBy(() -> m.eventLog().add(ev(1))).isInstanceOf(UnsupportedOperationException.class);
        m.selectionProperty().set(Selection.g(7));
        assertThat(m.selectionProperty().get()).isEqualTo(new Selection(Selection.Kind.G, 7));
    }

    @Test
    void theHistoryDriverStepsBackAndForthAndPublishesEachMoment() throws Exception {
        LatestSlot slot = new LatestSlot(1000);
        GmpModel m = new GmpModel();
        try (HistoryDriver d = new HistoryDriver(new History(scenario("fanout.json")), slot)) {
            for (int i = 0; i < 10; i++) d.stepMajor().get(10, TimeUnit.SECONDS);
            m.poll(slot);
            long at = m.getPosition();
            assertThat(m.eventLog()).isNotEmpty();
            assertThat(m.eventLog().get(m.eventLog().size() - 1).seq()).isEqualTo(at);
            assertThat(m.getSnapshot().events()).isEqualTo(at);

            d.stepBack().get(10, TimeUnit.SECONDS);
            m.poll(slot);
            assertThat(m.getPosition()).isLessThan(at);
            assertThat(m.eventLog()).isEmpty();

            List<String> errors = new ArrayList<>();
            d.onError(errors::add);
            assertThatThrownBy(() -> d.inject(new Action.Unblock(12345)).get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class);
            assertThat(errors).singleElement().satisfies(s -> assertThat(s).contains("G12345"));

            d.jumpTo(500).get(10, TimeUnit.SECONDS);
            m.poll(slot);
            assertThat(m.getPosition()).isGreaterThanOrEqualTo(500);
            assertThat(d.session(Map.of("speed", "3")).get(10, TimeUnit.SECONDS).position()).isEqualTo(m.getPosition());
        }
    }

    @Test
    void playingRunsToTheEndAndStops() throws Exception {
        LatestSlot slot = new LatestSlot(100_000);
        GmpModel m = new GmpModel(100_000);
        try (HistoryDriver d = new HistoryDriver(new History(scenario("select.json")), slot)) {
            d.setSpeed(10_000).get(10, TimeUnit.SECONDS);
            d.play().get(10, TimeUnit.SECONDS);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!m.finishedProperty().get() && System.nanoTime() < deadline) {
                if (!m.poll(slot)) Thread.onSpinWait();
            }
            assertThat(m.finishedProperty().get()).isTrue();
            d.pause().get(10, TimeUnit.SECONDS);
            m.poll(slot);
            assertThat(m.isPlaying()).isFalse();
            assertThat(m.eventLog()).extracting(Event::seq).isSorted().last().isEqualTo(m.getPosition());

            // played again from an earlier moment, it walks the recorded history to the same end
            long end = m.getPosition();
            d.jumpTo(10).get(10, TimeUnit.SECONDS);
            d.play().get(10, TimeUnit.SECONDS);
            deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            do { m.poll(slot); } while (!(m.finishedProperty().get() && !m.isPlaying()) && System.nanoTime() < deadline);
            assertThat(m.getPosition()).isEqualTo(end);
        }
    }

    @Test
    void theLiveDriverPublishesExactWorldsUntilTheEnd() throws Exception {
        LatestSlot slot = new LatestSlot(100_000);
        GmpModel m = new GmpModel(100_000);
        try (LiveDriver d = new LiveDriver(scenario("fanout.json"), 1.0, true, slot)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!(d.done() && !slot.pending() && m.finishedProperty().get()) && System.nanoTime() < deadline) {
                if (!m.poll(slot)) Thread.onSpinWait();
            }
            assertThat(m.finishedProperty().get()).isTrue();
            assertThat(m.framesApplied()).isPositive();
            assertThat(m.getSnapshot().events()).isPositive();
            // Live mode records events in the order the Ms appended them, which may differ from seq order
            // by a few places; none is lost or repeated on the way through the slot.
            List<Long> seqs = m.eventLog().stream().map(Event::seq).sorted().toList();
            assertThat(seqs).doesNotHaveDuplicates();
            assertThat(seqs.get(seqs.size() - 1) - seqs.get(0) + 1).isEqualTo(seqs.size());
            assertThat(seqs.get(seqs.size() - 1)).isEqualTo(d.engine().eventCount());
        }
    }

    @Test
    void theFramePumpAppliesFramesOnTheFxThread() throws Exception {
        // Start the toolkit the TestFX way, so that later TestFX tests in this JVM find it as they expect
        // (Platform.startup here would leave TestFX without its primary stage).
        org.testfx.api.FxToolkit.registerPrimaryStage();
        GmpModel m = new GmpModel();
        LatestSlot slot = new LatestSlot(10);
        CountDownLatch applied = new CountDownLatch(1);
        FramePump[] pump = new FramePump[1];
        Platform.runLater(() -> {
            pump[0] = new FramePump(m, slot);
            pump[0].onFrame(() -> {
                assertThat(Platform.isFxApplicationThread()).isTrue();
                applied.countDown();
            });
            pump[0].start();
        });
        slot.publish(new Frame(world(4), evs(1, 4), 4, 4, false, false, false));
        assertThat(applied.await(30, TimeUnit.SECONDS)).isTrue();
        Platform.runLater(() -> pump[0].stop());
        CountDownLatch read = new CountDownLatch(1);
        long[] pos = new long[1];
        Platform.runLater(() -> { pos[0] = m.getPosition(); read.countDown(); });
        assertThat(read.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(pos[0]).isEqualTo(4);
    }
}
