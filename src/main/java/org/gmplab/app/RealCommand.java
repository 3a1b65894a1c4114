package org.gmplab.app;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gmplab.cli.Main;
import org.gmplab.gotrace.RealRun;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gmplab real SCENARIO.go}: runs a Go scenario as the real Go program it is once its intrinsics are
 * supplied ({@code realgo/intrinsics.go}: {@code work} a CPU spin, {@code syscall} a blocking nanosleep,
 * {@code netread} a read on loopback) under a {@code main} that writes an execution trace
 * ({@code realgo/trace_main.go}); the scenario's {@code func main} is renamed {@code realMain}. It builds in a
 * temporary directory with the {@code go} on PATH (or {@code --go}), runs with {@code GOMAXPROCS} and
 * {@code GODEBUG=schedtrace=…,scheddetail=1}, and opens the trace beside the engine's run of the scenario (or,
 * with {@code --no-window}, prints where the files are). Without a Go toolchain: one line saying so, exit 2.
 */
@Command(name = "real", mixinStandardHelpOptions = true,
        description = "Build a Go scenario as a real Go program (its intrinsics supplied), run it with a trace, and open the trace beside the engine's run.")
public final class RealCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENARIO", description = "a Go scenario (.go)")
    Path scenario;

    @Option(names = "--gomaxprocs", paramLabel = "N", description = "GOMAXPROCS of the real run (and the engine's); default: the scenario's")
    Integer gomaxprocs;

    @Option(names = "--schedtrace", paramLabel = "MS", defaultValue = "100", description = "GODEBUG=schedtrace period in ms; default ${DEFAULT-VALUE}")
    int schedtrace;

    @Option(names = "--go", paramLabel = "PATH", description = "the go command to use; default: go on PATH")
    Path go;

    @Option(names = "--keep", paramLabel = "DIR", description = "build and run in DIR (kept) instead of a temporary directory")
    Path keep;

    @Option(names = "--no-window", description = "print where the trace and the schedtrace output are instead of opening the window")
    boolean noWindow;

    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    static final Pattern MAIN = Pattern.compile("(?m)^func main\\(\\)");

    @Override
    public Integer call() throws Exception {
        if (!scenario.toString().endsWith(".go")) throw new Main.BadInput(scenario + ": gmplab real takes a Go scenario (.go)");
        if (!Files.isRegularFile(scenario)) throw new Main.BadInput(scenario + ": no such file");
        Scenario sc;
        try {
            sc = org.gmplab.scenario.gosrc.ScenarioFiles.load(scenario);
        } catch (ScenarioException e) {
            throw new Main.BadInput(e.getMessage().lines().findFirst().orElse(e.getMessage()));
        }
        int procs = gomaxprocs != null ? gomaxprocs : sc.gomaxprocs();
        if (procs < Scenario.MIN_PROCS || procs > Scenario.MAX_PROCS)
            throw new Main.BadInput("--gomaxprocs must be between " + Scenario.MIN_PROCS + " and " + Scenario.MAX_PROCS + ", got " + procs);
        Path goCmd = go != null ? go : onPath("go");
        if (goCmd == null || !Files.isExecutable(goCmd))
            throw new Main.BadInput(go != null ? go + " is not an executable go command; install Go (https://go.dev/dl/) or build the trace "
                    + "elsewhere as docs/real-go.md says, then: gmplab " + scenario + " TRACE" : noGo(scenario.toString()));
        String source = Files.readString(scenario, StandardCharsets.UTF_8);
        Path dir = keep != null ? Files.createDirectories(keep) : Files.createTempDirectory("gmplab-real");
        Path trace = buildAndRun(source, scenario.getFileName().toString(), procs, goCmd, dir, schedtrace);
        Path sched = dir.resolve("schedtrace.txt");
        String name = scenario.getFileName().toString().replaceFirst("\\.go$", "");
        RealRun run;
        try {
            run = RealRun.read(trace, null);
        } catch (IOException e) {
            throw new Main.BadInput(trace + ": " + e.getMessage());
        }
        var out = spec.commandLine().getOut();
        out.println("real Go run of " + scenario + " at GOMAXPROCS " + procs + ": " + run.end() + " events, trace " + trace
                + ", schedtrace/scheddetail output " + sched);
        out.flush();
        if (noWindow) return 0;
        String cannot = Launcher.cannotOpenWindow(System.getenv("DISPLAY"));
        if (cannot != null) {
            out.println("gmplab: " + cannot + "; open the two later with: gmplab " + scenario + " " + trace);
            out.flush();
            return 0;
        }
        // GOMAXPROCS given: the engine's run at the same setting (the window reads the scenario's own otherwise)
        Path shown = scenario;
        if (gomaxprocs != null && gomaxprocs != sc.gomaxprocs()) {
            shown = dir.resolve(name + ".p" + procs + ".go");
            Files.writeString(shown, source.replaceFirst("gomaxprocs=\\d+", "gomaxprocs=" + procs), StandardCharsets.UTF_8);
        }
        javafx.application.Application.launch(GmpLabApp.class, shown.toString(), trace.toString());
        return 0;
    }

    /**
     * Builds the Go scenario {@code source} (from the file {@code name}) in {@code dir} with its intrinsics and the
     * tracing main, runs it at GOMAXPROCS {@code procs} with {@code GODEBUG=schedtrace=…,scheddetail=1} (its output
     * in {@code dir/schedtrace.txt}) and returns the trace it wrote ({@code dir/real.trace}). Any thread; blocks.
     *
     * @throws Main.BadInput one line: no main to wrap, the build failed (its first lines), the program failed
     */
    static Path buildAndRun(String source, String name, int procs, Path goCmd, Path dir, int schedtraceMs)
            throws IOException, InterruptedException {
        Matcher m = MAIN.matcher(source);
        if (!m.find()) throw new Main.BadInput(name + ": no func main() to wrap");
        Files.writeString(dir.resolve("main.go"), m.replaceFirst("func realMain()"), StandardCharsets.UTF_8);
        copy("intrinsics.go", dir);
        copy("trace_main.go", dir);
        Path prog = dir.resolve("prog"), trace = dir.resolve("real.trace"), sched = dir.resolve("schedtrace.txt");
        exec(dir, List.of(goCmd.toString(), "build", "-o", prog.toString(), "main.go", "intrinsics.go", "trace_main.go"), "go build");
        ProcessBuilder pb = new ProcessBuilder(prog.toString()).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(sched.toFile());
        pb.environment().put("TRACE_OUT", trace.toString());
        pb.environment().put("GOMAXPROCS", Integer.toString(procs));
        pb.environment().put("GODEBUG", "schedtrace=" + schedtraceMs + ",scheddetail=1");
        int rc = pb.start().waitFor();
        if (rc != 0) throw new Main.BadInput(name + " exited with code " + rc + " (its output: " + sched + ")");
        return trace;
    }

    /** The line said when there is no Go toolchain, naming what to do instead. */
    static String noGo(String scenario) {
        return "no Go toolchain: go is not on PATH; install Go (https://go.dev/dl/) or build the trace elsewhere as docs/real-go.md says, then: gmplab "
                + scenario + " TRACE";
    }

    private static void copy(String resource, Path dir) throws IOException {
        try (InputStream in = RealCommand.class.getResourceAsStream("realgo/" + resource)) {
            if (in == null) throw new IllegalStateException("realgo/" + resource + " is missing from the jar");
            Files.copy(in, dir.resolve(resource), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Runs {@code cmd} in {@code dir}; a failure is one line with the command's first lines of output. */
    private static void exec(Path dir, List<String> cmd, String what) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(new ArrayList<>(cmd)).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0)
            throw new Main.BadInput(what + " failed in " + dir + ": " + String.join(" | ", output.lines().limit(3).toList()));
    }

    /** {@code name} in a directory of PATH, or null. */
    static Path onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) return null;
        for (String d : path.split(File.pathSeparator)) {
            if (d.isEmpty()) continue;
            Path p = Path.of(d, name);
            if (Files.isExecutable(p)) return p;
        }
        return null;
    }
}
