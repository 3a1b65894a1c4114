package org.gmplab.scenario;

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

    /** {@code for cond { body }} (and {@code for { }} with cond 1). */
    record While(Expr cond, List<Stmt> body) implements Stmt {
        public While { Objects.requireNonNull(cond); body = List.copyOf(body); }
    }

    /** {@code wg.Add(delta)}; {@code wg} names a {@code sync.WaitGroup} (a global, or a parameter holding {@code &wg}). */
    record WgAdd(Expr wg, Expr delta) implements Stmt {
        public WgAdd { Objects.requireNonNull(wg); Objects.requireNonNull(delta); }
    }

    /** {@code wg.Done()}. */
    record WgDone(Expr wg) implements Stmt {
        public WgDone { Objects.requireNonNull(wg); }
    }

    /** {@code wg.Wait()}: parks the goroutine until the counter is zero. */
    record WgWait(Expr wg) implements Stmt {
        public WgWait { Objects.requireNonNull(wg); }
    }

    /** {@code mu.Lock()} on a {@code sync.Mutex}: parks on contention. */
    record Lock(Expr mu) implements Stmt {
        public Lock { Objects.requireNonNull(mu); }
    }

    /** {@code mu.Unlock()}: wakes one waiter. */
    record Unlock(Expr mu) implements Stmt {
        public Unlock { Objects.requireNonNull(mu); }
    }

    /**
     * A system call that takes {@code nanos} (e.g. a {@code read(2)} on a pipe): entersyscall/exitsyscall.
     * With {@code blocking}, Go's entersyscallblock: the call is known to block, so the P is handed off at once.
     */
    record Syscall(Expr nanos, boolean blocking) implements Stmt {
        public Syscall { Objects.requireNonNull(nanos); }

        public Syscall(Expr nanos) { this(nanos, false); }
    }

    /** {@code time.Sleep(nanos)}: parks the goroutine on a timer. */
    record Sleep(Expr nanos) implements Stmt {
        public Sleep { Objects.requireNonNull(nanos); }
    }

    /** A network read whose data arrives after {@code nanos}: parks the goroutine in the netpoller. */
    record NetRead(Expr nanos) implements Stmt {
        public NetRead { Objects.requireNonNull(nanos); }
    }

    /** {@code var := make(chan int, capacity)}. */
    record MakeChan(String var, Expr capacity) implements Stmt {
        public MakeChan { Objects.requireNonNull(var); Objects.requireNonNull(capacity); }
    }

    /** {@code ch <- value}. */
    record Send(Expr ch, Expr value) implements Stmt {
        public Send { Objects.requireNonNull(ch); Objects.requireNonNull(value); }
    }

    /** {@code var := <-ch}, or {@code <-ch} when {@code var} is null. */
    record Recv(Expr ch, String var) implements Stmt {
        public Recv { Objects.requireNonNull(ch); }
    }

    /** {@code close(ch)}. */
    record Close(Expr ch) implements Stmt {
        public Close { Objects.requireNonNull(ch); }
    }

    /**
     * {@code select { case ...: body ... default: otherwise }}; without {@code hasDefault} it blocks until a
     * case can proceed.
     */
    record Select(List<SelectCase> cases, List<Stmt> otherwise, boolean hasDefault) implements Stmt {
        public Select { cases = List.copyOf(cases); otherwise = List.copyOf(otherwise); }
    }

    /**
     * One case of a {@link Select}: a send ({@code value} non-null: {@code case ch <- value:}) or a receive
     * ({@code case var := <-ch:}, {@code var} null to discard).
     */
    record SelectCase(Expr ch, Expr value, String var, List<Stmt> body) {
        public SelectCase { Objects.requireNonNull(ch); body = List.copyOf(body); }

        public boolean isSend() { return value != null; }
    }

    /** {@code runtime.GOMAXPROCS(n)}: procresize. */
    record Gomaxprocs(Expr n) implements Stmt {
        public Gomaxprocs { Objects.requireNonNull(n); }
    }
}
