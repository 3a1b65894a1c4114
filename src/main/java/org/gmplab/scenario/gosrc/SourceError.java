package org.gmplab.scenario.gosrc;

/**
 * The one error a Go scenario gets: where and what. Thrown inside this package by the lexer, the
 * parser and the compiler, and turned into a {@link org.gmplab.scenario.ScenarioException} (with
 * the file name, the source line and a caret) by {@link GoSource}. Unchecked so that the recursive
 * descent can stop at the first problem without threading it through every signature.
 */
final class SourceError extends RuntimeException {
    private final Pos pos;

    SourceError(Pos pos, String message) {
        super(message, null, false, false);
        this.pos = pos;
    }

    Pos pos() { return pos; }

    /** For Go constructs the subset refuses: the message says so in the same words everywhere. */
    static SourceError notSupported(Pos pos, String what, String hint) {
        return new SourceError(pos, what + " not supported in GMP Lab scenarios" + (hint == null || hint.isEmpty() ? "" : "; " + hint));
    }
}
