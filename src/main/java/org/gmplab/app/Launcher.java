package org.gmplab.app;

import javafx.application.Application;

import org.gmplab.cli.Main;

/**
 * The jar's main class. It does not extend {@code javafx.application.Application}, so that a plain
 * {@code java -jar} starts it with JavaFX on the class path. With no arguments it opens the window;
 * with arguments it runs the headless command line.
 */
public final class Launcher {
    private Launcher() { }

    public static void main(String[] args) {
        if (args.length == 0) Application.launch(GmpLabApp.class, args);
        else Main.main(args, new ScreenshotCommand());
    }
}
