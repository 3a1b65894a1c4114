package org.gmplab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The fence around the architecture: which package may use which, read from the sources (imports and fully
 * qualified names in code; comments are left out). The flow runs one way — app → panes and view → session and
 * model → history → engine → snapshot, with the scenario compiler ({@code scenario}) under the engine —
 * and the headless core never touches JavaFX, so {@code run}, {@code verify}, {@code export} and the engine's
 * tests work without a display. A new dependency against the flow fails here with the file that made it.
 */
class ArchitectureTest {
    static final Path SRC = Path.of("src/main/java/org/gmplab");

    /** Packages with no JavaFX at all: the headless core. */
    static final Set<String> HEADLESS = Set.of("snapshot", "io", "i18n", "engine", "scenario", "scenario.gosrc",
            "trace", "gotrace", "history", "lessons", "cli");

    /** Packages that may hold JavaFX properties and collections but no scene graph (no controls, no canvas). */
    static final Set<String> NO_SCENE = Set.of("session", "model");

    /**
     * What each package may use of the others (itself always). The UI packages ({@code controls}, {@code editor},
     * {@code lessons.player}, {@code app}) may use the layers below them, but nothing may use {@code app}.
     */
    static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            Map.entry("snapshot", Set.of()),
            Map.entry("io", Set.of()),
            // the languages and their word tables: a leaf, with the language passed in (no global one)
            Map.entry("i18n", Set.of()),
            // the scenario compiler, and above it its Go front end (which also holds ScenarioFiles, the door that reads either kind)
            Map.entry("scenario", Set.of("io")),
            Map.entry("scenario.gosrc", Set.of("io", "scenario")),
            Map.entry("engine", Set.of("scenario", "scenario.gosrc", "snapshot", "io")),
            Map.entry("trace", Set.of("snapshot", "io")),
            Map.entry("gotrace", Set.of("trace", "snapshot", "io")),
            // history → gotrace: the transport walks a real Go run read from its trace (RealHistory) as it walks an engine run
            Map.entry("history", Set.of("engine", "scenario", "snapshot", "trace", "gotrace", "io")),
            Map.entry("lessons", Set.of("i18n", "engine", "scenario", "scenario.gosrc", "snapshot", "io")),
            Map.entry("cli", Set.of("engine", "scenario", "scenario.gosrc", "snapshot", "trace", "gotrace", "history", "lessons", "io")),
            Map.entry("model", Set.of("engine", "scenario", "snapshot")),
            Map.entry("session", Set.of("model", "history", "engine", "scenario", "snapshot", "trace", "io")),
            Map.entry("view", Set.of("i18n", "model", "snapshot", "scenario")),
            Map.entry("controls", Set.of("i18n", "session", "model", "view", "history", "lessons", "engine", "scenario", "snapshot", "trace", "io")),
            Map.entry("editor", Set.of("i18n", "controls", "session", "model", "history", "scenario", "scenario.gosrc", "trace", "io")),
            Map.entry("lessons.player", Set.of("i18n", "controls", "view", "session", "model", "lessons", "engine", "scenario", "snapshot", "io")),
            Map.entry("app", Set.of("i18n", "cli", "controls", "editor", "lessons.player", "view", "session", "model", "history", "lessons",
                    "engine", "scenario", "scenario.gosrc", "snapshot", "trace", "gotrace", "io")));

    static final Pattern GMPLAB = Pattern.compile("\\borg\\.gmplab\\.((?:[a-z0-9]+\\.)*?[a-z0-9]+)\\.[A-Z]");
    static final Pattern JAVAFX = Pattern.compile("\\bjavafx\\.([a-z]+)\\.");

    record Use(String from, String to, Path file) { }

    /** The source of {@code file} without its comments (string literals are kept; none names a package). */
    static String code(Path file) throws IOException {
        String s = Files.readString(file);
        s = s.replaceAll("(?s)/\\*.*?\\*/", " ");
        return s.replaceAll("//[^\\n]*", " ");
    }

    static String packageOf(Path file) {
        return SRC.relativize(file.getParent()).toString().replace('/', '.').replace('\\', '.');
    }

    static List<Use> uses() throws IOException {
        List<Use> all = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SRC)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String from = packageOf(f);
                String code = code(f);
                Matcher m = GMPLAB.matcher(code);
                while (m.find()) if (!m.group(1).equals(from)) all.add(new Use(from, m.group(1), f));
                Matcher fx = JAVAFX.matcher(code);
                while (fx.find()) all.add(new Use(from, "javafx." + fx.group(1), f));
            }
        }
        return all;
    }

    @Test
    void everyPackageIsPlacedInTheFlow() throws IOException {
        Set<String> packages = new TreeSet<>();
        for (Use u : uses()) packages.add(u.from());
        assertThat(ALLOWED.keySet()).containsAll(packages);
    }

    @Test
    void theHeadlessCoreHasNoJavaFxAndSessionAndModelNoSceneGraph() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Use u : uses()) {
            if (!u.to().startsWith("javafx.")) continue;
            if (HEADLESS.contains(u.from())) broken.add(u.file() + " uses " + u.to() + " in the headless core");
            if (NO_SCENE.contains(u.from()) && (u.to().equals("javafx.scene") || u.to().equals("javafx.stage")))
                broken.add(u.file() + " uses " + u.to() + ": " + u.from() + " is not visual");
        }
        assertThat(broken).isEmpty();
    }

    @Test
    void dependenciesRunOneWay() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Use u : uses()) {
            if (u.to().startsWith("javafx.")) continue;
            Set<String> ok = ALLOWED.getOrDefault(u.from(), Set.of());
            if (!ok.contains(u.to())) broken.add(u.file() + ": " + u.from() + " → " + u.to() + " goes against the flow");
        }
        assertThat(broken).isEmpty();
    }

    /** The fence itself: a JavaFX use in the engine, or the engine reaching up to the history, is caught. */
    @Test
    void theFenceCatchesAJavaFxImportInTheEngineAndAnUpwardDependency(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path f = dir.resolve("Bad.java");
        Files.writeString(f, "package org.gmplab.engine;\n/* org.gmplab.app.Gone in a comment does not count */\n"
                + "import javafx.scene.paint.Color;\nimport org.gmplab.history.History;\nclass Bad {}\n");
        String code = code(f);
        Matcher fx = JAVAFX.matcher(code);
        assertThat(fx.find()).isTrue();
        assertThat(HEADLESS).contains("engine");
        Matcher m = GMPLAB.matcher(code);
        List<String> to = new ArrayList<>();
        while (m.find()) to.add(m.group(1));
        assertThat(to).containsExactly("history");
        assertThat(ALLOWED.get("engine")).doesNotContain("history");
    }
}
