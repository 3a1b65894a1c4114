package org.gmplab.scenario.gosrc;

import java.util.List;
import java.util.Set;

/** What a name denotes: found in a {@link Scope} by the compiler. */
sealed interface Symbol {

    String name();

    /**
     * A variable of one model function: a parameter, a local, a variable captured by a function literal
     * (then a parameter too), or a hidden temporary the compiler made. It becomes one slot of the
     * function; its model name is chosen when the function is finished ({@link SlotNames}), so the
     * lowered code refers to it by {@link #placeholder} until then.
     */
    final class Local implements Symbol {
        private static final String MARK = "\u0001";

        final String name;
        final GoType type;
        final Pos declared;
        final FunctionContext owner;
        /** Number of the owner's for loops open where it is declared: a loop variable counts its own loop. */
        final int loopDepth;
        /** In the outer function, the variable this one captures; null if it is not a capture. */
        final Local captureOf;
        final boolean param;
        final boolean hidden;
        final String placeholder;
        /** The owner's variables live where this one is declared: they may not share its slot name. */
        final Set<Local> liveAtDeclaration;
        boolean used;
        String modelName;

        Local(String name, GoType type, Pos declared, FunctionContext owner, int loopDepth, Local captureOf,
              boolean param, boolean hidden, int id, Set<Local> liveAtDeclaration) {
            this.name = name;
            this.type = type;
            this.declared = declared;
            this.owner = owner;
            this.loopDepth = loopDepth;
            this.captureOf = captureOf;
            this.param = param;
            this.hidden = hidden;
            this.placeholder = MARK + id + MARK + name;
            this.liveAtDeclaration = liveAtDeclaration;
        }

        @Override public String name() { return name; }

        static boolean isPlaceholder(String s) { return s.startsWith(MARK); }

        @Override public String toString() { return name; }
    }

    /**
     * A package-level {@code sync.WaitGroup}, {@code sync.Mutex} or channel (or one main declares, lifted to
     * package level): one object of the program, referred to by its name, which is its handle.
     */
    record Global(String name, String modelName, GoType type, Pos declared) implements Symbol {}

    /** A constant: declared with {@code const}, {@code true}/{@code false}, or a {@code time} unit. */
    record Constant(String name, GoType type, long value) implements Symbol {}

    /** A package-level {@code const} not evaluated yet: evaluated on first use, so order does not matter. */
    final class PendingConstant implements Symbol {
        final Ast.ConstDecl decl;
        final int index;
        Constant value;
        boolean evaluating;

        PendingConstant(Ast.ConstDecl decl, int index) {
            this.decl = decl;
            this.index = index;
        }

        @Override public String name() { return decl.names().get(index).name(); }
    }

    /** A function declared in the file. */
    record Func(String name, Ast.FuncDecl decl, List<GoType> params) implements Symbol {}

    /** An imported package; {@code path} is its import path ("time", "sync/atomic"). */
    record Package(String name, String path, Pos declared) implements Symbol {}

    /** A predeclared function ({@code make}, {@code close}, ...) or one of the scenario intrinsics. */
    record Builtin(String name, boolean intrinsic) implements Symbol {}

    /** A type name; {@code type} is null for Go types the subset does not have ({@code string}, {@code float64}). */
    record TypeName(String name, GoType type) implements Symbol {}

    /** A name Go predeclares that the subset refuses wherever it is used ({@code iota}). */
    record Unsupported(String name, String hint) implements Symbol {}
}
