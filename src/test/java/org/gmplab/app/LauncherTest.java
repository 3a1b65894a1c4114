package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the jar does with its arguments: the window, or the command line. */
class LauncherTest {
    @Test
    void noArgumentsOrOneScenarioFileOpenTheWindowAnythingElseIsTheCommandLine() {
        assertThat(Launcher.opensWindow(new String[0])).isTrue();
        assertThat(Launcher.opensWindow(new String[] {"scenarios/pingpong.go"})).isTrue();
        assertThat(Launcher.opensWindow(new String[] {"scenarios/spawn1000.json"})).isTrue();
        assertThat(Launcher.opensWindow(new String[] {"scenarios/no-such-file.go"})).isFalse();   // the CLI says what is wrong
        assertThat(Launcher.opensWindow(new String[] {"run", "scenarios/pingpong.go"})).isFalse();
        assertThat(Launcher.opensWindow(new String[] {"verify"})).isFalse();
        assertThat(Launcher.opensWindow(new String[] {"--help"})).isFalse();
    }

    @Test
    void lessonsFolderComesFirstThenAtMostAScenarioFile() {
        assertThat(Launcher.windowArgs(new String[] {"--lessons", "lessons"})).containsExactly("--lessons=lessons");
        assertThat(Launcher.windowArgs(new String[] {"--lessons", "lessons", "scenarios/pingpong.go"}))
                .containsExactly("--lessons=lessons", "scenarios/pingpong.go");
        assertThat(Launcher.windowArgs(new String[] {"scenarios/pingpong.go"})).containsExactly("scenarios/pingpong.go");
        assertThat(Launcher.opensWindow(new String[] {"--lessons"})).isFalse();
        assertThat(Launcher.opensWindow(new String[] {"--lessons", "no-such-folder"})).isFalse();
        assertThat(Launcher.opensWindow(new String[] {"--lessons", "lessons", "verify"})).isFalse();
    }

    @Test
    void glassFailuresBecomeOneLineSayingWhatToInstallOrWhatWorksWithout() {
        assertThat(Launcher.whyNoWindow("Unable to load glass GTK library.")).contains("libgtk-3-0").contains(Launcher.HEADLESS).doesNotContain("\n");
        assertThat(Launcher.whyNoWindow("Unable to open DISPLAY")).startsWith("no display").contains(Launcher.HEADLESS);
        assertThat(Launcher.whyNoWindow("something else")).isNull();   // not ours to explain: JavaFX's own report stands
        assertThat(Launcher.whyNoWindow(null)).isNull();
    }
}
