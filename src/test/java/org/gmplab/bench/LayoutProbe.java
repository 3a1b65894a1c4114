package org.gmplab.bench;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.gosrc.ScenarioFiles;

/**
 * Where the live engine's hot objects lie in the heap (issue #19: false sharing between Java objects that Go keeps
 * apart). Starts the spawn storm (or the tree) live at p = 2, looks at the scheduler's objects while it runs —
 * {@code Sched} and its atomics and locks, the global queue, every P with its run queue, every M — and prints them
 * in address order with the 64-byte lines each one covers, marking the lines two of them share; then how many of the
 * Gs share a line with another G or another G's frame. Go's {@code p}, {@code m} and {@code g} are kilobytes each,
 * so one P's fields never share a line with another's; Java's are about 100 bytes, made one after another.
 *
 * <p>Addresses come from {@code sun.misc.Unsafe} (the compressed reference in an {@code Object[]}, times the
 * alignment found by allocating two objects of known size in a row); sizes from the fields' offsets. The collector
 * may move objects between the look and any other moment: the look is one instant.
 *
 * <pre>
 * java -Xmx4g -Xmn2g -cp target/test-classes:target/classes:$(cat target/cp.txt) org.gmplab.bench.LayoutProbe [WORKLOAD [PROCS]]
 * </pre>
 */
public final class LayoutProbe {

    /** {@code sun.misc.Unsafe}, called by reflection: named in the source it makes javac warn at every build. */
    private static final class U {
        private static final Object UNSAFE;
        private static final java.lang.reflect.Method GET_INT, GET_LONG, GET_OBJECT, FIELD_OFFSET, BASE_OFFSET, INDEX_SCALE;
        static {
            try {
                Class<?> c = Class.forName("sun.misc.Unsafe");
                Field f = c.getDeclaredField("theUnsafe");
                f.setAccessible(true);
                UNSAFE = f.get(null);
                GET_INT = c.getMethod("getInt", Object.class, long.class);
                GET_LONG = c.getMethod("getLong", Object.class, long.class);
                GET_OBJECT = c.getMethod("getObject", Object.class, long.class);
                FIELD_OFFSET = c.getMethod("objectFieldOffset", Field.class);
                BASE_OFFSET = c.getMethod("arrayBaseOffset", Class.class);
                INDEX_SCALE = c.getMethod("arrayIndexScale", Class.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private static Object call(java.lang.reflect.Method m, Object... args) {
            try {
                return m.invoke(UNSAFE, args);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(m.getName() + ": " + e, e);
            }
        }

        static int getInt(Object o, long off) { return (int) call(GET_INT, o, off); }
        static long getLong(Object o, long off) { return (long) call(GET_LONG, o, off); }
        static Object getObject(Object o, long off) { return call(GET_OBJECT, o, off); }
        static long objectFieldOffset(Field f) { return (long) call(FIELD_OFFSET, f); }
        static int arrayBaseOffset(Class<?> c) { return (int) call(BASE_OFFSET, c); }
        static int arrayIndexScale(Class<?> c) { return (int) call(INDEX_SCALE, c); }
    }

    /** An object at {@code address}, its fields (or elements) from {@code address + from} to {@code address + size}. */
    record Obj(String name, long address, long from, long size) {
        // the lines its fields cover: a header alone on a line is not shared with anything that matters
        long firstLine() { return (address + from) >>> 6; }
        long lastLine() { return (address + size - 1) >>> 6; }
    }

    public static void main(String[] args) throws Exception {
        String workload = args.length > 0 ? args[0] : "spawn";
        int p = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        Scenario base = ScenarioFiles.load(Path.of("bench/go", workload, "gmplab.go"));
        int shift = shift();
        System.out.printf("compressed references shifted by %d (alignment %d)%n", shift, 1 << shift);
        for (int round = 0; round < 3; round++) {
            try (Engine e = Engine.live(base.withGomaxprocs(p), 1, false)) {
                Object sched = field(e, "sched");
                // let the run get going: the second M is made by the first go statements
                long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100 + 100L * round);
                while (System.nanoTime() < until) Thread.onSpinWait();
                List<Obj> objs = new ArrayList<>();
                add(objs, "Sched", sched, shift);
                for (String f : new String[] {"lock", "runq", "npidle", "nmspinning", "needspinning", "goidgen", "gFreeLock", "allglock", "lastpoll", "pollUntil"}) {
                    Object o = field(sched, f);
                    add(objs, "sched." + f, o, shift);
                    if (o instanceof java.util.concurrent.locks.ReentrantLock) add(objs, "sched." + f + ".sync", field(o, "sync"), shift);
                }
                for (Object pp : (Object[]) field(sched, "allp")) {
                    String n = pp.toString();
                    add(objs, n, pp, shift);
                    Object rq = field(pp, "runq");
                    add(objs, n + ".runq", rq, shift);
                    add(objs, n + ".runq.runq[]", field(rq, "runq"), shift);
                    add(objs, n + ".runq.slowBatch[]", field(rq, "slowBatch"), shift);
                    add(objs, n + ".timers", field(pp, "timers"), shift);
                }
                for (Object m : (List<?>) field(sched, "allm")) {
                    String n = "M" + field(m, "id");
                    add(objs, n, m, shift);
                    add(objs, n + ".finder", field(m, "finder"), shift);
                    add(objs, n + ".interp", field(m, "interp"), shift);
                }
                objs.sort(Comparator.comparingLong(Obj::address));
                System.out.printf("%n%s p=%d, %d ms into the run%n", workload, p, 100 + 100 * round);
                for (int i = 0; i < objs.size(); i++) {
                    Obj o = objs.get(i);
                    StringBuilder shared = new StringBuilder();
                    for (Obj x : objs)
                        if (x != o && x.firstLine() <= o.lastLine() && o.firstLine() <= x.lastLine()) shared.append(' ').append(x.name);
                    System.out.printf("  %#014x %6d B (fields from %3d)  lines %d..%d  %-24s%s%n", o.address, o.size, o.from, o.firstLine() - objs.get(0).firstLine(),
                            o.lastLine() - objs.get(0).firstLine(), o.name, shared.length() == 0 ? "" : "  shares a line with" + shared);
                }
                gs(sched, shift);
            }
        }
    }

    /** How many Gs share a 64-byte line (or a 128-byte pair, what the adjacent-line prefetcher fetches) with another G or another G's frame. */
    private static void gs(Object sched, int shift) throws ReflectiveOperationException {
        List<?> allgs;
        java.util.concurrent.locks.ReentrantLock l = (java.util.concurrent.locks.ReentrantLock) field(sched, "allglock");
        l.lock();
        try {
            allgs = new ArrayList<>((List<?>) field(sched, "allgs"));
        } finally {
            l.unlock();
        }
        List<Obj> gs = new ArrayList<>();
        for (Object g : allgs) {
            gs.add(obj("G", g, shift));
            Object f = field(g, "frame");
            if (f == null) f = field(g, "stack");
            if (f != null) {
                gs.add(obj("frame", f, shift));
                Object locals = field(f, "locals");
                if (locals != null) gs.add(obj("locals", locals, shift));
            }
        }
        gs.sort(Comparator.comparingLong(Obj::address));
        int n = 0, share64 = 0, share128 = 0;
        long gsize = 0;
        for (int i = 0; i < gs.size(); i++) {
            Obj o = gs.get(i);
            if (!o.name.equals("G")) continue;
            n++;
            gsize = o.size;
            boolean s64 = false, s128 = false;
            for (int j = Math.max(0, i - 4); j < Math.min(gs.size(), i + 5); j++) {
                if (j == i) continue;
                Obj x = gs.get(j);
                boolean mine = j > i && j <= i + 2 && !x.name.equals("G"); // this G's own frame and locals, made just after it
                if (mine) continue;
                if (x.firstLine() <= o.lastLine() && o.firstLine() <= x.lastLine()) s64 = true;
                if ((x.firstLine() >> 1) <= (o.lastLine() >> 1) && (o.firstLine() >> 1) <= (x.lastLine() >> 1)) s128 = true;
            }
            if (s64) share64++;
            if (s128) share128++;
        }
        System.out.printf("  Gs: %d of %d B; sharing a 64-byte line with another G's objects: %d (%.0f %%); a 128-byte pair: %d (%.0f %%)%n",
                n, gsize, share64, 100.0 * share64 / n, share128, 100.0 * share128 / n);
    }

    private static void add(List<Obj> objs, String name, Object o, int shift) {
        if (o != null) objs.add(obj(name, o, shift));
    }

    private static Obj obj(String name, Object o, int shift) {
        return new Obj(name, address(o, shift), from(o), size(o));
    }

    private static long address(Object o, int shift) {
        Object[] box = {o};
        long base = U.arrayBaseOffset(Object[].class);
        return U.arrayIndexScale(Object[].class) == 4 ? (U.getInt(box, base) & 0xFFFF_FFFFL) << shift : U.getLong(box, base);
    }

    /** Where the object's first field (or element) begins. */
    private static long from(Object o) {
        Class<?> c = o.getClass();
        if (c.isArray()) return U.arrayBaseOffset(c);
        long from = Long.MAX_VALUE;
        for (Class<?> k = c; k != null; k = k.getSuperclass())
            for (Field f : k.getDeclaredFields())
                if (!Modifier.isStatic(f.getModifiers())) from = Math.min(from, U.objectFieldOffset(f));
        return from == Long.MAX_VALUE ? 12 : from;
    }

    /** The object's size in bytes up to its last field's end (or its array's), rounded up to 8. */
    private static long size(Object o) {
        Class<?> c = o.getClass();
        long end;
        if (c.isArray()) {
            end = U.arrayBaseOffset(c) + (long) U.arrayIndexScale(c) * Array.getLength(o);
        } else {
            end = 12;
            for (Class<?> k = c; k != null; k = k.getSuperclass())
                for (Field f : k.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers())) continue;
                    Class<?> t = f.getType();
                    int w = t == long.class || t == double.class ? 8 : t == int.class || t == float.class ? 4
                            : t == short.class || t == char.class ? 2 : t == byte.class || t == boolean.class ? 1 : U.arrayIndexScale(Object[].class);
                    end = Math.max(end, U.objectFieldOffset(f) + w);
                }
        }
        return (end + 7) & ~7L;
    }

    /** The shift of compressed references: two {@code long[14]} (128 bytes each) made in a row lie 128 bytes apart. */
    private static int shift() {
        int[] votes = new int[8];
        for (int i = 0; i < 100; i++) {
            long[] a = new long[14], b = new long[14];
            long d = address(b, 0) - address(a, 0);
            for (int s = 0; s < 8; s++) if (d << s == 128) votes[s]++;
        }
        int best = 0;
        for (int s = 1; s < 8; s++) if (votes[s] > votes[best]) best = s;
        return best;
    }

    private static Object field(Object o, String name) throws ReflectiveOperationException {
        for (Class<?> k = o.getClass(); k != null; k = k.getSuperclass()) {
            try {
                Field f = k.getDeclaredField(name);
                // read through Unsafe: java.base does not open its packages (a ReentrantLock's sync) to reflection
                return f.getType().isPrimitive() ? (Object) U.getInt(o, U.objectFieldOffset(f)) : U.getObject(o, U.objectFieldOffset(f));
            } catch (NoSuchFieldException next) {
                // look in the superclass
            }
        }
        throw new NoSuchFieldException(o.getClass().getName() + "." + name);
    }
}
