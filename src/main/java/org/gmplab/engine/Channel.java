package org.gmplab.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

import org.gmplab.scenario.Scenario;

/**
 * Go's {@code hchan} and the functions of {@code chan.go}: a ring buffer of {@code dataqsiz} values, a
 * queue of parked senders and one of parked receivers, all under the channel's lock. A value meets a
 * parked partner directly (the receiver is readied into the waker's runnext, as {@code goready} does);
 * a full or empty channel parks the goroutine with Go's wait reasons.
 *
 * <p>Each operation returns true when it completed, or false when the goroutine must park: then its
 * {@link Sudog} is queued and the channel's lock is <em>still held</em>, for the M to release once the
 * goroutine is waiting (Go's {@code chanparkcommit}).
 */
final class Channel implements Waitable {
    final String name;
    final long handle;
    final int dataqsiz;
    /** The ring: grows (doubling) as values queue up, to {@code dataqsiz}; only its length is the ring's modulus. */
    private long[] buf;
    int qcount;
    private int sendx, recvx;
    boolean closed;
    final ArrayDeque<Sudog> sendq = new ArrayDeque<>();
    final ArrayDeque<Sudog> recvq = new ArrayDeque<>();
    final ReentrantLock lock = new ReentrantLock();
    /** Go's {@code chanparkcommit}: releases the lock once the parked G is waiting; one per channel, not one per park. */
    final Runnable chanparkcommit = lock::unlock;

    Channel(String name, long handle, int capacity) {
        if (capacity < 0 || capacity > Scenario.MAX_CHANNEL_CAP) throw sizeOutOfRange(capacity);
        this.name = name;
        this.handle = handle;
        this.dataqsiz = capacity;
        // Go allocates the whole buffer in makechan; a simulated one grows as it fills, so that a program
        // (or a 17 KB scenario) asking for many large channels costs only what it really queues.
        this.buf = new long[Math.min(capacity, INITIAL_BUF)];
    }

    private static final int INITIAL_BUF = 16;

    /** Go's makechan panic, with the range this engine allows. */
    static GoPanic sizeOutOfRange(long capacity) {
        return new GoPanic("panic: makechan: size out of range (capacity " + capacity + "; gmplab allows 0.." + Scenario.MAX_CHANNEL_CAP + ")");
    }

    /** Go's {@code chansend}. */
    boolean send(Machine m, Goroutine gp, long v) {
        lock.lock();
        if (closed) {
            lock.unlock();
            throw new GoPanic("panic: send on closed channel");
        }
        Sudog sg = dequeue(recvq);
        if (sg != null) {
            // Found a waiting receiver. We pass the value we want to send directly to the receiver,
            // bypassing the channel buffer (if any).
            sg.deliver(v);
            sg.success = true;
            sg.g.setParam(sg);
            lock.unlock();
            m.ready(sg.g, gp, "sends on", this);
            return true;
        }
        if (qcount < dataqsiz) {
            bufsend(v);
            lock.unlock();
            return true;
        }
        Sudog my = m.interp.acquireSudog(gp, this);
        my.value = v;
        sendq.addLast(my);
        gp.waiting = my;
        return false;
    }

    /** Go's {@code chanrecv}: the value goes to {@code f.locals[slot]} (slot -1: discarded). */
    boolean recv(Machine m, Goroutine gp, Goroutine.CallFrame f, int slot) {
        lock.lock();
        if (closed && qcount == 0) {
            lock.unlock();
            if (slot >= 0) f.locals[slot] = 0; // the zero value
            return true;
        }
        Sudog sg = closed ? null : dequeue(sendq);
        if (sg != null) {
            // Found a waiting sender. If the buffer is size 0, receive the value directly from the sender.
            // Otherwise, receive from the head of the queue and add the sender's value to the tail.
            long v = recvFromSender(sg);
            sg.g.setParam(sg);
            lock.unlock();
            if (slot >= 0) f.locals[slot] = v;
            m.ready(sg.g, gp, "receives from", this);
            return true;
        }
        if (qcount > 0) {
            long v = bufrecv();
            lock.unlock();
            if (slot >= 0) f.locals[slot] = v;
            return true;
        }
        Sudog my = m.interp.acquireSudog(gp, this);
        my.frame = f;
        my.slot = slot;
        recvq.addLast(my);
        gp.waiting = my;
        return false;
    }

    /** Puts a value at the buffer's tail; lock held, buffer not full. */
    void bufsend(long v) {
        if (qcount == buf.length) grow();
        buf[sendx] = v;
        sendx = (sendx + 1) % buf.length;
        qcount++;
    }

    /** Takes the value at the buffer's head; lock held, buffer not empty. */
    long bufrecv() {
        long v = buf[recvx];
        recvx = (recvx + 1) % buf.length;
        qcount--;
        return v;
    }

    /** Doubles the ring (up to {@code dataqsiz}), its values moved to the front in order. */
    private void grow() {
        long[] bigger = new long[(int) Math.min((long) buf.length * 2, dataqsiz)];
        for (int i = 0; i < qcount; i++) bigger[i] = buf[(recvx + i) % buf.length];
        buf = bigger;
        recvx = 0;
        sendx = qcount % buf.length;
    }

    /** Go's {@code recv} with a parked sender; lock held. Returns the value received. */
    long recvFromSender(Sudog sg) {
        long v;
        if (dataqsiz == 0) {
            v = sg.value;
        } else {
            v = buf[recvx];
            buf[recvx] = sg.value;
            recvx = (recvx + 1) % buf.length; // the buffer is full (a sender is parked): its length is dataqsiz
            sendx = recvx;
        }
        sg.success = true;
        return v;
    }

    /** Go's {@code closechan}: every parked receiver gets the zero value, every parked sender will panic. */
    void close(Machine m, Goroutine gp) {
        lock.lock();
        if (closed) {
            lock.unlock();
            throw new GoPanic("panic: close of closed channel");
        }
        closed = true;
        List<Goroutine> glist = new ArrayList<>();
        for (Sudog sg; (sg = dequeue(recvq)) != null; ) {
            sg.deliver(0);
            sg.success = false;
            sg.g.setParam(sg);
            glist.add(sg.g);
        }
        for (Sudog sg; (sg = dequeue(sendq)) != null; ) {
            sg.success = false;
            sg.g.setParam(sg);
            glist.add(sg.g);
        }
        lock.unlock();
        // Go pushes them on a gList (a stack) and readies them popping from it: the last one released
        // ends up... readied first. Each goready takes runnext, kicking the previous one to the tail.
        for (int i = glist.size() - 1; i >= 0; i--) m.ready(glist.get(i), gp, "closes", this);
    }

    /**
     * Go's {@code waitq.dequeue}: the first sudog, skipping those of a select that another channel has
     * already woken (the select's G lost the {@code selectDone} race there).
     */
    static Sudog dequeue(ArrayDeque<Sudog> q) {
        for (Sudog sg; (sg = q.pollFirst()) != null; ) {
            if (sg.isSelect && !sg.g.winSelect()) continue;
            return sg;
        }
        return null;
    }

    /** How many values the buffer has room for now (it grows as it fills, up to {@code dataqsiz}). */
    int allocated() { return buf.length; }

    /** The buffered values, oldest first. Lock held or world stopped. */
    long[] buffered() {
        long[] out = new long[qcount];
        for (int i = 0; i < qcount; i++) out[i] = buf[(recvx + i) % buf.length];
        return out;
    }

    /** Parked receivers then senders; a select's sudogs count only while its G is still waiting. */
    @Override
    public List<Goroutine> waiters() {
        lock.lock();
        try {
            List<Goroutine> out = new ArrayList<>();
            for (Sudog sg : recvq) if (!sg.isSelect || sg.g.param == null) out.add(sg.g);
            for (Sudog sg : sendq) if (!sg.isSelect || sg.g.param == null) out.add(sg.g);
            return out;
        } finally {
            lock.unlock();
        }
    }

    @Override public String toString() { return name; }
}
