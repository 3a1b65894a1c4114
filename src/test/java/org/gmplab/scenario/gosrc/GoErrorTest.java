package org.gmplab.scenario.gosrc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.scenario.gosrc.Go.error;
import static org.gmplab.scenario.gosrc.Go.firstLine;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.gmplab.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/**
 * The mistakes students make, each with its one message: file, line, column, what was expected or what
 * is not supported; then the source line and a caret under the column.
 */
class GoErrorTest {

    private static final String SUBSET = " not supported in GMP Lab scenarios";

    // ---- syntax ----

    @Test
    void missingClosingParenthesisShowsTheLineAndACaret() {
        assertThat(error("""
                func main() {
                	work(2 * time.Millisecond
                }
                """)).isEqualTo("""
                t.go:2:27: expected ')' after argument list, found newline
                	work(2 * time.Millisecond
                	                         ^""");
    }

    @Test
    void missingClosingBraceIsReportedAtTheEndWithWhereTheBlockOpened() {
        assertThat(firstLine("func main() {\n\twork(1)\n")).isEqualTo("t.go:3:1: expected '}' to close the block opened at 1:13, found end of file");
    }

    @Test
    void missingCommaBetweenArguments() {
        assertThat(firstLine("func f(a, b int) {}\nfunc main() {\n\tf(1 2)\n}")).isEqualTo("t.go:3:6: expected ',' or ')' in argument list, found literal 2");
    }

    @Test
    void braceOnTheNextLine() {
        assertThat(error("func main()\n{\n}\n")).isEqualTo("""
                t.go:1:12: unexpected newline before '{' after func main(...): in Go the opening brace must be on the same line
                func main()
                           ^""");
        assertThat(firstLine("func main() {\n\tfor i := 0; i < 3; i++\n\t{\n\t}\n}"))
                .isEqualTo("t.go:2:24: unexpected newline before '{' after the for clause: in Go the opening brace must be on the same line");
    }

    @Test
    void elseOnItsOwnLine() {
        assertThat(firstLine("func main() {\n\tif true {\n\t}\n\telse {\n\t}\n}"))
                .isEqualTo("t.go:4:2: unexpected else: it must be on the same line as the '}' that closes the if block");
    }

    @Test
    void shortVariableDeclarationOutsideAFunction() {
        assertThat(firstLine("n := 5\nfunc main() {}")).isEqualTo("t.go:1:3: ':=' outside a function body: at package level, declare with var n = ...");
        assertThat(firstLine("work(1)\nfunc main() {}"))
                .isEqualTo("t.go:1:1: expected a declaration (func, var or const), found name work: statements must be inside a function body");
    }

    @Test
    void durationWrittenTheJsonWay() {
        assertThat(firstLine("func main() {\n\twork(2ms)\n}"))
                .isEqualTo("t.go:2:7: invalid number 2ms; Go writes a duration as a constant times a unit, e.g. 2 * time.Millisecond");
    }

    @Test
    void conditionThatIsAnAssignment() {
        assertThat(firstLine("func main() {\n\tx := 1\n\tif x = 2 {\n\t}\n}"))
                .isEqualTo("t.go:3:7: expected a condition in the if statement, found an assignment; to declare a variable write if x := ...; condition {");
    }

    @Test
    void goOfSomethingThatIsNotACall() {
        assertThat(firstLine("func main() {\n\tgo func() {}\n}")).isEqualTo("t.go:2:5: expression in go must be a function call");
    }

    // ---- names and types ----

    @Test
    void unknownFunction() {
        assertThat(firstLine("func main() {\n\twokr(1)\n}")).isEqualTo("t.go:2:2: undefined: wokr");
    }

    @Test
    void undefinedVariable() {
        assertThat(firstLine("func main() {\n\tfor i := 0; i < n; i++ {\n\t}\n}")).isEqualTo("t.go:2:18: undefined: n");
    }

    @Test
    void wrongArgumentCount() {
        assertThat(firstLine("func worker(id int, wg *sync.WaitGroup) {}\nfunc main() {\n\tworker(1)\n}"))
                .isEqualTo("t.go:3:10: not enough arguments in call to worker: have (number), want (int, *sync.WaitGroup)");
        assertThat(firstLine("func main() {\n\twork(1, 2)\n}"))
                .isEqualTo("t.go:2:10: too many arguments in call to work: have (number, number), want (time.Duration)");
    }

    @Test
    void sendingOnSomethingThatIsNotAChannel() {
        assertThat(firstLine("func main() {\n\tx := 1\n\tx <- 2\n}"))
                .isEqualTo("t.go:3:4: invalid operation: cannot send to non-channel x (variable of type int)");
        assertThat(firstLine("func main() {\n\tx := 1\n\t<-x\n}"))
                .isEqualTo("t.go:3:2: invalid operation: cannot receive from non-channel x (variable of type int)");
    }

    @Test
    void intWhereADurationIsNeeded() {
        assertThat(firstLine("func main() {\n\tn := 3\n\twork(n * time.Millisecond)\n}"))
                .isEqualTo("t.go:3:9: invalid operation: n * time.Millisecond (mismatched types int and time.Duration); convert the int: time.Duration(n)");
        assertThat(firstLine("func main() {\n\tn := 3\n\ttime.Sleep(n)\n}"))
                .isEqualTo("t.go:3:13: cannot use n (variable of type int) as time.Duration value in argument to time.Sleep; convert it: time.Duration(n)");
    }

    @Test
    void waitGroupPassedByValue() {
        assertThat(firstLine("var wg sync.WaitGroup\nfunc worker(wg *sync.WaitGroup) { wg.Done() }\nfunc main() {\n\tgo worker(wg)\n}"))
                .isEqualTo("t.go:4:12: cannot use wg (variable of type sync.WaitGroup) as *sync.WaitGroup value in argument to worker; pass its address: &wg");
        assertThat(firstLine("func worker(wg sync.WaitGroup) {}\nfunc main() {}"))
                .isEqualTo("t.go:1:16: a sync.WaitGroup parameter is" + SUBSET + "; it would copy the sync.WaitGroup; declare the parameter as *sync.WaitGroup and pass &wg");
    }

    @Test
    void nonBooleanCondition() {
        assertThat(firstLine("func main() {\n\tn := 1\n\tif n {\n\t}\n}")).isEqualTo("t.go:3:5: non-boolean condition in if statement: n (variable of type int)");
    }

    @Test
    void declaredAndNotUsed() {
        assertThat(firstLine("func main() {\n\tx := 1\n\ty := 2\n\t_ = y\n}")).isEqualTo("t.go:2:2: declared and not used: x");
    }

    @Test
    void missingImportInARealGoFile() {
        assertThat(firstLine("package main\n\nfunc main() {\n\ttime.Sleep(1)\n}")).isEqualTo("t.go:4:2: undefined: time");
    }

    @Test
    void noMain() {
        assertThat(firstLine("package main\nfunc worker() {}")).isEqualTo("t.go:1:1: function main is undeclared in the main package");
    }

    @Test
    void redeclarations() {
        assertThat(firstLine("func main() {\n\tx := 1\n\tx := 2\n\t_ = x\n}")).isEqualTo("t.go:3:4: no new variables on left side of :=");
        assertThat(firstLine("func f() {}\nfunc f() {}\nfunc main() {}")).isEqualTo("t.go:2:6: f redeclared in this block");
    }

    // ---- outside the subset ----

    @Test
    void structTypesAndDeclarations() {
        assertThat(firstLine("type point struct{ x int }\nfunc main() {}")).isEqualTo("t.go:1:1: type declarations are" + SUBSET);
        assertThat(firstLine("func main() {\n\tvar p struct{ x int }\n}"))
                .isEqualTo("t.go:2:8: struct types are" + SUBSET + "; only the empty struct{} is, as the element of a channel used for signalling");
    }

    @Test
    void mapsSlicesStringsFloatsMethods() {
        assertThat(firstLine("func main() {\n\tm := map[int]int{}\n}")).isEqualTo("t.go:2:7: maps are" + SUBSET);
        assertThat(firstLine("func main() {\n\ts := []int{1}\n}")).isEqualTo("t.go:2:7: arrays and slices are" + SUBSET);
        assertThat(firstLine("func main() {\n\ts := \"hi\"\n}")).isEqualTo("t.go:2:7: strings are" + SUBSET + "; values are integers; a scenario prints nothing");
        assertThat(firstLine("func main() {\n\twork(1.5)\n}"))
                .isEqualTo("t.go:2:7: floating-point numbers are" + SUBSET + "; values are integers; write durations as 1500 * time.Microsecond");
        assertThat(firstLine("func (w worker) run() {}\nfunc main() {}")).isEqualTo("t.go:1:6: method declarations are" + SUBSET + "; declare a plain function");
        assertThat(firstLine("func f() int { return 1 }\nfunc main() {}")).isEqualTo("t.go:1:10: function results are" + SUBSET + "; a scenario function returns nothing");
    }

    @Test
    void gotoLabelsSwitch() {
        assertThat(firstLine("func main() {\n\tgoto end\n}")).isEqualTo("t.go:2:2: goto is" + SUBSET);
        assertThat(firstLine("func main() {\nouter:\n\tfor {\n\t}\n}")).isEqualTo("t.go:2:1: labels are" + SUBSET);
        assertThat(firstLine("func main() {\n\tswitch {\n\t}\n}")).isEqualTo("t.go:2:2: switch statements are" + SUBSET + "; use if / else if");
    }

    @Test
    void printingAndOtherPackages() {
        assertThat(firstLine("import \"fmt\"\nfunc main() {\n\tfmt.Println(1)\n}"))
                .isEqualTo("t.go:3:6: fmt.Println is" + SUBSET + "; package fmt has no meaning in a scenario (the subset uses runtime, sync and time)");
        assertThat(firstLine("func main() {\n\ttime.Now()\n}"))
                .isEqualTo("t.go:2:7: time.Now is" + SUBSET + "; from package time the subset has Sleep, Duration, Nanosecond, Microsecond, Millisecond, Second, Minute, Hour");
    }

    @Test
    void closureCapturingAVariableChangedAfterTheGoStatement() {
        assertThat(firstLine("func main() {\n\tn := 0\n\tgo func() { work(time.Duration(n)) }()\n\tn = 5\n}"))
                .isEqualTo("t.go:4:2: assigning to n after the go statement at line 3 captured it is" + SUBSET
                        + "; the goroutine got a copy of n when it started (the model has no shared variables); pass the value as an argument or send it over a channel");
    }

    @Test
    void closureAssigningACapturedVariable() {
        assertThat(firstLine("func main() {\n\tcount := 0\n\tgo func() {\n\t\tcount++\n\t}()\n\t_ = count\n}"))
                .isEqualTo("t.go:4:3: assigning to count, which this function literal captures from main, is" + SUBSET
                        + "; the literal runs as its own function with a copy of count (the model has no shared variables); pass values in as arguments and results back over a channel");
    }

    @Test
    void goroutineCapturingAVariableTheLoopAssigns() {
        assertThat(firstLine("func main() {\n\tx := 0\n\tfor i := 0; i < 3; i++ {\n\t\tx = i\n\t\tgo func() { work(time.Duration(x)) }()\n\t}\n}"))
                .isEqualTo("t.go:5:3: a goroutine capturing x, which the loop at line 3 assigns (line 4), is" + SUBSET
                        + "; the goroutine would get a copy of x (the model has no shared variables); pass it as an argument: go func(x int) {...}(x)");
    }

    @Test
    void unsupportedDefers() {
        assertThat(firstLine("import \"fmt\"\nfunc main() {\n\tdefer fmt.Println(\"done\")\n}"))
                .isEqualTo("t.go:3:12: fmt.Println is" + SUBSET + "; package fmt has no meaning in a scenario (the subset uses runtime, sync and time)");
        assertThat(firstLine("func main() {\n\tfor i := 0; i < 3; i++ {\n\t\tdefer work(1)\n\t}\n}"))
                .isEqualTo("t.go:3:3: defer inside a for loop is" + SUBSET + "; each iteration would defer another call; move it out of the loop");
        assertThat(firstLine("func main() {\n\tdefer recover()\n}")).isEqualTo("t.go:2:8: recover is" + SUBSET + "; a scenario cannot panic on purpose");
        assertThat(firstLine("func main() {\n\tdefer make(chan int)\n}")).isEqualTo("t.go:2:8: defer discards result of make(chan int)");
    }

    @Test
    void rangeOverAChannelAndTheCommaOkReceive() {
        assertThat(firstLine("func main() {\n\tch := make(chan int)\n\tfor v := range ch {\n\t\t_ = v\n\t}\n}"))
                .isEqualTo("t.go:3:2: range over a channel is" + SUBSET + "; the model's receive cannot tell a closed channel; loop on v := <-ch and signal the end on a done channel");
        assertThat(firstLine("func main() {\n\tch := make(chan int)\n\tv, ok := <-ch\n}"))
                .isEqualTo("t.go:3:8: the two-value receive v, ok := <-ch is" + SUBSET + "; the model's receive has no ok result; signal the end with a separate done channel");
    }

    @Test
    void goOfABuiltinAndLocalWaitGroupsOutsideMain() {
        assertThat(firstLine("func main() {\n\tgo work(1)\n}"))
                .isEqualTo("t.go:2:2: go work(1) is" + SUBSET + "; go needs a function declared in the file or a function literal: go func() { work(1) }()");
        assertThat(firstLine("func f() {\n\tvar wg sync.WaitGroup\n\twg.Wait()\n}\nfunc main() { f() }"))
                .isEqualTo("t.go:2:6: a sync.WaitGroup declared in a function other than main is" + SUBSET
                        + "; the model makes wait groups and mutexes once; declare it at package level or in main, outside loops");
    }

    @Test
    void packageLevelIntegers() {
        assertThat(firstLine("var counter int\nfunc main() {}")).isEqualTo("t.go:1:5: package-level variables of type int are" + SUBSET
                + "; goroutines share no memory in the model; use a constant, a parameter or a channel");
    }

    // ---- settings ----

    @Test
    void badSettings() {
        assertThat(firstLine("// gmplab: gomaxprocs=0\nfunc main() {}")).isEqualTo("t.go:1:23: gomaxprocs must be between 1 and 256, got 0");
        assertThat(firstLine("// gmplab: runqsize=3\nfunc main() {}")).isEqualTo("t.go:1:21: runqsize must be a power of two between 2 and 256, got 3");
        assertThat(firstLine("// gmplab: procs=2\nfunc main() {}")).isEqualTo("t.go:1:12: unknown setting \"procs\"; the settings are name, gomaxprocs, seed, runqsize, scheduler, go and runtimegoroutines");
        assertThat(firstLine("// gmplab: scheduler=go1.1\nfunc main() {}")).isEqualTo("t.go:1:22: scheduler must be \"gmp\" or \"go1.0\", got \"go1.1\"");
        assertThat(firstLine("// gmplab: go=1.25\nfunc main() {}")).isEqualTo("t.go:1:15: go must be 1.23 or 1.26, got \"1.25\"");
        assertThat(firstLine("// gmplab: scheduler=go1.0 go=1.26\nfunc main() {}")).isEqualTo("t.go:1:28: go=1.26 applies to the G-M-P scheduler, not to scheduler=go1.0");
        assertThat(firstLine("// gmplab: seed=x\nfunc main() {}")).isEqualTo("t.go:1:17: seed must be an integer, found \"x\"");
        assertThat(firstLine("package main\n// gmplab: seed=2\nfunc main() {}"))
                .isEqualTo("t.go:2:1: a // gmplab: settings comment must come before the first line of Go (the package clause)");
    }

    // ---- files ----

    @Test
    void unreadableFilesAreScenarioExceptionsToo(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        java.nio.file.Path missing = tmp.resolve("nope.go");
        assertThat(assertThrows(ScenarioException.class, () -> GoSource.load(missing)).getMessage()).isEqualTo(missing + ": cannot read: no such file");
        java.nio.file.Path binary = tmp.resolve("bin.go");
        java.nio.file.Files.write(binary, new byte[] {'f', (byte) 0xff});
        assertThat(assertThrows(ScenarioException.class, () -> GoSource.load(binary)).getMessage()).isEqualTo(binary + ": not a UTF-8 text file");
    }

    @Test
    void theExceptionCarriesLineColumnAndExcerpt() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> GoSource.parse("func main() {\n\t\tx := 1\n}", "a/b.go"));
        assertThat(e.file()).isEqualTo("a/b.go");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(3);
        assertThat(e.detail()).isEqualTo("declared and not used: x");
        assertThat(e.excerpt()).isEqualTo("\t\tx := 1\n\t\t^");
    }

    @Test
    void receivesWhereGoWouldNotEvaluateThemExactlyOnce() {
        assertThat(firstLine("func main() {\n\tch := make(chan int)\n\tfor <-ch > 0 {\n\t}\n}"))
                .isEqualTo("t.go:3:6: a receive in a for condition is" + SUBSET + "; Go evaluates the condition again before every iteration, "
                        + "the model's loop condition cannot receive; receive in the loop body, e.g. for { v := <-ch; if v == 0 { break }; ... }");
        assertThat(firstLine("func main() {\n\tch := make(chan bool)\n\tok := true\n\tif ok && <-ch {\n\t}\n}"))
                .isEqualTo("t.go:4:11: a receive in the right operand of && is" + SUBSET + "; Go receives there only if the left operand does not decide the result");
    }

    @Test
    void capturingAVariableAssignedLaterInTheSameIteration() {
        assertThat(firstLine("func main() {\n\tfor i := 0; i < 3; i++ {\n\t\tx := i\n\t\tgo func() { work(time.Duration(x)) }()\n\t\tx = 0\n\t}\n}"))
                .startsWith("t.go:5:3: assigning to x after the go statement at line 4 captured it is" + SUBSET);
    }

    @Test
    void aConditionalDeferredLiteralCapturingABlockVariable() {
        assertThat(firstLine("func main() {\n\tif true {\n\t\tx := 1\n\t\tdefer func() { work(time.Duration(x)) }()\n\t}\n}"))
                .isEqualTo("t.go:4:3: a deferred function literal in a block that captures x from that block is" + SUBSET
                        + "; move the defer to the top level of the function");
    }

    @Test
    void constantArithmetic() {
        assertThat(firstLine("func main() {\n\tx := 1\n\tx = x / 0\n}")).isEqualTo("t.go:3:10: invalid operation: division by zero");
        assertThat(firstLine("const big = 1 << 62\nfunc main() {\n\twork(big * 4)\n}"))
                .isEqualTo("t.go:3:11: constant overflow: big * 4 does not fit in 64 bits");
        assertThat(firstLine("func main() {\n\twork(-time.Millisecond)\n}"))
                .isEqualTo("t.go:2:7: a duration cannot be negative: work(-time.Millisecond) is -1000000ns");
        assertThat(firstLine("func main() {\n\tx := nil\n}")).isEqualTo("t.go:2:7: use of untyped nil in assignment to x");
    }
}
