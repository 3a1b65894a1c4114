package org.gmplab.engine;

import java.util.Arrays;
import java.util.Comparator;

import org.gmplab.scenario.Insn;

/**
 * Go's {@code selectgo} (select.go). Pass 1 polls the cases in a random order (so no case starves) and
 * completes the first that can proceed; failing that, the default case; failing that, pass 2 queues a
 * sudog on every channel and parks. Whoever completes one of them wakes the goroutine, and pass 3
 * ({@link #resume}) takes the other sudogs off their channels. Channels are locked in handle order, so
 * two selects can never deadlock on each other's locks.
 */
final class Select {
    /** Results of {@link #selectgo} besides a case index. */
    static final int DEFAULT = -1, PARKED = -2;

    private Select() { }

    /**
     * Runs pass 1 and 2 of Go's selectgo for {@code in} in frame {@code f}. Returns the chosen case, or
     * {@link #DEFAULT}, or {@link #PARKED}: then every channel is still locked, to be released by
     * {@link #unlockAll} once the goroutine is waiting.
     */
    static int selectgo(Machine m, Goroutine gp, Insn.Select in, Goroutine.CallFrame f, Handles handles) {
        int n = in.ch().length;
        Channel[] chans = new Channel[n];
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            chans[i] = handles.chanOrNil(in.ch()[i].eval(f.locals));
            if (in.values()[i] != null) values[i] = in.values()[i].eval(f.locals);
        }
        // Go's pollorder: an insertion shuffle with cheaprandn; cases on nil channels are left out.
        int[] pollorder = new int[n];
        int norder = 0;
        for (int i = 0; i < n; i++) {
            if (chans[i] == null) continue;
            int j = m.cheaprandn(norder + 1);
            pollorder[norder] = pollorder[j];
            pollorder[j] = i;
            norder++;
        }
        Integer[] lockorder = new Integer[norder];
        for (int i = 0; i < norder; i++) lockorder[i] = pollorder[i];
        Arrays.sort(lockorder, Comparator.comparingLong(i -> chans[i].handle));
        lockAll(chans, lockorder);

        // pass 1 - look for something already waiting
        for (int k = 0; k < norder; k++) {
            int i = pollorder[k];
            Channel c = chans[i];
            if (in.values()[i] == null) { // receive
                Sudog sg = Channel.dequeue(c.sendq);
                if (sg != null) {
                    long v = c.recvFromSender(sg);
                    sg.g.setParam(sg);
                    unlockAll(chans, lockorder);
                    store(f, in.slots()[i], v);
                    m.ready(sg.g, gp, "selects a receive from", c);
                    return i;
                }
                if (c.qcount > 0) {
                    long v = c.bufrecv();
                    unlockAll(chans, lockorder);
                    store(f, in.slots()[i], v);
                    return i;
                }
                if (c.closed) {
                    unlockAll(chans, lockorder);
                    store(f, in.slots()[i], 0);
                    return i;
                }
            } else { // send
                if (c.closed) {
                    unlockAll(chans, lockorder);
                    throw new GoPanic("panic: send on closed channel");
                }
                Sudog sg = Channel.dequeue(c.recvq);
                if (sg != null) {
                    sg.deliver(values[i]);
                    sg.success = true;
                    sg.g.setParam(sg);
                    unlockAll(chans, lockorder);
                    m.ready(sg.g, gp, "selects a send on", c);
                    return i;
                }
                if (c.qcount < c.dataqsiz) {
                    c.bufsend(values[i]);
                    unlockAll(chans, lockorder);
                    return i;
                }
            }
        }
        if (in.defaultTarget() >= 0) {
            unlockAll(chans, lockorder);
            return DEFAULT;
        }

        // pass 2 - enqueue on all chans
        gp.resetSelect();
        gp.param = null;
        Sudog[] sgs = new Sudog[norder];
        for (int k = 0; k < norder; k++) {
            int i = lockorder[k];
            Channel c = chans[i];
            Sudog sg = new Sudog(gp, c, true, i);
            if (in.values()[i] != null) {
                sg.value = values[i];
                c.sendq.addLast(sg);
            } else {
                sg.frame = f;
                sg.slot = in.slots()[i];
                c.recvq.addLast(sg);
            }
            sgs[k] = sg;
        }
        gp.selectSudogs = sgs;
        gp.waitReason = norder == 0 ? "select (no cases)" : "select";
        gp.waitingOn = norder == 0 ? null : chans[lockorder[0]];
        return PARKED;
    }

    /** Pass 3: the goroutine was woken by one of its sudogs; dequeue the others. Returns the case. */
    static int resume(Goroutine gp, Sudog woken) {
        Sudog[] sgs = gp.selectSudogs;
        gp.selectSudogs = null;
        Channel prev = null;
        for (Sudog sg : sgs) {
            if (sg.c != prev) sg.c.lock.lock();
            prev = sg.c;
        }
        try {
            for (Sudog sg : sgs) {
                if (sg == woken) continue;
                sg.c.sendq.remove(sg);
                sg.c.recvq.remove(sg);
            }
        } finally {
            unlockAll(sgs);
        }
        if (sgs.length > 0 && woken.frame == null && !woken.success) throw new GoPanic("panic: send on closed channel");
        return woken.caseIndex;
    }

    private static void store(Goroutine.CallFrame f, int slot, long v) {
        if (slot >= 0) f.locals[slot] = v;
    }

    private static void lockAll(Channel[] chans, Integer[] lockorder) {
        Channel prev = null;
        for (int i : lockorder) {
            if (chans[i] != prev) chans[i].lock.lock();
            prev = chans[i];
        }
    }

    /** Unlocks the channels of a parked select's sudogs (in lock order), in reverse order. */
    static void unlockAll(Sudog[] sgs) {
        for (int k = sgs.length - 1; k >= 0; k--) {
            if (k > 0 && sgs[k].c == sgs[k - 1].c) continue;
            sgs[k].c.lock.unlock();
        }
    }

    /** Unlocks in reverse lock order (Go's selunlock). */
    static void unlockAll(Channel[] chans, Integer[] lockorder) {
        for (int k = lockorder.length - 1; k >= 0; k--) {
            if (k > 0 && chans[lockorder[k]] == chans[lockorder[k - 1]]) continue;
            chans[lockorder[k]].lock.unlock();
        }
    }
}
