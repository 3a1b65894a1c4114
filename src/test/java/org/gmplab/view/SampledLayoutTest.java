package org.gmplab.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;

import org.gmplab.gotrace.SchedTraceReader;
import org.gmplab.gotrace.SchedTraceRun;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/**
 * The canvas's model of a moment of scheddetail output (a_spawn1000 at GOMAXPROCS 2, hundreds queued): the
 * queues are counts — the global pool holds runqueue= and no token, a P's ring is a bar with its runqsize and no
 * G in a slot — while the Gs the G lines place (running on an M, waiting for a reason) are on screen.
 */
class SampledLayoutTest {
    static SchedTraceRun run(String file) throws IOException {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(
                SampledLayoutTest.class.getResourceAsStream("/gotrace/schedtrace/" + file + ".gz")), StandardCharsets.UTF_8))) {
            return SchedTraceRun.of(SchedTraceReader.read(in, file), file);
        }
    }

    @Test
    void aScheddetailMomentShowsItsQueuesAsCountsNeverAsTokensInSlots() throws IOException {
        SchedTraceRun run = run("a_spawn1000_p2_detail.txt");
        Snapshot s = run.snapshot(3);
        assertThat(s.sampled().runqueue()).isPositive();
        assertThat(s.sampled().runqsize(0) + s.sampled().runqsize(1)).isPositive();
        Layout l = Layout.compute(s, 1280, 720, 1);
        Layout.Pool global = l.pools.get("global");
        assertThat(global.title()).isEqualTo(Layout.QUEUE_COUNT);
        assertThat(global.total()).isEqualTo((int) s.sampled().runqueue());
        assertThat(global.shown()).isEmpty();
        assertThat(global.more()).isNull();
        for (Snapshot.Proc p : s.ps()) {
            Layout.Card c = l.cards.get(p.id());
            assertThat(c.compact()).as("P%d's ring is a bar", p.id()).isTrue();
            assertThat(l.tokens.values()).noneMatch(r -> r.equals(c.runnext()) || c.ring().contains(r.cx(), r.cy()));
        }
        // the runnable Gs of the G lines are in queues Go did not name: no token anywhere
        assertThat(s.gs()).filteredOn(g -> g.where() instanceof Place.Pool).isNotEmpty()
                .allSatisfy(g -> assertThat(l.tokens).doesNotContainKey(g.goid()));
        // the running ones are on their P's card, by their M
        for (Snapshot.Thread m : s.ms()) {
            if (m.p() < 0 || m.curg() < 0) continue;
            assertThat(l.tokens.get(m.curg())).isEqualTo(l.cards.get(m.p()).curg());
        }
        // the inspector names the counts as counts
        assertThat(Inspector.describe(new Layout.Hit(Layout.Hit.Kind.POOL, -1, "global"), s))
                .isEqualTo("global run queue: " + s.sampled().runqueue() + " Gs (runqueue=, a count: schedtrace does not name them)");
        assertThat(Inspector.describe(new Layout.Hit(Layout.Hit.Kind.P, 0, null), s))
                .contains("runqsize=" + s.sampled().runqsize(0)).doesNotContain("runnext");
        assertThat(Inspector.fields(new Layout.Hit(Layout.Hit.Kind.P, 1, null), s))
                .contains(new Inspector.Field("P1", "runqsize", s.sampled().runqsize(1) + " (a count)"));
    }

    @Test
    void plainSchedtraceGivesPsWithQueueCountsOnly() throws IOException {
        Snapshot s = run("a_spawn1000_p2_summary.txt").snapshot(5);
        Layout l = Layout.compute(s, 1280, 720, 1);
        assertThat(s.ps()).hasSize(2).allSatisfy(p -> assertThat(s.statusWord(p)).isEqualTo("?"));
        assertThat(s.ms()).isEmpty();
        assertThat(s.gs()).isEmpty();
        assertThat(l.tokens).isEmpty();
        assertThat(l.pools.get("global").total()).isEqualTo((int) s.sampled().runqueue());
    }
}
