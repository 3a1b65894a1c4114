package org.gmplab.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.LongConsumer;

import org.gmplab.gotrace.GoEvent;
import org.gmplab.gotrace.GoTraceException;
import org.gmplab.gotrace.GoTracePerfetto;
import org.gmplab.gotrace.GoTraceReader;
import org.gmplab.gotrace.SchedTraceReader;
import org.gmplab.gotrace.TraceSummary;
import org.gmplab.io.TextFile;
import org.gmplab.io.AtomicFile;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gmplab import TRACE}: reads a real Go execution trace ({@code runtime/trace}, Go 1.22–1.25) and prints
 * what was read: a summary (Go version, duration, Ps, Ms, goroutines, event counts, migrations, retakes,
 * syscalls), or every event in Go's order as {@code go tool trace -d=1} prints its first line. A file that is
 * not a trace, or is cut short or corrupt, gets one line naming the byte where it went wrong (exit code 2).
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Read a real Go execution trace (runtime/trace, Go 1.22–1.25), or GODEBUG=schedtrace output, and print what it holds.")
final class ImportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "TRACE", description = "a Go execution trace (trace.Start, go test -trace), or a program's output under GODEBUG=schedtrace=N[,scheddetail=1]")
    Path input;

    @Option(names = "--summary", description = "print a summary (the default)")
    boolean summary;

    @Option(names = "--events", description = "print every event in Go's order, one line each, as go tool trace -d=1 does")
    boolean events;

    @Option(names = "--window", description = "walk the real run in the window (its canvas, timeline, event log and inspector) instead of printing")
    boolean window;

    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (summary && events) throw new Main.BadInput("give --summary or --events, not both");
        if (window) {   // the launcher opens the window for a file that exists; here it did not
            try (GoTraceReader r = open(input, spec.commandLine().getErr())) {   // a file that is not there, or not a trace: its one line
                r.goVersion();
            } catch (IOException e) {
                throw new Main.BadInput(input + ": cannot read: " + e.getMessage());
            }
            throw new Main.BadInput("--window opens the window only as the first command given to gmplab, alone with its file");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (!GoTraceReader.looksLikeGoTrace(input) && SchedTraceReader.looksLikeSchedTrace(TextFile.head(input, 1 << 16)))
            return schedTrace(out);
        try (GoTraceReader r = open(input, spec.commandLine().getErr())) {
            if (events) {
                for (GoEvent e; (e = r.next()) != null; ) out.println(e.toGoString());
            } else {
                out.print(TraceSummary.of(r).format());
            }
        } catch (GoTraceException e) {
            throw new Main.BadInput(input + ": " + e.getMessage());
        } catch (IOException e) {
            throw new Main.BadInput(input + ": cannot read: " + e.getMessage());
        } finally {
            out.flush();
        }
        return 0;
    }

    /** GODEBUG=schedtrace(,scheddetail=1) output: its snapshots summarised. */
    private int schedTrace(PrintWriter out) {
        if (events) throw new Main.BadInput(input + ": --events is for execution traces; this is schedtrace output");
        try (BufferedReader in = Files.newBufferedReader(input, StandardCharsets.UTF_8)) {
            out.print(SchedTraceReader.summary(SchedTraceReader.read(in, input.toString())));
        } catch (GoTraceException e) {
            throw new Main.BadInput(e.getMessage());
        } catch (IOException e) {
            throw new Main.BadInput(input + ": cannot read: " + e.getMessage());
        } finally {
            out.flush();
        }
        return 0;
    }

    /**
     * {@code gmplab export TRACE --format perfetto}: a real Go run in the layout of the engine's Perfetto export
     * (to {@code output} atomically, or to {@code out}).
     */
    static int exportPerfetto(Path input, String format, Path output, PrintWriter out, PrintWriter err) {
        if (!format.equals("perfetto"))
            throw new Main.BadInput(input + ": a Go execution trace exports as --format perfetto only, got '" + format + "'");
        try (GoTraceReader r = open(input, err)) {
            if (output != null) {
                AtomicFile.write(output, w -> GoTracePerfetto.write(r, w));
            } else {
                GoTracePerfetto.write(r, out);
            }
        } catch (GoTraceException e) {
            throw new Main.BadInput(input + ": " + e.getMessage());
        } catch (IOException e) {
            throw new Main.BadInput((output != null ? "cannot write " + output : input + ": cannot read") + ": " + e.getMessage());
        } finally {
            out.flush();
        }
        return 0;
    }

    /**
     * Opens a trace for reading, with a progress line on a terminal (stderr) for files over a few MB; problems
     * opening it become one line.
     */
    static GoTraceReader open(Path file, PrintWriter err) {
        long size;
        try {
            if (!Files.exists(file)) throw new Main.BadInput(file + ": no such file");
            if (!Files.isRegularFile(file)) throw new Main.BadInput(file + ": not a regular file");
            size = Files.size(file);
        } catch (IOException e) {
            throw new Main.BadInput(file + ": cannot read: " + e.getMessage());
        }
        LongConsumer progress = System.console() != null && size > (8 << 20) ? progressLine(err, size) : null;
        try {
            return GoTraceReader.open(file, progress);
        } catch (NoSuchFileException e) {
            throw new Main.BadInput(file + ": no such file");
        } catch (GoTraceException e) {
            throw new Main.BadInput(file + ": " + e.getMessage());
        } catch (IOException e) {
            throw new Main.BadInput(file + ": cannot read: " + e.getMessage());
        }
    }

    /** "read 12 MB of 300 MB (4%)", rewritten in place; cleared at the end. */
    private static LongConsumer progressLine(PrintWriter err, long size) {
        long[] printed = {System.nanoTime()};
        return read -> {
            if (read >= size) {
                err.print("\r\033[K");
                err.flush();
                return;
            }
            long now = System.nanoTime();
            if (now - printed[0] < Progress.PRINT_EVERY_NANOS) return;
            printed[0] = now;
            err.print(String.format(Locale.ROOT, "\rgmplab: read %d MB of %d MB (%d%%)", read >> 20, size >> 20, 100 * read / size));
            err.flush();
        };
    }
}
