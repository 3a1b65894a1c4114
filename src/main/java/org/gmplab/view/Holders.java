package org.gmplab.view;

import java.util.HashMap;
import java.util.Map;

import org.gmplab.snapshot.PStatus;
import org.gmplab.snapshot.Snapshot;

/**
 * Which M holds each P, remembered across snapshots so a hand-off can be drawn as the P leaving one M for
 * another. The memory is needed because Go's {@code entersyscall} detaches the P ({@code pp.m = 0}) and
 * keeps the link only on the M's side ({@code m.oldp}), which snapshots do not carry: a P in a syscall shows
 * no M. So a P in a syscall keeps the M it last had; any other P without an M forgets it (it went idle, and
 * whoever takes it next takes it from the idle list, not from an M). No JavaFX.
 */
public final class Holders {

    private final Map<Integer, Integer> last = new HashMap<>();

    /** P id → the M holding it now: {@code p.m}, else an M that was handed it and has not started ({@code m.nextp}). */
    public static Map<Integer, Integer> of(Snapshot s) {
        Map<Integer, Integer> out = new HashMap<>();
        for (Snapshot.Thread t : s.ms()) if (t.p() < 0 && t.nextp() >= 0) out.put(t.nextp(), t.id());
        for (Snapshot.Proc p : s.ps()) if (p.m() >= 0) out.put(p.id(), p.m());
        return out;
    }

    /** Takes {@code s} into the memory (call it with every snapshot shown, in order). */
    public void note(Snapshot s) {
        Map<Integer, Integer> now = of(s);
        java.util.Set<Integer> present = new java.util.HashSet<>();
        for (Snapshot.Proc p : s.ps()) present.add(p.id());
        last.keySet().retainAll(present);   // Ps gone with a smaller GOMAXPROCS
        for (Snapshot.Proc p : s.ps()) {
            Integer m = now.get(p.id());
            if (m != null) last.put(p.id(), m);
            else if (p.status() != PStatus.SYSCALL) last.remove(p.id());
        }
    }

    /** A copy of the memory: P id → the M that holds it, or held it before its syscall. */
    public Map<Integer, Integer> copy() { return Map.copyOf(last); }

    /** Adds what {@code other} remembers (its entries win). */
    public void addAll(Holders other) { last.putAll(other.last); }
}
