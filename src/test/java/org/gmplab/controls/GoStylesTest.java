package org.gmplab.controls;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Where the error underline goes, the syntax classes, and the texts the editor starts with. */
class GoStylesTest {
    static final String SRC = "package main\n\nfunc main() {\n\tgo f(1\n}\n";

    @Test
    void theMarkCoversTheTokenAtTheColumn() {
        // "main" on line 3, column 6
        assertThat(GoStyles.mark(SRC, 3, 6)).isEqualTo(new GoStyles.Mark(19, 23));
        assertThat(SRC.substring(19, 23)).isEqualTo("main");
        // a punctuation character alone
        assertThat(SRC.substring(GoStyles.mark(SRC, 3, 10).from(), GoStyles.mark(SRC, 3, 10).to())).isEqualTo("(");
    }

    @Test
    void anErrorAtTheEndOfALineMarksTheLinesText() {
        GoStyles.Mark m = GoStyles.mark(SRC, 4, 8);   // after "go f(1": "found newline"
        assertThat(SRC.substring(m.from(), m.to())).isEqualTo("go f(1");
        assertThat(GoStyles.mark(SRC, 2, 1)).isEqualTo(new GoStyles.Mark(13, 13));   // an empty line: nothing to underline
        assertThat(GoStyles.mark(SRC, 99, 1)).isNull();
    }

    @Test
    void keywordsCommentsAndStringsGetTheirClassesAndTheErrorIsAdded() {
        String src = "// go\nfunc main() { s := \"go\" }";
        var spans = GoStyles.compute(src, new GoStyles.Mark(6, 15));
        assertThat(spans.length()).isEqualTo(src.length());
        List<String> at = new java.util.ArrayList<>();   // the classes of each character, joined with +
        for (var span : spans) for (int i = 0; i < span.getLength(); i++) at.add(String.join("+", span.getStyle()));
        assertThat(at.get(0)).isEqualTo(GoStyles.COMMENT);                          // "// go" is a comment, not a keyword
        assertThat(at.get(6)).isEqualTo(GoStyles.KEYWORD + "+" + GoStyles.ERROR);   // "func", underlined
        assertThat(at.get(12)).isEqualTo(GoStyles.ERROR);                           // "main", underlined only
        assertThat(at.get(15)).isEmpty();
        assertThat(at.get(src.indexOf('"') + 1)).isEqualTo(GoStyles.STRING);
    }
}
