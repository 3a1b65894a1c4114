package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javafx.stage.Stage;

import org.gmplab.lessons.player.Progress;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * {@code -Dgmplab.probe.firstFrame=true}: opening the window prints one line with the time from the JVM's start
 * to the first frame that showed the painted canvas, and the milestones on the way, in the order they happen.
 * No time is asserted: only that the line is there, once, and its milestones are in order.
 */
@ExtendWith(ApplicationExtension.class)
@Tag("ui")
class StartProbeTest {
    Stage stage;
    Preferences prefs;
    GmpLabApp.Window window;
    final ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream stderr;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        prefs = Preferences.userRoot().node("org/gmplab/test/probe-" + UUID.randomUUID());
    }

    @AfterEach
    void close() throws Exception {
        System.setErr(stderr);
        System.clearProperty(StartProbe.PROPERTY);
        System.clearProperty("gmplab.probe.marks");
        if (window != null) {
            GmpLabAppTest.forget(window.player());
            window.content().driver().close();
            window.player().close();
        }
        prefs.removeNode();
    }

    @Test
    void theWindowPrintsTheTimeToItsFirstPaintedFrame() throws Exception {
        // given the probe on, and standard error read
        System.setProperty(StartProbe.PROPERTY, "true");
        stderr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        // when the window opens as gmplab with no arguments opens it
        WaitForAsyncUtils.asyncFx(() -> window = GmpLabApp.open(stage, List.of(), Map.of(), new Progress(prefs))).get();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> err.toString(StandardCharsets.UTF_8).contains("first frame"));
        WaitForAsyncUtils.waitForFxEvents();
        // then one line says how long it took, and its milestones come in order, the canvas painted before it was shown
        List<String> lines = err.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains("first frame")).toList();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).matches("gmplab: first frame \\d+\\.\\d\\d s after the JVM started \\(.*\\)"
                + "; CPU to it: FX thread \\d+\\.\\d\\d s(, process \\d+\\.\\d\\d s \\(JIT \\d+\\.\\d\\d s, GC \\d+\\.\\d\\d s, render \\d+\\.\\d\\d s\\))?");
        Matcher m = Pattern.compile("([a-z ]+) (\\d+\\.\\d\\d) s").matcher(lines.get(0).substring(lines.get(0).indexOf('('), lines.get(0).indexOf(')')));
        List<String> names = new ArrayList<>();
        double last = 0;
        while (m.find()) {
            names.add(m.group(1).trim());
            assertThat(Double.parseDouble(m.group(2))).isGreaterThanOrEqualTo(last);
            last = Double.parseDouble(m.group(2));
        }
        assertThat(names).containsExactly("window built", "stage shown", "canvas painted", "frame shown");
        assertThat(window.view().snapshot()).isNotNull();
    }
}
