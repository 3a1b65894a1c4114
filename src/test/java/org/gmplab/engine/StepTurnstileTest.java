package org.gmplab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.Event;
import org.gmplab.trace.EventsJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Step mode's token: who is awake when a turn comes may change with the machine, the order of turns may not.
 * Runs with many Ms (many Java threads handing the token on) are compared event by event with runs recorded in
 * {@code src/test/resources/golden/step}; a run cut into hundreds of short {@link Engine#runUntil} calls must
 * give the same events as one call and must not hang (a lost wake-up would), and no thread outlives
 * {@link Engine#close()}. Re-recorded only for a deliberate change of the events, with {@code -Dgmplab.golden.record=true}.
 */
class StepTurnstileTest {
    static final Path GOLDEN = Path.of("src/test/resources/golden/step");

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)   // a lost wake-up hangs: fail instead
    void manyMsAtGomaxprocs256HandTheTokenOnInTheRecordedOrder() throws IOException {
        assertSameAsRecorded(Scenarios.spawn(1000, 20 * Scenarios.US, 256, 5), "spawn1000-p256.txt.gz");
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void fanOutTreeAtGomaxprocs64HandsTheTokenOnInTheRecordedOrder() throws IOException {
        assertSameAsRecorded(Scenarios.fanout(9, 64, 11), "fanout9-p64.txt.gz");
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void hundredsOfShortRunsGiveTheEventsOfOneRun() {
        Scenario sc = Scenarios.spawn(500, 20 * Scenarios.US, 64, 3);
        List<String> whole = lines(StepRuns.run(sc).events());
        List<String> cut = new ArrayList<>();
        int calls = 0;
        try (Engine e = Engine.step(sc)) {
            long t = 0;
            while (e.outcome() == null) {
                // mostly: stop at the next event; every fourth call: 1 µs of virtual time later (a time limit)
                if (calls % 4 != 3) e.runUntil(Long.MAX_VALUE, ev -> true);
                else e.run(t = Math.max(t, e.now()) + Scenarios.US);
                cut.addAll(lines(e.drainEvents()));
                calls++;
            }
        }
        assertThat(calls).isGreaterThan(500);
        assertThat(cut).isEqualTo(whole);
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void noThreadOutlivesCloseWhileOthersWaitForTheirTurn() {
        for (int round = 0; round < 20; round++) {
            Engine e = Engine.step(Scenarios.spawn(2000, 20 * Scenarios.US, 256, round));
            int stopAt = 300 + 97 * round;
            e.runUntil(Long.MAX_VALUE, ev -> ev.seq() >= stopAt);
            assertThat(e.outcome()).isNull();
            e.close();
            assertThat(e.liveThreads()).as("round %d", round).isZero();
        }
    }

    private static void assertSameAsRecorded(Scenario sc, String file) throws IOException {
        StepRuns.Run run = StepRuns.run(sc);
        assertThat(run.outcome().kind()).isEqualTo(Outcome.Kind.EXITED);
        List<String> got = lines(run.events());
        Path golden = GOLDEN.resolve(file);
        if (Boolean.getBoolean("gmplab.golden.record")) {
            Files.createDirectories(GOLDEN);
            try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(golden))) {
                o.write((String.join("\n", got) + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        List<String> want;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(golden))) {
            want = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        for (int i = 0; i < Math.min(want.size(), got.size()); i++)
            assertThat(got.get(i)).as("event %d of %s", i + 1, golden).isEqualTo(want.get(i));
        assertThat(got).hasSameSizeAs(want);
    }

    private static List<String> lines(List<Event> events) { return events.stream().map(EventsJson::line).toList(); }
}
