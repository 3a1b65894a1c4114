package org.gmplab.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.gmplab.scenario.CompiledProgram;

/**
 * The program's synchronisation objects by handle: the value a goroutine holds for {@code &wg}, a mutex
 * or a channel. Handle 0 is nil; package-level objects come first (their handle is fixed by the
 * compiler), objects made at run time ({@code make(chan)}) after them.
 */
final class Handles {
    private final Object[] globals;
    private final ConcurrentHashMap<Long, Object> made = new ConcurrentHashMap<>();
    /** The next handle to give out; atomic because any M may make a channel or a mutex while others do too. */
    private final AtomicLong next;

    Handles(CompiledProgram program) {
        List<CompiledProgram.Global> gs = program.globals();
        globals = new Object[gs.size()];
        for (int i = 0; i < globals.length; i++) {
            CompiledProgram.Global g = gs.get(i);
            globals[i] = switch (g.kind()) {
                case WAIT_GROUP -> new WaitGroup(g.name());
                case MUTEX -> new Mutex(g.name());
                case CHANNEL -> new Channel(g.name(), i + 1, (int) g.capacity());
            };
        }
        next = new AtomicLong(globals.length);
    }

    /** The object behind {@code h}, or null for nil. */
    Object get(long h) {
        if (h > 0 && h <= globals.length) return globals[(int) h - 1];
        return h == 0 ? null : made.get(h);
    }

    <T> T get(long h, Class<T> kind, String what) {
        Object o = get(h);
        if (kind.isInstance(o)) return kind.cast(o);
        throw new GoPanic("panic: " + (o == null ? "nil " + what : "value " + h + " is not a " + what));
    }

    /** A channel, or null for a nil channel (operations on it block forever). */
    Channel chanOrNil(long h) {
        return h == 0 ? null : get(h, Channel.class, "chan");
    }

    /** Registers a channel made at run time and returns its handle. */
    Channel makeChan(int capacity) {
        long h = next.incrementAndGet();
        Channel c = new Channel("chan#" + h, h, capacity);
        made.put(h, c);
        return c;
    }

    /** The package-level mutexes' states, in declaration order. */
    List<org.gmplab.snapshot.Snapshot.Mutex> mutexes() {
        List<org.gmplab.snapshot.Snapshot.Mutex> out = new ArrayList<>();
        for (Object o : globals) if (o instanceof Mutex mu) out.add(mu.snapshot());
        return out;
    }

    /** Every object that goroutines may be parked on. */
    List<Waitable> waitables() {
        List<Waitable> out = new ArrayList<>();
        for (Object o : globals) out.add((Waitable) o);
        made.values().stream().sorted(java.util.Comparator.comparingLong(o -> ((Channel) o).handle))
                .forEach(o -> out.add((Waitable) o));
        return out;
    }
}
