package org.gmplab.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.ScenarioFiles;
import org.junit.jupiter.api.Test;

/** Each kind's "why", formatted when read, in English and in Chinese. */
class NarrationTest {
    private static final Pattern NUMBER = Pattern.compile("\\d+");
    private static final Pattern CJK = Pattern.compile("\\p{IsHan}");

    static List<Event> run(String file, Scenario.Scheduler s, Scenario.GoVersion go) throws Exception {
        Scenario sc = ScenarioFiles.load(Path.of("scenarios", file)).withScheduler(s);
        if (s == Scenario.Scheduler.GMP) sc = sc.withGo(go);
        try (Engine e = Engine.step(sc)) {
            e.runUntil(5_000_000_000L, ev -> ev.seq() >= 1500);
            return e.drainEvents();
        }
    }

    static List<String> numbers(String s) {
        List<String> out = new ArrayList<>();
        for (Matcher m = NUMBER.matcher(s); m.find(); ) out.add(m.group());
        return out;
    }

    /** Given every bundled scenario under the three schedulers, every event's Chinese words are Chinese and carry the English's numbers. */
    @Test
    void chineseNarrationSaysWhatTheEnglishSaysWithTheSameNumbers() throws Exception {
        List<Event> all = new ArrayList<>();
        List<String> files;
        try (var list = java.nio.file.Files.list(Path.of("scenarios"))) {
            files = list.map(p -> p.getFileName().toString()).sorted().toList();
        }
        for (String f : files)
            for (Scenario.Scheduler s : Scenario.Scheduler.values())
                for (Scenario.GoVersion go : s == Scenario.Scheduler.GMP ? Scenario.GoVersion.values() : new Scenario.GoVersion[] {Scenario.GoVersion.GO123})
                    all.addAll(run(f, s, go));
        Set<EventKind> seen = EnumSet.noneOf(EventKind.class);
        for (Event e : all) {
            String en = e.why(), zh = e.accept(Narration.ZH);
            seen.add(e.kind());
            assertThat(numbers(zh)).as("%s\n%s", en, zh).containsExactlyInAnyOrderElementsOf(numbers(en));
            if (e.kind() != EventKind.FATAL) assertThat(CJK.matcher(zh).find()).as(zh).isTrue();
        }
        // the runs reach most kinds (what they do not reach is reached by the Go 1.0 and Go 1.26 engine tests)
        assertThat(seen).hasSizeGreaterThan(28);
    }

    /** The words are formatted from the fields: an event built by hand reads as the engine's would. */
    @Test
    void aStealReadsItsNumbersFromItsFields() {
        Event steal = new Event.Steal(new Event.Head(7, 100, 12, 2, 1), 0, 2, 4, 6, 3, false, 5, 3, false, List.of());
        assertThat(steal.why()).isEqualTo("P1: steal round 2/4, victim P0 had 6 → took 3 (half, rounded up); runs G12 now, queues 2");
        assertThat(steal.accept(Narration.ZH)).isEqualTo("P1：第 2/4 轮窃取，受害者 P0 有 6 个 → 取走 3 个（一半，向上取整）；立即运行 G12，排队 2 个");
        assertThat(steal.details()).containsExactly(java.util.Map.entry("victim", 0L), java.util.Map.entry("round", 2L), java.util.Map.entry("had", 6L),
                java.util.Map.entry("took", 3L), java.util.Map.entry("runnext", 0L), java.util.Map.entry("start", 5L), java.util.Map.entry("stride", 3L));
    }
}
