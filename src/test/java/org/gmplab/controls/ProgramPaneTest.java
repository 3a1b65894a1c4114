package org.gmplab.controls;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.gmplab.Pulses;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.GoSource;
import org.gmplab.session.Driver;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Snapshot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The program beside the picture: the window shows a Go scenario's source, highlights the line of the running
 * G and tags each goroutine's line in the margin, and follows the moment shown — step, step back, a jump.
 * Read from what is on screen: the paragraphs' style and the tag labels in the margins.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class ProgramPaneTest {
    static final String SOURCE = """
            // gmplab: gomaxprocs=1 runtimegoroutines=off
            package main

            import "time"

            func worker(ch chan int) {
            	work(time.Millisecond)
            	ch <- 1
            }

            func main() {
            	ch := make(chan int)
            	go worker(ch)
            	<-ch
            }
            """;
    static final int WORK = 7, GO = 13, RECV = 14;

    Stage stage;
    Driver c;
    ControlsPane pane;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        Scenario sc = GoSource.parse(SOURCE, "pingpong.go");
        TestPane t = TestPane.show(stage, sc);
        c = t.driver();
        pane = t.pane();
        stage.show();
    }

    @AfterEach
    void close() { c.close(); }

    /** What the pane shows: the highlighted lines and, by line, the tags ("G2 runnable"). FX thread. */
    record Shown(TreeSet<Integer> highlighted, TreeMap<Integer, List<String>> tags) {}

    Shown shown() {
        TreeSet<Integer> high = new TreeSet<>();
        var area = pane.program.area();
        for (int i = 0; i < area.getParagraphs().size(); i++)
            if (area.getParagraph(i).getParagraphStyle().contains(ProgramPane.RUNNING_LINE)) high.add(i + 1);
        TreeMap<Integer, List<String>> tags = new TreeMap<>();
        for (Node n : pane.program.lookupAll(".g-tag")) {
            if (!n.isVisible() || n.getScene() == null) continue;
            Label l = (Label) n;
            // the tag's margin: the line number, then the tags
            Label number = (Label) ((javafx.scene.layout.HBox) l.getParent().getParent()).getChildren().get(0);
            String kind = l.getStyleClass().stream().filter(s -> s.startsWith("g-") && !s.equals("g-tag")).findFirst().orElse("");
            tags.computeIfAbsent(Integer.parseInt(number.getText().trim()), k -> new ArrayList<>()).add(l.getText() + " " + kind.substring(2));
        }
        return new Shown(high, tags);
    }

    /** Waits for the commands' moments to be shown and the margins drawn, then reads the pane. */
    Shown settle(FxRobot robot) throws Exception {
        c.idle().get(60, TimeUnit.SECONDS);
        Pulses.await(stage.getScene(), 3);
        Shown[] s = {null};
        robot.interact(() -> s[0] = shown());
        return s[0];
    }

    Snapshot.G g(long goid) {
        return c.model().getSnapshot().gs().stream().filter(g -> g.goid() == goid).findFirst().orElse(null);
    }

    @Test
    void aGoScenarioShowsItsSourceBesideTheCanvas(FxRobot robot) throws Exception {
        settle(robot);
        robot.interact(() -> {
            assertThat(pane.programToggle.isSelected()).as("on by default for a scenario written in Go").isTrue();
            assertThat(pane.side.getItems()).contains(pane.program);
            assertThat(pane.program.area().getText()).isEqualTo(SOURCE);
        });
        // the toggle hides it
        robot.clickOn("#programToggle");
        robot.interact(() -> assertThat(pane.side.getItems()).doesNotContain(pane.program));
    }

    @Test
    void steppingMovesTheHighlightedLineAndSteppingBackMovesItBack(FxRobot robot) throws Exception {
        // given the run stepped until main's go statement has made G2
        List<Shown> seen = new ArrayList<>();
        seen.add(settle(robot));
        for (int i = 0; i < 200 && g(2) == null; i++) {
            c.stepEvent();
            seen.add(settle(robot));
        }
        Shown atGo = seen.get(seen.size() - 1);
        // then main's go statement is highlighted, and the new G2 is tagged runnable at its first line
        assertThat(atGo.highlighted()).containsExactly(GO);
        assertThat(atGo.tags().get(GO)).containsExactly("G1 running");
        assertThat(atGo.tags().get(WORK)).containsExactly("G2 runnable");

        // when stepping on until main waits in its receive
        for (int i = 0; i < 200 && !(g(1).status() == GStatus.WAITING); i++) {
            c.stepEvent();
            seen.add(settle(robot));
        }
        Shown parked = seen.get(seen.size() - 1);
        // then its tag says it waits at <-ch, and the highlight has left the go statement
        assertThat(parked.tags().get(RECV)).containsExactly("G1 waiting");
        assertThat(parked.highlighted()).doesNotContain(GO);

        // when stepping back, one moment at a time, each shows what it showed going forward
        for (int k = seen.size() - 2; k >= Math.max(0, seen.size() - 6); k--) {
            c.stepBack();
            assertThat(settle(robot)).as("stepped back to moment " + k).isEqualTo(seen.get(k));
        }
        // and a jump on the timeline back to the go statement's moment shows it again
        long goAt = 0;
        c.toStart();
        settle(robot);
        for (int i = 0; i < 200 && g(2) == null; i++) {
            c.stepEvent().get(60, TimeUnit.SECONDS);
            goAt = c.model().getPosition();
        }
        c.toEnd();
        settle(robot);
        c.jumpTo(goAt);
        assertThat(settle(robot)).isEqualTo(atGo);
    }

    @Test
    void theMarginTagsNameTheRunnableAndWaitingGoroutines(FxRobot robot) throws Exception {
        // given main parked in its receive while G2 works
        settle(robot);
        for (int i = 0; i < 400 && !(g(1) != null && g(1).status() == GStatus.WAITING && g(2) != null && g(2).status() == GStatus.RUNNING); i++) c.stepEvent().get(60, TimeUnit.SECONDS);
        Shown s = settle(robot);
        // then the running G2's line is highlighted and tagged, and G1 is tagged waiting at <-ch
        assertThat(s.highlighted()).containsExactly(WORK);
        assertThat(s.tags().get(WORK)).containsExactly("G2 running");
        assertThat(s.tags().get(RECV)).containsExactly("G1 waiting");
        robot.interact(() -> {
            Label g1 = (Label) pane.program.lookup("#programTag-G1");
            assertThat(g1.getTooltip().getText()).isEqualTo("G1 waiting: chan receive");
        });
    }
}
