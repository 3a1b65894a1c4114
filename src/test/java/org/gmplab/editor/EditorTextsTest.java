package org.gmplab.editor;

import static org.assertj.core.api.Assertions.assertThat;

import org.gmplab.scenario.gosrc.GoSource;
import org.junit.jupiter.api.Test;

/** The texts the editor starts with are scenarios that compile. */
class EditorTextsTest {
    @Test
    void theTextsTheEditorStartsWithCompile() throws Exception {
        assertThat(GoSource.parse(ScenarioEditor.TEMPLATE, "untitled.go").name()).isEqualTo("my scenario");
        assertThat(GoSource.parse(ScenarioEditor.defaultSource(), "spawn.go").name()).isEqualTo("spawn 1000 goroutines");
    }
}
