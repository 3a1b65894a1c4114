package org.gmplab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The test layers stay honest: a test class that needs a display toolkit, real parallel threads, a child process
 * or a fuzzer's thousands of inputs carries the tag that says so, so that {@code mvn test -Pfast} (the unit, Go-port
 * and engine tests in step mode) runs in seconds and never meets one of them. Lessons are tagged by hand
 * ({@code lessons}: they verify every lesson and homework file).
 */
class TestLayersTest {
    static final Path TESTS = Path.of("src/test/java/org/gmplab");

    record Rule(String tag, Pattern needs, String what) { }

    static final List<Rule> RULES = List.of(
            new Rule("ui", Pattern.compile("^import (static )?(javafx|org\\.testfx)\\.", Pattern.MULTILINE), "imports JavaFX or TestFX"),
            new Rule("live", Pattern.compile("Engine\\.live\\(|\\bLiveRun\\b|\\bLiveDriver\\b"), "runs the engine in live mode"),
            new Rule("process", Pattern.compile("\\bProcessBuilder\\b"), "starts a process"));

    @Test
    void everySlowTestCarriesItsLayersTag() throws IOException {
        List<String> missing = new ArrayList<>();
        try (Stream<Path> files = Files.walk(TESTS)) {
            for (Path f : files.filter(p -> p.toString().endsWith("Test.java")).toList()) {
                if (f.getFileName().toString().equals("TestLayersTest.java")) continue;
                String s = Files.readString(f);
                String name = TESTS.relativize(f).toString();
                for (Rule r : RULES)
                    if (r.needs().matcher(s).find() && !s.contains("@Tag(\"" + r.tag() + "\")"))
                        missing.add(name + " " + r.what() + " but has no @Tag(\"" + r.tag() + "\")");
                if (name.endsWith("FuzzTest.java") && !s.contains("@Tag(\"fuzz\")"))
                    missing.add(name + " is a fuzz test but has no @Tag(\"fuzz\")");
                if (name.endsWith("StressTest.java") && !s.contains("@Tag(\"live\")"))
                    missing.add(name + " is a stress test but has no @Tag(\"live\")");
            }
        }
        assertThat(missing).isEmpty();
    }
}
