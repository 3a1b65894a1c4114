package org.gmplab.controls;

import static org.assertj.core.api.Assertions.assertThat;

import org.gmplab.i18n.Lang;
import org.gmplab.i18n.Wording;
import org.gmplab.i18n.Words;
import org.junit.jupiter.api.Test;

/**
 * The language is a value each window holds and passes to whoever formats, not a global: switching one
 * window's language leaves another's alone, and the word tables answer for the language they are given.
 */
class LanguageTest {
    @Test
    void switchingOneWindowsLanguageLeavesAnotherWindowInItsOwn() {
        // given two windows' languages, both English
        Language one = new Language(), other = new Language();
        // when one window switches to Chinese
        one.languageProperty().set(Lang.ZH);
        // then it speaks Chinese and the other still speaks English
        assertThat(one.get("Play")).isEqualTo("播放");
        assertThat(other.get("Play")).isEqualTo("Play");
        assertThat(one.get("%d of %d", 3, 7)).isEqualTo("3 / 7");
        assertThat(other.get("%d of %d", 3, 7)).isEqualTo("3 of 7");
    }

    @Test
    void theWordTablesFormatInTheLanguageTheyAreGiven() {
        assertThat(Words.get(Lang.EN, "Pause")).isEqualTo("Pause");
        assertThat(Words.get(Lang.ZH, "Pause")).isEqualTo("暂停");
        // a status line: its format's Chinese, its numbers and Go's names kept; the words before a colon
        assertThat(Words.status(Lang.ZH, "G7 will enter a syscall of 20 ms at its next scheduling point"))
                .startsWith("G7 ").contains("20 ms").doesNotContain("will enter");
        assertThat(Words.status(Lang.ZH, "breakpoint: STEAL at event 12")).startsWith("断点：STEAL");
        assertThat(Words.status(Lang.EN, "breakpoint: STEAL at event 12")).isEqualTo("breakpoint: STEAL at event 12");
        // the canvas's wording: English is the identity, Chinese the window's table in the CJK font
        assertThat(Wording.in(Lang.EN, "Noto")).isSameAs(Wording.ENGLISH);
        assertThat(Wording.in(Lang.ZH, "Noto").of("idle Ps")).isEqualTo("空闲的 P");
        assertThat(Wording.in(Lang.ZH, "Noto").family()).isEqualTo("Noto");
    }
}
