package org.gmplab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.gmplab.cli.Main;

/**
 * {@code gmplab --help} printed without picocli ({@link TopLevelHelp}) is what picocli prints. When the commands
 * change, write the texts anew: {@code java -cp target/test-classes:target/classes:$(cat target/cp.txt)
 * org.gmplab.app.TopLevelHelpTest} (from the repository root, after test-compile).
 */
class TopLevelHelpTest {

    @Test
    void theKeptTextsAreWhatPicocliPrintsPlainAndInColour() {
        assertThat(TopLevelHelp.string(TopLevelHelp.PLAIN)).as("plain help; if the commands changed, write the texts anew (see this test's comment)")
                .isEqualTo(picocli(false));
        assertThat(TopLevelHelp.string(TopLevelHelp.ANSI)).as("coloured help; if the commands changed, write the texts anew (see this test's comment)")
                .isEqualTo(picocli(true));
        assertThat(picocli(true)).as("the coloured text has colours").isNotEqualTo(picocli(false));
    }

    @Test
    void printsForHelpOrHAloneAndLeavesEverythingElseToPicocli() {
        for (String[] args : new String[][] {{"--help"}, {"-h"}}) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            assertThat(TopLevelHelp.print(args, new PrintStream(bytes, true, StandardCharsets.UTF_8))).isTrue();
            assertThat(bytes.toString(StandardCharsets.UTF_8)).isIn(picocli(false), picocli(true));
        }
        for (String[] args : new String[][] {{}, {"run", "--help"}, {"--help", "run"}, {"-V"}, {"--helpx"}}) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            assertThat(TopLevelHelp.print(args, new PrintStream(bytes, true, StandardCharsets.UTF_8))).as(String.join(" ", args)).isFalse();
            assertThat(bytes.size()).isZero();
        }
    }

    @Test
    void aWidthOrColourAskedOfPicocliIsLeftToIt() {
        for (String property : new String[] {"picocli.usage.width", "picocli.ansi"}) {
            System.setProperty(property, property.endsWith("width") ? "120" : "true");
            try {
                assertThat(TopLevelHelp.print(new String[] {"--help"}, new PrintStream(new ByteArrayOutputStream()))).as(property).isFalse();
            } finally {
                System.clearProperty(property);
            }
        }
    }

    /** What picocli prints for {@code gmplab --help} from the jar (with the window's commands). */
    static String picocli(boolean ansi) {
        String before = System.getProperty("picocli.ansi");
        System.setProperty("picocli.ansi", Boolean.toString(ansi));
        try {
            StringWriter out = new StringWriter(), err = new StringWriter();
            int code = Main.execute(new String[] {"--help"}, new PrintWriter(out, true), new PrintWriter(err, true), Launcher.WINDOW_COMMANDS);
            assertThat(code).isZero();
            assertThat(err.toString()).isEmpty();
            return out.toString();
        } finally {
            if (before == null) System.clearProperty("picocli.ansi"); else System.setProperty("picocli.ansi", before);
        }
    }

    /** Writes the texts anew from what picocli prints now. */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of("src/main/resources/org/gmplab/app");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(TopLevelHelp.PLAIN), picocli(false), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(TopLevelHelp.ANSI), picocli(true), StandardCharsets.UTF_8);
        System.out.println("wrote " + dir.resolve(TopLevelHelp.PLAIN) + " and " + dir.resolve(TopLevelHelp.ANSI));
    }
}
