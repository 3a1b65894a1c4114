package org.gmplab.scenario.gosrc;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gmplab.scenario.Expr;
import org.gmplab.scenario.Function;
import org.gmplab.scenario.Listing;
import org.gmplab.scenario.Program;
import org.gmplab.scenario.Stmt;

/**
 * Compiles a parsed file to a {@link Program}: declares the package-level names (imports, functions,
 * constants, wait groups, mutexes, channels), lowers each function in declaration order (lifted
 * literals right after the function they come from), and finally reports a variable declared and not
 * used, as Go does.
 */
final class GoCompiler {

    private final Scope universe = Universe.scope();
    private final Scope packageScope = new Scope(universe, null);
    /** The imports; function scopes hang below it. */
    private final Scope fileScope = new Scope(packageScope, null);
    private final ExprLowering constants = new ExprLowering(this, null, fileScope);
    private final Map<String, Function> functions = new LinkedHashMap<>();
    private final List<String> waitGroups = new ArrayList<>(), mutexes = new ArrayList<>();
    private final Map<String, Long> channels = new LinkedHashMap<>();
    private final Set<String> globalNames = new HashSet<>();
    private final List<Symbol.Local> locals = new ArrayList<>();
    private int nextId;
    /** The line of each statement lowered so far, by identity (statements are values: two wg.Done() are equal). */
    private final Map<Stmt, Integer> lineOf = new java.util.IdentityHashMap<>();
    /** Each function's statement lines, in {@link Listing#walk} order. */
    private final Map<String, int[]> lines = new LinkedHashMap<>();

    private GoCompiler() { }

    /** The program of {@code file}, whose text is {@code source}: its listing is that text, with each statement's line. */
    static Program compile(Ast.File file, String source) {
        GoCompiler c = new GoCompiler();
        Program p = c.program(file);
        return p.withListing(Listing.fromSource(source, c.lines));
    }

    private Program program(Ast.File file) {
        if (file.pkg() != null && !file.pkg().name().equals("main"))
            throw new SourceError(file.pkg().pos(), "package " + file.pkg().name() + ": a scenario is package main (it runs func main)");
        imports(file);
        Map<Ast.FuncDecl, Symbol.Func> funcs = new LinkedHashMap<>();
        for (Ast.Decl d : file.decls()) {
            if (d instanceof Ast.FuncDecl f) funcs.put(f, function(f));
            else if (d instanceof Ast.ConstDecl c) {
                if (c.values().size() != c.names().size())
                    throw new SourceError(c.pos(), (c.values().size() < c.names().size() ? "missing init expr for const declaration" : "extra init expr"));
                for (int i = 0; i < c.names().size(); i++)
                    if (!c.names().get(i).name().equals("_")) declarePackage(c.names().get(i), new Symbol.PendingConstant(c, i));
            }
        }
        for (Ast.Decl d : file.decls()) {
            if (d instanceof Ast.VarDecl v) packageVar(v);
            else if (d instanceof Ast.ConstDecl c) for (int i = 0; i < c.names().size(); i++) {
                Symbol s = packageScope.local(c.names().get(i).name());
                if (s instanceof Symbol.PendingConstant p) constant(p); // checked even if unused, as Go does
            }
        }
        if (!(packageScope.local("main") instanceof Symbol.Func))
            throw new SourceError(file.start(), "function main is undeclared in the main package");
        for (var e : funcs.entrySet()) {
            Ast.FuncDecl d = e.getKey();
            FunctionContext fn = new FunctionContext(d.name().name(), null, FunctionContext.Kind.DECLARED, AstText.assigned(AstText.paramNames(d.params()), d.body()));
            reserve(fn.modelName);
            define(FunctionLowering.declared(this, fn, fileScope, d, e.getValue().params()));
        }
        Symbol.Local unused = null;
        for (Symbol.Local l : locals)
            if (!l.used && !l.param && !l.hidden && (unused == null || l.declared.before(unused.declared))) unused = l;
        if (unused != null) throw new SourceError(unused.declared, "declared and not used: " + unused.name);
        return new Program(functions, waitGroups, mutexes, channels);
    }

    /**
     * Imports declare package names. A snippet without a package clause may use runtime, sync and time
     * without importing them; a Go file must import them, as Go requires. Other imports are accepted
     * (so a real Go file pastes in) and refused only where something from them is used.
     */
    private void imports(Ast.File file) {
        for (Ast.Import imp : file.imports()) {
            String name = imp.name() != null ? imp.name().name() : defaultName(imp.path());
            if (name.equals("_")) continue;
            if (fileScope.declare(name, new Symbol.Package(name, imp.path(), imp.pos())) != null)
                throw new SourceError(imp.pos(), name + " redeclared in this block (imported twice)");
        }
        if (file.pkg() == null)
            for (String p : Universe.KNOWN_PACKAGES)
                if (fileScope.local(p) == null) fileScope.declare(p, new Symbol.Package(p, p, file.start()));
    }

    private static String defaultName(String path) {
        String[] parts = path.split("/");
        String last = parts[parts.length - 1];
        if (parts.length > 1 && last.matches("v[0-9]+")) last = parts[parts.length - 2];
        return last;
    }

    private void declarePackage(Ast.Ident id, Symbol s) {
        if (fileScope.local(id.name()) instanceof Symbol.Package)
            throw new SourceError(id.pos(), id.name() + " redeclared in this block (it is also the name of an imported package)");
        if (packageScope.declare(id.name(), s) != null) throw new SourceError(id.pos(), id.name() + " redeclared in this block");
    }

    private Symbol.Func function(Ast.FuncDecl d) {
        String name = d.name().name();
        if (name.equals("init")) throw SourceError.notSupported(d.name().pos(), "func init is", "do the work at the start of main");
        if (name.equals("_")) throw SourceError.notSupported(d.name().pos(), "a function named _ is", null);
        if (name.equals("main") && !d.params().isEmpty())
            throw new SourceError(d.name().pos(), "func main must have no arguments and no return values");
        List<GoType> params = new ArrayList<>();
        for (Ast.Param p : d.params()) params.add(FunctionLowering.paramType(constants, p));
        Symbol.Func f = new Symbol.Func(name, d, List.copyOf(params));
        declarePackage(d.name(), f);
        return f;
    }

    /**
     * A package-level variable: a wait group, a mutex, or a channel made where it is declared. The model
     * has no shared memory for the rest (an int every goroutine could read and write).
     */
    private void packageVar(Ast.VarDecl v) {
        GoType declared = v.type() == null ? null : constants.type(v.type());
        if (v.values().isEmpty()) {
            if (declared instanceof GoType.SyncObject) {
                for (Ast.Ident id : v.names()) if (!id.name().equals("_")) declarePackage(id, addGlobal(id.name(), declared, id.pos(), null));
                return;
            }
            if (declared instanceof GoType.Chan)
                throw SourceError.notSupported(v.pos(), "a package-level channel without make is",
                        "make it where it is declared: var " + v.names().get(0).name() + " = make(" + declared + ")");
            throw packageValue(v, declared);
        }
        if (declared instanceof GoType.SyncObject so)
            throw new SourceError(v.values().get(0).pos(), "a " + so + " cannot be assigned a value; declare it with var " + v.names().get(0).name() + " " + so);
        if (v.values().size() != v.names().size())
            throw new SourceError(v.pos(), "assignment mismatch: " + v.names().size() + " variables but " + v.values().size() + " values");
        for (int i = 0; i < v.names().size(); i++) {
            Ast.ExprNode value = AstText.unparen(v.values().get(i));
            if (!(value instanceof Ast.Call c && AstText.unparen(c.fun()) instanceof Ast.Ident mk && mk.name().equals("make")
                    && constants.scope.lookup("make") instanceof Symbol.Builtin))
                throw packageValue(v, declared != null ? declared : GoType.defaultType(constants.value(v.values().get(i)).type()));
            ExprLowering.MakeArgs m = constants.makeArgs(c);
            if (!(m.capacity() instanceof Expr.Const cap))
                throw new SourceError(Ast.start(c.args().get(1)), "the buffer size of a package-level channel must be a constant");
            GoType t = m.type();
            if (declared != null) {
                constants.convert(Operand.value(m.type(), null, c), declared, "variable declaration");
                t = declared;
            }
            Ast.Ident id = v.names().get(i);
            if (!id.name().equals("_")) declarePackage(id, addGlobal(id.name(), t, id.pos(), cap.value()));
        }
    }

    private static SourceError packageValue(Ast.VarDecl v, GoType t) {
        return SourceError.notSupported(v.pos(), "package-level variables of type " + (t == null ? "nil" : t) + " are",
                "goroutines share no memory in the model; use a constant, a parameter or a channel");
    }

    // ---- called while lowering ----

    Symbol.Local newLocal(String name, GoType type, Pos declared, FunctionContext owner, int loopDepth, Symbol.Local captureOf,
                          boolean param, boolean hidden, Set<Symbol.Local> live) {
        Symbol.Local l = new Symbol.Local(name, type, declared, owner, loopDepth, captureOf, param, hidden, nextId++, live);
        owner.locals.add(l);
        locals.add(l);
        return l;
    }

    /**
     * Registers a wait group, mutex or channel ({@code capacity} non-null) of the program under a model
     * name unique among them: its Go name, or {@code wg·1} if main declares a second {@code wg}.
     */
    Symbol.Global addGlobal(String name, GoType type, Pos at, Long capacity) {
        String model = name;
        for (int i = 1; globalNames.contains(model); i++) model = name + SlotNames.SEPARATOR + i;
        globalNames.add(model);
        if (type instanceof GoType.SyncObject so) {
            if (so.kind() == GoType.SyncKind.WAIT_GROUP) waitGroups.add(model);
            else mutexes.add(model);
        } else {
            channels.put(model, capacity);
        }
        return new Symbol.Global(name, model, type, at);
    }

    /** Keeps a function's place in declaration order before its body (and its literals) are lowered. */
    void reserve(String name) { functions.putIfAbsent(name, null); }

    void define(Function f) { functions.put(f.name(), f); }

    /** Gives {@code stmts} from {@code from} on the line {@code line}, unless a nested statement gave them theirs. */
    void lineOf(List<Stmt> stmts, int from, int line) {
        for (int i = from; i < stmts.size(); i++) lineOf.putIfAbsent(stmts.get(i), line);
    }

    /** Records a lowered function's statement lines (before its variables are renamed, which copies the statements). */
    void lines(String function, List<Stmt> body) { lines.put(function, Listing.lines(body, lineOf)); }

    Symbol.Constant constant(Symbol.PendingConstant p) {
        if (p.value != null) return p.value;
        if (p.evaluating) throw new SourceError(p.decl.names().get(p.index).pos(), "initialization cycle: " + p.name() + " refers to itself");
        p.evaluating = true;
        p.value = constantValue(constants, p.decl.names().get(p.index), p.decl.type(), p.decl.values().get(p.index));
        return p.value;
    }

    /** A constant declaration's value, checked as Go checks it. */
    Symbol.Constant constantValue(ExprLowering l, Ast.Ident name, Ast.TypeNode type, Ast.ExprNode value) {
        Operand x = l.value(value);
        if (!x.isConstant() || x.isNil()) throw new SourceError(Ast.start(value), x.describe() + " is not constant");
        GoType t = x.type();
        if (type != null) {
            t = l.type(type);
            if (!(t == GoType.INT || t == GoType.DURATION || t == GoType.BOOL))
                throw new SourceError(type.pos(), "invalid constant type " + t);
            l.convert(x, t, "constant declaration");
        }
        return new Symbol.Constant(name.name(), t, x.constant());
    }
}
