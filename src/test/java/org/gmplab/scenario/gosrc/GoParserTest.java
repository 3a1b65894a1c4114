package org.gmplab.scenario.gosrc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The syntax tree of each construct of the subset, and the syntax errors Go would report. */
class GoParserTest {

    private static Ast.File parse(String src) {
        return GoParser.parse(new GoLexer(src));
    }

    /** The statements of the first function's body. */
    private static List<Ast.StmtNode> body(String stmts) {
        return ((Ast.FuncDecl) parse("func main() {\n" + stmts + "\n}").decls().get(0)).body().stmts();
    }

    private static Ast.StmtNode stmt(String s) {
        List<Ast.StmtNode> b = body(s);
        assertThat(b).hasSize(1);
        return b.get(0);
    }

    private static String error(String src) {
        SourceError e = assertThrows(SourceError.class, () -> parse(src));
        return e.pos() + ": " + e.getMessage();
    }

    private static String name(Ast.ExprNode e) { return ((Ast.Ident) e).name(); }

    @Test
    void packageClauseImportsAndDeclarations() {
        Ast.File f = parse("""
                package main
                import "time"
                import (
                	"sync"
                	rt "runtime"
                )
                const n, m = 1, 2
                var (
                	wg sync.WaitGroup
                	ch = make(chan int, 3)
                )
                func main() {}
                """);
        assertThat(f.pkg().name()).isEqualTo("main");
        assertThat(f.imports()).extracting(Ast.Import::path).containsExactly("time", "sync", "runtime");
        assertThat(f.imports().get(2).name().name()).isEqualTo("rt");
        assertThat(f.decls()).hasSize(4);
        Ast.ConstDecl c = (Ast.ConstDecl) f.decls().get(0);
        assertThat(c.names()).extracting(Ast.Ident::name).containsExactly("n", "m");
        Ast.VarDecl wg = (Ast.VarDecl) f.decls().get(1);
        assertThat(wg.type()).isEqualTo(new Ast.NamedType(new Pos(9, 5), new Ast.Ident(new Pos(9, 5), "sync"), new Ast.Ident(new Pos(9, 10), "WaitGroup")));
        Ast.VarDecl ch = (Ast.VarDecl) f.decls().get(2);
        assertThat(ch.type()).isNull();
        assertThat(ch.values().get(0)).isInstanceOf(Ast.Call.class);
    }

    @Test
    void parameterListsGroupNamesWithTheFollowingType() {
        Ast.FuncDecl f = (Ast.FuncDecl) parse("func f(a, b int, in <-chan int, out chan<- bool, w *sync.WaitGroup, s chan struct{}) {}").decls().get(0);
        assertThat(f.params()).extracting(p -> p.name().name()).containsExactly("a", "b", "in", "out", "w", "s");
        assertThat(f.params().get(0).type()).isSameAs(f.params().get(1).type());
        assertThat(((Ast.ChanType) f.params().get(2).type()).dir()).isEqualTo(Ast.ChanDir.RECV);
        assertThat(((Ast.ChanType) f.params().get(3).type()).dir()).isEqualTo(Ast.ChanDir.SEND);
        assertThat(f.params().get(4).type()).isInstanceOf(Ast.PointerType.class);
        assertThat(((Ast.ChanType) f.params().get(5).type()).elem()).isInstanceOf(Ast.EmptyStruct.class);
        Ast.FuncDecl g = (Ast.FuncDecl) parse("func g(int, bool) {}").decls().get(0);
        assertThat(g.params()).allMatch(p -> p.name() == null);
        assertThat(error("func h(a int, bool, c) {}")).isEqualTo("1:21: mixed named and unnamed parameters: parameter c has no type");
    }

    @Test
    void simpleStatements() {
        assertThat(stmt("x := 1")).isInstanceOf(Ast.Assign.class).extracting(s -> ((Ast.Assign) s).op()).isEqualTo(":=");
        assertThat(((Ast.Assign) stmt("a, b = b, a")).lhs()).hasSize(2);
        assertThat(((Ast.Assign) stmt("x += 2")).op()).isEqualTo("+=");
        assertThat(((Ast.IncDec) stmt("x--")).inc()).isFalse();
        Ast.SendStmt send = (Ast.SendStmt) stmt("ch <- v + 1");
        assertThat(send.value()).isInstanceOf(Ast.Binary.class);
        Ast.ExprStmt recv = (Ast.ExprStmt) stmt("<-ch");
        assertThat(((Ast.Unary) recv.x()).op()).isEqualTo("<-");
        assertThat(((Ast.Assign) stmt("v := <-ch")).rhs().get(0)).isInstanceOf(Ast.Unary.class);
        assertThat(stmt("var x, y int = 1, 2")).isInstanceOf(Ast.VarDecl.class);
        assertThat(stmt("const k = 3")).isInstanceOf(Ast.ConstDecl.class);
        assertThat(((Ast.Unary) ((Ast.Call) ((Ast.ExprStmt) stmt("f(&wg)")).x()).args().get(0)).op()).isEqualTo("&");
    }

    @Test
    void goAndDeferTakeCallsIncludingFunctionLiterals() {
        Ast.GoStmt g = (Ast.GoStmt) stmt("go func(id int) { work(1) }(i)");
        assertThat(g.call().fun()).isInstanceOf(Ast.FuncLit.class);
        assertThat(((Ast.FuncLit) g.call().fun()).params()).hasSize(1);
        assertThat(g.call().args()).hasSize(1);
        Ast.DeferStmt d = (Ast.DeferStmt) stmt("defer wg.Done()");
        assertThat(d.call().fun()).isInstanceOf(Ast.Selector.class);
    }

    @Test
    void theFourForms() {
        Ast.For three = (Ast.For) stmt("for i := 0; i < 10; i++ {}");
        assertThat(three.init()).isInstanceOf(Ast.Assign.class);
        assertThat(three.cond()).isInstanceOf(Ast.Binary.class);
        assertThat(three.post()).isInstanceOf(Ast.IncDec.class);
        Ast.For cond = (Ast.For) stmt("for x > 0 {}");
        assertThat(cond.init()).isNull();
        assertThat(cond.cond()).isInstanceOf(Ast.Binary.class);
        Ast.For forever = (Ast.For) stmt("for {}");
        assertThat(forever.cond()).isNull();
        Ast.For noCond = (Ast.For) stmt("for i := 0; ; i++ {}");
        assertThat(noCond.cond()).isNull();
        Ast.ForRange r = (Ast.ForRange) stmt("for i := range 10 {}");
        assertThat(name(r.key())).isEqualTo("i");
        assertThat(r.define()).isTrue();
        Ast.ForRange bare = (Ast.ForRange) stmt("for range n {}");
        assertThat(bare.key()).isNull();
    }

    @Test
    void ifElseChainsAndInitStatements() {
        Ast.If i = (Ast.If) stmt("if x := f(); x > 0 {\n} else if y {\n} else {\n}");
        assertThat(i.init()).isInstanceOf(Ast.Assign.class);
        Ast.If elseIf = (Ast.If) i.otherwise();
        assertThat(name(elseIf.cond())).isEqualTo("y");
        assertThat(elseIf.otherwise()).isInstanceOf(Ast.Block.class);
        // In a header a brace opens the block, it is not a composite literal.
        assertThat(name(((Ast.If) stmt("if ok {}")).cond())).isEqualTo("ok");
    }

    @Test
    void selectCases() {
        Ast.Select s = (Ast.Select) stmt("select {\ncase ch <- 1:\ncase v := <-in:\n\twork(1)\ncase x = <-in:\ncase <-done:\n\treturn\ndefault:\n}");
        assertThat(s.clauses()).hasSize(5);
        assertThat(s.clauses().get(0).comm()).isInstanceOf(Ast.SendStmt.class);
        assertThat(((Ast.Assign) s.clauses().get(1).comm()).op()).isEqualTo(":=");
        assertThat(s.clauses().get(1).body()).hasSize(1);
        assertThat(((Ast.Assign) s.clauses().get(2).comm()).op()).isEqualTo("=");
        assertThat(s.clauses().get(3).comm()).isInstanceOf(Ast.ExprStmt.class);
        assertThat(s.clauses().get(4).comm()).isNull();
        assertThat(error("func main() {\n\tselect {\n\tdefault:\n\tdefault:\n\t}\n}")).isEqualTo("4:2: multiple defaults in select (the first is at 3:2)");
    }

    @Test
    void breakContinueReturnAndBlocks() {
        assertThat(body("for {\n\tbreak\n}\nreturn\n{\n\tcontinue\n}")).hasSize(3);
        assertThat(((Ast.Branch) ((Ast.For) body("for { continue }").get(0)).body().stmts().get(0)).keyword()).isEqualTo("continue");
        assertThat(error("func main() {\n\tfor {\n\t\tbreak outer\n\t}\n}")).isEqualTo("3:9: labels are not supported in GMP Lab scenarios");
    }

    @Test
    void expressionsFollowGoPrecedence() {
        Ast.Binary e = (Ast.Binary) ((Ast.Assign) stmt("x := a || b && c == d + e * -f")).rhs().get(0);
        assertThat(e.op()).isEqualTo("||");
        Ast.Binary and = (Ast.Binary) e.y();
        assertThat(and.op()).isEqualTo("&&");
        Ast.Binary eq = (Ast.Binary) and.y();
        assertThat(eq.op()).isEqualTo("==");
        Ast.Binary plus = (Ast.Binary) eq.y();
        assertThat(plus.op()).isEqualTo("+");
        assertThat(((Ast.Binary) plus.y()).op()).isEqualTo("*");
        assertThat(AstText.of(e)).isEqualTo("a || b && c == d + e * -f");
    }

    @Test
    void typesInExpressionsForMakeAndConversions() {
        Ast.Call mk = (Ast.Call) ((Ast.Assign) stmt("c := make(<-chan struct{}, 2)")).rhs().get(0);
        Ast.ChanType t = (Ast.ChanType) ((Ast.TypeExpr) mk.args().get(0)).type();
        assertThat(t.dir()).isEqualTo(Ast.ChanDir.RECV);
        assertThat(t.elem()).isInstanceOf(Ast.EmptyStruct.class);
        Ast.Call conv = (Ast.Call) ((Ast.Assign) stmt("d := time.Duration(n)")).rhs().get(0);
        assertThat(conv.fun()).isInstanceOf(Ast.Selector.class);
        assertThat(((Ast.SendStmt) stmt("done <- struct{}{}")).value()).isInstanceOf(Ast.EmptyStructLit.class);
    }

    @Test
    void syntaxErrors() {
        assertThat(error("func main() {\n\tx := \n}")).isEqualTo("3:1: expected an expression, found '}'");
        assertThat(error("func main() {\n\tf(a\n}")).isEqualTo("2:5: expected ')' after argument list, found newline");
        assertThat(error("func main {\n}")).isEqualTo("1:11: expected '(' after the function name main, found '{'");
        assertThat(error("func main() {\n\tx := 1 y := 2\n}")).isEqualTo("2:9: expected newline or ';' at the end of the statement, found name y");
        assertThat(error("func main() {\n\tfor i := 0; i < 3 {\n\t}\n}")).isEqualTo("2:20: expected ';' after the loop condition, found '{'");
        assertThat(error("func main() {\n\tif {\n\t}\n}")).isEqualTo("2:5: missing condition in if statement");
        assertThat(error("func main() {\n\tgo (f())\n}")).isEqualTo("2:5: expression in go must not be parenthesized");
        assertThat(error("func main() {\n\tfor i := 0; i < 3; j := i {\n\t}\n}")).isEqualTo("2:23: cannot declare in the post statement of a for loop");
        assertThat(error("import \"time\"\nfunc main() {}\nimport \"sync\"")).isEqualTo("3:1: imports must come before the other declarations");
    }

    @Test
    void unsupportedConstructsAreRefusedWhereTheyStart() {
        assertThat(error("func main() {\n\tx := p.(int)\n}")).isEqualTo("2:8: type assertions are not supported in GMP Lab scenarios");
        assertThat(error("func main() {\n\tx := a[0]\n}")).isEqualTo("2:8: indexing and slicing are not supported in GMP Lab scenarios; there are no arrays, slices or maps");
        assertThat(error("func main() {\n\tp := point{1, 2}\n}")).isEqualTo("2:12: composite literals are not supported in GMP Lab scenarios");
        assertThat(error("func f[T any]() {}")).isEqualTo("1:7: generic functions are not supported in GMP Lab scenarios");
        assertThat(error("func f(xs ...int) {}")).isEqualTo("1:11: variadic parameters (...) are not supported in GMP Lab scenarios");
        assertThat(error("func main() {\n\tvar f func()\n}")).isEqualTo("2:8: function types are not supported in GMP Lab scenarios; call a declared function or use a function literal in go/defer");
        assertThat(error("func main() {\n\tvar i interface{}\n}")).isEqualTo("2:8: interfaces are not supported in GMP Lab scenarios");
        assertThat(error("func main() {\n\tfallthrough\n}")).isEqualTo("2:2: fallthrough is not supported in GMP Lab scenarios");
        assertThat(error("const (\n\ta = iota\n\tb\n)\nfunc main() {}"))
                .isEqualTo("3:3: constants without a value (implicit repetition, iota) are not supported in GMP Lab scenarios; write const b = value");
        assertThat(error("import . \"time\"\nfunc main() {}")).isEqualTo("1:8: dot imports are not supported in GMP Lab scenarios");
    }
}
