package org.gmplab.gotrace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gmplab.gotrace.GoEvent.StackFrame;
import org.gmplab.gotrace.GoEvent.GoState;
import org.gmplab.gotrace.GoEvent.GoTransition;
import org.gmplab.gotrace.GoEvent.Kind;
import org.gmplab.gotrace.GoEvent.ProcState;
import org.gmplab.gotrace.GoEvent.ProcTransition;
import org.gmplab.gotrace.GoEvent.Transition;

import static org.gmplab.gotrace.WireFormat.*;

/**
 * Go's {@code internal/trace/order.go}: a model of the scheduler's G, P and M states that decides whether the
 * next event of an M can happen yet. Each M's events are in order within the M, but the Ms' streams interleave
 * only by timestamps, which are not to be trusted across CPUs; what is trusted are the sequence numbers on
 * the events that hand a G or a P from one M to another ({@code GoStart}, {@code GoUnblock},
 * {@code ProcStart}, {@code ProcSteal}, {@code GoSyscallBegin}'s P sequence). {@link #advance} says whether an
 * event is consistent with the states so far; if so, it applies the event and queues it (with any events it
 * stands for) as a {@link GoEvent}; if not yet, the reader tries another M's next event.
 *
 * <p>Each {@code advanceX} method mirrors Go's {@code (*ordering).advanceX}, with its checks and its
 * messages. States use Go's wire numbers ({@code GO_RUNNABLE}, {@code PROC_SYSCALL}, ...).
 */
final class Ordering {
    /** The scheduling context of an event (Go's schedCtx): -1 for none. */
    record Ctx(long g, long p, long m) {
        Ctx withG(long v) { return new Ctx(v, p, m); }
        Ctx withP(long v) { return new Ctx(g, v, m); }
        Ctx withM(long v) { return new Ctx(g, p, v); }
    }

    private static final long NONE = GoEvent.NONE;
    private static final int MUST_NOT = 0, MAY = 1, MUST = 2;

    private static final class GState {
        int status;
        long seqGen, seq;
        final List<long[]> ranges = new ArrayList<>(); // {begin type, desc string ID}
        final List<String> regions = new ArrayList<>();
        GState(int status, long gen) { this.status = status; this.seqGen = gen; }
    }

    private static final class PState {
        int status;
        long seqGen, seq;
        final List<long[]> ranges = new ArrayList<>();
        PState(int status, long gen) { this.status = status; this.seqGen = gen; }
    }

    private static final class MState {
        long g = NONE, p = NONE;
    }

    private final Map<Long, GState> gStates = new HashMap<>();
    private final Map<Long, PState> pStates = new HashMap<>();
    private final Map<Long, MState> mStates = new HashMap<>();
    private final Map<Long, String[]> activeTasks = new HashMap<>(); // id -> {name}
    private long gcSeq;
    private int gcState; // 0 undetermined, 1 not running, 2 running
    private long initialGen;
    private final ArrayDeque<GoEvent> queue = new ArrayDeque<>();

    /** The next ordered event, or null. */
    GoEvent next() { return queue.poll(); }

    /**
     * Whether {@code ev}, the next event of thread {@code m}, can happen now; if so it is applied and queued.
     * Throws if the trace contradicts itself (Go: "the trace is broken").
     */
    boolean advance(RawEvent ev, Generation evt, long m, long gen) throws GoTraceException {
        if (initialGen == 0) initialGen = gen;
        MState ms = null;
        Ctx cur;
        if (m == NONE) {
            cur = new Ctx(NONE, NONE, m);
        } else {
            ms = mStates.computeIfAbsent(m, k -> new MState());
            cur = new Ctx(ms.g, ms.p, m);
        }
        Ctx next = switch (ev.type) {
            case EV_PROCS_CHANGE, EV_GO_LABEL, EV_USER_LOG -> advanceAnnotation(ev, evt, cur);
            case EV_PROC_START -> advanceProcStart(ev, evt, gen, cur);
            case EV_PROC_STOP -> advanceProcStop(ev, evt, cur);
            case EV_PROC_STEAL -> advanceProcSteal(ev, evt, gen, cur);
            case EV_PROC_STATUS -> advanceProcStatus(ev, evt, gen, cur);
            case EV_GO_CREATE, EV_GO_CREATE_BLOCKED -> advanceGoCreate(ev, evt, gen, cur);
            case EV_GO_CREATE_SYSCALL -> advanceGoCreateSyscall(ev, evt, gen, cur);
            case EV_GO_START -> advanceGoStart(ev, evt, gen, cur);
            case EV_GO_DESTROY, EV_GO_STOP, EV_GO_BLOCK -> advanceGoStopExec(ev, evt, cur);
            case EV_GO_DESTROY_SYSCALL -> advanceGoDestroySyscall(ev, evt, cur);
            case EV_GO_UNBLOCK -> advanceGoUnblock(ev, evt, gen, cur);
            case EV_GO_SYSCALL_BEGIN -> advanceGoSyscallBegin(ev, evt, gen, cur);
            case EV_GO_SYSCALL_END -> advanceGoSyscallEnd(ev, evt, cur);
            case EV_GO_SYSCALL_END_BLOCKED -> advanceGoSyscallEndBlocked(ev, evt, cur);
            case EV_GO_STATUS, EV_GO_STATUS_STACK -> advanceGoStatus(ev, evt, gen, cur);
            case EV_STW_BEGIN, EV_GC_MARK_ASSIST_BEGIN -> advanceGoRangeBegin(ev, evt, cur);
            case EV_STW_END, EV_GC_MARK_ASSIST_END -> advanceGoRangeEnd(ev, evt, cur);
            case EV_GC_MARK_ASSIST_ACTIVE -> advanceGoRangeActive(ev, evt, gen, cur);
            case EV_GC_ACTIVE -> advanceGCActive(ev, evt, gen, cur);
            case EV_GC_BEGIN -> advanceGCBegin(ev, evt, cur);
            case EV_GC_END -> advanceGCEnd(ev, evt, cur);
            case EV_GC_SWEEP_ACTIVE -> advanceGCSweepActive(ev, evt, gen, cur);
            case EV_GC_SWEEP_BEGIN -> advanceGCSweepBegin(ev, evt, cur);
            case EV_GC_SWEEP_END -> advanceGCSweepEnd(ev, evt, cur);
            case EV_HEAP_ALLOC, EV_HEAP_GOAL -> advanceHeapMetric(ev, evt, cur);
            case EV_USER_TASK_BEGIN -> advanceUserTaskBegin(ev, evt, cur);
            case EV_USER_TASK_END -> advanceUserTaskEnd(ev, evt, cur);
            case EV_USER_REGION_BEGIN, EV_USER_REGION_END -> advanceUserRegion(ev, evt, cur);
            case EV_GO_SWITCH, EV_GO_SWITCH_DESTROY -> advanceGoSwitch(ev, evt, gen, cur);
            default -> {
                if (ev.type >= EV_FIRST_EXPERIMENTAL && ev.type <= EV_LAST_EXPERIMENTAL) yield advanceAllocFree(ev, evt, cur);
                throw broken(ev, "bad event type found while ordering: " + ev.type);
            }
        };
        if (next == null) return false;
        if (ms != null) {
            ms.p = next.p();
            ms.g = next.g();
        }
        return true;
    }

    private Ctx advanceProcStatus(RawEvent ev, Generation evt, long gen, Ctx cur) throws GoTraceException {
        long pid = ev.args[0];
        int status = (int) Math.min(ev.args[1], 99);
        if (ev.args[1] < 0 || status > PROC_SYSCALL_ABANDONED || status == PROC_BAD)
            throw broken(ev, "invalid status for proc " + pid + ": " + ev.args[1]);
        ProcState oldState = ProcState.ofStatus(status);
        int newStatus = status;
        PState s = pStates.get(pid);
        if (s != null) {
            if (status == PROC_SYSCALL_ABANDONED && s.status == PROC_SYSCALL) {
                // Promote: we have not lost the information that it was in a syscall.
                oldState = ProcState.RUNNING;
                newStatus = PROC_SYSCALL;
            } else if (status == PROC_SYSCALL_ABANDONED && s.status == PROC_SYSCALL_ABANDONED) {
                oldState = ProcState.IDLE;
            } else if (s.status != status) {
                throw broken(ev, "inconsistent status for proc " + pid + ": old " + s.status + " vs. new " + status);
            }
            s.seqGen = gen;
            s.seq = 0;
        } else {
            pStates.put(pid, new PState(status, gen));
            oldState = gen == initialGen ? ProcState.UNDETERMINED : ProcState.NOT_EXIST;
        }
        Ctx next = cur;
        if (status == PROC_RUNNING || status == PROC_SYSCALL) next = next.withP(pid);
        // A P about to be stolen from a syscall, reported by another M: the event belongs to the M it is bound to.
        if (status == PROC_SYSCALL_ABANDONED && oldState == ProcState.RUNNING) {
            boolean found = false;
            for (Map.Entry<Long, MState> e : mStates.entrySet()) {
                if (e.getValue().p == pid) {
                    cur = new Ctx(e.getValue().g, pid, e.getKey());
                    found = true;
                }
            }
            if (!found) throw broken(ev, "failed to find sched context for proc " + pid + " that's about to be stolen");
        }
        push(ev, evt, cur, new ProcTransition(pid, oldState, ProcState.ofStatus(newStatus)));
        return next;
    }

    private Ctx advanceProcStart(RawEvent ev, Generation evt, long gen, Ctx cur) throws GoTraceException {
        long pid = ev.args[0];
        PState state = pStates.get(pid);
        if (state == null || state.status != PROC_IDLE || !succeeds(gen, ev.args[1], state.seqGen, state.seq) || cur.p() != NONE)
            return null; // not yet: its status, or the M's ProcSteal, is still to come
        validate(ev, cur, MUST, MUST_NOT, MAY);
        state.status = PROC_RUNNING;
        state.seqGen = gen;
        state.seq = ev.args[1];
        push(ev, evt, cur, new ProcTransition(pid, ProcState.IDLE, ProcState.RUNNING));
        return cur.withP(pid);
    }

    private Ctx advanceProcStop(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        PState state = pStates.get(cur.p());
        if (state == null) throw broken(ev, "event ProcStop for proc (" + cur.p() + ") that doesn't exist");
        if (state.status != PROC_RUNNING && state.status != PROC_SYSCALL)
            throw broken(ev, "ProcStop event for proc that's not Running or Syscall");
        validate(ev, cur, MUST, MUST, MAY);
        state.status = PROC_IDLE;
        push(ev, evt, cur, new ProcTransition(cur.p(), ProcState.RUNNING, ProcState.IDLE));
        return cur.withP(NONE);
    }

    private Ctx advanceProcSteal(RawEvent ev, Generation evt, long gen, Ctx cur) throws GoTraceException {
        long pid = ev.args[0];
        PState state = pStates.get(pid);
        if (state == null || (state.status != PROC_SYSCALL && state.status != PROC_SYSCALL_ABANDONED)
                || !succeeds(gen, ev.args[1], state.seqGen, state.seq))
            return null;
        validate(ev, cur, MUST, MAY, MAY);
        int oldStatus = state.status;
        state.status = PROC_IDLE;
        state.seqGen = gen;
        state.seq = ev.args[1];
        // A P stolen while abandoned shows as Idle->Idle: what it was doing was lost.
        ProcTransition t = new ProcTransition(pid, oldStatus == PROC_SYSCALL_ABANDONED ? ProcState.IDLE : ProcState.RUNNING, ProcState.IDLE);
        if (oldStatus == PROC_SYSCALL_ABANDONED) {
            push(ev, evt, cur, t);
            return cur;
        }
        long mid = ev.args[2]; // the M it is stolen from
        if (mid == cur.m()) {
            // Stealing from ourselves: a ProcStop.
            if (cur.p() != pid) throw broken(ev, "tried to self-steal proc " + pid + " (thread " + mid + "), but got proc " + cur.p() + " instead");
            push(ev, evt, cur, t);
            return cur.withP(NONE);
        }
        MState victim = mStates.get(mid);
        if (victim == null) throw broken(ev, "stole proc from non-existent thread " + mid);
        if (victim.p != pid) throw broken(ev, "tried to steal proc " + pid + " from thread " + mid + ", but got proc " + victim.p + " instead");
        // The victim is in a syscall and will find its P gone when it returns (GoSyscallEndBlocked waits for this).
        victim.p = NONE;
        push(ev, evt, cur, t);
        return cur;
    }

    private Ctx advanceGoStatus(RawEvent ev, Generation evt, long gen, Ctx cur) throws GoTraceException {
        long gid = ev.args[0], mid = ev.args[1];
        long status = ev.args[2];
        if (status <= GO_BAD || status > GO_WAITING) throw broken(ev, "invalid status for goroutine " + gid + ": " + status);
        GoState oldState = GoState.ofStatus((int) status);
        GState s = gStates.get(gid);
        if (s != null) {
            if (s.status != status) throw broken(ev, "inconsistent status for goroutine " + gid + ": old " + s.status + " vs. new " + status);
            s.seqGen = gen;
            s.seq = 0;
        } else if (gen == initialGen) {
            gStates.put(gid, new GState((int) status, gen));
            oldState = GoState.UNDETERMINED;
        } else {
            throw broken(ev, "found goroutine status for new goroutine after the first generation: id=" + gid + " status=" + status);
        }
        Ctx next = cur;
        if (status == GO_RUNNING) {
            next = cur.withG(gid);
        } else if (status == GO_SYSCALL) {
            if (mid == NONE) throw broken(ev, "found goroutine " + gid + " in syscall without a thread");
            if (mid == cur.m()) {
                if (gen != initialGen && cur.g() != gid)
                    throw broken(ev, "inconsistent thread for syscalling goroutine " + gid + ": thread has goroutine " + cur.g());
                next = cur.withG(gid);
            } else {
                // A goroutine that sat in a syscall on another M for the whole generation.
                MState other = mStates.get(mid);
                if (other != null) {
                    if (other.g != gid) throw broken(ev, "inconsistent thread for syscalling goroutine " + gid + ": thread has goroutine " + other.g);
                    cur = cur.withG(other.g);
                } else {
                    MState fresh = new MState();
                    fresh.g = gid;
                    mStates.put(mid, fresh);
                }
                cur = cur.withM(mid);
            }
        }
        push(ev, evt, cur, new GoTransition(gid, oldState, GoState.ofStatus((int) status), "", List.of()));
        return next;
    }

    private Ctx advanceGoCreate(RawEvent ev, Generation evt, long gen, Ctx cur) throws GoTraceException {
        validate(ev, cur, MUST, MUST, MAY);
        GState creator = gStates.get(cur.g());
        if (creator != null && creator.status != GO_RUNNING) throw broken(ev, name(ev.type) + " event for goroutine that's not Running");
        long newgid = ev.args[0];
        if (gStates.containsKey(newgid)) throw broken(ev, "tried to create goroutine (" + newgid + ") that already exists");
        int status = ev.type == EV_GO_CREATE_BLOCKED ? GO_WAITING : GO_RUNNABLE;
        gStates.put(newgid, new GState(status, gen));
        push(ev, evt, cur, new GoTransition(newgid, GoState.NOT_EXIST, GoState.ofStatus(status), "", stack(ev, evt, ev.args[1])));
        return cur;
    }

    private Ctx advanceGoStopExec(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        validate(ev, cur, MUST, MUST, MUST);
        GState state = gStates.get(cur.g());
        if (state == null) throw broken(ev, "event " + name(ev.type) + " for goroutine (" + cur.g() + ") that doesn't exist");
        if (state.status != GO_RUNNING) throw broken(ev, name(ev.type) + " event for goroutine that's not Running");
        Transition t;
        switch (ev.type) {
            case EV_GO_DESTROY -> {
                gStates.remove(cur.g());
                t = new GoTransition(cur.g(), GoState.RUNNING, GoState.NOT_EXIST, "", List.of());
            }
            case EV_GO_STOP -> {
                state.status = GO_RUNNABLE;
                t = new GoTransition(cur.g(), GoState.RUNNING, GoState.RUNNABLE, string(ev, evt, ev.args[0]), stack(ev, evt, ev.args[1]));
            }
            default -> {
                state.status = GO_WAITING;
                t = new GoTransition(cur.g(), GoState.RUNNING, GoState.WAITING, string(ev, evt, ev.args[0]), stack(ev, evt, ev.args[1]));
            }
        }
        push(ev, evt, cur, t);
        return cur.withG(NONE);
    }

    private Ctx advanceGoStart(RawEvent ev, Generation evt, long gen, Ctx cur) throws GoTraceException {
        long gid = ev.args[0];
        GState state = gStates.get(gid);
        if (state == null || state.status != GO_RUNNABLE || !succeeds(gen, ev.args[1], state.seqGen, state.seq)) return null;
        validate(ev, cur, MUST, MUST, MUST_NOT);
        state.status = GO_RUNNING;
        state.seqGen = gen;
        state.seq = ev.args[1];
        push(ev, evt, cur, new GoTransition(gid, GoState.RUNNABLE, GoState.RUNNING, "", List.of()));
        return cur.withG(gid);
    }

    private Ctx advanceGoUnblock(RawEvent ev, Generation evt, long gen, Ctx cur) throws GoTraceException {
        long gid = ev.args[0];
        GState state = gStates.get(gid);
        if (state == null || state.status != GO_WAITING || !succeeds(gen, ev.args[1], state.seqGen, state.seq)) return null;
        state.status = GO_RUNNABLE;
        state.seqGen = gen;
        state.seq = ev.args[1];
        // Anything can unblock a goroutine (sysmon, the network poller): no context to check.
        push(ev, evt, cur, new GoTransition(gid, GoState.WAITING, GoState.RUNNABLE, "", List.of()));
        return cur;
    }

    private Ctx advanceGoSwitch(RawEvent ev, Generation evt, long gen, Ctx cur) throws GoTraceException {
        validate(ev, cur, MUST, MUST, MUST);
        GState curG = gStates.get(cur.g());
        if (curG == null) throw broken(ev, "event " + name(ev.type) + " for goroutine (" + cur.g() + ") that doesn't exist");
        if (curG.status != GO_RUNNING) throw broken(ev, name(ev.type) + " event for goroutine that's not Running");
        long nextg = ev.args[0];
        GState nextG = gStates.get(nextg);
        if (nextG == null || nextG.status != GO_WAITING || !succeeds(gen, ev.args[1], nextG.seqGen, nextG.seq)) return null;
        // A switch is three events: unblock the next goroutine, block or end this one, start the next.
        push(ev, evt, cur, new GoTransition(nextg, GoState.WAITING, GoState.RUNNABLE, "", List.of()));
        if (ev.type == EV_GO_SWITCH) {
            curG.status = GO_WAITING;
            queue.add(new GoEvent(Kind.STATE_TRANSITION, "GoBlock", ev.time, cur.m(), cur.p(), cur.g(),
                    new GoTransition(cur.g(), GoState.RUNNING, GoState.WAITING, "", List.of()), null));
        } else {
            gStates.remove(cur.g());
            queue.add(new GoEvent(Kind.STATE_TRANSITION, "GoDestroy", ev.time, cur.m(), cur.p(), cur.g(),
                    new GoTransition(cur.g(), GoState.RUNNING, GoState.NOT_EXIST, "", List.of()), null));
        }
        nextG.status = GO_RUNNING;
        nextG.seqGen = gen;
        nextG.seq = ev.args[1];
        queue.add(new GoEvent(Kind.STATE_TRANSITION, "GoStart", ev.time, cur.m(), cur.p(), NONE,
                new GoTransition(nextg, GoState.RUNNABLE, GoState.RUNNING, "", List.of()), null));
        return cur.withG(nextg);
    }

    private Ctx advanceGoSyscallBegin(RawEvent ev, Generation evt, long gen, Ctx cur) throws GoTraceException {
        validate(ev, cur, MUST, MUST, MUST);
        GState state = gStates.get(cur.g());
        if (state == null) throw broken(ev, "event GoSyscallBegin for goroutine (" + cur.g() + ") that doesn't exist");
        if (state.status != GO_RUNNING) throw broken(ev, "GoSyscallBegin event for goroutine that's not Running");
        // Still running on this P and M, in a syscall.
        state.status = GO_SYSCALL;
        PState p = pStates.get(cur.p());
        if (p == null) throw broken(ev, "uninitialized proc " + cur.p() + " found during GoSyscallBegin");
        p.status = PROC_SYSCALL;
        // The P sequence number tells which syscall a later ProcSteal takes the P from.
        if (!succeeds(gen, ev.args[0], p.seqGen, p.seq))
            throw broken(ev, "failed to advance GoSyscallBegin: can't make sequence: " + p.seq + " (gen=" + p.seqGen + ") -> " + ev.args[0] + " (gen=" + gen + ")");
        p.seqGen = gen;
        p.seq = ev.args[0];
        push(ev, evt, cur, new GoTransition(cur.g(), GoState.RUNNING, GoState.SYSCALL, "", stack(ev, evt, ev.args[1])));
        return cur;
    }

    private Ctx advanceGoSyscallEnd(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        validate(ev, cur, MUST, MUST, MUST);
        GState state = gStates.get(cur.g());
        if (state == null) throw broken(ev, "event GoSyscallEnd for goroutine (" + cur.g() + ") that doesn't exist");
        if (state.status != GO_SYSCALL) throw broken(ev, "GoSyscallEnd event for goroutine that's not Syscall");
        state.status = GO_RUNNING;
        PState p = pStates.get(cur.p());
        if (p == null) throw broken(ev, "uninitialized proc " + cur.p() + " found during GoSyscallEnd");
        if (p.status != PROC_SYSCALL) throw broken(ev, "expected proc " + cur.p() + " in state Syscall, but got " + p.status + " instead");
        p.status = PROC_RUNNING;
        push(ev, evt, cur, new GoTransition(cur.g(), GoState.SYSCALL, GoState.RUNNING, "", List.of()));
        return cur;
    }

    private Ctx advanceGoSyscallEndBlocked(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        // Not while this M still holds its P in a syscall: the P must be stopped or stolen first.
        if (cur.p() != NONE) {
            PState p = pStates.get(cur.p());
            if (p == null) throw broken(ev, "uninitialized proc " + cur.p() + " found during GoSyscallEndBlocked");
            if (p.status == PROC_SYSCALL) return null;
        }
        validate(ev, cur, MUST, MAY, MUST);
        GState state = gStates.get(cur.g());
        if (state == null) throw broken(ev, "event GoSyscallEndBlocked for goroutine (" + cur.g() + ") that doesn't exist");
        if (state.status != GO_SYSCALL) throw broken(ev, "GoSyscallEndBlocked event for goroutine that's not Syscall");
        state.status = GO_RUNNABLE;
        push(ev, evt, cur, new GoTransition(cur.g(), GoState.SYSCALL, GoState.RUNNABLE, "", List.of()));
        return cur.withG(NONE);
    }

    private Ctx advanceGoCreateSyscall(RawEvent ev, Generation evt, long gen, Ctx cur) throws GoTraceException {
        // A goroutine that appears in a syscall: a C thread calling into Go (cgo callback).
        validate(ev, cur, MUST, MAY, MUST_NOT);
        long newgid = ev.args[0];
        if (gStates.containsKey(newgid)) throw broken(ev, "tried to create goroutine (" + newgid + ") in syscall that already exists");
        gStates.put(newgid, new GState(GO_SYSCALL, gen));
        push(ev, evt, cur, new GoTransition(newgid, GoState.NOT_EXIST, GoState.SYSCALL, "", List.of()));
        return cur.withG(newgid);
    }

    private Ctx advanceGoDestroySyscall(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        validate(ev, cur, MUST, MAY, MUST);
        GState state = gStates.get(cur.g());
        if (state == null) throw broken(ev, "event GoDestroySyscall for goroutine (" + cur.g() + ") that doesn't exist");
        if (state.status != GO_SYSCALL) throw broken(ev, "GoDestroySyscall event for goroutine that's not Syscall");
        gStates.remove(cur.g());
        Ctx next = cur.withG(NONE);
        // A P still held is let go: the thread ID may be reused, and must not appear to steal it from itself.
        if (cur.p() != NONE) {
            PState p = pStates.get(cur.p());
            if (p == null) throw broken(ev, "found invalid proc " + cur.p() + " during GoDestroySyscall");
            if (p.status != PROC_SYSCALL) throw broken(ev, "proc " + cur.p() + " in unexpected state " + p.status + " during GoDestroySyscall");
            p.status = PROC_SYSCALL_ABANDONED;
            next = next.withP(NONE);
            queue.add(new GoEvent(Kind.STATE_TRANSITION, "ProcSteal", ev.time, cur.m(), cur.p(), cur.g(),
                    new ProcTransition(cur.p(), ProcState.RUNNING, ProcState.IDLE), null));
        }
        push(ev, evt, cur, new GoTransition(cur.g(), GoState.SYSCALL, GoState.NOT_EXIST, "", List.of()));
        return next;
    }

    private Ctx advanceUserTaskBegin(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        long id = ev.args[0];
        if (activeTasks.containsKey(id)) throw broken(ev, "task ID conflict: " + id);
        String name = string(ev, evt, ev.args[2]);
        activeTasks.put(id, new String[] {name});
        validate(ev, cur, MUST, MUST, MUST);
        push(ev, evt, cur, null, "Type=\"" + name + "\"");
        return cur;
    }

    private Ctx advanceUserTaskEnd(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        String[] task = activeTasks.remove(ev.args[0]);
        validate(ev, cur, MUST, MUST, MUST);
        push(ev, evt, cur, null, "Type=\"" + (task != null ? task[0] : "") + "\"");
        return cur;
    }

    private Ctx advanceUserRegion(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        validate(ev, cur, MUST, MUST, MUST);
        String name = string(ev, evt, ev.args[1]);
        GState g = gStates.get(cur.g());
        if (g == null) throw broken(ev, "encountered " + name(ev.type) + " without known state for current goroutine " + cur.g());
        String region = ev.args[0] + "/" + name;
        if (ev.type == EV_USER_REGION_BEGIN) {
            g.regions.add(region);
        } else if (!g.regions.isEmpty()) { // regions begun before the trace started are not known
            String inner = g.regions.get(g.regions.size() - 1);
            if (!inner.equals(region)) throw broken(ev, "misuse of region in goroutine " + cur.g() + ": region end " + region + " when the inner-most active region start event is " + inner);
            g.regions.remove(g.regions.size() - 1);
        }
        push(ev, evt, cur, null, "Type=\"" + name + "\"");
        return cur;
    }

    // The GC mark phase has sequence numbers on its begin and end: they may happen on different threads.
    private Ctx advanceGCActive(RawEvent ev, Generation evt, long gen, Ctx cur) throws GoTraceException {
        long seq = ev.args[0];
        if (gen == initialGen) {
            if (gcState != 0) throw broken(ev, "GCActive in the first generation isn't first GC event");
            gcSeq = seq;
            gcState = 2;
            push(ev, evt, cur, null);
            return cur;
        }
        if (seq != gcSeq + 1) return null;
        if (gcState != 2) throw broken(ev, "encountered GCActive while GC was not in progress");
        gcSeq = seq;
        validate(ev, cur, MUST, MUST, MUST);
        push(ev, evt, cur, null);
        return cur;
    }

    private Ctx advanceGCBegin(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        long seq = ev.args[0];
        if (gcState == 0) {
            gcSeq = seq;
            gcState = 2;
            push(ev, evt, cur, null);
            return cur;
        }
        if (seq != gcSeq + 1) return null;
        if (gcState == 2) throw broken(ev, "encountered GCBegin while GC was already in progress");
        gcSeq = seq;
        gcState = 2;
        validate(ev, cur, MUST, MUST, MUST);
        push(ev, evt, cur, null);
        return cur;
    }

    private Ctx advanceGCEnd(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        long seq = ev.args[0];
        if (seq != gcSeq + 1) return null;
        if (gcState == 1) throw broken(ev, "encountered GCEnd when GC was not in progress");
        if (gcState == 0) throw broken(ev, "encountered GCEnd when GC was in an undetermined state");
        gcSeq = seq;
        gcState = 1;
        validate(ev, cur, MUST, MUST, MUST);
        push(ev, evt, cur, null);
        return cur;
    }

    private Ctx advanceAnnotation(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        validate(ev, cur, MUST, MUST, MUST);
        push(ev, evt, cur, null);
        return cur;
    }

    private Ctx advanceHeapMetric(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        validate(ev, cur, MUST, MUST, MAY);
        push(ev, evt, cur, null);
        return cur;
    }

    private Ctx advanceGCSweepBegin(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        validate(ev, cur, MUST, MUST, MAY);
        beginRange(ev, pStates.get(cur.p()).ranges, EV_GC_SWEEP_BEGIN, 0);
        push(ev, evt, cur, null);
        return cur;
    }

    private Ctx advanceGCSweepActive(RawEvent ev, Generation evt, long gen, Ctx cur) throws GoTraceException {
        PState p = pStates.get(ev.args[0]);
        if (p == null) throw broken(ev, "encountered GCSweepActive for unknown proc " + ev.args[0]);
        activeRange(ev, p.ranges, EV_GC_SWEEP_BEGIN, gen == initialGen);
        push(ev, evt, cur, null);
        return cur;
    }

    private Ctx advanceGCSweepEnd(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        validate(ev, cur, MUST, MUST, MAY);
        endRange(ev, pStates.get(cur.p()).ranges, EV_GC_SWEEP_BEGIN);
        push(ev, evt, cur, null);
        return cur;
    }

    private Ctx advanceGoRangeBegin(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        validate(ev, cur, MUST, MUST, MUST);
        long desc = ev.type == EV_STW_BEGIN ? ev.args[0] : 0;
        GState g = gStates.get(cur.g());
        if (g == null) throw broken(ev, "encountered event of type " + ev.type + " without known state for current goroutine " + cur.g());
        beginRange(ev, g.ranges, ev.type, desc);
        push(ev, evt, cur, null);
        return cur;
    }

    private Ctx advanceGoRangeActive(RawEvent ev, Generation evt, long gen, Ctx cur) throws GoTraceException {
        // Like GoStatus, this may name a goroutine that is not running: no context to check.
        GState g = gStates.get(ev.args[0]);
        if (g == null) throw broken(ev, "uninitialized goroutine " + ev.args[0] + " found during " + name(ev.type));
        activeRange(ev, g.ranges, EV_GC_MARK_ASSIST_BEGIN, gen == initialGen);
        push(ev, evt, cur, null);
        return cur;
    }

    private Ctx advanceGoRangeEnd(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        validate(ev, cur, MUST, MUST, MUST);
        GState g = gStates.get(cur.g());
        if (g == null) throw broken(ev, "encountered event of type " + ev.type + " without known state for current goroutine " + cur.g());
        long desc = endRange(ev, g.ranges, ev.type == EV_STW_END ? EV_STW_BEGIN : EV_GC_MARK_ASSIST_BEGIN);
        if (ev.type == EV_STW_END) ev.args[0] = desc; // the kind, carried over from the begin
        push(ev, evt, cur, null);
        return cur;
    }

    private Ctx advanceAllocFree(RawEvent ev, Generation evt, Ctx cur) throws GoTraceException {
        validate(ev, cur, MUST, MAY, MAY);
        push(ev, evt, cur, null);
        return cur;
    }

    // --- ranges (Go's rangeState) ---

    private void beginRange(RawEvent ev, List<long[]> ranges, int type, long desc) throws GoTraceException {
        if (hasRange(ranges, type, desc)) throw broken(ev, "discovered event already in-flight for when starting event " + name(type));
        ranges.add(new long[] {type, desc});
    }

    private void activeRange(RawEvent ev, List<long[]> ranges, int type, boolean initial) throws GoTraceException {
        if (initial) {
            if (hasRange(ranges, type, 0)) throw broken(ev, "found named active range already in first gen: " + name(type));
            ranges.add(new long[] {type, 0});
        } else if (!hasRange(ranges, type, 0)) {
            throw broken(ev, "resource is missing active range: " + name(type));
        }
    }

    private static boolean hasRange(List<long[]> ranges, int type, long desc) {
        for (long[] r : ranges) if (r[0] == type && r[1] == desc) return true;
        return false;
    }

    /** Ends the in-flight range begun by {@code beginType}; returns its description (the STW kind). */
    private long endRange(RawEvent ev, List<long[]> ranges, int beginType) throws GoTraceException {
        for (int i = 0; i < ranges.size(); i++) {
            if (ranges.get(i)[0] == beginType) {
                long desc = ranges.get(i)[1];
                ranges.set(i, ranges.get(ranges.size() - 1)); // swap remove, as Go does
                ranges.remove(ranges.size() - 1);
                return desc;
            }
        }
        throw broken(ev, "tried to end event " + name(beginType) + ", but not in-flight");
    }

    // --- helpers ---

    /** Go's seqCounter.succeeds: (gen, seq) comes right after (prevGen, prevSeq). */
    private static boolean succeeds(long gen, long seq, long prevGen, long prevSeq) { return gen == prevGen && seq == prevSeq + 1; }

    /** Go's validateCtx with schedReqs{M, P, G}. */
    private void validate(RawEvent ev, Ctx ctx, int m, int p, int g) throws GoTraceException {
        check(ev, m, ctx.m(), "thread");
        check(ev, p, ctx.p(), "proc");
        check(ev, g, ctx.g(), "goroutine");
    }

    private void check(RawEvent ev, int req, long have, String what) throws GoTraceException {
        if (req == MUST && have == NONE) throw broken(ev, name(ev.type) + ": expected a " + what + " but didn't have one");
        if (req == MUST_NOT && have != NONE) throw broken(ev, name(ev.type) + ": expected no " + what + " but had one");
    }

    private static String string(RawEvent ev, Generation evt, long id) throws GoTraceException {
        String s = evt.string(id);
        if (s == null) throw new GoTraceException(ev.offset, "found invalid string ID " + id + " for event " + name(ev.type));
        return s;
    }

    private static List<StackFrame> stack(RawEvent ev, Generation evt, long id) throws GoTraceException {
        List<StackFrame> s = evt.stack(id);
        if (s == null) throw new GoTraceException(ev.offset, "found invalid stack ID " + id + " for event " + name(ev.type));
        return s;
    }

    private static GoTraceException broken(RawEvent ev, String why) {
        return new GoTraceException(ev.offset, "broken trace: " + why);
    }

    private void push(RawEvent ev, Generation evt, Ctx ctx, Transition t) throws GoTraceException { push(ev, evt, ctx, t, null); }

    /** Queues the event as Go's parser shows it, after checking the string and stack IDs it names (Go's validateTableIDs). */
    private void push(RawEvent ev, Generation evt, Ctx ctx, Transition t, String detail) throws GoTraceException {
        WireFormat.Spec spec = WireFormat.timedSpec(GO125, ev.type);
        if (spec != null) {
            for (int i : spec.stackArgs()) stack(ev, evt, ev.args[i - 1]);
            for (int i : spec.stringArgs()) if (!(ev.type == EV_STW_END)) string(ev, evt, ev.args[i - 1]);
        }
        Kind kind = t != null ? Kind.STATE_TRANSITION : kindOf(ev.type);
        if (detail == null) detail = detail(ev, evt, kind);
        queue.add(new GoEvent(kind, name(ev.type), ev.time, ctx.m(), ctx.p(), ctx.g(), t, detail));
    }

    private static Kind kindOf(int type) {
        return switch (type) {
            case EV_PROCS_CHANGE, EV_HEAP_ALLOC, EV_HEAP_GOAL -> Kind.METRIC;
            case EV_STW_BEGIN, EV_GC_BEGIN, EV_GC_SWEEP_BEGIN, EV_GC_MARK_ASSIST_BEGIN -> Kind.RANGE_BEGIN;
            case EV_GC_ACTIVE, EV_GC_SWEEP_ACTIVE, EV_GC_MARK_ASSIST_ACTIVE -> Kind.RANGE_ACTIVE;
            case EV_STW_END, EV_GC_END, EV_GC_SWEEP_END, EV_GC_MARK_ASSIST_END -> Kind.RANGE_END;
            case EV_GO_LABEL -> Kind.LABEL;
            case EV_USER_TASK_BEGIN -> Kind.TASK_BEGIN;
            case EV_USER_TASK_END -> Kind.TASK_END;
            case EV_USER_REGION_BEGIN -> Kind.REGION_BEGIN;
            case EV_USER_REGION_END -> Kind.REGION_END;
            case EV_USER_LOG -> Kind.LOG;
            default -> Kind.EXPERIMENTAL;
        };
    }

    /** What Go's Event.String shows after the time: a metric's name and value, a range's name. */
    private static String detail(RawEvent ev, Generation evt, Kind kind) {
        return switch (ev.type) {
            case EV_PROCS_CHANGE -> "Name=\"/sched/gomaxprocs:threads\" Value=Uint64(" + Long.toUnsignedString(ev.args[0]) + ")";
            case EV_HEAP_ALLOC -> "Name=\"/memory/classes/heap/objects:bytes\" Value=Uint64(" + Long.toUnsignedString(ev.args[0]) + ")";
            case EV_HEAP_GOAL -> "Name=\"/gc/heap/goal:bytes\" Value=Uint64(" + Long.toUnsignedString(ev.args[0]) + ")";
            case EV_STW_BEGIN, EV_STW_END -> {
                String k = evt.string(ev.args[0]);
                yield "Name=\"stop-the-world (" + (k != null ? k : "") + ")\"";
            }
            case EV_GC_ACTIVE, EV_GC_BEGIN, EV_GC_END -> "Name=\"GC concurrent mark phase\"";
            case EV_GC_SWEEP_ACTIVE, EV_GC_SWEEP_BEGIN, EV_GC_SWEEP_END -> "Name=\"GC incremental sweep\"";
            case EV_GC_MARK_ASSIST_ACTIVE, EV_GC_MARK_ASSIST_BEGIN, EV_GC_MARK_ASSIST_END -> "Name=\"GC mark assist\"";
            case EV_GO_LABEL -> "Label=\"" + evt.string(ev.args[0]) + "\"";
            case EV_USER_LOG -> "Category=\"" + evt.string(ev.args[1]) + "\" Message=\"" + evt.string(ev.args[2]) + "\"";
            default -> kind == Kind.EXPERIMENTAL ? "Name=" + name(ev.type) : "";
        };
    }
}
