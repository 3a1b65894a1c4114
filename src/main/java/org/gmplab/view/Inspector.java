package org.gmplab.view;

import org.gmplab.snapshot.Snapshot;

/** One line of text about the thing that was clicked, from the snapshot on screen. No JavaFX. */
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
}
