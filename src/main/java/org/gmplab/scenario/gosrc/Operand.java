package org.gmplab.scenario.gosrc;

import org.gmplab.scenario.Expr;

/**
 * A checked expression: what it is (a value, a type, something callable), its Go type, and the model
 * {@link Expr} that computes it. Constants carry their value, already folded as Go folds constant
 * expressions at compile time.
 */
record Operand(Mode mode, GoType type, Expr expr, Long constant, Symbol symbol, Ast.ExprNode node) {

    enum Mode { CONSTANT, VARIABLE, VALUE, TYPE, CALLABLE }

    static Operand constant(GoType type, long v, Ast.ExprNode node) {
        return new Operand(Mode.CONSTANT, type, new Expr.Const(v), v, null, node);
    }

    static Operand value(GoType type, Expr e, Ast.ExprNode node) {
        return new Operand(Mode.VALUE, type, e, null, null, node);
    }

    boolean isConstant() { return constant != null; }

    boolean isNil() { return type == GoType.UNTYPED_NIL; }

    /** Go's way of naming an operand in a message: {@code x (variable of type int)}, {@code 5 (untyped int constant)}. */
    String describe() {
        String text = AstText.of(node);
        if (isNil()) return "nil";
        return switch (mode) {
            case CONSTANT -> {
                if (GoType.isUntyped(type)) {
                    String v = type == GoType.UNTYPED_BOOL ? (constant != 0 ? "true" : "false") : Long.toString(constant);
                    yield text.equals(v) ? text + " (" + type + " constant)" : text + " (" + type + " constant " + v + ")";
                }
                String v = type == GoType.BOOL ? (constant != 0 ? "true" : "false") : Long.toString(constant);
                yield text + " (constant " + v + " of type " + type + ")";
            }
            case VARIABLE -> text + " (variable of type " + type + ")";
            case VALUE -> text + " (value of type " + type + ")";
            case TYPE -> text + " (type)";
            case CALLABLE -> text + (symbol instanceof Symbol.Builtin b && !b.intrinsic() ? " (built-in function)" : " (function)");
        };
    }
}
