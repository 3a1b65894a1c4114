package org.gmplab.scenario.gosrc;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A Go block: the names it declares and its enclosing block. Function literals nest their scopes in
 * the enclosing function's, as Go does, so a lookup that crosses into another function's scope has
 * found a captured variable ({@link #fn} tells whose scope this is; null for package and universe).
 */
final class Scope {
    final Scope parent;
    final FunctionContext fn;
    private final Map<String, Symbol> names = new LinkedHashMap<>();

    Scope(Scope parent, FunctionContext fn) {
        this.parent = parent;
        this.fn = fn;
    }

    /** Declares {@code s}; returns the symbol already declared under the name in this block, if any. */
    Symbol declare(String name, Symbol s) {
        return names.putIfAbsent(name, s);
    }

    Symbol local(String name) { return names.get(name); }

    Symbol lookup(String name) {
        for (Scope s = this; s != null; s = s.parent) {
            Symbol sym = s.names.get(name);
            if (sym != null) return sym;
        }
        return null;
    }

    Iterable<Symbol> symbols() { return names.values(); }
}
