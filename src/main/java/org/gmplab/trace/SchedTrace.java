package org.gmplab.trace;

import java.util.List;

import org.gmplab.snapshot.Snapshot;

/**
 * {@code GODEBUG=schedtrace=X} and {@code scheddetail=1} output for a snapshot, in Go 1.23's exact format
 * ({@code runtime.schedtrace}), so that a student can put it beside a real Go run; under Go 1.26's rules in
 * Go 1.26's (the summary line ends {@code [ 0 0 ] schedticks=[ 16 16 ]}; the detail lines are the same, and a
 * P in a system call shows {@code status=1} with its M).
 *
 * <p>Fields Go prints that have no counterpart here are printed with the value an idle runtime shows:
 * {@code gcwaiting=false}, {@code nmidlelocked=0}, {@code stopwait=0}, {@code mallocing=0},
 * {@code locks=0}, {@code lockedm=nil}. {@code timerslen} counts the P's sleep timers (Go's also holds the
 * runtime's own timers, which the engine does not have).
 */
public final class SchedTrace {
    private SchedTrace() { }

    /** The header line and, in detail mode, the P, M and G lines; each line ends with a newline. */
    public static String format(Snapshot s, boolean detail) {
        StringBuilder sb = new StringBuilder(detail ? 256 + 96 * (s.ps().size() + s.ms().size() + s.gs().size()) : 160);
        sb.append("SCHED ").append(s.time() / 1_000_000).append("ms: gomaxprocs=").append(s.gomaxprocs())
                .append(" idleprocs=").append(s.npidle())
                .append(" threads=").append(s.threads())
                .append(" spinningthreads=").append(s.nmspinning())
                .append(" needspinning=").append(s.needspinning())
                .append(" idlethreads=").append(s.nmidle())
                .append(" runqueue=").append(s.globalQueue().size());
        if (s.go10()) {
            // Go 1.0 had no schedtrace; the same header, then what it had instead of Ps.
            sb.append(" scheduler=go1.0 mcpu=").append(s.mcpu()).append(" mcpumax=").append(s.gomaxprocs())
                    .append(" schedlock=").append(s.lock().acquisitions()).append(" contended=").append(s.lock().contended());
        }
        if (!detail && s.go126()) {
            // Go 1.26: "[ 0 0 ] schedticks=[ 16 16 ]", spaces inside the brackets and a space after each tick
            sb.append(" [ ");
            for (Snapshot.Proc p : s.ps()) sb.append(p.runq().size()).append(' ');
            sb.append("] schedticks=[ ");
            for (Snapshot.Proc p : s.ps()) sb.append(p.schedtick()).append(' ');
            return sb.append("]\n").toString();
        }
        if (!detail) {
            sb.append(" [");
            List<Snapshot.Proc> ps = s.ps();
            for (int i = 0; i < ps.size(); i++) sb.append(i > 0 ? " " : "").append(ps.get(i).runq().size());
            return sb.append("]\n").toString();
        }
        sb.append(" gcwaiting=false nmidlelocked=0 stopwait=0 sysmonwait=").append(s.sysmonwait()).append('\n');
        for (Snapshot.Proc p : s.ps()) {
            sb.append("  P").append(p.id()).append(": status=").append(p.status().go)
                    .append(" schedtick=").append(p.schedtick())
                    .append(" syscalltick=").append(p.syscalltick())
                    .append(" m=").append(id(p.m()))
                    .append(" runqsize=").append(p.runq().size())
                    .append(" gfreecnt=").append(p.gfreecnt())
                    .append(" timerslen=").append(p.timerslen()).append('\n');
        }
        // Go walks allm from its head, where newm pushes: the newest M first.
        List<Snapshot.Thread> ms = s.ms();
        for (int i = ms.size() - 1; i >= 0; i--) {
            Snapshot.Thread m = ms.get(i);
            sb.append("  M").append(m.id()).append(": p=").append(id(m.p()))
                    .append(" curg=").append(id(m.curg()))
                    .append(" mallocing=0 throwing=0 preemptoff= locks=0 dying=0 spinning=").append(m.spinning())
                    .append(" blocked=").append(m.blocked())
                    .append(" lockedg=nil\n");
        }
        for (Snapshot.G g : s.gs()) {
            sb.append("  G").append(g.goid()).append(": status=").append(g.status().go)
                    .append('(').append(g.waitReason()).append(')')
                    .append(" m=").append(id(g.m()))
                    .append(" lockedm=nil\n");
        }
        return sb.toString();
    }

    /** Go 1.21+ prints absent ids as {@code nil}. */
    private static String id(long v) { return v < 0 ? "nil" : Long.toString(v); }
}
