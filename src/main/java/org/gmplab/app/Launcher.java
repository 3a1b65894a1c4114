package org.gmplab.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import javafx.application.Application;

import org.gmplab.cli.Main;

/**
 * The jar's main class. It does not extend {@code javafx.application.Application}, so that a plain
 * {@code java -jar} starts it with JavaFX on the class path. With no arguments it opens the window, and with
 * one argument that is a scenario file ({@code .go} or {@code .json}) it opens the window on it; with any
 * other arguments it runs the headless command line.
 */
public final class Launcher {
    private Launcher() { }

    public static void main(String[] args) {
        if (opensWindow(args)) {
            Application.launch(GmpLabApp.class, args);
        } else if (args.length == 1 && scenarioName(args[0])) {
            System.err.println("gmplab: no scenario file " + Path.of(args[0]).toAbsolutePath()
                    + " (give a .go or .json scenario that exists, or a command: gmplab --help)");
            System.exit(2);
        } else {
            Main.main(args, ScreenshotCommand.class);   // a class: its model is built only if it is the command run
        }
    }

    private static boolean scenarioName(String a) {
        String s = a.toLowerCase(Locale.ROOT);
        return s.endsWith(".go") || s.endsWith(".json");
    }

    /** No arguments, or just a scenario file that exists (no command is named like one). */
    static boolean opensWindow(String[] args) {
        if (args.length == 0) return true;
        return args.length == 1 && scenarioName(args[0]) && Files.isRegularFile(Path.of(args[0]));
    }
}
