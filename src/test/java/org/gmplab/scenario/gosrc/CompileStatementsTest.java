package org.gmplab.scenario.gosrc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.scenario.gosrc.Go.MS;
import static org.gmplab.scenario.gosrc.Go.US;
import static org.gmplab.scenario.gosrc.Go.bin;
import static org.gmplab.scenario.gosrc.Go.c;
import static org.gmplab.scenario.gosrc.Go.fn;
import static org.gmplab.scenario.gosrc.Go.firstLine;
import static org.gmplab.scenario.gosrc.Go.main;
import static org.gmplab.scenario.gosrc.Go.program;
import static org.gmplab.scenario.gosrc.Go.set;
import static org.gmplab.scenario.gosrc.Go.v;

import java.util.List;
import java.util.Map;

import org.gmplab.scenario.Expr;
import org.gmplab.scenario.Stmt;
import org.junit.jupiter.api.Test;

/** Simple statements, scheduler calls, intrinsics and expressions, each compiled to the model. */
class CompileStatementsTest {

    @Test
    void intrinsicsTakeDurationsAsGoConstantExpressions() {
        assertThat(main("""
                work(2 * time.Millisecond)
                syscall(500 * time.Microsecond)
                netread(1500)
                work(time.Second / 4)
                """)).containsExactly(
                new Stmt.Work(c(2 * MS)), new Stmt.Syscall(c(500 * US)), new Stmt.NetRead(c(1500)), new Stmt.Work(c(250 * MS)));
    }

    @Test
    void runtimeAndTimeCalls() {
        assertThat(main("""
                runtime.Gosched()
                runtime.GOMAXPROCS(2)
                time.Sleep(10 * time.Millisecond)
                """)).containsExactly(new Stmt.Gosched(), new Stmt.Gomaxprocs(c(2)), new Stmt.Sleep(c(10 * MS)));
    }

    @Test
    void durationsFromVariablesNeedAConversionAndStayExpressions() {
        assertThat(main("""
                n := 3
                work(time.Duration(n) * time.Microsecond)
                var d time.Duration = 5 * time.Millisecond
                time.Sleep(d + time.Duration(n))
                """)).containsExactly(
                set("n", 3),
                new Stmt.Work(bin("*", v("n"), c(US))),
                set("d", 5 * MS),
                new Stmt.Sleep(bin("+", v("d"), v("n"))));
    }

    @Test
    void channelsMakeSendReceiveClose() {
        assertThat(main("""
                ch := make(chan int)
                buf := make(chan int, 3)
                done := make(chan struct{})
                buf <- 1
                ch <- 2 + 3
                v := <-buf
                <-ch
                v = <-ch
                done <- struct{}{}
                close(done)
                buf <- v
                """)).containsExactly(
                new Stmt.MakeChan("ch", c(0)),
                new Stmt.MakeChan("buf", c(3)),
                new Stmt.MakeChan("done", c(0)),
                new Stmt.Send(v("buf"), c(1)),
                new Stmt.Send(v("ch"), c(5)),
                new Stmt.Recv(v("buf"), "v"),
                new Stmt.Recv(v("ch"), null),
                new Stmt.Recv(v("ch"), "v"),
                new Stmt.Send(v("done"), c(0)),
                new Stmt.Close(v("done")),
                new Stmt.Send(v("buf"), v("v")));
    }

    @Test
    void aChannelVariableWithoutMakeIsNilAndCanBeAssignedLater() {
        assertThat(main("""
                var ch chan int
                ch = make(chan int, 1)
                ch <- 1
                """)).containsExactly(set("ch", 0), new Stmt.MakeChan("ch", c(1)), new Stmt.Send(v("ch"), c(1)));
    }

    @Test
    void mutexAndWaitGroupMethods() {
        assertThat(Go.compile("""
                var mu sync.Mutex
                var wg sync.WaitGroup
                func main() {
                	wg.Add(2)
                	mu.Lock()
                	mu.Unlock()
                	wg.Done()
                	wg.Done()
                	wg.Wait()
                }
                """)).isEqualTo(program(List.of("wg"), List.of("mu"), Map.of(), fn("main",
                new Stmt.WgAdd(v("wg"), c(2)), new Stmt.Lock(v("mu")), new Stmt.Unlock(v("mu")),
                new Stmt.WgDone(v("wg")), new Stmt.WgDone(v("wg")), new Stmt.WgWait(v("wg")))));
    }

    @Test
    void shortDeclarationsAssignmentsAndAssignmentOperators() {
        assertThat(main("""
                x := 10
                y := x * 2
                x = y - 1
                x++
                x--
                x += 3
                x -= y
                x *= 2
                x /= 3
                x %= 7
                a, b := 1, 2
                a, b = x, y
                _, _ = a, b
                """)).containsExactly(
                set("x", 10),
                set("y", bin("*", v("x"), c(2))),
                set("x", bin("-", v("y"), c(1))),
                set("x", bin("+", v("x"), c(1))),
                set("x", bin("-", v("x"), c(1))),
                set("x", bin("+", v("x"), c(3))),
                set("x", bin("-", v("x"), v("y"))),
                set("x", bin("*", v("x"), c(2))),
                set("x", bin("/", v("x"), c(3))),
                set("x", bin("%", v("x"), c(7))),
                set("a", 1), set("b", 2),
                set("a", v("x")), set("b", v("y")));
    }

    @Test
    void parallelAssignmentReadsEveryRightSideFirst() {
        assertThat(main("""
                a, b := 1, 2
                a, b = b, a
                work(time.Duration(a + b))
                """)).containsExactly(
                set("a", 1), set("b", 2),
                set("\u00b7tmp", v("b")), set("\u00b7tmp\u00b71", v("a")),
                set("a", v("\u00b7tmp")), set("b", v("\u00b7tmp\u00b71")),
                new Stmt.Work(bin("+", v("a"), v("b"))));
    }

    @Test
    void redeclarationWithColonEqualsAssignsTheOldVariable() {
        assertThat(main("""
                a := 1
                a, b := 2, 3
                work(time.Duration(a + b))
                """)).containsExactly(set("a", 1), set("a", 2), set("b", 3), new Stmt.Work(bin("+", v("a"), v("b"))));
    }

    @Test
    void varDeclarationsGiveZeroValuesOrTheirInitialisers() {
        assertThat(main("""
                var n int
                var ok bool
                var d, e time.Duration = 1, 2
                var (
                	k = 4
                	s struct{}
                )
                if ok { work(d + e + time.Duration(n+k)) }
                _ = s
                """)).containsExactly(
                set("n", 0), set("ok", 0), set("d", 1), set("e", 2), set("k", 4), set("s", 0),
                new Stmt.If(v("ok"), List.of(new Stmt.Work(bin("+", bin("+", v("d"), v("e")), bin("+", v("n"), v("k"))))), List.of()));
    }

    @Test
    void constantsAreFoldedLikeGoConstantExpressions() {
        assertThat(main("""
                const n = 1 << 3
                const d time.Duration = 3 * time.Millisecond / 2
                const big = 0x10 + 0o10 + 0b10 + 1_000
                work(d + n*time.Microsecond + big)
                x := -(-n) % 3
                work(time.Duration(x))
                """)).containsExactly(
                new Stmt.Work(c(1_500_000 + 8_000 + 16 + 8 + 2 + 1000)),
                set("x", 2),
                new Stmt.Work(v("x")));
    }

    /** Go folds untyped constants exactly and checks the range only at the end, so these are valid int64s. */
    @Test
    void untypedConstantsAreExactUntilTheyAreUsed() {
        assertThat(main("""
                x := -9223372036854775808
                y := 1<<63 - 1
                z := (1<<64 - 1) >> 1
                const max = 1<<63 - 1
                w := max
                _, _, _, _ = x, y, z, w
                """)).startsWith(set("x", Long.MIN_VALUE), set("y", Long.MAX_VALUE), set("z", Long.MAX_VALUE), set("w", Long.MAX_VALUE));
        assertThat(firstLine("func main() {\n\tx := 1 << 63\n\t_ = x\n}")).isEqualTo("t.go:2:9: constant overflow: 1 << 63 does not fit in 64 bits");
        assertThat(firstLine("func main() {\n\tx := -9223372036854775808 - 1\n\t_ = x\n}"))
                .isEqualTo("t.go:2:28: constant overflow: -9223372036854775808 - 1 does not fit in 64 bits");
        // a typed constant overflows at the step that leaves 64 bits, as in Go
        assertThat(firstLine("func main() {\n\tx := int(1) << 63 >> 1\n\t_ = x\n}")).startsWith("t.go:2:14: constant overflow: int(1) << 63");
    }

    @Test
    void booleansAreZeroOrOneAndConditionsUseGoOperators() {
        assertThat(main("""
                a, b := 3, 4
                ok := a < b && !(a == 0) || b >= 10
                done := false
                if ok != done { work(1) }
                """)).containsExactly(
                set("a", 3), set("b", 4),
                set("ok", bin("||", bin("&&", bin("<", v("a"), v("b")), new Expr.Unary("!", bin("==", v("a"), c(0)))), bin(">=", v("b"), c(10)))),
                set("done", 0),
                new Stmt.If(bin("!=", v("ok"), v("done")), List.of(new Stmt.Work(c(1))), List.of()));
    }

    @Test
    void unaryMinusAndPlusOnVariables() {
        assertThat(main("""
                a := 5
                b := -a + +a
                work(time.Duration(b))
                """)).containsExactly(set("a", 5), set("b", bin("+", new Expr.Unary("-", v("a")), v("a"))), new Stmt.Work(v("b")));
    }

    @Test
    void receivesInsideExpressionsHappenFirstInSourceOrder() {
        assertThat(main("""
                a := make(chan int, 1)
                b := make(chan int, 1)
                a <- 1
                b <- 2
                x := <-a + 2*<-b
                work(time.Duration(x))
                """)).containsExactly(
                new Stmt.MakeChan("a", c(1)), new Stmt.MakeChan("b", c(1)),
                new Stmt.Send(v("a"), c(1)), new Stmt.Send(v("b"), c(2)),
                new Stmt.Recv(v("a"), "\u00b7recv"), new Stmt.Recv(v("b"), "\u00b7recv\u00b71"),
                set("x", bin("+", v("\u00b7recv"), bin("*", c(2), v("\u00b7recv\u00b71")))),
                new Stmt.Work(v("x")));
    }

    @Test
    void makeAsAnArgumentGoesThroughAHiddenVariable() {
        assertThat(Go.compile("""
                func use(ch chan int) { ch <- 1 }
                func main() {
                	use(make(chan int, 1))
                }
                """).function("main").body()).containsExactly(
                new Stmt.MakeChan("\u00b7chan", c(1)), new Stmt.Call("use", List.of(v("\u00b7chan"))));
    }

    @Test
    void callsOfDeclaredFunctions() {
        assertThat(Go.compile("""
                func main() {
                	add(1, 2)
                	nothing()
                }
                func add(a, b int) { work(time.Duration(a + b)) }
                func nothing() {}
                """)).isEqualTo(program(
                fn("main", new Stmt.Call("add", List.of(c(1), c(2))), new Stmt.Call("nothing", List.of())),
                fn("add", List.of("a", "b"), new Stmt.Work(bin("+", v("a"), v("b")))),
                fn("nothing")));
    }

    @Test
    void blankAssignmentStillReceives() {
        assertThat(main("""
                ch := make(chan int, 1)
                ch <- 1
                _ = <-ch
                """)).containsExactly(new Stmt.MakeChan("ch", c(0 + 1)), new Stmt.Send(v("ch"), c(1)), new Stmt.Recv(v("ch"), null));
    }
}
