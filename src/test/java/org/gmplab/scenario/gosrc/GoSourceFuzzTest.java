package org.gmplab.scenario.gosrc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.gmplab.scenario.Compiler;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * No input makes the Go front end hang or throw anything but a ScenarioException: mutated and truncated
 * real scenarios, random text, and deep nesting. A program that compiles must also be accepted by the
 * engine's own compiler, and an error's caret must sit under the column the message names.
 */
@Tag("fuzz")
class GoSourceFuzzTest {

    private static final Pattern MESSAGE = Pattern.compile("t\\.go:(\\d+):(\\d+): [^\\n]+\\n([^\\n]*)\\n([ \\t]*)\\^");

    private static final String[] TOKENS = {
            "func", "main", "(", ")", "{", "}", "\n", ";", ":=", "=", "go", "defer", "for", "range", "if", "else",
            "select", "case", "default", ":", "<-", "chan", "make", "close", "struct{}", "struct{}{}", "wg", ".", "Add",
            "Done", "Wait", "&", "*", "sync", "WaitGroup", "time", "Millisecond", "work", "syscall", "netread",
            "runtime", "Gosched", "GOMAXPROCS", "break", "continue", "return", "var", "const", "int", "bool",
            "1", "0", "-", "+", "/", "%", "<<", "&&", "||", "!", "==", "i", "x", "ch", ",", "\"", "`", "'", "/*", "*/",
            "//", "// gmplab: gomaxprocs=2\n", "package", "import", "\"time\"", "\u0000", "\uD800", "é", "µ",
            "99999999999999999999", "0x", "1_", "1.5", "2ms", "type", "switch", "goto", "map", "[", "]", "...", "iota",
            "nil", "true", "false", "time.Duration(", "func() {", "}()", "\t", " ",
    };

    private static List<String> seeds() throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of("scenarios"))) {
            for (Path p : files.filter(f -> f.toString().endsWith(".go")).sorted().toList()) out.add(Files.readString(p));
        }
        out.add("""
                var wg sync.WaitGroup
                var jobs = make(chan int, 4)
                const n = 3
                func worker(id int, w *sync.WaitGroup, in <-chan int) {
                	defer w.Done()
                	for {
                		select {
                		case v := <-in:
                			work(time.Duration(v) * time.Microsecond)
                		default:
                			return
                		}
                	}
                }
                func main() {
                	x, y := 1, 2
                	x, y = y, x
                	for i := range n {
                		wg.Add(1)
                		go worker(i, &wg, jobs)
                		go func() { jobs <- i + x + y }()
                	}
                	if z := x * 2; z > 3 && !(y == 0) { runtime.Gosched() } else { time.Sleep(1) }
                	for k := 0; k < 10; k++ { if k%2 == 0 { continue }; if k > 7 { break } }
                	wg.Wait()
                }
                """);
        assertThat(out).hasSizeGreaterThan(5);
        return out;
    }

    @Test
    void mutatedScenariosGiveAScenarioOrOneScenarioException() throws IOException {
        List<String> seeds = seeds();
        Random rnd = new Random(20250101);
        int[] outcomes = new int[2];
        // -Dgosrc.fuzz=N runs N mutations (the default keeps the build quick).
        assertTimeoutPreemptively(Duration.ofSeconds(Long.getLong("gosrc.fuzz.seconds", 120)), () -> {
            for (int i = 0, n = Integer.getInteger("gosrc.fuzz", 12_000); i < n; i++) {
                String text = seeds.get(rnd.nextInt(seeds.size()));
                int edits = 1 + rnd.nextInt(3);
                for (int k = 0; k < edits; k++) text = mutate(text, rnd);
                outcomes[check(text) ? 0 : 1]++;
            }
        });
        // Both outcomes must occur, or the mutations test nothing.
        assertThat(outcomes[0]).isGreaterThan(100);
        assertThat(outcomes[1]).isGreaterThan(5_000);
    }

    @Test
    void everyTruncationOfEveryScenario() throws IOException {
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            for (String seed : seeds()) {
                for (int cut = 0; cut < seed.length(); cut += 3) check(seed.substring(0, cut));
            }
        });
    }

    @Test
    void randomText() {
        Random rnd = new Random(7);
        String alphabet = "abcxyz_019 \t\n(){}[];:=<-+*/%&|^!.,\"'`\\#@$~?\u00e9\u00b5\u0000\r";
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int i = 0; i < 5_000; i++) {
                StringBuilder b = new StringBuilder();
                int n = rnd.nextInt(200);
                for (int k = 0; k < n; k++) {
                    if (rnd.nextInt(4) == 0) b.append(TOKENS[rnd.nextInt(TOKENS.length)]).append(' ');
                    else b.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
                }
                check(b.toString());
                check("func main() {\n" + b + "\n}\n");
            }
        });
    }

    @Test
    void deepNestingAndLongExpressionsAreRefusedNotOverflowed() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            check("func main() {\n\tx := " + "(".repeat(100_000) + "1" + ")".repeat(100_000) + "\n}");
            check("func main() " + "{".repeat(100_000) + "}".repeat(100_000));
            check("func main() {\n\tx := " + "-".repeat(100_000) + "1\n}");
            check("func main() {\n\tx := 1" + " + 1".repeat(50_000) + "\n}");
            check("func main() {\n\t" + "if true { ".repeat(5_000) + "}".repeat(5_000) + "\n}");
            check("func main() {\n\t" + "go func() { ".repeat(5_000) + "}()".repeat(5_000) + "\n}");
            check("var c " + "chan ".repeat(100_000) + "int\nfunc main() {}");
            check("func main() {\n\twork(" + "f(".repeat(100_000) + "\n}");
            // Just under the limits, it compiles.
            assertThat(check("func main() {\n\tx := " + "(".repeat(90) + "1" + ")".repeat(90) + "\n\t_ = x\n}")).isTrue();
            assertThat(check("func main() {\n\tx := 1" + " + 1".repeat(190) + "\n\t_ = x\n}")).isTrue();
            // The operator limit is per statement: a long file compiles.
            assertThat(check("func main() {\n\tx := 0\n" + "\tx = x*2 + x/3 - x%5 + 1\n".repeat(2_000) + "}")).isTrue();
        });
    }

    /**
     * The deepest trees the limits allow (blocks, parentheses and operators together) compile on a thread
     * with a 1 MB stack, as the app's threads may have: the lowering and the engine's compiler recurse.
     */
    @Test
    void theDeepestAcceptedProgramsCompileOnASmallStack() throws Exception {
        List<String> deep = List.of(
                "func main() {\n\tx := 1\n" + "if x > 0 {\n".repeat(48) + "x = " + "(x + ".repeat(48) + "1" + ")".repeat(48)
                        + " + x".repeat(150) + "\n" + "}\n".repeat(48) + "}",
                "func main() {\n\tx := 1\n\tx = " + "-(".repeat(48) + "x" + ")".repeat(48) + " + x".repeat(100) + "\n}",
                "func main() {\n" + "go func() {\n".repeat(22) + "work(" + "(1 + ".repeat(50) + "1" + ")".repeat(50) + ")\n" + "}()\n".repeat(22) + "}");
        for (String src : deep) {
            Throwable[] failure = new Throwable[1];
            boolean[] compiled = new boolean[1];
            Thread t = new Thread(null, () -> {
                try {
                    compiled[0] = check(src);
                } catch (Throwable e) {
                    failure[0] = e;
                }
            }, "small-stack", 1L << 20);
            t.start();
            t.join();
            if (failure[0] != null) throw new AssertionError(failure[0]);
            assertThat(compiled[0]).as(src.substring(0, 60)).isTrue();
        }
    }

    /** True if {@code text} compiled; false if it was refused with a well-formed message. */
    private static boolean check(String text) {
        Scenario s;
        try {
            s = GoSource.parse(text, "t.go");
        } catch (ScenarioException e) {
            Matcher m = MESSAGE.matcher(e.getMessage());
            assertThat(m.matches()).as("message shape for input:\n%s\n---\n%s", text, e.getMessage()).isTrue();
            assertThat(m.group(4).length()).as("caret column for %s", e.getMessage()).isEqualTo(Integer.parseInt(m.group(2)) - 1);
            return false;
        } catch (Throwable t) {
            throw new AssertionError("input:\n" + text, t);
        }
        try {
            Compiler.compile(s.program());
        } catch (RuntimeException e) {
            throw new AssertionError("the engine refused a compiled program; input:\n" + text, e);
        }
        return true;
    }

    private static String mutate(String text, Random rnd) {
        if (text.isEmpty()) return TOKENS[rnd.nextInt(TOKENS.length)];
        int at = rnd.nextInt(text.length() + 1);
        int len = Math.min(text.length() - at, 1 + rnd.nextInt(12));
        return switch (rnd.nextInt(6)) {
            case 0 -> text.substring(0, at) + text.substring(at + len);                              // delete
            case 1, 2 -> text.substring(0, at) + TOKENS[rnd.nextInt(TOKENS.length)] + text.substring(at); // insert a token
            case 3 -> text.substring(0, at) + text.substring(at, at + len) + text.substring(at);         // duplicate
            case 4 -> text.substring(0, at);                                                            // truncate
            default -> {                                                                                 // replace a char
                if (at == text.length()) yield text;
                yield text.substring(0, at) + (char) (32 + rnd.nextInt(95)) + text.substring(at + 1);
            }
        };
    }
}
