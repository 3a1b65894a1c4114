package org.gmplab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import org.gmplab.engine.Engine;
import org.gmplab.engine.Limit;
import org.gmplab.engine.Outcome;
import org.gmplab.gotrace.GoTraceReader;
import org.gmplab.snapshot.Event;
import org.gmplab.io.AtomicFile;
import org.gmplab.trace.EventsJson;
import org.gmplab.trace.PerfettoTrace;
import org.gmplab.trace.SchedTrace;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gmplab export}: replays a scenario (to its end) or a session (to its moment) in step mode and
 * writes the events as JSON lines, as a Perfetto/Chrome trace, or the world at that moment as
 * schedtrace/scheddetail text. {@code --at N} picks another moment: the first position that includes
 * event N (see {@link org.gmplab.history.History}).
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Export a scenario's or session's run: event log (jsonl), Perfetto trace, or schedtrace text.")
final class ExportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SESSION_OR_SCENARIO", description = "a session file, a scenario file (.json), or a real Go execution trace (perfetto only)")
    Path input;

    @Option(names = "--format", paramLabel = "jsonl|perfetto|schedtrace", required = true,
            description = "jsonl: one event per line; perfetto: Chrome trace-event JSON (ui.perfetto.dev); schedtrace: the world as GODEBUG=schedtrace prints it")
    String format;

    @Option(names = "--at", paramLabel = "N", description = "stop at the first moment that includes event N (default: the session's moment, or the end of a scenario)")
    Long at;

    @Option(names = "--go", paramLabel = "1.23|1.26",
            description = "a scenario's Go release: 1.23 or 1.26 (a P in a system call stays running); default: the scenario's")
    String go;

    @Option(names = "--detail", description = "schedtrace: print P, M and G lines too (as scheddetail=1)")
    boolean detail;

    @Option(names = "--until", paramLabel = "DURATION", defaultValue = "10s",
            description = "stop a scenario run after this much virtual time; default ${DEFAULT-VALUE}")
    String until;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write to FILE (atomically) instead of standard output")
    Path output;

    @Option(names = "--max-events", paramLabel = "N", defaultValue = "" + RunCommand.DEFAULT_MAX_EVENTS,
            description = "stop the run after N events (a runaway program ends with one line); default ${DEFAULT-VALUE}")
    long maxEvents;

    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (GoTraceReader.looksLikeGoTrace(input)) // a real Go run, read by gmplab import
            return ImportCommand.exportPerfetto(input, format, output, spec.commandLine().getOut(), spec.commandLine().getErr());
        if (!List.of("jsonl", "perfetto", "schedtrace").contains(format))
            throw new Main.BadInput("--format must be jsonl, perfetto or schedtrace, got '" + format + "'");
        Engine.prepareStepMode();
        long limit = RunCommand.parseDuration("--until", until);
        if (maxEvents < 1) throw new Main.BadInput("--max-events must be at least 1, got " + maxEvents);
        if (go != null && Input.looksLikeSession(input))
            throw new Main.BadInput("--go does not apply to a session: it replays the run it recorded");
        Input in = go == null ? Input.load(input) : Input.load(input).withGo(go);
        // The run happens while the output is written: jsonl goes out event by event, so a long run holds
        // none of its history (a Perfetto trace is built from all of them at the end).
        AtomicFile.Body body = w -> {
            List<Event> events = new ArrayList<>();
            Consumer<Event> sink = switch (format) {
                case "jsonl" -> ev -> {
                    try {
                        w.write(EventsJson.line(ev));
                        w.write('\n');
                    } catch (IOException ex) {
                        throw new UncheckedIOException(ex);
                    }
                };
                case "perfetto" -> events::add;
                default -> ev -> { };
            };
            try (Engine e = in.replay(at, limit, sink, Limit.events(maxEvents, "with --max-events N"))) {
                Outcome o = e.outcome();
                if (o != null && o.kind() == Outcome.Kind.STOPPED) throw new Stopped(o.message());
                if (format.equals("perfetto")) PerfettoTrace.write(events, w);
                else if (format.equals("schedtrace")) w.write(SchedTrace.format(e.snapshot(), detail));
            } catch (UncheckedIOException ex) {
                throw ex.getCause();
            }
        };
        try {
            if (output != null) {
                AtomicFile.write(output, body);   // a stopped run leaves no file
            } else {
                PrintWriter out = spec.commandLine().getOut();
                try {
                    body.writeTo(out);
                } finally {
                    out.flush();
                }
            }
        } catch (IOException ex) {
            throw new Main.BadInput("cannot write " + output + ": " + ex.getMessage());
        } catch (Stopped ex) {
            spec.commandLine().getErr().println("gmplab: " + ex.getMessage());
            return Main.STOPPED;
        }
        return 0;
    }

    /** A limit stopped the run: nothing is written. */
    private static final class Stopped extends RuntimeException {
        Stopped(String message) { super(message, null, false, false); }
    }
}
