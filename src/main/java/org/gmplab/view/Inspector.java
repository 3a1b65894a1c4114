package org.gmplab.view;

import org.gmplab.snapshot.Snapshot;

/**
 * Text about a thing on the canvas, from the snapshot on screen: one full line for what was clicked (every
 * field, for the inspector) and a short sentence for what the mouse hovers (the tooltip). No JavaFX.
 */
public final class Inspector {
    private static final String[] G_STATUS = {"idle", "runnable", "running", "syscall", "waiting", "?", "dead"};
    private static final String[] P_STATUS = {"idle", "running", "syscall", "gcstop", "dead"};

    private Inspector() { }

    public static String describe(Layout.Hit h, Snapshot s) {
        if (h == null) return "";
        switch (h.kind()) {
            case G -> {
                for (Snapshot.G g : s.gs()) {
                    if (g.goid() != h.id()) continue;
                    String st = g.status() >= 0 && g.status() < G_STATUS.length ? G_STATUS[g.status()] : "?";
                    return "G" + g.goid() + "  " + st + (g.waitReason().isEmpty() ? "" : " (" + g.waitReason() + ")")
                            + "  in " + g.where() + "  func " + g.function() + "  at " + g.instruction()
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
                    String st = p.status() >= 0 && p.status() < P_STATUS.length ? P_STATUS[p.status()] : "?";
                    return "P" + p.id() + "  " + st + "  m=" + p.m() + " runnext=" + p.runnext() + " runqsize=" + p.runq().size()
                            + "/" + p.capacity() + " runqhead=" + p.head() + " runqtail=" + p.tail() + " schedtick=" + p.schedtick()
                            + " syscalltick=" + p.syscalltick() + " gfreecnt=" + p.gfreecnt();
                }
            }
            case POOL -> {
                return switch (h.pool()) {
                    case "global" -> "global run queue: " + s.globalQueue().size() + " Gs (runqsize)";
                    case "idleP" -> "idle Ps: " + s.idlePs() + " (npidle=" + s.npidle() + ")";
                    case "idleM" -> "idle Ms: " + s.idleMs() + " (nmidle=" + s.nmidle() + ")";
                    case "free" -> "free Gs: " + s.globalFree() + " on the global list, the rest on the Ps' lists";
                    default -> h.pool();
                };
            }
        }
        return "";
    }

    /** A short sentence about {@code h}, e.g. "G17 runnable in P2's runq, slot 5 (of 256)"; empty for nothing. */
    public static String brief(Layout.Hit h, Snapshot s) {
        if (h == null || s == null) return "";
        return switch (h.kind()) {
            case G -> briefG(h.id(), s);
            case M -> {
                for (Snapshot.Thread m : s.ms()) {
                    if (m.id() != h.id()) continue;
                    if (Layout.isSysmon(m)) yield "M" + m.id() + ": sysmon, a thread without a P that retakes Ps and preempts long runners";
                    String doing = m.p() >= 0 ? (m.curg() >= 0 ? "runs G" + m.curg() + " on P" + m.p() : "holds P" + m.p() + ", in its scheduler (g0)")
                            : m.curg() >= 0 ? "in a syscall with G" + m.curg() + ", no P"
                            : m.nextp() >= 0 ? "handed P" + m.nextp() + ", starting"
                            : m.spinning() ? "spinning: looking for work to steal" : "idle, parked";
                    yield "M" + m.id() + " " + doing + (m.spinning() && m.p() >= 0 ? ", spinning" : "");
                }
                yield "M" + h.id();
            }
            case P -> {
                for (Snapshot.Proc p : s.ps()) {
                    if (p.id() != h.id()) continue;
                    String st = p.status() >= 0 && p.status() < P_STATUS.length ? P_STATUS[p.status()] : "?";
                    yield "P" + p.id() + " " + st + (p.m() >= 0 ? " on M" + p.m() : ", no M") + ", runq " + p.runq().size() + "/"
                            + p.capacity() + (p.runnext() >= 0 ? ", runnext G" + p.runnext() : "");
                }
                yield "P" + h.id();
            }
            case POOL -> describe(h, s);
        };
    }

    private static String briefG(long goid, Snapshot s) {
        for (Snapshot.G g : s.gs()) {
            if (g.goid() != goid) continue;
            String st = g.status() >= 0 && g.status() < G_STATUS.length ? G_STATUS[g.status()] : "?";
            String where = g.where();
            String place = where;
            int dot = where.indexOf('.');
            if (where.endsWith(".runq") && dot > 1) {
                int pid = Integer.parseInt(where.substring(1, dot));
                place = where.substring(0, dot) + "'s runq" + slot(s, pid, goid);
            } else if (where.endsWith(".runnext")) {
                place = where.substring(0, dot) + "'s runnext";
            } else if (where.equals("global")) {
                place = "the global run queue";
            } else if (where.startsWith("M")) {
                place = "on " + where;
            }
            return "G" + g.goid() + " " + st + (place.isEmpty() ? "" : place.startsWith("on ") ? " " + place : " in " + place)
                    + (g.waitReason().isEmpty() ? "" : " — wait reason: " + g.waitReason()) + " — " + g.function() + " at " + g.instruction();
        }
        return "G" + goid;
    }

    /** ", slot k (of cap)" for {@code goid} in P {@code pid}'s ring, or empty when it is not there. */
    private static String slot(Snapshot s, int pid, long goid) {
        for (Snapshot.Proc p : s.ps()) {
            if (p.id() != pid) continue;
            int i = p.runq().indexOf(goid);
            return i < 0 ? "" : ", slot " + Math.floorMod(p.head() + i, Math.max(1, p.capacity())) + " (of " + p.capacity() + ")";
        }
        return "";
    }
}
