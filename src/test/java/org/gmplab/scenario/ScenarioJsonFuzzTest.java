package org.gmplab.scenario;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Random damage to valid scenario files must only ever give a Scenario or a ScenarioException, never
 * another exception or a hang; a ScenarioException must be one well-formed line, and a Scenario that
 * does come out must survive a round trip through toJson.
 */
@Tag("fuzz")
class ScenarioJsonFuzzTest {

    private static final String[] TOKENS = {
            "{", "}", "[", "]", ",", ":", "\"", " ", "\n", "\\", "1", "-1", "0.5", "1e3", "true", "null", "x",
            "\"op\"", "\"work\"", "\"go\"", "\"for\"", "\"if\"", "\"wg.add\"", "\"d\"", "\"n\"", "\"fn\"", "\"main\"",
            "\"1ms\"", "\"i\"", "\"i + 1\"", "\"(\"", "\"time.Second\"", "\"-5ms\"", "\"x / 0\"", "\"wg\"",
            "\"_\"", "\"body\"", "\"args\"", "//", "'", "\u0000", "\uD800", "é", "µ", "99999999999999999999",
            "false", "\"while\"", "\"lock\"", "\"syscall\"", "\"make\"", "\"send\"", "\"recv\"", "\"select\"",
            "\"cases\"", "\"default\"", "\"value\"", "\"var\"", "\"cap\"", "\"blocking\"", "\"mu\"", "\"ch\"",
            "\"jobs\"", "\"mutexes\"", "\"channels\"", "\"gomaxprocs\"", "-5", "1000001",
    };

    private static List<String> seeds() throws IOException {
        List<String> out = new ArrayList<>();
        out.add(ScenarioJsonTest.EVERYTHING);
        out.add(ScenarioJsonTest.BLOCKING);
        try (Stream<Path> files = Files.list(Path.of("scenarios"))) {
            for (Path p : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) out.add(Files.readString(p));
        }
        return out;
    }

    @Test
    void mutatedFilesGiveAScenarioOrAScenarioException() throws IOException {
        Random rnd = new Random(20240607);
        List<String> seeds = seeds();
        int parsed = 0, rejected = 0;
        for (int i = 0; i < 15_000; i++) {
            String text = seeds.get(rnd.nextInt(seeds.size()));
            int edits = 1 + rnd.nextInt(3);
            for (int k = 0; k < edits; k++) text = mutate(text, rnd);
            if (check(text)) parsed++;
            else rejected++;
        }
        // Both outcomes must actually occur, or the mutations are too weak or too strong to test anything.
        assertThat(parsed).isGreaterThan(50);
        assertThat(rejected).isGreaterThan(5_000);
    }

    @Test
    void everyTruncationIsRejectedCleanly() throws IOException {
        for (String seed : seeds()) {
            for (int cut = 0; cut < seed.length(); cut++) {
                String text = seed.substring(0, cut);
                // Cutting only trailing whitespace leaves a valid file; any other cut must fail.
                if (!text.isBlank() && text.strip().equals(seed.strip())) continue;
                assertThat(check(text)).as("prefix of length %d", cut).isFalse();
            }
        }
    }

    /** True if {@code text} parsed, false if it was rejected properly; fails the test otherwise. */
    private static boolean check(String text) {
        Scenario s;
        try {
            s = ScenarioJson.parse(text, "fuzz.json");
        } catch (ScenarioException e) {
            assertThat(e.getMessage()).as(text).startsWith("fuzz.json").doesNotContain("\n");
            long lines = text.chars().filter(ch -> ch == '\n').count() + 1;
            assertThat((long) e.line()).as(e.getMessage()).isBetween(0L, lines);
            return false;
        } catch (RuntimeException | StackOverflowError e) {
            fail("unexpected " + e + " for input:\n" + text, e);
            return false;
        }
        try {
            assertThat(ScenarioJson.parse(ScenarioJson.toJson(s), "again.json")).isEqualTo(s);
        } catch (ScenarioException e) {
            fail("round trip failed: " + e.getMessage() + "\n" + text, e);
        }
        return true;
    }

    private static String mutate(String s, Random rnd) {
        if (s.isEmpty()) return TOKENS[rnd.nextInt(TOKENS.length)];
        int at = rnd.nextInt(s.length() + 1);
        int end = Math.min(s.length(), at + 1 + rnd.nextInt(8));
        return switch (rnd.nextInt(6)) {
            case 0 -> s.substring(0, Math.min(at, s.length() - 1)) + s.substring(Math.min(end, s.length())); // delete a run
            case 1 -> s.substring(0, at) + TOKENS[rnd.nextInt(TOKENS.length)] + s.substring(at); // insert a token
            case 2 -> s.substring(0, Math.min(at, s.length() - 1)) + TOKENS[rnd.nextInt(TOKENS.length)]
                    + s.substring(Math.min(end, s.length())); // replace a run
            case 3 -> s.substring(0, at); // truncate
            case 4 -> { // duplicate a run elsewhere
                int from = rnd.nextInt(s.length());
                String run = s.substring(from, Math.min(s.length(), from + 1 + rnd.nextInt(40)));
                yield s.substring(0, at) + run + s.substring(at);
            }
            default -> { // flip one char to a random one
                int i = Math.min(at, s.length() - 1);
                yield s.substring(0, i) + (char) rnd.nextInt(128) + s.substring(i + 1);
            }
        };
    }
}
