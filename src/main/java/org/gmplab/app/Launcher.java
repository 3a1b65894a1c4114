package org.gmplab.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javafx.application.Application;

import org.gmplab.cli.Main;

/**
 * The jar's main class. It does not extend {@code javafx.application.Application}, so that a plain
 * {@code java -jar} starts it with JavaFX on the class path. With no arguments it opens the window, and with
 * one argument that is a scenario file ({@code .go} or {@code .json}) it opens the window on it, and on a real
 * Go run's execution trace ({@code .trace}, {@code .out}; or {@code import TRACE --window}) or its schedtrace
 * output ({@code .txt}, {@code .log} with SCHED lines) it opens the window walking that run; with a scenario and a trace, the two side by side ({@link SideBySidePane}); either may
 * follow {@code --lessons DIR}, the folder of lessons to use instead of the bundled ones. With any other
 * arguments it runs the headless command line.
 */
public final class Launcher {
    /** The commands that need JavaFX, added here to the headless ones of {@code cli.Main} (TopLevelHelp's text lists them too). */
    static final Class<?>[] WINDOW_COMMANDS = {ScreenshotCommand.class, LessonCommand.class, RealCommand.class};

    private Launcher() { }

    /** What the window's run, verify, export and screenshot do not need: said whenever the window cannot open. */
    static final String HEADLESS = "gmplab run, verify, export and screenshot work without it (gmplab --help)";

    public static void main(String[] args) {
        StartProbe.mark("main");
        try {
            org.gmplab.engine.Engine.checkSettings();   // a bad -Dgmplab.invariants, step.pin or spares.ahead: one line now, not a trace later
        } catch (IllegalArgumentException e) {
            System.err.println("gmplab: " + e.getMessage());
            System.exit(Main.BAD_INPUT);
        }
        if (needsJavaFx(args) && !JavaFxLayer.javafxNamed()) {
            // java -jar: JavaFX is on the class path; start again with it as the named modules it must be
            ClassLoader program;
            try {
                program = JavaFxLayer.programLoader();
            } catch (IOException | RuntimeException e) {
                program = null;   // as it is, then: JavaFX works from the class path, and warns that it is unsupported
            }
            if (program != null) {
                StartProbe.mark("JavaFX modules");
                Thread.currentThread().setContextClassLoader(program);
                try {
                    program.loadClass(Launcher.class.getName()).getMethod("main", String[].class).invoke(null, (Object) args);
                } catch (java.lang.reflect.InvocationTargetException e) {
                    if (e.getCause() instanceof RuntimeException r) throw r;
                    if (e.getCause() instanceof Error r) throw r;
                    throw new IllegalStateException(e.getCause());
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
                return;
            }
        }
        if (args.length >= 3 && args[0].equals("--lessons") && args[2].equals("lesson")) {   // gmplab --lessons DIR lesson ID
            List<String> a = new ArrayList<>(List.of(args).subList(2, args.length));
            a.addAll(List.of("--lessons", args[1]));
            args = a.toArray(String[]::new);
        }
        String[] window = windowArgs(args);
        if (window != null) {
            System.exit(window(window));
        } else if (args.length == 1 && scenarioName(args[0])) {
            System.err.println("gmplab: no scenario file " + Path.of(args[0]).toAbsolutePath()
                    + " (give a .go or .json scenario that exists, or a command: gmplab --help)");
            System.exit(Main.BAD_INPUT);
        } else if (args.length >= 1 && args[0].equals("--lessons")) {
            System.err.println("gmplab: " + (args.length < 2 ? "--lessons needs a folder of lessons"
                    : !isFolder(args[1]) ? "--lessons: no folder " + args[1]
                    : "after --lessons DIR give at most one scenario file that exists (.go or .json), got "
                            + String.join(" ", List.of(args).subList(2, args.length))));
            System.exit(Main.BAD_INPUT);
        } else if (!TopLevelHelp.print(args, System.out)) {
            Main.main(args, WINDOW_COMMANDS);   // classes: a model is built only for the command run
        }
    }

    /**
     * Opens the window with these application arguments and returns when it is closed: 0, or {@link Main#BAD_INPUT}
     * after one line saying why it cannot open (no display, no GTK) and what works without it.
     */
    static int window(String[] appArgs) {
        String cannot = cannotOpenWindow(System.getenv("DISPLAY"));
        if (cannot == null) {
            readAhead();
            org.gmplab.engine.Engine.prepareStepMode();   // while JavaFX starts, so that the window's first engine has its CPU
            try {
                Application.launch(GmpLabApp.class, appArgs);
                return 0;
            } catch (UnsupportedOperationException e) {   // glass could not start: see whyNoWindow
                cannot = whyNoWindow(e.getMessage());
                if (cannot == null) throw e;
            }
        }
        System.err.println("gmplab: " + cannot);
        return Main.BAD_INPUT;
    }

    /**
     * While JavaFX starts (on threads of its own, for a third of a second), a thread of ours reads what the FX thread
     * reads first when it builds the window, so that it finds it read: the words table (parsed as the window's
     * language is made) and the learner's preferences (their first read loads an XML parser). Both are read once
     * per JVM, and a thread that asks meanwhile waits for the reading, so the window is the same either way.
     */
    private static void readAhead() {
        Thread t = new Thread(() -> {
            try {
                org.gmplab.i18n.Words.known("");
                org.gmplab.lessons.player.Progress.forUser().lastLesson();
            } catch (Throwable e) {
                // Only a head start: the FX thread reads both itself and reports what fails. And when JavaFX cannot
                // start, the JVM may be exiting while this still reads (the preferences' class then cannot register
                // its shutdown hook): the user's one line must stay the only one.
            }
        }, "gmplab-read-ahead");
        t.setDaemon(true);
        t.start();
    }

    /** Whether these arguments start JavaFX: the window (also {@code lesson}) or {@code screenshot}. */
    static boolean needsJavaFx(String[] args) {
        List<String> a = List.of(args);
        int i = a.size() >= 2 && a.get(0).equals("--lessons") ? 2 : 0;
        return i >= a.size() ? true : a.get(i).equals("lesson") || a.get(i).equals("screenshot") || a.get(i).equals("real") || opensWindow(args);
    }

    /**
     * A real Go run's execution trace, by its name: {@code .trace}, or {@code .out} as {@code go test -trace} often
     * names it; or a program's {@code GODEBUG=schedtrace} output, a {@code .txt} or {@code .log} file that holds SCHED lines.
     */
    static boolean traceName(String a) {
        String s = a.toLowerCase(Locale.ROOT);
        if (s.endsWith(".txt") || s.endsWith(".log")) {
            try {
                return org.gmplab.history.RealHistory.isSchedTrace(Path.of(a));
            } catch (InvalidPathException e) {
                return false;
            }
        }
        return s.endsWith(".trace") || s.endsWith(".out");
    }

    private static boolean scenarioName(String a) {
        String s = a.toLowerCase(Locale.ROOT);
        return s.endsWith(".go") || s.endsWith(".json");
    }

    /** No arguments, or just a scenario file that exists (no command is named like one), after an optional {@code --lessons DIR}. */
    static boolean opensWindow(String[] args) {
        return windowArgs(args) != null;
    }

    /**
     * The window's application arguments ({@code --lessons=DIR} named, the scenario file unnamed, as JavaFX's
     * {@code Parameters} reads them), or null if {@code args} are not a start of the window.
     */
    static String[] windowArgs(String[] args) {
        List<String> rest = new ArrayList<>(List.of(args)), out = new ArrayList<>();
        if (!rest.isEmpty() && rest.get(0).equals("--lessons")) {
            if (rest.size() < 2 || !isFolder(rest.get(1))) return null;
            out.add("--lessons=" + rest.get(1));
            rest = rest.subList(2, rest.size());
        }
        // gmplab import TRACE --window: the real run in the window rather than its summary
        if (out.isEmpty() && rest.size() == 3 && rest.get(0).equals("import") && rest.contains("--window")) {
            rest = new ArrayList<>(rest.subList(1, 3));
            rest.remove("--window");
            return Files.isRegularFile(Path.of(rest.get(0))) ? new String[] {rest.get(0)} : null;
        }
        // a scenario and a real Go run of the same program, side by side
        if (rest.size() == 2 && scenarioName(rest.get(0)) && traceName(rest.get(1))
                && Files.isRegularFile(Path.of(rest.get(0))) && Files.isRegularFile(Path.of(rest.get(1)))) {
            out.addAll(rest);
            return out.toArray(String[]::new);
        }
        if (rest.size() > 1) return null;
        if (rest.size() == 1) {
            if (!(scenarioName(rest.get(0)) || traceName(rest.get(0))) || !Files.isRegularFile(Path.of(rest.get(0)))) return null;
            out.add(rest.get(0));
        }
        return out.toArray(String[]::new);
    }

    private static boolean isFolder(String name) {
        try {
            return Files.isDirectory(Path.of(name));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /**
     * Why the window cannot open before JavaFX is asked, or null: on Linux the window needs an X display
     * (JavaFX's GTK glass opens one even under Wayland), unless a glass platform was chosen (Monocle, headless).
     */
    static String cannotOpenWindow(String display) {
        boolean linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
        if (!linux || System.getProperty("glass.platform") != null || (display != null && !display.isBlank())) return null;
        return noDisplay("DISPLAY is not set");
    }

    /** The one line for a failure of JavaFX's glass to start, from its message, or null if it is another failure. */
    static String whyNoWindow(String message) {
        if (message == null) return null;
        if (message.contains("Unable to open DISPLAY")) return noDisplay("cannot open DISPLAY " + System.getenv("DISPLAY"));
        if (message.contains("GTK")) return "the window needs GTK 3, which is not installed: on Debian/Ubuntu "
                + "sudo apt-get install libgtk-3-0 (Fedora: gtk3); " + HEADLESS;
        return null;
    }

    private static String noDisplay(String why) {
        return "no display to open the window on (" + why + "); " + HEADLESS;
    }
}
