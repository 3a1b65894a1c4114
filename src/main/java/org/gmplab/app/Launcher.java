package org.gmplab.app;

import org.gmplab.cli.Main;

/**
 * The jar's main class. It does not extend {@code javafx.application.Application}, so that a plain
 * {@code java -jar} starts it with JavaFX on the class path.
 */
public final class Launcher {
    private Launcher() { }

    public static void main(String[] args) {
        Main.main(args);
    }
}
