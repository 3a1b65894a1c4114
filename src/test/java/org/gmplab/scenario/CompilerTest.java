package org.gmplab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.gmplab.engine.Engine;
import org.gmplab.snapshot.EventKind;
import org.junit.jupiter.api.Test;

class CompilerTest {
    /** Loops without a variable ("_") each count on their own: nested ones must not share a counter. */
    @Test
    void nestedBlankLoopsEachKeepTheirOwnCounter() {
        Stmt inner = new Stmt.For("_", Expr.of(2), List.of(new Stmt.Gosched()));
        Function main = new Function("main", List.of(), List.of(new Stmt.For("_", Expr.of(3), List.of(inner))));
        Scenario sc = new Scenario("nested", 1, 1, 256, new Program(Map.of("main", main), List.of()));
        try (Engine e = Engine.step(sc)) {
            e.run(1_000_000_000L);
            assertThat(e.drainEvents().stream().filter(ev -> ev.kind() == EventKind.GOSCHED)).hasSize(6);
        }
    }
}
