package org.gmplab.scenario.gosrc;

/**
 * The types of the subset, named as Go prints them. Every value is a 64-bit integer in the program
 * model: {@code int} and {@code time.Duration} (nanoseconds) as themselves, {@code bool} as 0 or 1,
 * {@code struct{}} as 0, and channels and pointers to a wait group or mutex as handles (0 is nil). A
 * {@code sync.WaitGroup} or {@code sync.Mutex} variable is an object, not a value: it is used through
 * its methods or its address {@code &wg}.
 */
sealed interface GoType {

    enum Basic implements GoType {
        INT("int"), DURATION("time.Duration"), BOOL("bool"), EMPTY_STRUCT("struct{}"),
        UNTYPED_INT("untyped int"), UNTYPED_BOOL("untyped bool"), UNTYPED_NIL("untyped nil");

        private final String text;

        Basic(String text) { this.text = text; }

        @Override public String toString() { return text; }
    }

    enum SyncKind {
        WAIT_GROUP("sync.WaitGroup"), MUTEX("sync.Mutex");

        final String text;

        SyncKind(String text) { this.text = text; }
    }

    record Chan(Ast.ChanDir dir, GoType elem) implements GoType {
        @Override public String toString() {
            String e = elem instanceof Chan c && c.dir == Ast.ChanDir.RECV && dir != Ast.ChanDir.SEND ? "(" + elem + ")" : elem.toString();
            return switch (dir) {
                case BOTH -> "chan " + e;
                case SEND -> "chan<- " + e;
                case RECV -> "<-chan " + e;
            };
        }

        boolean canSend() { return dir != Ast.ChanDir.RECV; }

        boolean canReceive() { return dir != Ast.ChanDir.SEND; }
    }

    /** A {@code sync.WaitGroup} or {@code sync.Mutex} variable. */
    record SyncObject(SyncKind kind) implements GoType {
        @Override public String toString() { return kind.text; }
    }

    /** {@code *sync.WaitGroup} or {@code *sync.Mutex}: the handle of one. */
    record Pointer(SyncKind kind) implements GoType {
        @Override public String toString() { return "*" + kind.text; }
    }

    GoType INT = Basic.INT, DURATION = Basic.DURATION, BOOL = Basic.BOOL, UNTYPED_INT = Basic.UNTYPED_INT,
            UNTYPED_BOOL = Basic.UNTYPED_BOOL, UNTYPED_NIL = Basic.UNTYPED_NIL, EMPTY_STRUCT = Basic.EMPTY_STRUCT;

    static boolean isInteger(GoType t) { return t == INT || t == DURATION || t == UNTYPED_INT; }

    static boolean isBool(GoType t) { return t == BOOL || t == UNTYPED_BOOL; }

    static boolean isUntyped(GoType t) { return t == UNTYPED_INT || t == UNTYPED_BOOL || t == UNTYPED_NIL; }

    /** What a variable declared from an untyped value gets ({@code x := 5} is an int). Null for nil. */
    static GoType defaultType(GoType t) {
        if (t == UNTYPED_INT) return INT;
        if (t == UNTYPED_BOOL) return BOOL;
        if (t == UNTYPED_NIL) return null;
        return t;
    }

    /** Go's assignability, restricted to the subset's types. */
    static boolean assignable(GoType from, GoType to) {
        if (from.equals(to)) return !(to instanceof SyncObject); // copying a WaitGroup or Mutex is refused
        if (from == UNTYPED_INT) return to == INT || to == DURATION;
        if (from == UNTYPED_BOOL) return to == BOOL;
        if (from == UNTYPED_NIL) return to instanceof Chan || to instanceof Pointer;
        // A bidirectional channel may be assigned to a directional one with the same element type.
        return from instanceof Chan f && to instanceof Chan t && f.dir() == Ast.ChanDir.BOTH && f.elem().equals(t.elem());
    }

    /** Types whose values {@code ==} can compare (all but the sync objects). */
    static boolean comparable(GoType t) { return !(t instanceof SyncObject); }
}
