package org.gmplab.cli;

import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code gmplab}: the headless commands. Bad input gets one line naming what is wrong, and exit code 2. */
@Command(name = "gmplab", mixinStandardHelpOptions = true, version = "GMP Lab 0.1.0",
        description = "Go's G-M-P scheduler, running for real on Java threads.")
public final class Main implements Runnable {
    /** The headless subcommands, in the order {@code --help} lists them (see {@link #execute}). */
    private static final List<Class<?>> SUBCOMMANDS = List.of(RunCommand.class, VerifyCommand.class, ExportCommand.class, ImportCommand.class);

    /** Exit code for bad input (files, fields, values), as Go's tools use 2 for usage errors. */
    public static final int BAD_INPUT = 2;
    /** Exit code for a run stopped by a limit (events, memory, the Java heap): what it printed says which and how to raise it. */
    public static final int STOPPED = 3;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /**
     * Runs the command line with {@code more} subcommands added by the caller (the app adds
     * {@code screenshot}, which needs JavaFX: the dependency points from app to cli, not back), each a
     * {@code @Command} class or an instance of one.
     */
    public static void main(String[] args, Object... more) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true), more));
    }

    /**
     * Runs the command line with the given streams; returns the exit code.
     *
     * <p>Picocli builds a command's model by reflecting over its class, which was most of the time
     * {@code gmplab --help} took (0.32 s). So only the subcommand named first on the command line gets its
     * model built; the others are stand-ins with their name and description, read from their {@code @Command}
     * annotation, which is all the top-level help shows of them. Only the first argument can name a subcommand,
     * since {@code gmplab} itself has no option but {@code -h} and {@code -V}.
     */
    public static int execute(String[] args, PrintWriter out, PrintWriter err, Object... more) {
        CommandLine cl = new CommandLine(new Main());
        String named = args.length > 0 ? args[0] : null;
        List<Object> subs = new ArrayList<>(SUBCOMMANDS);
        subs.addAll(List.of(more));
        for (Object sub : subs) {
            Class<?> type = sub instanceof Class<?> c ? c : sub.getClass();
            Command a = type.getAnnotation(Command.class);
            if (!a.name().equals(named)) {
                CommandLine.Model.CommandSpec stand = CommandLine.Model.CommandSpec.create().name(a.name());
                stand.usageMessage().description(a.description());
                cl.addSubcommand(a.name(), new CommandLine(stand));
            } else {
                cl.addSubcommand(sub);
            }
        }
        // a path the OS cannot have (a NUL in it): one plain line, not the name of a Java exception
        cl.registerConverter(Path.class, text -> {
            try {
                return Path.of(text);
            } catch (InvalidPathException e) {
                throw new CommandLine.TypeConversionException("not a usable path (" + e.getReason() + "): "
                        + text.replace("\u0000", "\\0"));
            }
        });
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("gmplab: " + ex.getMessage());
            err.println("Try 'gmplab " + (ex.getCommandLine().getCommandName().equals("gmplab") ? "" : ex.getCommandLine().getCommandName() + " ") + "--help'.");
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            if (ex instanceof BadInput) {
                err.println("gmplab: " + ex.getMessage());
                return BAD_INPUT;
            }
            throw ex;
        });
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            // The engine stops runs before the heap fills; this is what escaped it (on the command's own thread).
            err.println("gmplab: stopped: the Java heap (" + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB) ran out: raise it, e.g. java -Xmx2g -jar gmplab.jar");
            return STOPPED;
        }
    }

    /** {@code --go V} applied to {@code sc}: a version other than 1.23 or 1.26, or 1.26 for Go 1.0's scheduler, is bad input. */
    public static org.gmplab.scenario.Scenario withGo(org.gmplab.scenario.Scenario sc, String v) {
        try {
            return sc.withGo(org.gmplab.scenario.Scenario.GoVersion.of(v));
        } catch (IllegalArgumentException e) {
            throw new BadInput("--go: " + e.getMessage());
        }
    }

    /** A problem with what the user gave us: printed as one line, exit code 2, no stack trace. */
    public static final class BadInput extends RuntimeException {
        public BadInput(String message) { super(message, null, false, false); }
    }
}
