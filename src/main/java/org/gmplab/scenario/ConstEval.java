package org.gmplab.scenario;

/**
 * Evaluates variable-free expressions at load time, as Go evaluates constant expressions at compile
 * time, so that a scenario file with {@code "d": "1ms - 2ms"} or {@code "n": "1 / 0"} is rejected with a
 * line number instead of failing mid-run. Conditions are integers: 0 is false, anything else true, and
 * comparisons and logic yield 1 or 0. Division truncates toward zero, as in Go and Java.
 */
final class ConstEval {

    private ConstEval() { }

    /**
     * The value of {@code e}, or null if it uses a variable.
     *
     * @throws ArithmeticException on 64-bit overflow or division by zero
     */
    static Long value(Expr e) {
        if (e instanceof Expr.Const c) return c.value();
        if (e instanceof Expr.Var) return null;
        if (e instanceof Expr.Unary u) {
            Long v = value(u.operand());
            if (v == null) return null;
            return switch (u.op()) {
                case "-" -> Math.negateExact(v);
                case "!" -> v == 0 ? 1L : 0L;
                default -> null; // not produced by the parser; leave it to whoever built it
            };
        }
        Expr.Binary b = (Expr.Binary) e;
        Long l = value(b.left());
        Long r = value(b.right());
        if (l == null || r == null) return null;
        return binary(b.op(), l, r);
    }

    private static Long binary(String op, long l, long r) {
        return switch (op) {
            case "+" -> Math.addExact(l, r);
            case "-" -> Math.subtractExact(l, r);
            case "*" -> Math.multiplyExact(l, r);
            case "/" -> {
                if (l == Long.MIN_VALUE && r == -1) throw new ArithmeticException("overflow");
                yield l / r;
            }
            case "%" -> l % r;
            case "<" -> bool(l < r);
            case "<=" -> bool(l <= r);
            case ">" -> bool(l > r);
            case ">=" -> bool(l >= r);
            case "==" -> bool(l == r);
            case "!=" -> bool(l != r);
            case "&&" -> bool(l != 0 && r != 0);
            case "||" -> bool(l != 0 || r != 0);
            default -> null;
        };
    }

    private static long bool(boolean b) { return b ? 1 : 0; }
}
