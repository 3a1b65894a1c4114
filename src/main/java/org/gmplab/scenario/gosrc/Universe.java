package org.gmplab.scenario.gosrc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a scenario can name without declaring it: Go's predeclared identifiers, the three scenario
 * intrinsics ({@code work}, {@code syscall}, {@code netread}), and the members of the packages the
 * subset knows ({@code runtime}, {@code sync}, {@code time}). Predeclared names the subset lacks are
 * here too, so that using one gets "not supported" rather than "undefined".
 */
final class Universe {
    private Universe() { }

    /** The packages whose members the subset gives meaning to. */
    static final List<String> KNOWN_PACKAGES = List.of("runtime", "sync", "time");

    static final long MINUTE = 60_000_000_000L, HOUR = 60 * MINUTE;

    private static final Map<String, Map<String, Symbol>> MEMBERS = new LinkedHashMap<>();

    static {
        Map<String, Symbol> time = new LinkedHashMap<>();
        time.put("Sleep", new Symbol.Builtin("time.Sleep", true));
        time.put("Duration", new Symbol.TypeName("time.Duration", GoType.DURATION));
        time.put("Nanosecond", new Symbol.Constant("time.Nanosecond", GoType.DURATION, 1));
        time.put("Microsecond", new Symbol.Constant("time.Microsecond", GoType.DURATION, 1_000));
        time.put("Millisecond", new Symbol.Constant("time.Millisecond", GoType.DURATION, 1_000_000));
        time.put("Second", new Symbol.Constant("time.Second", GoType.DURATION, 1_000_000_000));
        time.put("Minute", new Symbol.Constant("time.Minute", GoType.DURATION, MINUTE));
        time.put("Hour", new Symbol.Constant("time.Hour", GoType.DURATION, HOUR));
        MEMBERS.put("time", time);
        Map<String, Symbol> runtime = new LinkedHashMap<>();
        runtime.put("Gosched", new Symbol.Builtin("runtime.Gosched", true));
        runtime.put("GOMAXPROCS", new Symbol.Builtin("runtime.GOMAXPROCS", true));
        MEMBERS.put("runtime", runtime);
        Map<String, Symbol> sync = new LinkedHashMap<>();
        sync.put("WaitGroup", new Symbol.TypeName("sync.WaitGroup", new GoType.SyncObject(GoType.SyncKind.WAIT_GROUP)));
        sync.put("Mutex", new Symbol.TypeName("sync.Mutex", new GoType.SyncObject(GoType.SyncKind.MUTEX)));
        MEMBERS.put("sync", sync);
    }

    static Scope scope() {
        Scope u = new Scope(null, null);
        u.declare("int", new Symbol.TypeName("int", GoType.INT));
        u.declare("bool", new Symbol.TypeName("bool", GoType.BOOL));
        for (String t : List.of("string", "byte", "rune", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16",
                "uint32", "uint64", "uintptr", "float32", "float64", "complex64", "complex128", "error", "any", "comparable"))
            u.declare(t, new Symbol.TypeName(t, null));
        u.declare("true", new Symbol.Constant("true", GoType.UNTYPED_BOOL, 1));
        u.declare("false", new Symbol.Constant("false", GoType.UNTYPED_BOOL, 0));
        u.declare("nil", new Symbol.Constant("nil", GoType.UNTYPED_NIL, 0));
        u.declare("iota", new Symbol.Unsupported("iota", "write the constants' values"));
        for (String b : List.of("make", "close", "append", "cap", "clear", "complex", "copy", "delete", "imag", "len",
                "max", "min", "new", "panic", "print", "println", "real", "recover"))
            u.declare(b, new Symbol.Builtin(b, false));
        for (String i : List.of("work", "syscall", "netread")) u.declare(i, new Symbol.Builtin(i, true));
        return u;
    }

    /** {@code pkg.name}, or a "not supported" error naming what the subset has. */
    static Symbol member(Symbol.Package pkg, Ast.Ident sel) {
        Map<String, Symbol> members = MEMBERS.get(pkg.path());
        String qualified = pkg.name() + "." + sel.name();
        if (members == null)
            throw SourceError.notSupported(sel.pos(), qualified + " is", "package " + pkg.path()
                    + " has no meaning in a scenario (the subset uses runtime, sync and time)");
        Symbol s = members.get(sel.name());
        if (s == null)
            throw SourceError.notSupported(sel.pos(), qualified + " is", "from package " + pkg.path()
                    + " the subset has " + String.join(", ", members.keySet()));
        return s;
    }

    /** Hints for predeclared functions the subset lacks. */
    static String builtinHint(String name) {
        return switch (name) {
            case "print", "println" -> "a scenario prints nothing; drop the call";
            case "new" -> "declare var wg sync.WaitGroup and pass &wg";
            case "len", "cap" -> "channel lengths are not visible to the program";
            case "panic", "recover" -> "a scenario cannot panic on purpose";
            default -> "there are no slices, maps or floating-point numbers";
        };
    }
}
