package org.gmplab.scenario.gosrc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.scenario.gosrc.Go.bin;
import static org.gmplab.scenario.gosrc.Go.c;
import static org.gmplab.scenario.gosrc.Go.fn;
import static org.gmplab.scenario.gosrc.Go.program;
import static org.gmplab.scenario.gosrc.Go.v;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gmplab.scenario.Code;
import org.gmplab.scenario.Compiler;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.Stmt;
import org.junit.jupiter.api.Test;

/** Whole files: package clause, imports, package-level declarations, signatures and the settings comment. */
class CompileFileTest {

    /** The interpreter switches on {@code Code.op(pc)}, an array kept beside the instructions: it is each one's own opcode. */
    @Test
    void codeOpIsTheOpcodeOfTheInstructionAtPc() throws Exception {
        Set<Integer> seen = new HashSet<>();
        try (var files = Files.list(Path.of("scenarios"))) {
            for (Path p : files.filter(f -> f.toString().endsWith(".go")).sorted().toList()) {
                for (Code c : Compiler.compile(ScenarioFiles.load(p).program()).functions()) {
                    for (int pc = 0; pc < c.size(); pc++) {
                        assertThat(c.op(pc)).as(p + ", " + c + ", pc " + pc).isEqualTo(c.at(pc).op());
                        seen.add(c.op(pc));
                    }
                }
            }
        }
        assertThat(seen).as("opcodes in the shipped scenarios").hasSizeGreaterThan(8);
    }

    @Test
    void aRealGoFileWithPackageAndImports() {
        Scenario s = Go.scenario("""
                package main

                import (
                	"fmt"
                	"os"
                	"runtime"
                	"sync"
                	"time"
                )

                var wg sync.WaitGroup

                func main() {
                	runtime.GOMAXPROCS(2)
                	wg.Add(1)
                	go func() {
                		defer wg.Done()
                		time.Sleep(time.Millisecond)
                	}()
                	wg.Wait()
                }
                """);
        assertThat(s.program()).isEqualTo(program(List.of("wg"), List.of(), Map.of(),
                fn("main", new Stmt.Gomaxprocs(c(2)), new Stmt.WgAdd(v("wg"), c(1)), new Stmt.Go("main.func1", List.of()), new Stmt.WgWait(v("wg"))),
                fn("main.func1", new Stmt.Sleep(c(Go.MS)), new Stmt.WgDone(v("wg")))));
    }

    @Test
    void singleImportsAndAnAliasedImport() {
        assertThat(Go.compile("""
                package main
                import "time"
                import rt "runtime"
                func main() {
                	rt.Gosched()
                	time.Sleep(1)
                }
                """).function("main").body()).containsExactly(new Stmt.Gosched(), new Stmt.Sleep(c(1)));
    }

    @Test
    void packageLevelWaitGroupsMutexesAndChannels() {
        Map<String, Long> channels = new LinkedHashMap<>();
        channels.put("jobs", 3L);
        channels.put("done", 0L);
        channels.put("out", 2L);
        assertThat(Go.compile("""
                const size = 3
                var wg, other sync.WaitGroup
                var (
                	mu   sync.Mutex
                	jobs = make(chan int, size)
                	done = make(chan struct{})
                )
                var out <-chan int = make(chan int, size-1)
                func main() {
                	mu.Lock()
                	jobs <- 1
                	<-out
                	close(done)
                	mu.Unlock()
                	other.Wait()
                	wg.Wait()
                }
                """)).isEqualTo(program(List.of("wg", "other"), List.of("mu"), channels, fn("main",
                new Stmt.Lock(v("mu")), new Stmt.Send(v("jobs"), c(1)), new Stmt.Recv(v("out"), null), new Stmt.Close(v("done")),
                new Stmt.Unlock(v("mu")), new Stmt.WgWait(v("other")), new Stmt.WgWait(v("wg")))));
    }

    @Test
    void constantsMayBeDeclaredInAnyOrder() {
        assertThat(Go.compile("""
                const slice = n * unit
                const unit = time.Microsecond
                const n = 50
                func main() { work(slice) }
                """).function("main").body()).containsExactly(new Stmt.Work(c(50_000)));
    }

    @Test
    void parametersOfEverySupportedType() {
        assertThat(Go.compile("""
                var wg sync.WaitGroup
                var mu sync.Mutex
                func f(n int, d time.Duration, ok bool, ch chan int, in <-chan int, out chan<- int, w *sync.WaitGroup, m *sync.Mutex, sig chan struct{}) {
                	if ok {
                		out <- n
                		<-in
                	}
                	close(sig)
                	m.Lock()
                	m.Unlock()
                	w.Done()
                	time.Sleep(d)
                	ch <- 1
                }
                func main() {
                	ch := make(chan int, 1)
                	wg.Add(1)
                	f(1, time.Second, true, ch, ch, ch, &wg, &mu, make(chan struct{}))
                }
                """).function("f").params()).containsExactly("n", "d", "ok", "ch", "in", "out", "w", "m", "sig");
    }

    @Test
    void groupedAndUnnamedParameters() {
        assertThat(Go.compile("""
                func f(a, b int, _ bool, c chan<- int) { c <- a + b }
                func g(int, bool) {}
                func main() {
                	ch := make(chan int, 1)
                	f(1, 2, false, ch)
                	g(1, true)
                }
                """)).isEqualTo(program(
                fn("f", List.of("a", "b", "_", "c"), new Stmt.Send(v("c"), bin("+", v("a"), v("b")))),
                fn("g", List.of("_", "_\u00b71")),
                fn("main", new Stmt.MakeChan("ch", c(1)), new Stmt.Call("f", List.of(c(1), c(2), c(0), v("ch"))),
                        new Stmt.Call("g", List.of(c(1), c(1))))));
    }

    @Test
    void functionsKeepDeclarationOrderWithLiteralsAfterTheirFunction() {
        assertThat(Go.compile("""
                func a() { go func() {}() }
                func main() { go func() {}(); a() }
                func b() {}
                """).functions().keySet()).containsExactly("a", "a.func1", "main", "main.func1", "b");
    }

    @Test
    void settingsComment() {
        Scenario s = Go.scenario("""
                // gmplab: gomaxprocs=3 seed=-7 runqsize=4
                // gmplab: name="two words"
                // An ordinary comment.
                package main
                func main() {}
                """);
        assertThat(s.name()).isEqualTo("two words");
        assertThat(s.gomaxprocs()).isEqualTo(3);
        assertThat(s.seed()).isEqualTo(-7);
        assertThat(s.runqSize()).isEqualTo(4);
    }

    @Test
    void schedulerSetting() {
        assertThat(Go.scenario("// gmplab: scheduler=go1.0\nfunc main() {}").scheduler()).isEqualTo(Scenario.Scheduler.GO10);
        assertThat(Go.scenario("// gmplab: scheduler=gmp\nfunc main() {}").scheduler()).isEqualTo(Scenario.Scheduler.GMP);
        assertThat(Go.scenario("func main() {}").scheduler()).isEqualTo(Scenario.Scheduler.GMP);
    }

    @Test
    void withoutSettingsTheNameIsTheFileNameAndTheRestDefaults() throws Exception {
        Scenario s = GoSource.parse("func main() {}", "scenarios/tiny.go");
        assertThat(s.name()).isEqualTo("tiny.go");
        assertThat(s.gomaxprocs()).isEqualTo(4);
        assertThat(s.seed()).isEqualTo(1);
        assertThat(s.runqSize()).isEqualTo(256);
        assertThat(Go.scenario("// gmplab: name=word runqSize=8\nfunc main() {}").runqSize()).isEqualTo(8);
    }

    @Test
    void aByteOrderMarkAndWindowsLineEndingsAreFine() {
        assertThat(Go.compile("\uFEFFpackage main\r\n\r\nfunc main() {\r\n\twork(1)\r\n}\r\n").function("main").body())
                .containsExactly(new Stmt.Work(c(1)));
    }
}
