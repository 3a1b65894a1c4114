package org.gmplab.scenario;

import java.util.Objects;

/**
 * An integer expression in a goroutine program: loop counts, arguments, durations (in nanoseconds)
 * and conditions (0 is false, anything else true), as Go would write them.
 */
public sealed interface Expr {

    /** A literal, e.g. {@code 1000} or a duration already converted to nanoseconds. */
    record Const(long value) implements Expr {
        @Override public String toString() { return Long.toString(value); }
    }

    /** A parameter or local variable of the enclosing function. */
    record Var(String name) implements Expr {
        public Var { Objects.requireNonNull(name); }
        @Override public String toString() { return name; }
    }

    /** {@code op} is one of {@code ! -}. */
    record Unary(String op, Expr operand) implements Expr {
        public Unary { Objects.requireNonNull(op); Objects.requireNonNull(operand); }
        @Override public String toString() { return op + operand; }
    }

    /** {@code op} is one of {@code + - * / % < <= > >= == != && ||}. */
    record Binary(String op, Expr left, Expr right) implements Expr {
        public Binary { Objects.requireNonNull(op); Objects.requireNonNull(left); Objects.requireNonNull(right); }
        @Override public String toString() { return "(" + left + " " + op + " " + right + ")"; }
    }

    static Expr of(long value) { return new Const(value); }
}
