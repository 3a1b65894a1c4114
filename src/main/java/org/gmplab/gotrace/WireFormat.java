package org.gmplab.gotrace;

import java.nio.charset.StandardCharsets;

/**
 * The wire format of Go's execution traces, v2 (Go 1.22 and later): the event table of Go's
 * {@code internal/trace/tracev2/events.go} ({@code internal/trace/event/go122/event.go} in Go 1.22–1.24),
 * with each type's number, name and arguments, and the file header {@code "go 1.N trace\0\0\0"}.
 *
 * <p>Versions: Go 1.22 writes {@code go 1.22 trace}; Go 1.23 and 1.24 write {@code go 1.23 trace} (1.23 added
 * the coroutine switches, {@code GoStatusStack} and experimental batches); Go 1.25 writes {@code go 1.25 trace}
 * (it added sync batches: the frequency event now sits in a batch that starts with {@code Sync}, beside a
 * {@code ClockSnapshot}). Every type keeps its number across versions; a version only adds types at the end.
 */
final class WireFormat {
    private WireFormat() { }

    /** The versions this reader knows the tables of, by minor number (1.24 writes 23). */
    static final int GO122 = 22, GO123 = 23, GO125 = 25;
    /** What we say we read, in refusals. */
    static final String READS = "1.22–1.25";

    // Structural events.
    static final int EV_NONE = 0, EV_EVENT_BATCH = 1, EV_STACKS = 2, EV_STACK = 3, EV_STRINGS = 4, EV_STRING = 5,
            EV_CPU_SAMPLES = 6, EV_CPU_SAMPLE = 7, EV_FREQUENCY = 8;
    // Procs.
    static final int EV_PROCS_CHANGE = 9, EV_PROC_START = 10, EV_PROC_STOP = 11, EV_PROC_STEAL = 12, EV_PROC_STATUS = 13;
    // Goroutines.
    static final int EV_GO_CREATE = 14, EV_GO_CREATE_SYSCALL = 15, EV_GO_START = 16, EV_GO_DESTROY = 17,
            EV_GO_DESTROY_SYSCALL = 18, EV_GO_STOP = 19, EV_GO_BLOCK = 20, EV_GO_UNBLOCK = 21, EV_GO_SYSCALL_BEGIN = 22,
            EV_GO_SYSCALL_END = 23, EV_GO_SYSCALL_END_BLOCKED = 24, EV_GO_STATUS = 25;
    // STW, GC.
    static final int EV_STW_BEGIN = 26, EV_STW_END = 27, EV_GC_ACTIVE = 28, EV_GC_BEGIN = 29, EV_GC_END = 30,
            EV_GC_SWEEP_ACTIVE = 31, EV_GC_SWEEP_BEGIN = 32, EV_GC_SWEEP_END = 33, EV_GC_MARK_ASSIST_ACTIVE = 34,
            EV_GC_MARK_ASSIST_BEGIN = 35, EV_GC_MARK_ASSIST_END = 36, EV_HEAP_ALLOC = 37, EV_HEAP_GOAL = 38;
    // Annotations.
    static final int EV_GO_LABEL = 39, EV_USER_TASK_BEGIN = 40, EV_USER_TASK_END = 41, EV_USER_REGION_BEGIN = 42,
            EV_USER_REGION_END = 43, EV_USER_LOG = 44;
    // Go 1.23: coroutines, GoStatus with a stack, experimental batches.
    static final int EV_GO_SWITCH = 45, EV_GO_SWITCH_DESTROY = 46, EV_GO_CREATE_BLOCKED = 47, EV_GO_STATUS_STACK = 48,
            EV_EXPERIMENTAL_BATCH = 49;
    // Go 1.25: sync batches.
    static final int EV_SYNC = 50, EV_CLOCK_SNAPSHOT = 51;
    /** Experimental events (the AllocFree experiment, Go 1.23+): they travel in experimental batches. */
    static final int EV_FIRST_EXPERIMENTAL = 128, EV_LAST_EXPERIMENTAL = 136;

    // Go's GoStatus and ProcStatus numbers (tracev2.GoStatus, tracev2.ProcStatus).
    static final int GO_BAD = 0, GO_RUNNABLE = 1, GO_RUNNING = 2, GO_SYSCALL = 3, GO_WAITING = 4;
    static final int PROC_BAD = 0, PROC_RUNNING = 1, PROC_IDLE = 2, PROC_SYSCALL = 3, PROC_SYSCALL_ABANDONED = 4;

    /** Limits Go's runtime keeps to and its parser checks (MaxBatchSize, MaxFramesPerStack, MaxStringSize). */
    static final int MAX_BATCH_SIZE = 64 << 10, MAX_FRAMES_PER_STACK = 128, MAX_STRING_SIZE = 1 << 10;

    /**
     * One row of the table: the name, the number of arguments after the timestamp delta, which of them (by
     * position among all arguments, the delta being 0, as Go counts) are stack IDs and string IDs, and the
     * Begin event a range's Active/End belongs to.
     */
    record Spec(String name, int args, int[] stackArgs, int[] stringArgs, int startEv) { }

    private static final Spec[] SPECS = new Spec[EV_LAST_EXPERIMENTAL + 1];

    private static void timed(int type, String name, int args) { timed(type, name, args, new int[0], new int[0], EV_NONE); }
    private static void timed(int type, String name, int args, int[] stacks, int[] strings, int startEv) {
        SPECS[type] = new Spec(name, args, stacks, strings, startEv);
    }
    private static int[] at(int... i) { return i; }

    static {
        timed(EV_PROCS_CHANGE, "ProcsChange", 2, at(2), at(), EV_NONE);
        timed(EV_PROC_START, "ProcStart", 2);
        timed(EV_PROC_STOP, "ProcStop", 0);
        timed(EV_PROC_STEAL, "ProcSteal", 3);
        timed(EV_PROC_STATUS, "ProcStatus", 2);
        timed(EV_GO_CREATE, "GoCreate", 3, at(3, 2), at(), EV_NONE);
        timed(EV_GO_CREATE_SYSCALL, "GoCreateSyscall", 1);
        timed(EV_GO_START, "GoStart", 2);
        timed(EV_GO_DESTROY, "GoDestroy", 0);
        timed(EV_GO_DESTROY_SYSCALL, "GoDestroySyscall", 0);
        timed(EV_GO_STOP, "GoStop", 2, at(2), at(1), EV_NONE);
        timed(EV_GO_BLOCK, "GoBlock", 2, at(2), at(1), EV_NONE);
        timed(EV_GO_UNBLOCK, "GoUnblock", 3, at(3), at(), EV_NONE);
        timed(EV_GO_SYSCALL_BEGIN, "GoSyscallBegin", 2, at(2), at(), EV_NONE);
        timed(EV_GO_SYSCALL_END, "GoSyscallEnd", 0, at(), at(), EV_GO_SYSCALL_BEGIN);
        timed(EV_GO_SYSCALL_END_BLOCKED, "GoSyscallEndBlocked", 0, at(), at(), EV_GO_SYSCALL_BEGIN);
        timed(EV_GO_STATUS, "GoStatus", 3);
        timed(EV_STW_BEGIN, "STWBegin", 2, at(2), at(1), EV_NONE);
        timed(EV_STW_END, "STWEnd", 0, at(), at(), EV_STW_BEGIN);
        timed(EV_GC_ACTIVE, "GCActive", 1, at(), at(), EV_GC_BEGIN);
        timed(EV_GC_BEGIN, "GCBegin", 2, at(2), at(), EV_NONE);
        timed(EV_GC_END, "GCEnd", 1, at(), at(), EV_GC_BEGIN);
        timed(EV_GC_SWEEP_ACTIVE, "GCSweepActive", 1, at(), at(), EV_GC_SWEEP_BEGIN);
        timed(EV_GC_SWEEP_BEGIN, "GCSweepBegin", 1, at(1), at(), EV_NONE);
        timed(EV_GC_SWEEP_END, "GCSweepEnd", 2, at(), at(), EV_GC_SWEEP_BEGIN);
        timed(EV_GC_MARK_ASSIST_ACTIVE, "GCMarkAssistActive", 1, at(), at(), EV_GC_MARK_ASSIST_BEGIN);
        timed(EV_GC_MARK_ASSIST_BEGIN, "GCMarkAssistBegin", 1, at(1), at(), EV_NONE);
        timed(EV_GC_MARK_ASSIST_END, "GCMarkAssistEnd", 0, at(), at(), EV_GC_MARK_ASSIST_BEGIN);
        timed(EV_HEAP_ALLOC, "HeapAlloc", 1);
        timed(EV_HEAP_GOAL, "HeapGoal", 1);
        timed(EV_GO_LABEL, "GoLabel", 1, at(), at(1), EV_NONE);
        timed(EV_USER_TASK_BEGIN, "UserTaskBegin", 4, at(4), at(3), EV_NONE);
        timed(EV_USER_TASK_END, "UserTaskEnd", 2, at(2), at(), EV_NONE);
        timed(EV_USER_REGION_BEGIN, "UserRegionBegin", 3, at(3), at(2), EV_NONE);
        timed(EV_USER_REGION_END, "UserRegionEnd", 3, at(3), at(2), EV_USER_REGION_BEGIN);
        timed(EV_USER_LOG, "UserLog", 4, at(4), at(2, 3), EV_NONE);
        timed(EV_GO_SWITCH, "GoSwitch", 2);
        timed(EV_GO_SWITCH_DESTROY, "GoSwitchDestroy", 2);
        timed(EV_GO_CREATE_BLOCKED, "GoCreateBlocked", 3, at(3, 2), at(), EV_NONE);
        timed(EV_GO_STATUS_STACK, "GoStatusStack", 4, at(4), at(), EV_NONE);
        timed(EV_CLOCK_SNAPSHOT, "ClockSnapshot", 3);
        timed(128, "Span", 3);
        timed(129, "SpanAlloc", 3);
        timed(130, "SpanFree", 1);
        timed(131, "HeapObject", 2);
        timed(132, "HeapObjectAlloc", 2);
        timed(133, "HeapObjectFree", 1);
        timed(134, "GoroutineStack", 2);
        timed(135, "GoroutineStackAlloc", 2);
        timed(136, "GoroutineStackFree", 1);
    }

    /**
     * The spec of a timed event (one that may appear in a per-M batch) of trace version {@code version}, or
     * null if that version has no such timed event.
     */
    static Spec timedSpec(int version, int type) {
        if (type < 0 || type >= SPECS.length || SPECS[type] == null) return null;
        if (type >= EV_FIRST_EXPERIMENTAL) return version >= GO123 ? SPECS[type] : null;
        int last = version == GO122 ? EV_USER_LOG : version == GO123 ? EV_EXPERIMENTAL_BATCH : EV_CLOCK_SNAPSHOT;
        if (type > last || type == EV_CLOCK_SNAPSHOT) return null; // ClockSnapshot lives in sync batches only
        return SPECS[type];
    }

    /** Go's name of any event type (for messages): "GoStart", or "Invalid(77)". */
    static String name(int type) {
        return switch (type) {
            case EV_EVENT_BATCH -> "EventBatch";
            case EV_STACKS -> "Stacks";
            case EV_STACK -> "Stack";
            case EV_STRINGS -> "Strings";
            case EV_STRING -> "String";
            case EV_CPU_SAMPLES -> "CPUSamples";
            case EV_CPU_SAMPLE -> "CPUSample";
            case EV_FREQUENCY -> "Frequency";
            case EV_EXPERIMENTAL_BATCH -> "ExperimentalBatch";
            case EV_SYNC -> "Sync";
            default -> type > 0 && type < SPECS.length && SPECS[type] != null ? SPECS[type].name() : "Invalid(" + type + ")";
        };
    }

    /** The header's length: {@code "go 1.23 trace"} and NULs to 16 bytes. */
    static final int HEADER_LENGTH = 16;

    /**
     * The version a 16-byte header names, if this reader knows its tables; else a one-line refusal naming what
     * it is (not a trace, the old v1 format, a version too new).
     */
    static int version(byte[] header, int length) throws GoTraceException {
        String text = new String(header, 0, length, StandardCharsets.ISO_8859_1);
        int end = text.indexOf(" trace");
        if (length < HEADER_LENGTH || !text.startsWith("go 1.") || end < 6 || end > 8
                || !text.substring(end + " trace".length()).chars().allMatch(c -> c == 0))
            throw new GoTraceException(0, "not a Go execution trace (it does not start with \"go 1.N trace\")");
        int v;
        try {
            v = Integer.parseInt(text.substring(5, end));
        } catch (NumberFormatException e) {
            throw new GoTraceException(0, "not a Go execution trace (it does not start with \"go 1.N trace\")");
        }
        if (v == GO122 || v == GO123 || v == GO125) return v;
        if (v < GO122)
            throw new GoTraceException(0, "this trace was written by Go 1." + v + " in the older format (before 1.22); GMP Lab reads " + READS);
        if (v == 24)
            throw new GoTraceException(0, "this trace says \"go 1.24 trace\", which no Go release writes (1.24 writes \"go 1.23 trace\"); GMP Lab reads " + READS);
        throw new GoTraceException(0, "this trace was written by Go 1." + v + "; GMP Lab reads " + READS);
    }
}
