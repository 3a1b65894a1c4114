package org.gmplab.scenario;

/** A compiled {@link Expr}: variables are resolved to slots of the frame's locals. */
@FunctionalInterface
public interface IntExpr {
    long eval(long[] locals);
}
