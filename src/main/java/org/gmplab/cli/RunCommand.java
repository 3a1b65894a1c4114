package org.gmplab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.gmplab.engine.Engine;
import org.gmplab.engine.Limit;
import org.gmplab.engine.MemoryBudget;
import org.gmplab.engine.Outcome;
import org.gmplab.scenario.Expr;
import org.gmplab.scenario.ExprParser;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.gosrc.ScenarioFiles;
import org.gmplab.snapshot.Event;
import org.gmplab.trace.EventsJson;
import org.gmplab.trace.SchedTrace;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gmplab run}: runs a scenario headless and prints what Go's {@code GODEBUG=schedtrace} would.
 * In step mode the lines fall at exact multiples of the period in virtual time, so two runs print the
 * same lines.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run a scenario headless; print schedtrace lines and/or write the event log.")
final class RunCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO", description = "scenario file (.go or .json); or give --session")
    Path scenarioFile;

    @Option(names = "--session", paramLabel = "FILE", description = "replay a session file (to its moment, or to --at N) and print that world in scheddetail form")
    Path sessionFile;

    @Option(names = "--at", paramLabel = "N", description = "print the world at the first moment that includes event N (scheddetail form), then stop")
    Long at;

    @Option(names = "--gomaxprocs", paramLabel = "N", description = "number of Ps (1..256); default: the scenario's")
    Integer gomaxprocs;

    @Option(names = "--seed", paramLabel = "S", description = "random seed (steal order); default: the scenario's")
    Long seed;

    @Option(names = "--scheduler", paramLabel = "gmp|go1.0",
            description = "scheduler design: gmp (Go 1.23, default) or go1.0 (one global queue under one lock, no Ps); default: the scenario's")
    String scheduler;

    @Option(names = "--go", paramLabel = "1.23|1.26",
            description = "which Go release's G-M-P rules: 1.23 (default) or 1.26 (a P in a system call stays running, status=1); default: the scenario's")
    String go;

    @Option(names = "--lockstats", description = "at the end, print how often sched.lock was taken and waited for")
    boolean lockstats;

    @Option(names = "--mode", paramLabel = "step|live", defaultValue = "step",
            description = "step: deterministic, virtual time (default); live: Ms run in parallel on real threads")
    String mode;

    @Option(names = "--until", paramLabel = "DURATION", defaultValue = "10s",
            description = "stop after this much (virtual or scaled wall) time, e.g. 20ms; default ${DEFAULT-VALUE}")
    String until;

    @Option(names = "--schedtrace", paramLabel = "MS", description = "print a SCHED line every MS milliseconds (as GODEBUG=schedtrace=MS)")
    Long schedtraceMs;

    @Option(names = "--scheddetail", description = "with --schedtrace: print P, M and G lines too (as scheddetail=1)")
    boolean scheddetail;

    @Option(names = "--events", paramLabel = "FILE", description = "write every event as a JSON line to FILE")
    Path eventsFile;

    @Option(names = "--max-events", paramLabel = "N", defaultValue = "" + DEFAULT_MAX_EVENTS,
            description = "step mode: stop the run after N events (a runaway program ends with one line); default ${DEFAULT-VALUE}")
    long maxEvents;

    @Option(names = "--speed", paramLabel = "X", defaultValue = "1",
            description = "live mode: virtual ns per wall ns (0.001 = slow motion); default ${DEFAULT-VALUE}")
    double speed;

    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (sessionFile != null && scenarioFile != null) throw new Main.BadInput("give a SCENARIO or --session FILE, not both");
        if (sessionFile == null && scenarioFile == null) throw new Main.BadInput("Missing required parameter: 'SCENARIO' (or --session FILE)");
        if (sessionFile != null && (gomaxprocs != null || seed != null || scheduler != null || go != null))
            throw new Main.BadInput("--gomaxprocs, --seed, --scheduler and --go do not apply to a session: it replays the run it recorded");
        if (maxEvents < 1) throw new Main.BadInput("--max-events must be at least 1, got " + maxEvents);
        if (mode.equals("step")) Engine.prepareStepMode();
        if (sessionFile != null || at != null) return printMoment();
        Scenario sc = loadScenario();
        long limit = parseDuration("--until", until);
        if (schedtraceMs != null && (schedtraceMs < 1 || schedtraceMs > 3_600_000))
            throw new Main.BadInput("--schedtrace must be between 1 and 3600000 ms, got " + schedtraceMs);
        if (scheddetail && schedtraceMs == null) throw new Main.BadInput("--scheddetail needs --schedtrace MS");
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Outcome outcome;
        try (EventsJson.Writer events = eventsFile == null ? null : EventsJson.Writer.open(eventsFile)) {
            outcome = switch (mode) {
                case "step" -> runStep(sc, limit, out, events);
                case "live" -> runLive(sc, limit, out, events);
                default -> throw new Main.BadInput("--mode must be step or live, got '" + mode + "'");
            };
            if (events != null) events.commit();
        } catch (IOException | UncheckedIOException e) {
            throw new Main.BadInput("cannot write " + eventsFile + ": " + e.getMessage());
        }
        out.flush();
        if (outcome == null) {
            err.println("gmplab: stopped at --until " + until + " (the program had not ended)");
            return 0;
        }
        return switch (outcome.kind()) {
            case EXITED -> 0;
            case FATAL -> { err.println(outcome.message()); yield 2; }  // Go exits with 2 on a fatal error
            case CRASHED -> { err.println("gmplab: " + outcome.message()); yield 70; }
            case STOPPED -> { err.println("gmplab: " + outcome.message()); yield Main.STOPPED; }
        };
    }

    /** {@code --session FILE [--at N]} or {@code SCENARIO --at N}: one world, as scheddetail prints it. */
    private int printMoment() {
        if (!mode.equals("step")) throw new Main.BadInput("--session and --at replay in step mode; --mode " + mode + " does not apply");
        Input in = sessionFile != null ? Input.fromSession(sessionFile) : new Input(loadScenario(), List.of(), org.gmplab.history.Replay.TO_END);
        long limit = parseDuration("--until", until);
        PrintWriter out = spec.commandLine().getOut();
        try (Engine e = in.replay(at, limit, ev -> { }, Limit.events(maxEvents, "with --max-events N"))) {
            Outcome o = e.outcome();
            if (o != null && o.kind() == Outcome.Kind.STOPPED) {
                spec.commandLine().getErr().println("gmplab: " + o.message());
                return Main.STOPPED;
            }
            out.print(SchedTrace.format(e.snapshot(), true));
        }
        out.flush();
        return 0;
    }

    private Scenario loadScenario() {
        Scenario sc;
        try {
            sc = ScenarioFiles.load(scenarioFile);
        } catch (ScenarioException e) {
            throw new Main.BadInput(e.getMessage());
        }
        try {
            if (gomaxprocs != null) sc = sc.withGomaxprocs(gomaxprocs);
            if (seed != null) sc = sc.withSeed(seed);
            if (scheduler != null) {
                try {
                    sc = sc.withScheduler(Scenario.Scheduler.of(scheduler));
                } catch (IllegalArgumentException e) {
                    throw new Main.BadInput("--scheduler: " + e.getMessage());
                }
            }
            if (go != null) sc = Main.withGo(sc, go);
        } catch (IllegalArgumentException e) {
            throw new Main.BadInput("--" + e.getMessage());
        }
        return sc;
    }

    /** Default of {@code --max-events}: ten times what the busiest shipped scenario makes in 10 s; a few seconds of a runaway run. */
    static final long DEFAULT_MAX_EVENTS = 5_000_000;

    /**
     * Step mode. Events go to the {@code --events} file as the run makes them, so a long run holds none
     * of its history; the event budget and the engine's memory budget stop a runaway one.
     */
    private Outcome runStep(Scenario sc, long limit, PrintWriter out, EventsJson.Writer events) {
        try (Engine e = Engine.step(sc)) {
            e.limit(Limit.events(maxEvents, "with --max-events N"));
            Consumer<Event> sink = events == null ? ev -> { } : ev -> write(events, ev);
            if (schedtraceMs == null) {
                Progress.onTerminal(spec.commandLine().getErr()).run(e, limit, sink);
                printLockstats(e, out);
                return e.outcome();
            }
            long period = schedtraceMs * 1_000_000;
            for (long t = 0; t <= limit; t += period) {
                Engine.Stop stop = e.runUntil(t, null, sink);
                if (stop == Engine.Stop.ENDED) break;
                out.print(SchedTrace.format(e.snapshot(), scheddetail));
                if (stop == Engine.Stop.QUIESCENT) break;
            }
            if (e.outcome() == null && events != null) e.runUntil(limit, null, sink);
            printLockstats(e, out);
            return e.outcome();
        }
    }

    private void printLockstats(Engine e, PrintWriter out) {
        if (!lockstats) return;
        org.gmplab.snapshot.Snapshot s = e.snapshot();
        out.println("sched.lock: scheduler=" + s.scheduler() + " acquisitions=" + s.lock().acquisitions()
                + " contended=" + s.lock().contended() + " wait=" + s.lock().waitNanos() + "ns time=" + s.time() + "ns threads=" + s.threads());
    }

    /** How often a live run's events go to the {@code --events} file, and its memory is looked at. */
    private static final long LIVE_SLICE_NANOS = 200_000_000;

    /**
     * Live mode. Every {@link #LIVE_SLICE_NANOS} the recorded events go to the file (taken in a brief stop
     * of the world) and the memory budget is looked at, so a long live run holds little and a runaway one
     * stops with one line.
     */
    private Outcome runLive(Scenario sc, long limit, PrintWriter out, EventsJson.Writer events) throws Exception {
        if (!(speed >= 1e-6 && speed <= 1e6)) throw new Main.BadInput("--speed must be between 0.000001 and 1000000, got " + speed);
        long wallLimitNanos = (long) (limit / speed);
        MemoryBudget memory = new MemoryBudget();
        try (Engine e = Engine.live(sc, speed, events != null)) {
            long start = System.nanoTime();
            long periodWall = schedtraceMs == null ? Long.MAX_VALUE : (long) (schedtraceMs * 1_000_000 / speed);
            long nextTrace = schedtraceMs == null ? Long.MAX_VALUE : 0;
            Outcome o = null;
            for (;;) {
                long now = System.nanoTime() - start;
                if (now >= nextTrace) {   // never after the limit: nextTrace is at most the limit
                    out.print(SchedTrace.format(e.snapshot(), scheddetail));
                    out.flush();
                    nextTrace += periodWall;
                    if (nextTrace > wallLimitNanos) nextTrace = Long.MAX_VALUE;
                    continue;
                }
                if (now > wallLimitNanos) break;
                long wait = Math.min(Math.min(LIVE_SLICE_NANOS, nextTrace - now), wallLimitNanos - now + 1);
                o = e.awaitEnd(Math.max(0, wait), TimeUnit.NANOSECONDS);
                if (o != null) break;
                if (events != null) write(events, e.takeFrame(false).events());
                String why = memory.check();
                if (why != null) {
                    e.close();
                    write(events, e.liveEvents());
                    return new Outcome(Outcome.Kind.STOPPED, why);
                }
            }
            e.close();
            write(events, e.liveEvents());
            printLockstats(e, out);
            return o;
        }
    }

    private static void write(EventsJson.Writer w, List<Event> evs) throws IOException {
        if (w != null) for (Event ev : evs) w.write(ev);
    }

    private static void write(EventsJson.Writer w, Event ev) {
        try {
            w.write(ev);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A duration the way Go writes one ("20ms", "1.5s", "500us"). */
    static long parseDuration(String option, String text) {
        try {
            Expr e = ExprParser.parse(text);
            if (e instanceof Expr.Const c && c.value() > 0) return c.value();
        } catch (IllegalArgumentException ignored) {
            // reported below
        }
        throw new Main.BadInput(option + ": expected a positive duration like 20ms, 1.5s or 500us, got '" + text + "'");
    }

}
