package org.gmplab.scenario.gosrc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gmplab.scenario.gosrc.Go.bin;
import static org.gmplab.scenario.gosrc.Go.body;
import static org.gmplab.scenario.gosrc.Go.c;
import static org.gmplab.scenario.gosrc.Go.main;
import static org.gmplab.scenario.gosrc.Go.not;
import static org.gmplab.scenario.gosrc.Go.set;
import static org.gmplab.scenario.gosrc.Go.v;

import java.util.List;

import org.gmplab.scenario.Stmt;
import org.junit.jupiter.api.Test;

/** for, if, select, break, continue and return, compiled to the model. */
class CompileControlFlowTest {

    private static final String B = "\u00b7break", C = "\u00b7continue";

    @Test
    void countingLoopIsTheModelsFor() {
        assertThat(main("""
                n := 8
                for i := 0; i < n; i++ {
                	work(time.Duration(i))
                }
                for j := 0; j < 2*n; j += 1 {
                	runtime.Gosched()
                }
                """)).containsExactly(
                set("n", 8),
                new Stmt.For("i", v("n"), body(new Stmt.Work(v("i")))),
                new Stmt.For("j", bin("*", c(2), v("n")), body(new Stmt.Gosched())));
    }

    @Test
    void otherThreeClauseLoopsAreWhileLoopsWithThePostStatementLast() {
        assertThat(main("""
                n := 8
                for i := 1; i <= n; i += 2 {
                	work(time.Duration(i))
                }
                for i := 0; i < n; i++ {
                	n--
                }
                """)).containsExactly(
                set("n", 8),
                set("i", 1),
                new Stmt.While(bin("<=", v("i"), v("n")), body(new Stmt.Work(v("i")), set("i", bin("+", v("i"), c(2))))),
                set("i", 0),
                new Stmt.While(bin("<", v("i"), v("n")), body(set("n", bin("-", v("n"), c(1))), set("i", bin("+", v("i"), c(1))))));
    }

    @Test
    void conditionOnlyAndInfiniteLoops() {
        assertThat(main("""
                k := 3
                for k > 0 {
                	k--
                }
                for {
                	return
                }
                """)).containsExactly(
                set("k", 3),
                new Stmt.While(bin(">", v("k"), c(0)), body(set("k", bin("-", v("k"), c(1))))),
                new Stmt.While(c(1), body(new Stmt.Return())));
    }

    @Test
    void rangeOverAnIntegerGo122() {
        assertThat(main("""
                for i := range 4 {
                	work(time.Duration(i))
                }
                for range 3 {
                	for range 2 {
                		runtime.Gosched()
                	}
                }
                for i := range 5 {
                	i *= 2
                	work(time.Duration(i))
                }
                """)).containsExactly(
                new Stmt.For("i", c(4), body(new Stmt.Work(v("i")))),
                new Stmt.For("_", c(3), body(new Stmt.For("_\u00b71", c(2), body(new Stmt.Gosched())))),
                // The body assigns i: the iteration count comes from a hidden counter, as Go 1.22 does.
                new Stmt.For("_", c(5), body(set("i", v("_")), set("i", bin("*", v("i"), c(2))), new Stmt.Work(v("i")))));
    }

    @Test
    void ifElseIfElseAndInitStatements() {
        assertThat(main("""
                x := 5
                if x > 3 {
                	work(1)
                } else if y := x * 2; y > 8 {
                	work(time.Duration(y))
                } else {
                	work(3)
                }
                if x == 5 {
                	return
                }
                """)).containsExactly(
                set("x", 5),
                new Stmt.If(bin(">", v("x"), c(3)), body(new Stmt.Work(c(1))), body(
                        set("y", bin("*", v("x"), c(2))),
                        new Stmt.If(bin(">", v("y"), c(8)), body(new Stmt.Work(v("y"))), body(new Stmt.Work(c(3)))))),
                new Stmt.If(bin("==", v("x"), c(5)), body(new Stmt.Return()), List.of()));
    }

    @Test
    void selectWithSendReceiveAndDefault() {
        assertThat(main("""
                a := make(chan int, 1)
                b := make(chan int)
                x := 0
                select {
                case a <- 1:
                	work(1)
                case v := <-b:
                	work(time.Duration(v))
                case x = <-a:
                case <-b:
                default:
                	runtime.Gosched()
                }
                work(time.Duration(x))
                select {}
                """)).containsExactly(
                new Stmt.MakeChan("a", c(1)), new Stmt.MakeChan("b", c(0)), set("x", 0),
                new Stmt.Select(List.of(
                        new Stmt.SelectCase(v("a"), c(1), null, body(new Stmt.Work(c(1)))),
                        new Stmt.SelectCase(v("b"), null, "v", body(new Stmt.Work(v("v")))),
                        new Stmt.SelectCase(v("a"), null, "x", List.of()),
                        new Stmt.SelectCase(v("b"), null, null, List.of())),
                        body(new Stmt.Gosched()), true),
                new Stmt.Work(v("x")),
                new Stmt.Select(List.of(), List.of(), false));
    }

    @Test
    void breakAndContinueSetFlagsAndGuardWhatFollows() {
        assertThat(main("""
                for i := 0; ; i++ {
                	if i == 5 {
                		break
                	}
                	if i%2 == 0 {
                		continue
                	}
                	runtime.Gosched()
                }
                """)).containsExactly(
                set("i", 0),
                set(B, 0),
                new Stmt.While(not(v(B)), body(
                        set(C, 0),
                        new Stmt.If(bin("==", v("i"), c(5)), body(set(B, 1)), List.of()),
                        new Stmt.If(not(v(B)), body(
                                new Stmt.If(bin("==", bin("%", v("i"), c(2)), c(0)), body(set(C, 1)), List.of()),
                                new Stmt.If(not(v(C)), body(new Stmt.Gosched()), List.of())), List.of()),
                        new Stmt.If(not(v(B)), body(set("i", bin("+", v("i"), c(1)))), List.of()))));
    }

    @Test
    void breakInsideSelectLeavesTheSelectNotTheLoop() {
        assertThat(main("""
                ch := make(chan int)
                for k := 0; k < 3; k++ {
                	select {
                	case <-ch:
                		break
                		work(1)
                	default:
                	}
                	work(2)
                }
                """)).containsExactly(
                new Stmt.MakeChan("ch", c(0)),
                new Stmt.For("k", c(3), body(
                        set(B, 0),
                        new Stmt.Select(List.of(new Stmt.SelectCase(v("ch"), null, null, body(
                                set(B, 1), new Stmt.If(not(v(B)), body(new Stmt.Work(c(1))), List.of())))), List.of(), true),
                        new Stmt.Work(c(2)))));
    }

    @Test
    void breakInARangeLoopBecomesAWhileLoopOverAHiddenLimit() {
        assertThat(main("""
                for i := range 10 {
                	if i == 3 {
                		break
                	}
                }
                """)).containsExactly(
                set("\u00b7n", 10), set("i", 0), set(B, 0),
                new Stmt.While(bin("&&", not(v(B)), bin("<", v("i"), v("\u00b7n"))), body(
                        new Stmt.If(bin("==", v("i"), c(3)), body(set(B, 1)), List.of()),
                        set("i", bin("+", v("i"), c(1))))));
        // When the body assigns i, a hidden counter keeps the iterations right (Go 1.22 semantics).
        assertThat(main("""
                for i := range 10 {
                	i += 5
                	if i > 7 {
                		break
                	}
                }
                """)).containsExactly(
                set("\u00b7n", 10), set("_", 0), set(B, 0),
                new Stmt.While(bin("&&", not(v(B)), bin("<", v("_"), v("\u00b7n"))), body(
                        set("i", v("_")),
                        set("i", bin("+", v("i"), c(5))),
                        new Stmt.If(bin(">", v("i"), c(7)), body(set(B, 1)), List.of()),
                        set("_", bin("+", v("_"), c(1))))));
    }

    @Test
    void nestedLoopsWithBreakUseTheirOwnFlags() {
        assertThat(main("""
                for {
                	for {
                		break
                	}
                	break
                }
                """)).containsExactly(
                set(B, 0),
                new Stmt.While(not(v(B)), body(
                        set(B + "\u00b71", 0),
                        new Stmt.While(not(v(B + "\u00b71")), body(set(B + "\u00b71", 1))),
                        set(B, 1))));
    }

    @Test
    void returnInsideALoopEndsTheFunction() {
        assertThat(Go.compile("""
                func find(n int) {
                	for i := 0; i < n; i++ {
                		if i*i > n {
                			return
                		}
                		work(1)
                	}
                }
                func main() { find(10) }
                """).function("find").body()).containsExactly(
                new Stmt.For("i", v("n"), body(
                        new Stmt.If(bin(">", bin("*", v("i"), v("i")), v("n")), body(new Stmt.Return()), List.of()),
                        new Stmt.Work(c(1)))));
    }
}
