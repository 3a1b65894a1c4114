package org.gmplab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.gmplab.engine.Engine;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.trace.AtomicFile;
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

    @Parameters(index = "0", paramLabel = "SESSION_OR_SCENARIO", description = "a session file or a scenario file (.json)")
    Path input;

    @Option(names = "--format", paramLabel = "jsonl|perfetto|schedtrace", required = true,
            description = "jsonl: one event per line; perfetto: Chrome trace-event JSON (ui.perfetto.dev); schedtrace: the world as GODEBUG=schedtrace prints it")
    String format;

    @Option(names = "--at", paramLabel = "N", description = "stop at the first moment that includes event N (default: the session's moment, or the end of a scenario)")
    Long at;

    @Option(names = "--detail", description = "schedtrace: print P, M and G lines too (as scheddetail=1)")
    boolean detail;

    @Option(names = "--until", paramLabel = "DURATION", defaultValue = "10s",
            description = "stop a scenario run after this much virtual time; default ${DEFAULT-VALUE}")
    String until;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write to FILE (atomically) instead of standard output")
    Path output;

    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (!List.of("jsonl", "perfetto", "schedtrace").contains(format))
            throw new Main.BadInput("--format must be jsonl, perfetto or schedtrace, got '" + format + "'");
        long limit = RunCommand.parseDuration("--until", until);
        Input in = Input.load(input);
        List<Event> events = new ArrayList<>();
        boolean keep = !format.equals("schedtrace");
        Snapshot snap;
        try (Engine e = in.replay(at, limit, ev -> { if (keep) events.add(ev); })) {
            snap = e.snapshot();
        }
        AtomicFile.Body body = switch (format) {
            case "jsonl" -> w -> { for (Event ev : events) { w.write(EventsJson.line(ev)); w.write('\n'); } };
            case "perfetto" -> w -> PerfettoTrace.write(events, w);
            default -> w -> w.write(SchedTrace.format(snap, detail));
        };
        try {
            if (output != null) {
                AtomicFile.write(output, body);
            } else {
                PrintWriter out = spec.commandLine().getOut();
                body.writeTo(out);
                out.flush();
            }
        } catch (IOException ex) {
            throw new Main.BadInput("cannot write " + output + ": " + ex.getMessage());
        }
        return 0;
    }

}
