package org.gmplab.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import org.gmplab.engine.Action;
import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.ScenarioFiles;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JSON event log and the Perfetto export stay byte for byte what they were: every bundled scenario, under
 * each scheduler, is run in step mode (its first {@value #EVENTS} events, with a few actions injected along the
 * way) and both outputs are compared with the files recorded in {@code src/test/resources/golden/events}.
 * A deliberate change of either format re-records them with {@code -Dgmplab.golden.record=true}.
 */
class EventFormatsGoldenTest {
    static final int EVENTS = 1500;
    /** Virtual time a run may take: Go 1.0 never preempts, so a CPU-bound loop there emits nothing for ever. */
    static final long LIMIT = 5_000_000_000L;
    static final Path GOLDEN = Path.of("src/test/resources/golden/events");

    static Stream<Arguments> cases() throws IOException {
        List<Arguments> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of("scenarios"))) {
            for (Path f : files.sorted().toList())
                for (String rules : List.of("1.23", "1.26", "1.0")) out.add(Arguments.of(f.getFileName().toString(), rules));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} under Go {1}")
    @MethodSource("cases")
    void eventsJsonAndPerfettoAreUnchanged(String file, String rules) throws Exception {
        Scenario sc = ScenarioFiles.load(Path.of("scenarios", file));
        sc = switch (rules) {
            case "1.26" -> sc.withScheduler(Scenario.Scheduler.GMP).withGo(Scenario.GoVersion.GO126);
            case "1.0" -> sc.withScheduler(Scenario.Scheduler.GO10);
            default -> sc.withScheduler(Scenario.Scheduler.GMP).withGo(Scenario.GoVersion.GO123);
        };
        List<Event> events = run(sc);
        StringBuilder text = new StringBuilder();
        for (Event e : events) text.append(EventsJson.line(e)).append('\n');
        text.append("----\n").append(PerfettoTrace.toJson(events)).append('\n');
        Path golden = GOLDEN.resolve(file.replace('.', '_') + "-" + rules + ".txt.gz");
        if (Boolean.getBoolean("gmplab.golden.record")) {
            Files.createDirectories(GOLDEN);
            try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(golden))) {
                o.write(text.toString().getBytes(StandardCharsets.UTF_8));
            }
        }
        String expected;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(golden))) {
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> want = expected.lines().toList(), got = text.toString().lines().toList();
        for (int i = 0; i < Math.min(want.size(), got.size()); i++)
            assertThat(got.get(i)).as("line %d of %s", i + 1, golden).isEqualTo(want.get(i));
        assertThat(got).hasSameSizeAs(want);
    }

    /** The first EVENTS events, with GOMAXPROCS changed, a system call and a Gosched injected on the way. */
    static List<Event> run(Scenario sc) {
        List<Event> all = new ArrayList<>();
        try (Engine e = Engine.step(sc)) {
            for (int round = 0; round < 3 && all.size() < EVENTS; round++) {
                int upTo = (round + 1) * EVENTS / 4;
                e.runUntil(LIMIT, ev -> ev.seq() >= upTo);
                all.addAll(e.drainEvents());
                if (e.outcome() != null || e.now() >= LIMIT) break;
                Snapshot s = e.snapshot();
                long running = s.gs().stream().filter(g -> g.status() == GStatus.RUNNING && !g.system()).mapToLong(Snapshot.G::goid).findFirst().orElse(-1);
                Action a = switch (round) {
                    case 0 -> new Action.SetGomaxprocs(s.gomaxprocs() == 1 ? 2 : s.gomaxprocs() - 1);
                    case 1 -> running < 0 ? new Action.SetGomaxprocs(3) : new Action.InjectSyscall(running, 50_000);
                    default -> running < 0 ? new Action.SetGomaxprocs(2) : new Action.Gosched(running);
                };
                try {
                    e.inject(a);
                } catch (RuntimeException refused) {
                    // some actions do not apply at this moment (no P to resize under Go 1.0, say): the run goes on
                }
            }
            if (e.outcome() == null && e.now() < LIMIT) e.runUntil(LIMIT, ev -> ev.seq() >= EVENTS);
            all.addAll(e.drainEvents());
        }
        return all.size() > EVENTS ? all.subList(0, EVENTS) : all;
    }
}
