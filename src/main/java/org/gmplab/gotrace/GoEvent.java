package org.gmplab.gotrace;

import java.util.List;
import java.util.Objects;

/**
 * One event of a real Go run, in the order Go's own trace parser gives ({@code internal/trace.Reader}): the
 * kind Go's API gives it, Go's wire name ({@code "GoStart"}, {@code "ProcSteal"}), the time in nanoseconds of
 * the trace's clock, and the scheduling context it happened in (the M, P and G, each {@code -1} for none, as
 * Go prints them). A state transition also says which G or P changed, from what to what, and why (Go's
 * reason string: {@code "preempted"}, {@code "chan receive"}, {@code "sleep"}, ...), with the stack where
 * the trace gives one.
 *
 * @param detail for the other kinds, what Go shows of them: a metric's name and value, a range's name
 */
public record GoEvent(Kind kind, String name, long time, long m, long p, long g, Transition transition, String detail) {

    /** No M, P or G: Go's NoThread, NoProc, NoGoroutine. */
    public static final long NONE = -1;

    public GoEvent {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(name);
        if ((kind == Kind.STATE_TRANSITION) != (transition != null))
            throw new IllegalArgumentException("a transition comes with, and only with, a StateTransition event");
    }

    /** The same event at another time (the reader keeps times strictly increasing, as Go's does). */
    GoEvent at(long t) { return new GoEvent(kind, name, t, m, p, g, transition, detail); }

    /** Go's {@code trace.EventKind}s, in Go's names. */
    public enum Kind {
        SYNC("Sync"), METRIC("Metric"), LABEL("Label"), STACK_SAMPLE("StackSample"), RANGE_BEGIN("RangeBegin"),
        RANGE_ACTIVE("RangeActive"), RANGE_END("RangeEnd"), TASK_BEGIN("TaskBegin"), TASK_END("TaskEnd"),
        REGION_BEGIN("RegionBegin"), REGION_END("RegionEnd"), LOG("Log"), STATE_TRANSITION("StateTransition"),
        EXPERIMENTAL("Experimental");

        private final String goName;
        Kind(String goName) { this.goName = goName; }
        public String goName() { return goName; }
    }

    /** A goroutine's state as Go's parser names it ({@code trace.GoState}). */
    public enum GoState {
        UNDETERMINED("Undetermined"), NOT_EXIST("NotExist"), RUNNABLE("Runnable"), RUNNING("Running"),
        WAITING("Waiting"), SYSCALL("Syscall");

        private final String goName;
        GoState(String goName) { this.goName = goName; }
        public String goName() { return goName; }

        /** Go's tracev2.GoStatus number as a state (tracev2GoStatus2GoState). */
        static GoState ofStatus(int status) {
            return switch (status) {
                case WireFormat.GO_RUNNABLE -> RUNNABLE;
                case WireFormat.GO_RUNNING -> RUNNING;
                case WireFormat.GO_SYSCALL -> SYSCALL;
                case WireFormat.GO_WAITING -> WAITING;
                default -> UNDETERMINED;
            };
        }
    }

    /** A P's state as Go's parser names it ({@code trace.ProcState}): a P in a syscall shows as Running. */
    public enum ProcState {
        UNDETERMINED("Undetermined"), NOT_EXIST("NotExist"), RUNNING("Running"), IDLE("Idle");

        private final String goName;
        ProcState(String goName) { this.goName = goName; }
        public String goName() { return goName; }

        /** Go's tracev2.ProcStatus number as a state (tracev2ProcStatus2ProcState). */
        static ProcState ofStatus(int status) {
            return switch (status) {
                case WireFormat.PROC_RUNNING, WireFormat.PROC_SYSCALL -> RUNNING;
                case WireFormat.PROC_IDLE, WireFormat.PROC_SYSCALL_ABANDONED -> IDLE;
                default -> UNDETERMINED;
            };
        }
    }

    /** One frame of a stack: function, file, line, program counter. */
    public record StackFrame(String func, String file, long line, long pc) { }

    /** What changed: a goroutine or a P. */
    public sealed interface Transition permits GoTransition, ProcTransition {
        /** Go's reason, or "" (Go gives reasons for GoStop and GoBlock only). */
        String reason();
    }

    /**
     * A goroutine changed state. {@code stack}: where (for a creation, the new goroutine's start; for a
     * stop, block or syscall, the goroutine's own stack), empty when the trace has none.
     */
    public record GoTransition(long goid, GoState from, GoState to, String reason, List<StackFrame> stack) implements Transition {
        public GoTransition {
            Objects.requireNonNull(from);
            Objects.requireNonNull(to);
            Objects.requireNonNull(reason);
            stack = stack == null ? List.of() : stack;
        }
    }

    /** A P changed state. */
    public record ProcTransition(long pid, ProcState from, ProcState to) implements Transition {
        public ProcTransition {
            Objects.requireNonNull(from);
            Objects.requireNonNull(to);
        }
        @Override public String reason() { return ""; }
    }

    /**
     * This event in the shape {@code go tool trace -d=1} prints a state transition's first line (Go 1.23):
     * {@code M=1 P=0 G=-1 StateTransition Time=5 Resource=Goroutine(7) Reason="" GoID=7 Runnable->Running};
     * for other kinds, the context, kind and time.
     */
    public String toGoString() {
        StringBuilder sb = new StringBuilder();
        sb.append("M=").append(m).append(" P=").append(p).append(" G=").append(g)
                .append(' ').append(kind.goName()).append(" Time=").append(time);
        if (transition instanceof GoTransition t) {
            sb.append(" Resource=Goroutine(").append(t.goid()).append(") Reason=").append(quote(t.reason()))
                    .append(" GoID=").append(t.goid()).append(' ').append(t.from().goName()).append("->").append(t.to().goName());
        } else if (transition instanceof ProcTransition t) {
            sb.append(" Resource=Proc(").append(t.pid()).append(") Reason=\"\" ProcID=").append(t.pid())
                    .append(' ').append(t.from().goName()).append("->").append(t.to().goName());
        } else if (detail != null && !detail.isEmpty()) {
            sb.append(' ').append(detail);
        }
        return sb.toString();
    }

    private static String quote(String s) { return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"'; }
}
