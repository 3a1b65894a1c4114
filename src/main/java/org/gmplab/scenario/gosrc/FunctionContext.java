package org.gmplab.scenario.gosrc;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gmplab.scenario.Stmt;

/**
 * The state of one model function while it is compiled: a declared function, or a function literal
 * lifted out of its enclosing function (then {@link #parent} is that function).
 *
 * <p>A literal becomes a top-level function whose parameters are its own followed by the variables it
 * captures, passed by value where the {@code go} or {@code defer} runs; {@link #captures} maps each
 * captured variable of the parent to the parameter that carries it here. {@link #capturedByGo} and the
 * loops' {@link Breakable#writes} are what the by-value rule needs to refuse the programs it would get
 * wrong (see {@code package-info}).
 */
final class FunctionContext {

    enum Kind { DECLARED, GO_LITERAL, DEFER_LITERAL }

    /** A for loop or a select: what {@code break} (and, for a loop, {@code continue}) leaves. */
    static final class Breakable {
        final boolean loop;
        final Pos pos;
        /** For a loop: 1 for the outermost loop of the function. */
        final int depth;
        /** Set by {@code break} / {@code continue} (made on first use), tested by the loop and the guards after. */
        Symbol.Local breakFlag, continueFlag;
        /** How many break / continue statements targeting this one were lowered so far. */
        int breaks, continues;
        /** Variables this loop's body (or header) writes: a goroutine capturing one of them by value would miss the writes. */
        final Map<Symbol.Local, Pos> writes = new HashMap<>();
        /** The loop's own header variables (per-iteration in Go 1.22). */
        final Set<Symbol.Local> ownVars = new HashSet<>();

        Breakable(boolean loop, Pos pos, int depth) {
            this.loop = loop;
            this.pos = pos;
            this.depth = depth;
        }
    }

    /** A deferred call: its statements, and the flag that says it was registered (null if it always is by then). */
    record Deferred(List<Stmt> call, Symbol.Local flag) {}

    final String modelName;
    final FunctionContext parent;
    final Kind kind;
    final boolean isMain;
    /** The variables of this function, in declaration order: its parameters first, captures as they are found. */
    final List<Symbol.Local> locals = new ArrayList<>();
    final List<Symbol.Local> params = new ArrayList<>();
    final Map<Symbol.Local, Symbol.Local> captures = new LinkedHashMap<>();
    /** Model names of package-level objects this function refers to: no local may take one as its slot name. */
    final Set<String> referencedGlobals = new HashSet<>();
    /** Variables of this function some goroutine literal captured, and where its go statement is. */
    final Map<Symbol.Local, Pos> capturedByGo = new HashMap<>();
    /** Names assigned anywhere in the body (syntactically): variables never assigned need no copy when deferred. */
    final Set<String> assignedNames;
    final Deque<Breakable> breakables = new ArrayDeque<>();
    final List<Deferred> defers = new ArrayList<>();
    /** Statements run first: the flags of conditional defers start at 0. */
    final List<Stmt> prologue = new ArrayList<>();
    /** While the post statement of this loop is compiled: its writes to the loop's own variables are per-iteration. */
    Breakable inPostOf;
    Scope top;
    int literals;

    FunctionContext(String modelName, FunctionContext parent, Kind kind, Set<String> assignedNames) {
        this.modelName = modelName;
        this.parent = parent;
        this.kind = kind;
        this.isMain = parent == null && modelName.equals("main");
        this.assignedNames = assignedNames;
    }

    /** Go's names for function literals: main.func1, main.func2, and main.func1.1 inside main.func1. */
    String nextLiteralName() {
        literals++;
        return parent == null ? modelName + ".func" + literals : modelName + "." + literals;
    }

    int loopDepth() {
        int n = 0;
        for (Breakable b : breakables) if (b.loop) n++;
        return n;
    }

    /** The enclosing loops, innermost first. */
    List<Breakable> loops() {
        List<Breakable> out = new ArrayList<>();
        for (Breakable b : breakables) if (b.loop) out.add(b);
        return out;
    }

    boolean isLiteral() { return parent != null; }
}
