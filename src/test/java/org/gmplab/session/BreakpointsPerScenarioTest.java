package org.gmplab.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.stage.Stage;

import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioJson;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Breakpoints belong to the scenario they were set on ({@link Breakpoints}). */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class BreakpointsPerScenarioTest {
    Driver d;

    @Start
    void start(Stage stage) { }

    @AfterEach
    void close() { if (d != null) d.close(); }

    static Scenario load(String file) throws Exception { return ScenarioJson.load(Path.of("scenarios", file)); }

    @Test
    void loadingAnotherScenarioShowsItsBreakpointsAndComingBackBringsTheOldOnesBack(FxRobot robot) throws Exception {
        Scenario cpubound = load("cpubound.json"), syscall = load("syscall.json");
        d = new Driver(new org.gmplab.history.History(cpubound));
        d.idle().get(60, TimeUnit.SECONDS);
        // given a steal breakpoint set on cpubound
        robot.interact(() -> d.breakpoints().add(Breakpoint.of(Breakpoint.Kind.STEAL)));
        // when another scenario is loaded
        d.load(syscall).get(60, TimeUnit.SECONDS);
        // then it shows its own breakpoints: none yet; and a run to the next breakpoint there has none to stop at
        assertThat(d.breakpoints()).isEmpty();
        d.runToBreakpoint().get(60, TimeUnit.SECONDS);
        assertThat(d.model().statusProperty().get()).startsWith("no breakpoints set");
        // when one is set there, and cpubound is loaded again (a fresh run of it, as the editor's Run makes)
        robot.interact(() -> d.breakpoints().add(Breakpoint.of(Breakpoint.Kind.HANDOFFP)));
        d.load(load("cpubound.json")).get(60, TimeUnit.SECONDS);
        // then cpubound's steal breakpoint is back, and it is the one a run stops at
        assertThat(d.breakpoints()).containsExactly(Breakpoint.of(Breakpoint.Kind.STEAL));
        d.runToBreakpoint().get(60, TimeUnit.SECONDS);
        assertThat(d.model().statusProperty().get()).startsWith("breakpoint: steal");
        // and going back to syscall brings its hand-off breakpoint back
        d.load(syscall).get(60, TimeUnit.SECONDS);
        assertThat(d.breakpoints()).containsExactly(Breakpoint.of(Breakpoint.Kind.HANDOFFP));
        assertThat(List.copyOf(d.breakpoints())).doesNotContain(Breakpoint.of(Breakpoint.Kind.STEAL));
    }
}
