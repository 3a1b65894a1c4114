package org.gmplab.engine.program;

import java.util.List;
import java.util.Objects;

/**
 * One statement of a goroutine program. Programs are data: a scenario file holds them as JSON, the
 * scenario language compiles to them, and tests build them in Java. {@link Compiler} turns a function's
 * statements into flat {@link Code} that the engine interprets one instruction at a time.
 */
public sealed interface Stmt {

    /** Burn CPU for {@code nanos} of virtual time (Go: a loop with no calls into the runtime). */
    record Work(Expr nanos) implements Stmt {
        public Work { Objects.requireNonNull(nanos); }
    }

    /** {@code go fn(args)}: newproc. */
    record Go(String fn, List<Expr> args) implements Stmt {
        public Go { Objects.requireNonNull(fn); args = List.copyOf(args); }
    }

    /** {@code fn(args)}: an ordinary call; returns when {@code fn} returns. */
    record Call(String fn, List<Expr> args) implements Stmt {
        public Call { Objects.requireNonNull(fn); args = List.copyOf(args); }
    }

    /** {@code runtime.Gosched()}. */
    record Gosched() implements Stmt {}

    /** {@code for var := 0; var < count; var++ { body }}; {@code count} is evaluated once. */
    record For(String var, Expr count, List<Stmt> body) implements Stmt {
        public For { Objects.requireNonNull(var); Objects.requireNonNull(count); body = List.copyOf(body); }
    }

    /** {@code if cond { then } else { otherwise }}. */
    record If(Expr cond, List<Stmt> then, List<Stmt> otherwise) implements Stmt {
        public If { Objects.requireNonNull(cond); then = List.copyOf(then); otherwise = List.copyOf(otherwise); }
    }

    /** {@code var = value} (declares the local on first assignment). */
    record Set(String var, Expr value) implements Stmt {
        public Set { Objects.requireNonNull(var); Objects.requireNonNull(value); }
    }

    /** {@code return}; from {@code main} it ends the program, as in Go. */
    record Return() implements Stmt {}

    /** {@code wg.Add(delta)} on the package-level {@code sync.WaitGroup} named {@code wg}. */
    record WgAdd(String wg, Expr delta) implements Stmt {
        public WgAdd { Objects.requireNonNull(wg); Objects.requireNonNull(delta); }
    }

    /** {@code wg.Done()}. */
    record WgDone(String wg) implements Stmt {
        public WgDone { Objects.requireNonNull(wg); }
    }

    /** {@code wg.Wait()}: parks the goroutine until the counter is zero. */
    record WgWait(String wg) implements Stmt {
        public WgWait { Objects.requireNonNull(wg); }
    }
}
