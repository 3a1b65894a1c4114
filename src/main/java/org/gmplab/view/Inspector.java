package org.gmplab.view;

import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Place;
import org.gmplab.snapshot.Snapshot;
import org.gmplab.i18n.Wording;

/**
 * Text about a thing on the canvas, from the snapshot on screen: one full line for what was clicked (every
 * field, for the inspector) and a short sentence for what the mouse hovers (the tooltip). No JavaFX.
 */
public final class Inspector {
    private Inspector() { }

    public static String describe(Layout.Hit h, Snapshot s) { return describe(h, s, Wording.ENGLISH); }

    /** Every field of {@code h}, for the inspector line; status words and the pools' sentences in {@code w}. */
    public static String describe(Layout.Hit h, Snapshot s, Wording w) {
        if (h == null) return "";
        switch (h.kind()) {
            case G -> {
                for (Snapshot.G g : s.gs()) {
                    if (g.goid() != h.id()) continue;
                    String st = g.status().word();
                    return "G" + g.goid() + "  " + w.of(st) + (g.waitReason().isEmpty() ? "" : " (" + g.waitReason() + ")")
                            + "  in " + g.where().label() + "  func " + g.function() + "  at " + g.instruction()
                            + (g.m() >= 0 ? "  on M" + g.m() : "") + (g.parent() > 0 ? "  created by G" + g.parent() : "");
                }
            }
            case M -> {
                for (Snapshot.Thread m : s.ms()) {
                    if (m.id() != h.id()) continue;
                    return "M" + m.id() + (Layout.isSysmon(s, m) ? " (sysmon)" : "") + "  p=" + m.p() + " nextp=" + m.nextp()
                            + " curg=" + m.curg() + " spinning=" + m.spinning() + " blocked=" + m.blocked();
                }
            }
            case P -> {
                for (Snapshot.Proc p : s.ps()) {
                    if (p.id() != h.id()) continue;
                    String st = s.statusWord(p);
                    if (s.isSampled())   // schedtrace: the queue's length, not its Gs; no runnext
                        return "P" + p.id() + "  " + w.of(st) + "  m=" + p.m() + " runqsize=" + s.sampled().runqsize(p.id())
                                + " schedtick=" + p.schedtick() + " syscalltick=" + p.syscalltick();
                    return "P" + p.id() + "  " + w.of(st) + "  m=" + p.m() + " runnext=" + p.runnext() + " runqsize=" + p.runq().size()
                            + "/" + p.capacity() + " runqhead=" + p.head() + " runqtail=" + p.tail() + " schedtick=" + p.schedtick()
                            + " syscalltick=" + p.syscalltick() + " gfreecnt=" + p.gfreecnt();
                }
            }
            case POOL -> {
                return switch (h.pool()) {
                    case "global" -> s.isSampled()
                            ? w.format("global run queue: %d Gs (runqueue=, a count: schedtrace does not name them)", s.sampled().runqueue())
                            : s.real()
                            ? w.format("runnable: %d Gs, in queues the trace does not name (a P's ring, its runnext or the global queue)",
                                    s.gs().stream().filter(g -> g.where() instanceof Place.Pool).count())
                            : w.format("global run queue: %d Gs (runqsize)", s.globalQueue().size());
                    case "idleP" -> w.format("idle Ps: %s (npidle=%d)", s.idlePs(), s.npidle());
                    case "idleM" -> w.format("idle Ms: %s (nmidle=%d)", s.idleMs(), s.nmidle());
                    case "free" -> w.format("free Gs: %d on the global list, the rest on the Ps' lists", s.globalFree());
                    default -> h.pool();
                };
            }
        }
        return "";
    }

    /** One field of a selected thing, for the inspector sheet: its group, Go's name for it, its value. */
    public record Field(String category, String name, String value) {}

    /**
     * Every field of {@code h} in the snapshot, one row each, named as Go's structures name them (g.goid,
     * p.runqhead …); empty when there is nothing selected or it is gone.
     */
    public static java.util.List<Field> fields(Layout.Hit h, Snapshot s) {
        java.util.List<Field> out = new java.util.ArrayList<>();
        if (h == null || s == null) return out;
        switch (h.kind()) {
            case G -> {
                for (Snapshot.G g : s.gs()) {
                    if (g.goid() != h.id()) continue;
                    String c = "G" + g.goid();
                    out.add(new Field(c, "goid", Long.toString(g.goid())));
                    out.add(new Field(c, "status", g.status().word()));
                    out.add(new Field(c, "waitreason", g.waitReason()));
                    out.add(new Field(c, "where", g.where().label()));
                    out.add(new Field(c, "m", g.m() < 0 ? "" : "M" + g.m()));
                    out.add(new Field(c, "function", g.function()));
                    out.add(new Field(c, "instruction", g.instruction()));
                    out.add(new Field(c, "parentGoid", g.parent() > 0 ? "G" + g.parent() : ""));
                    // queued on a sync.Mutex's semaphore: the mutex, its mode and its state word
                    for (Snapshot.Mutex mu : s.mutexes()) {
                        if (!mu.queue().contains(g.goid())) continue;
                        out.add(new Field(c, "mutex", mu.name()));
                        out.add(new Field(c, "mutex.mode", mu.mode()));
                        out.add(new Field(c, "mutex.state", (mu.locked() ? "locked" : "unlocked") + (mu.woken() ? "|woken" : "")
                                + (mu.starving() ? "|starving" : "") + " waiters=" + mu.waiterCount()));
                    }
                }
            }
            case M -> {
                for (Snapshot.Thread m : s.ms()) {
                    if (m.id() != h.id()) continue;
                    String c = "M" + m.id() + (Layout.isSysmon(s, m) ? " (sysmon)" : "");
                    out.add(new Field(c, "id", Integer.toString(m.id())));
                    out.add(new Field(c, "p", m.p() < 0 ? "" : "P" + m.p()));
                    out.add(new Field(c, "nextp", m.nextp() < 0 ? "" : "P" + m.nextp()));
                    out.add(new Field(c, "curg", m.curg() < 0 ? "" : "G" + m.curg()));
                    out.add(new Field(c, "spinning", Boolean.toString(m.spinning())));
                    out.add(new Field(c, "blocked", Boolean.toString(m.blocked())));
                }
            }
            case P -> {
                for (Snapshot.Proc p : s.ps()) {
                    if (p.id() != h.id()) continue;
                    String c = "P" + p.id();
                    out.add(new Field(c, "id", Integer.toString(p.id())));
                    out.add(new Field(c, "status", p.status().word()));
                    out.add(new Field(c, "m", p.m() < 0 ? "" : "M" + p.m()));
                    if (s.isSampled()) {   // schedtrace prints the queue's length, schedtick and syscalltick, not the Gs nor runnext
                        out.add(new Field(c, "runqsize", s.sampled().runqsize(p.id()) + " (a count)"));
                        out.add(new Field(c, "runq", "not printed (schedtrace gives the count)"));
                        if (s.sampled().detail()) {
                            out.add(new Field(c, "schedtick", Long.toString(p.schedtick())));
                            out.add(new Field(c, "syscalltick", Long.toString(p.syscalltick())));
                        }
                        continue;
                    }
                    if (s.real()) {   // a trace records neither the ring nor runnext, schedtick nor the free list
                        out.add(new Field(c, "runq", "not in the trace"));
                        continue;
                    }
                    out.add(new Field(c, "runnext", p.runnext() < 0 ? "" : "G" + p.runnext()));
                    out.add(new Field(c, "runqsize", p.runq().size() + " / " + p.capacity()));
                    out.add(new Field(c, "runqhead", Integer.toString(p.head())));
                    out.add(new Field(c, "runqtail", Integer.toString(p.tail())));
                    out.add(new Field(c, "runq", gs(p.runq())));
                    out.add(new Field(c, "schedtick", Long.toString(p.schedtick())));
                    out.add(new Field(c, "syscalltick", Long.toString(p.syscalltick())));
                    out.add(new Field(c, "gFree.n", Integer.toString(p.gfreecnt())));
                }
            }
            case POOL -> {
                String c = h.pool();
                switch (h.pool()) {
                    case "global" -> {
                        if (s.isSampled()) {   // schedtrace's runqueue=: the length, not the Gs
                            out.add(new Field(c, "sched.runqsize", s.sampled().runqueue() + " (a count)"));
                            out.add(new Field(c, "runnable Gs (G lines)",
                                    gs(s.gs().stream().filter(g -> g.where() instanceof Place.Pool).map(Snapshot.G::goid).toList())));
                            return out;
                        }
                        if (s.real()) {   // not Go's sched.runq: every runnable G, in whatever queue
                            out.add(new Field(c, "runnable (queue not in the trace)",
                                    gs(s.gs().stream().filter(g -> g.where() instanceof Place.Pool).map(Snapshot.G::goid).toList())));
                            return out;
                        }
                        out.add(new Field(c, "sched.runqsize", Integer.toString(s.globalQueue().size())));
                        out.add(new Field(c, "sched.runq", gs(s.globalQueue())));
                    }
                    case "idleP" -> {
                        out.add(new Field(c, "sched.npidle", Integer.toString(s.npidle())));
                        out.add(new Field(c, "sched.pidle", s.idlePs().toString()));
                    }
                    case "idleM" -> {
                        out.add(new Field(c, "sched.nmidle", Integer.toString(s.nmidle())));
                        out.add(new Field(c, "sched.midle", s.idleMs().toString()));
                    }
                    case "free" -> out.add(new Field(c, "sched.gFree.n", Integer.toString(s.globalFree())));
                    default -> { }
                }
            }
        }
        return out;
    }

    /** "G3 G7 G9 …" (the first 32), for a queue's contents. */
    private static String gs(java.util.List<Long> ids) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < ids.size() && i < 32; i++) b.append(i == 0 ? "" : " ").append('G').append(ids.get(i));
        if (ids.size() > 32) b.append(" … (+").append(ids.size() - 32).append(')');
        return b.toString();
    }

    /** A short sentence about {@code h}, e.g. "G17 runnable in P2's runq, slot 5 (of 256)"; empty for nothing. */
    public static String brief(Layout.Hit h, Snapshot s) { return brief(h, s, Wording.ENGLISH); }

    /** The sentence about {@code h} in {@code w}. */
    public static String brief(Layout.Hit h, Snapshot s, Wording w) {
        if (h == null || s == null) return "";
        return switch (h.kind()) {
            case G -> briefG(h.id(), s, w);
            case M -> {
                for (Snapshot.Thread m : s.ms()) {
                    if (m.id() != h.id()) continue;
                    if (Layout.isSysmon(m)) yield "M" + m.id() + w.of(": sysmon, a thread without a P that retakes Ps and preempts long runners");
                    // Go 1.26: an M in a system call keeps its P
                    boolean inSyscall = m.curg() >= 0 && s.gs().stream().anyMatch(g -> g.goid() == m.curg() && g.status() == GStatus.SYSCALL);
                    String doing = m.p() >= 0 ? (inSyscall ? w.format("in a syscall with G%d, keeps P%d", m.curg(), m.p())
                            : m.curg() >= 0 ? w.format("runs G%d on P%d", m.curg(), m.p()) : w.format("holds P%d, in its scheduler (g0)", m.p()))
                            : m.curg() >= 0 ? w.format("in a syscall with G%d, no P", m.curg())
                            : m.nextp() >= 0 ? w.format("handed P%d, starting", m.nextp())
                            : w.of(m.spinning() ? "spinning: looking for work to steal" : "idle, parked");
                    yield "M" + m.id() + " " + doing + (m.spinning() && m.p() >= 0 ? w.of(", spinning") : "");
                }
                yield "M" + h.id();
            }
            case P -> {
                for (Snapshot.Proc p : s.ps()) {
                    if (p.id() != h.id()) continue;
                    String st = s.statusWord(p);
                    if (s.isSampled())
                        yield "P" + p.id() + " " + w.of(st) + (p.m() >= 0 ? w.format(" on M%d", p.m()) : w.of(", no M")) + ", runqsize " + s.sampled().runqsize(p.id());
                    yield "P" + p.id() + " " + w.of(st) + (p.m() >= 0 ? w.format(" on M%d", p.m()) : w.of(", no M")) + ", runq " + p.runq().size() + "/"
                            + p.capacity() + (p.runnext() >= 0 ? ", runnext G" + p.runnext() : "");
                }
                yield "P" + h.id();
            }
            case POOL -> describe(h, s, w);
        };
    }

    private static String briefG(long goid, Snapshot s, Wording w) {
        for (Snapshot.G g : s.gs()) {
            if (g.goid() != goid) continue;
            String st = g.status().word();
            Place where = g.where();
            String place = where instanceof Place.Ring r ? w.format("%s's runq", "P" + r.p()) + slot(s, r, w)
                    : where instanceof Place.Runnext r ? w.format("%s's runnext", "P" + r.p())
                    : where instanceof Place.Global ? w.of("the global run queue")
                    : where instanceof Place.Pool ? w.of("a run queue the trace does not name")
                    : where.label();
            boolean onM = where instanceof Place.OnM || where instanceof Place.Nextg || where instanceof Place.Lockedg;
            return "G" + g.goid() + " " + w.of(st) + (place.isEmpty() ? "" : onM ? w.format(" on %s", place) : w.format(" in %s", place))
                    + (g.waitReason().isEmpty() ? "" : w.of(" — wait reason: ") + g.waitReason()) + " — " + w.format("%s at %s", g.function(), g.instruction());
        }
        return "G" + goid;
    }

    /** ", slot k (of cap)": the ring's slot of the G {@code at} places from P's head, or empty when there is no such P. */
    private static String slot(Snapshot s, Place.Ring at, Wording w) {
        for (Snapshot.Proc p : s.ps()) {
            if (p.id() != at.p()) continue;
            return w.format(", slot %d (of %d)", Math.floorMod(p.head() + at.index(), Math.max(1, p.capacity())), p.capacity());
        }
        return "";
    }
}
