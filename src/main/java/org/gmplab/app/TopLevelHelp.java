package org.gmplab.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import picocli.CommandLine.Help.Ansi;

/**
 * {@code gmplab --help} (or {@code -h}) and nothing else: the top-level help, printed from a text kept beside
 * this class instead of from picocli's command model. Loading picocli and building even the top-level model
 * was most of the time {@code --help} took; the text is what picocli prints, byte for byte, plain or in
 * colour as picocli would choose ({@code TopLevelHelpTest} checks both against picocli, so a change to the
 * commands that is not copied here fails the build, with the command that writes the texts anew).
 */
final class TopLevelHelp {
    private TopLevelHelp() { }

    /** The resource with picocli's plain help text; {@link #ANSI} has the coloured one. */
    static final String PLAIN = "help.txt", ANSI = "help-ansi.txt";

    /**
     * Prints the top-level help if {@code args} ask for just that and nothing could make picocli print it
     * differently (its width or colour set by a system property); returns whether it did.
     */
    static boolean print(String[] args, PrintStream out) {
        if (args.length != 1 || !(args[0].equals("--help") || args[0].equals("-h"))) return false;
        if (System.getProperty("picocli.usage.width") != null || System.getProperty("picocli.ansi") != null) return false;
        String text = string(Ansi.AUTO.enabled() ? ANSI : PLAIN);
        if (text == null) return false;
        // in System.out's charset and with the platform's line ends, as picocli's writer on it prints
        out.print(System.lineSeparator().equals("\n") ? text : text.replace("\n", System.lineSeparator()));
        out.flush();
        return true;
    }

    /** The text of one of the resources (UTF-8), or null if it is missing (picocli prints the help then). */
    static String string(String resource) {
        try (InputStream in = TopLevelHelp.class.getResourceAsStream(resource)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }
}
