package org.gmplab.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** The engine's field handles: the orderings Go writes with its atomics and plain stores, where Java's volatile is too strong. */
final class VarHandles {
    private VarHandles() { }

    /**
     * A handle on field {@code name} of the class that made {@code lookup} ({@code MethodHandles.lookup()} in it).
     *
     * @throws ExceptionInInitializerError if there is no such field: a misspelt name fails the class's loading
     */
    static VarHandle field(MethodHandles.Lookup lookup, String name, Class<?> type) {
        try {
            return lookup.findVarHandle(lookup.lookupClass(), name, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
