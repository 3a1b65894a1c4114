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
}
