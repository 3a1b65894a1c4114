package org.gmplab.scenario.gosrc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.scenario.gosrc.Go.bin;
import static org.gmplab.scenario.gosrc.Go.body;
import static org.gmplab.scenario.gosrc.Go.c;
import static org.gmplab.scenario.gosrc.Go.fn;
import static org.gmplab.scenario.gosrc.Go.program;
import static org.gmplab.scenario.gosrc.Go.set;
import static org.gmplab.scenario.gosrc.Go.v;

import java.util.List;
import java.util.Map;

import org.gmplab.scenario.Stmt;
import org.junit.jupiter.api.Test;

/** go and defer, function literals lifted to functions, captured variables, and shadowing. */
class CompileClosuresTest {

    @Test
    void goStartsADeclaredFunctionWithItsArguments() {
        assertThat(Go.compile("""
                var wg sync.WaitGroup
                func worker(id int, wg *sync.WaitGroup) {
                	work(time.Millisecond)
                	wg.Done()
                }
                func main() {
                	wg.Add(4)
                	for i := 0; i < 4; i++ {
                		go worker(i, &wg)
                	}
                	wg.Wait()
                }
                """)).isEqualTo(program(List.of("wg"), List.of(), Map.of(),
                fn("worker", List.of("id", "wg"), new Stmt.Work(c(Go.MS)), new Stmt.WgDone(v("wg"))),
                fn("main", new Stmt.WgAdd(v("wg"), c(4)),
                        new Stmt.For("i", c(4), body(new Stmt.Go("worker", List.of(v("i"), v("wg"))))),
                        new Stmt.WgWait(v("wg")))));
    }

    @Test
    void goFuncLiteralIsLiftedWithItsParametersThenItsCaptures() {
        assertThat(Go.compile("""
                func main() {
                	ch := make(chan int)
                	n := 3
                	go func(a, b int) {
                		ch <- a + b + n
                	}(1, 2)
                	go func() {
                		<-ch
                	}()
                	<-ch
                }
                """)).isEqualTo(program(
                fn("main", new Stmt.MakeChan("ch", c(0)), set("n", 3),
                        new Stmt.Go("main.func1", List.of(c(1), c(2), v("ch"), v("n"))),
                        new Stmt.Go("main.func2", List.of(v("ch"))),
                        new Stmt.Recv(v("ch"), null)),
                fn("main.func1", List.of("a", "b", "ch", "n"), new Stmt.Send(v("ch"), bin("+", bin("+", v("a"), v("b")), v("n")))),
                fn("main.func2", List.of("ch"), new Stmt.Recv(v("ch"), null))));
    }

    @Test
    void aLoopVariableCapturedInTheLoopIsAFreshCopyPerIteration() {
        assertThat(Go.compile("""
                func main() {
                	done := make(chan int)
                	for i := 0; i < 3; i++ {
                		go func() { done <- i }()
                	}
                	for i := range 3 {
                		go func() { work(time.Duration(i)) }()
                	}
                	<-done
                }
                """).function("main").body()).containsExactly(
                new Stmt.MakeChan("done", c(0)),
                new Stmt.For("i", c(3), body(new Stmt.Go("main.func1", List.of(v("done"), v("i"))))),
                new Stmt.For("i", c(3), body(new Stmt.Go("main.func2", List.of(v("i"))))),
                new Stmt.Recv(v("done"), null));
    }

    @Test
    void packageLevelObjectsAndMainsLiftedOnesAreNotCaptured() {
        assertThat(Go.compile("""
                var results = make(chan int, 10)
                func main() {
                	var wg sync.WaitGroup
                	var mu sync.Mutex
                	wg.Add(1)
                	go func() {
                		defer wg.Done()
                		mu.Lock()
                		results <- 1
                		mu.Unlock()
                	}()
                	wg.Wait()
                }
                """)).isEqualTo(program(List.of("wg"), List.of("mu"), Map.of("results", 10L),
                fn("main", new Stmt.WgAdd(v("wg"), c(1)), new Stmt.Go("main.func1", List.of()), new Stmt.WgWait(v("wg"))),
                fn("main.func1", new Stmt.Lock(v("mu")), new Stmt.Send(v("results"), c(1)), new Stmt.Unlock(v("mu")), new Stmt.WgDone(v("wg")))));
    }

    @Test
    void nestedLiteralsCaptureThroughTheLiteralBetween() {
        assertThat(Go.compile("""
                func main() {
                	ch := make(chan int)
                	go func() {
                		go func() {
                			ch <- 1
                		}()
                	}()
                	<-ch
                }
                """)).isEqualTo(program(
                fn("main", new Stmt.MakeChan("ch", c(0)), new Stmt.Go("main.func1", List.of(v("ch"))), new Stmt.Recv(v("ch"), null)),
                fn("main.func1", List.of("ch"), new Stmt.Go("main.func1.1", List.of(v("ch")))),
                fn("main.func1.1", List.of("ch"), new Stmt.Send(v("ch"), c(1)))));
    }

    @Test
    void deferredCallsRunLastFirstAtEveryReturnAndAtTheEnd() {
        assertThat(Go.compile("""
                var wg sync.WaitGroup
                var mu sync.Mutex
                func worker(n int) {
                	defer wg.Done()
                	mu.Lock()
                	defer mu.Unlock()
                	if n == 0 {
                		return
                	}
                	work(time.Duration(n))
                }
                func main() {
                	wg.Add(1)
                	go worker(1)
                	wg.Wait()
                }
                """).function("worker").body()).containsExactly(
                new Stmt.Lock(v("mu")),
                new Stmt.If(bin("==", v("n"), c(0)), body(new Stmt.Unlock(v("mu")), new Stmt.WgDone(v("wg")), new Stmt.Return()), List.of()),
                new Stmt.Work(v("n")),
                new Stmt.Unlock(v("mu")), new Stmt.WgDone(v("wg")));
    }

    @Test
    void aDeferInABlockIsFlaggedAndItsArgumentsCopied() {
        assertThat(Go.compile("""
                func log(d time.Duration) { work(d) }
                func main() {
                	d := time.Millisecond
                	if d > 0 {
                		defer log(d)
                	}
                	d = 2 * d
                	defer log(d)
                	d++
                }
                """).function("main").body()).containsExactly(
                set("\u00b7defer", 0),
                set("d", Go.MS),
                new Stmt.If(bin(">", v("d"), c(0)), body(set("\u00b7arg", v("d")), set("\u00b7defer", 1)), List.of()),
                set("d", bin("*", c(2), v("d"))),
                set("\u00b7arg\u00b71", v("d")),
                set("d", bin("+", v("d"), c(1))),
                new Stmt.Call("log", List.of(v("\u00b7arg\u00b71"))),
                new Stmt.If(v("\u00b7defer"), body(new Stmt.Call("log", List.of(v("\u00b7arg")))), List.of()));
    }

    @Test
    void deferredFunctionLiteralReadsCapturedVariablesWhenItRuns() {
        assertThat(Go.compile("""
                func main() {
                	done := make(chan int, 1)
                	n := 1
                	defer func(k int) {
                		done <- k + n
                	}(10)
                	n = 5
                }
                """)).isEqualTo(program(
                fn("main", new Stmt.MakeChan("done", c(1)), set("n", 1), set("n", 5),
                        new Stmt.Call("main.func1", List.of(c(10), v("done"), v("n")))),
                fn("main.func1", List.of("k", "done", "n"), new Stmt.Send(v("done"), bin("+", v("k"), v("n"))))));
    }

    @Test
    void deferOfCloseAndOfSchedulerCalls() {
        assertThat(Go.compile("""
                func main() {
                	ch := make(chan int)
                	defer close(ch)
                	defer runtime.Gosched()
                	defer time.Sleep(time.Millisecond)
                }
                """).function("main").body()).containsExactly(
                new Stmt.MakeChan("ch", c(0)),
                new Stmt.Sleep(c(Go.MS)), new Stmt.Gosched(), new Stmt.Close(v("ch")));
    }

    @Test
    void shadowedVariablesGetTheirOwnSlots() {
        assertThat(Go.compile("""
                func main() {
                	x := 1
                	if x > 0 {
                		x := 2
                		x++
                		work(time.Duration(x))
                	}
                	for x := 0; x < 3; x++ {
                		work(time.Duration(x))
                	}
                	work(time.Duration(x))
                }
                """).function("main").body()).containsExactly(
                set("x", 1),
                new Stmt.If(bin(">", v("x"), c(0)), body(set("x\u00b71", 2), set("x\u00b71", bin("+", v("x\u00b71"), c(1))), new Stmt.Work(v("x\u00b71"))), List.of()),
                new Stmt.For("x\u00b71", c(3), body(new Stmt.Work(v("x\u00b71")))),
                new Stmt.Work(v("x")));
    }

    @Test
    void aLocalNamedLikeAPackageLevelObjectTheFunctionUsesIsRenamed() {
        assertThat(Go.compile("""
                var wg sync.WaitGroup
                func main() {
                	{
                		wg := 3
                		work(time.Duration(wg))
                	}
                	wg.Wait()
                }
                """).function("main").body()).containsExactly(
                set("wg\u00b71", 3), new Stmt.Work(v("wg\u00b71")), new Stmt.WgWait(v("wg")));
    }

    @Test
    void sequentialLoopsShareTheirVariablesName() {
        assertThat(Go.main("""
                for i := 0; i < 2; i++ {
                	work(time.Duration(i))
                }
                for i := 0; i < 3; i++ {
                	work(time.Duration(i))
                }
                """)).containsExactly(
                new Stmt.For("i", c(2), body(new Stmt.Work(v("i")))),
                new Stmt.For("i", c(3), body(new Stmt.Work(v("i")))));
    }

    @Test
    void aThreeClauseLoopsPostStatementWritesTheNextIterationsVariable() {
        // i += 2 is not the counted form: it stays the post statement, which writes the next iteration's i.
        assertThat(Go.compile("""
                func main() {
                	for i := 0; i < 6; i += 2 {
                		go func() { work(time.Duration(i)) }()
                	}
                }
                """)).isEqualTo(program(
                fn("main", set("i", 0), new Stmt.While(bin("<", v("i"), c(6)), body(
                        new Stmt.Go("main.func1", List.of(v("i"))), set("i", bin("+", v("i"), c(2)))))),
                fn("main.func1", List.of("i"), new Stmt.Work(v("i")))));
    }

    @Test
    void parametersOfTheEnclosingFunctionAreCapturedToo() {
        assertThat(Go.compile("""
                func spawn(n int, done chan<- struct{}) {
                	go func() {
                		work(time.Duration(n))
                		done <- struct{}{}
                	}()
                }
                func main() {
                	done := make(chan struct{})
                	spawn(5, done)
                	<-done
                }
                """).functions().get("spawn.func1")).isEqualTo(fn("spawn.func1", List.of("n", "done"),
                new Stmt.Work(v("n")), new Stmt.Send(v("done"), c(0))));
    }

    @Test
    void aWaitGroupMainDeclaresBesideAPackageLevelOneGetsItsOwnName() {
        assertThat(Go.compile("""
                var wg sync.WaitGroup
                func helper() { wg.Wait() }
                func main() {
                	var wg sync.WaitGroup
                	wg.Add(1)
                	go func() { wg.Done() }()
                	wg.Wait()
                	helper()
                }
                """)).isEqualTo(program(List.of("wg", "wg\u00b71"), List.of(), Map.of(),
                fn("helper", new Stmt.WgWait(v("wg"))),
                fn("main", new Stmt.WgAdd(v("wg\u00b71"), c(1)), new Stmt.Go("main.func1", List.of()), new Stmt.WgWait(v("wg\u00b71")),
                        new Stmt.Call("helper", List.of())),
                fn("main.func1", new Stmt.WgDone(v("wg\u00b71")))));
    }

    @Test
    void aVariableDeclaredInTheLoopBodyIsFreshEachIteration() {
        assertThat(Go.compile("""
                func main() {
                	ch := make(chan int, 3)
                	for i := 0; i < 3; i++ {
                		x := i * 10
                		go func() { ch <- x }()
                	}
                	<-ch
                }
                """).function("main.func1").params()).containsExactly("ch", "x");
    }
}
