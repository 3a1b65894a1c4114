package org.gmplab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.gosrc.ScenarioFiles;
import org.gmplab.snapshot.Event;
import org.junit.jupiter.api.Test;

/** The progress line of a long step-mode run: shown while it runs, cleared after, and the run unchanged by it. */
class ProgressTest {

    @Test
    void theLineShowsHowFarTheRunIsAndTheRunIsTheSameWithIt() throws ScenarioException {
        Scenario sc = ScenarioFiles.load(java.nio.file.Path.of("scenarios/cpubound.go"));
        long limit = 30_000_000;
        List<Event> plain = new ArrayList<>();
        try (Engine e = Engine.step(sc)) {
            e.runUntil(limit, null, plain::add);
        }
        StringWriter text = new StringWriter();
        List<Event> sliced = new ArrayList<>();
        try (Engine e = Engine.step(sc)) {
            Progress.everySlice(new PrintWriter(text)).run(e, limit, sliced::add);
        }
        assertThat(sliced).isNotEmpty().isEqualTo(plain);
        String shown = text.toString();
        assertThat(shown).startsWith("\rgmplab: ").contains(" of 0.0300s virtual time (").contains("%), ").endsWith("\r\033[K");
        assertThat(shown.split("\r").length).isGreaterThan(Progress.SLICES / 2);
    }

    @Test
    void theLineSaysTimeOfLimitPercentAndEvents() {
        assertThat(Progress.line(1_250_000_000L, 10_000_000_000L, 9089)).isEqualTo("1.25s of 10.0s virtual time (12%), 9089 events");
    }
}
