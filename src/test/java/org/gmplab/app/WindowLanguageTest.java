package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.prefs.Preferences;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

import org.gmplab.controls.Language;
import org.gmplab.controls.Tips;
import org.gmplab.i18n.Lang;
import org.gmplab.lessons.player.CjkFont;
import org.gmplab.lessons.player.LessonPlayer;
import org.gmplab.lessons.player.Progress;
import org.gmplab.view.SchedulerView;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The language switch is for the whole window: every label, tooltip, prompt, tab and column, and back. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class WindowLanguageTest {
    /** Words that stay as they are in Chinese: Go's names, keys, units. */
    static final Set<String> GO_WORDS = Set.of("schedtrace", "scheddetail", "runnext", "goid", "Gosched", "gmplab",
            "runqputslow", "globrunqget", "handoffp", "retake", "stop", "the", "world", "predawn", "stoptheworld", "entersyscall", "exitsyscall", "timerproc", "mcpu", "mcpumax", "go1", "poll", "server", "LockOSThread", "sched", "lock", "Gscan", "_Gscan", "schedule", "execute", "gogo", "mcall",
            "forcegc", "bgsweep", "scavenger", "finalizer", "forcegchelper", "bgscavenge", "runfinq", "runtimeGoroutines", "epoll_pwait", "kqueue", "Linux", "Windows", "main", "semacquire", "treap", "epoll", "WaitGroup", "runtime", "syscall",
            "netpoll", "sysmon", "work", "_Psyscall", "_Gsyscall", "preemptone", "schedticks", "cleanup", "cgroup", "entersyscallblock", "make", "chan", "panic", "makechan", "newstack", "maxstacksize", "asyncpreemptoff", "Java", "Home", "End", "Space", "Esc", "Enter", "Ctrl", "Shift", "English");
    static final Pattern WORD = Pattern.compile("[A-Za-z_]{3,}");

    BorderPane root;
    SchedulerView view;
    GmpLabApp.Content content;
    LessonPlayer player;
    Preferences prefs;

    @Start
    void start(Stage stage) throws Exception {
        prefs = Preferences.userRoot().node("org/gmplab/test/language-" + UUID.randomUUID());
        TestWindow window = TestWindow.show(stage);
        root = window.root();
        view = window.view();
        content = window.content();
        player = GmpLabApp.lessons(window.root(), content, view, Path.of("lessons"), new Progress(prefs));
    }

    @AfterEach
    void close() throws Exception {
        GmpLabAppTest.forget(player);
        content.driver().close();
        player.close();
        prefs.removeNode();
    }

    /** The English words of {@code text} that are not Go's names. */
    static String english(String text) {
        StringBuilder sb = new StringBuilder();
        Matcher m = WORD.matcher(text.replaceAll("[\\w./-]+\\.(go|json)", ""));   // file names stay
        while (m.find())   // Go's and the engine's names stay: event kinds (STEAL), constants, functions
            if (!GO_WORDS.contains(m.group()) && !m.group().equals(m.group().toUpperCase(java.util.Locale.ROOT))) sb.append(m.group()).append(' ');
        return sb.toString().trim();
    }

    @Test
    void chineseReachesEveryTextOfTheWindowAndEnglishComesBack(FxRobot robot) throws Exception {
        robot.interact(() -> content.editorToggle().setSelected(true));   // the editor's words too
        // the timeline's words change once the run is scanned (its end, how much is explored): let that happen first
        WaitForAsyncUtils.waitFor(60, java.util.concurrent.TimeUnit.SECONDS,
                () -> robot.lookup("#timelinePreview").queryLabeled().getText().startsWith("explored to event"));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> before = Language.texts(root);
        // when 简体中文 is chosen in the toolbar
        robot.clickOn("#uiLanguage").clickOn("简体中文");
        WaitForAsyncUtils.waitForFxEvents();
        // then no text of the window is left in English (but Go's own names), and the root uses the CJK font
        List<String> left = Language.texts(root).stream().filter(t -> !english(t).isEmpty()).toList();
        assertThat(left).as("texts still in English").isEmpty();
        assertThat(root.getStyle()).contains(CjkFont.family());
        // and the canvas paints its words in Chinese, in the CJK font (pool titles, legend, card headers)
        assertThat(view.wording().of("idle Ps")).isEqualTo("空闲的 P");
        assertThat(view.wording().family()).isEqualTo(CjkFont.family());
        // and the lesson player speaks Chinese too
        assertThat(player.langProperty().get()).isEqualTo(Lang.ZH);
        // when English is chosen again, every text is as it was
        robot.clickOn("#uiLanguage").clickOn("English");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(Language.texts(root)).isEqualTo(before);
        assertThat(root.getStyle()).doesNotContain(CjkFont.family());
        assertThat(view.wording()).isEqualTo(org.gmplab.i18n.Wording.ENGLISH);
    }

    @Test
    void partsShownAfterTheSwitchSpeakItTooAndTheModesTooltipsFollow(FxRobot robot) throws Exception {
        // given the window in Chinese
        robot.clickOn("#uiLanguage").clickOn("简体中文");
        WaitForAsyncUtils.waitForFxEvents();
        // when the editor is opened afterwards
        robot.interact(() -> content.editorToggle().setSelected(true));
        WaitForAsyncUtils.waitForFxEvents();
        // then it speaks Chinese, as does the mode-dependent tooltip of Play
        assertThat(robot.lookup("#editorRun").queryButton().getText()).isEqualTo("运行");
        assertThat(Tips.text(robot.lookup("#play").queryAs(javafx.scene.control.ToggleButton.class))).startsWith("播放 / 暂停");
        // and back in English after the switch back
        robot.clickOn("#uiLanguage").clickOn("English");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#editorRun").queryButton().getText()).isEqualTo("Run");
        assertThat(Tips.text(robot.lookup("#play").queryAs(javafx.scene.control.ToggleButton.class))).startsWith("Play / pause");
    }

    @Test
    void aTooltipMadeWhileInChineseSpeaksChineseAndEnglishAgainAfterTheSwitchBack(FxRobot robot) throws Exception {
        // given the window in Chinese, the tooltip of "Real Go…" not made yet (Tips: when the mouse first comes over it)
        robot.interact(() -> content.pane().language().languageProperty().set(Lang.ZH));
        javafx.scene.control.Button real = robot.lookup("#openRealTrace").queryButton();
        assertThat(real.getTooltip()).isNull();
        String english = "Open a real Go run's execution trace (runtime/trace, go test -trace) and walk it as a run";
        String chinese = Tips.text(real);
        assertThat(chinese).isNotEqualTo(english);
        // when the mouse comes over the button
        robot.moveTo("#openRealTrace");
        WaitForAsyncUtils.waitForFxEvents();
        // then its tooltip is made, in Chinese, and pops up over the resting mouse
        assertThat(real.getTooltip()).isNotNull();
        assertThat(real.getTooltip().getText()).isEqualTo(chinese);
        WaitForAsyncUtils.waitFor(30, java.util.concurrent.TimeUnit.SECONDS, () -> real.getTooltip().isShowing());
        // and it is in English again after the switch back
        robot.interact(() -> content.pane().language().languageProperty().set(Lang.EN));
        assertThat(real.getTooltip().getText()).isEqualTo(english);
    }
    @Test
    void aSideTabsTooltipIsMadeWhenTheMouseFirstComesOverItsHeaderAndSpeaksTheWindowsLanguage(FxRobot robot) throws Exception {
        // given the window in Chinese, the Inspector tab's tooltip not made yet (Tips: the window's first frame made six)
        robot.interact(() -> content.pane().language().languageProperty().set(Lang.ZH));
        javafx.scene.control.Tab inspector = robot.lookup(".tab-pane").queryAs(javafx.scene.control.TabPane.class).getTabs().stream()
                .filter(t -> "tab-inspector".equals(t.getId())).findFirst().orElseThrow();
        assertThat(inspector.getTooltip()).isNull();
        String english = "Every field of the G, M, P or queue selected on the canvas";
        String chinese = Tips.text(inspector);
        assertThat(chinese).isNotEqualTo(english);
        // when the mouse comes over the tab's header
        javafx.scene.Node header = robot.lookup(".tab").match(n -> n.getProperties().get(javafx.scene.control.Tab.class) == inspector).query();
        robot.moveTo(header);
        WaitForAsyncUtils.waitForFxEvents();
        // then its tooltip is made, in Chinese, and pops up over the resting mouse
        assertThat(inspector.getTooltip()).isNotNull();
        assertThat(inspector.getTooltip().getText()).isEqualTo(chinese);
        WaitForAsyncUtils.waitFor(30, java.util.concurrent.TimeUnit.SECONDS, () -> inspector.getTooltip().isShowing());
        // and it is in English again after the switch back
        robot.interact(() -> content.pane().language().languageProperty().set(Lang.EN));
        assertThat(inspector.getTooltip().getText()).isEqualTo(english);
    }
}
