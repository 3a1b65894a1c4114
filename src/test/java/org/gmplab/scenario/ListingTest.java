package org.gmplab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.gmplab.scenario.gosrc.GoSource;
import org.junit.jupiter.api.Test;

/**
 * A program's listing — the text the program pane shows — and the line each compiled instruction keeps:
 * a Go scenario's own file with its statements' lines, a JSON one rendered as the Go it stands for.
 */
class ListingTest {

    /** The line of the first instruction of {@code fn} whose text starts with {@code text}. */
    static int lineOf(CompiledProgram p, String fn, String text) {
        for (Code c : p.functions())
            if (c.name().equals(fn))
                for (int pc = 0; pc < c.size(); pc++) if (c.at(pc).text().startsWith(text)) return c.line(pc);
        throw new AssertionError("no instruction " + text + " in " + fn);
    }

    @Test
    void aGoScenarioIsListedAsItsOwnFileAndEachInstructionKeepsItsStatementsLine() throws ScenarioException {
        String src = """
                package main

                import "sync"

                func worker(wg *sync.WaitGroup, ch chan int) {
                	defer wg.Done()
                	for i := 0; i < 3; i++ {
                		ch <- i
                	}
                }

                func main() {
                	var wg sync.WaitGroup
                	ch := make(chan int, 1)
                	wg.Add(1)
                	go worker(&wg, ch)
                	for range 3 {
                		<-ch
                	}
                	wg.Wait()
                }
                """;
        Scenario sc = GoSource.parse(src, "w.go");
        Listing l = Listing.of(sc.program());
        assertThat(l.fromSource()).isTrue();
        assertThat(l.text()).isEqualTo(src);
        CompiledProgram p = Compiler.compile(sc.program());
        assertThat(lineOf(p, "main", "go worker")).isEqualTo(16);
        assertThat(lineOf(p, "main", "<-")).isEqualTo(18);
        assertThat(lineOf(p, "main", "wg.Wait")).isEqualTo(20);
        assertThat(lineOf(p, "worker", "for i <")).as("a loop's test is on its header line").isEqualTo(7);
        assertThat(lineOf(p, "worker", "ch <- i")).isEqualTo(8);
        assertThat(lineOf(p, "worker", "wg.Done")).as("a deferred call is on its defer's line").isEqualTo(6);
    }

    @Test
    void aJsonProgramIsListedAsTheGoItStandsFor() throws ScenarioException {
        Scenario sc = ScenarioJson.parse("""
                {"name": "j", "gomaxprocs": 1, "seed": 1, "runqSize": 256,
                 "waitGroups": ["wg"], "mutexes": [], "channels": {"done": 0},
                 "functions": {
                   "main": {"params": [], "body": [
                     {"op": "wg.add", "wg": "wg", "n": 2},
                     {"op": "for", "var": "i", "n": 2, "body": [{"op": "go", "fn": "handle", "args": ["i", "wg"]}]},
                     {"op": "recv", "ch": "done"},
                     {"op": "wg.wait", "wg": "wg"}]},
                   "handle": {"params": ["req", "w"], "body": [
                     {"op": "work", "d": "200us"},
                     {"op": "sleep", "d": "1ms"},
                     {"op": "if", "cond": "req == 0", "then": [{"op": "send", "ch": "done", "value": 1}], "else": []},
                     {"op": "wg.done", "wg": "w"}]}}}""", "j.json");
        Listing l = Listing.of(sc.program());
        assertThat(l.fromSource()).isFalse();
        assertThat(l.text()).isEqualTo("""
                package main

                import (
                	"sync"
                	"time"
                )

                var wg sync.WaitGroup
                var done = make(chan int)

                func main() {
                	wg.Add(2)
                	for i := 0; i < 2; i++ {
                		go handle(i, &wg)
                	}
                	<-done
                	wg.Wait()
                }

                func handle(req int, w *sync.WaitGroup) {
                	work(200 * time.Microsecond)
                	time.Sleep(time.Millisecond)
                	if req == 0 {
                		done <- 1
                	}
                	w.Done()
                }
                """);
        CompiledProgram p = Compiler.compile(sc.program());
        List<String> lines = l.text().lines().toList();
        for (String[] want : new String[][] {{"main", "go handle", "\t\tgo handle(i, &wg)"}, {"main", "<-done", "\t<-done"},
                {"handle", "if ", "\tif req == 0 {"}, {"handle", "done <- 1", "\t\tdone <- 1"}, {"handle", "w.Done", "\tw.Done()"}})
            assertThat(lines.get(lineOf(p, want[0], want[1]) - 1)).isEqualTo(want[2]);
    }
}
