package org.gmplab.gotrace;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what a Go program prints under {@code GODEBUG=schedtrace=X} (and {@code scheddetail=1}) into a
 * timeline of snapshots: the header's figures (gomaxprocs, idleprocs, threads, spinningthreads, runqueue,
 * ...), each P's local run queue length, and with scheddetail each P's status, schedtick, M and runqsize,
 * each M's P and current G, each G's status and wait reason. This is what many articles and users have of
 * a real run: the queues as counts, where an execution trace has none.
 *
 * <p>Lines that are not the scheduler's (the program's own output) are skipped; a line that starts as the
 * scheduler's ({@code SCHED }, {@code   P0:}, ...) but does not read as one is an error naming its line.
 */
public final class SchedTraceReader {
    private SchedTraceReader() { }

    /** One P's line of scheddetail (status as Go's _Pidle=0, _Prunning=1, _Psyscall=2, _Pgcstop=3, _Pdead=4). */
    public record PLine(int id, int status, long schedtick, long syscalltick, long m, long runqsize) { }

    /** One M's line: its P and current G (-1: nil), spinning, blocked. */
    public record MLine(long id, long p, long curg, boolean spinning, boolean blocked) { }

    /** One G's line: Go's status number (1 runnable, 2 running, 3 syscall, 4 waiting, 6 dead), wait reason, M (-1: nil). */
    public record GLine(long id, int status, String reason, long m) { }

    /**
     * One {@code SCHED} line and, with scheddetail, the lines under it.
     *
     * @param fields the header's {@code name=value} pairs, in order (numbers; true/false as 1/0)
     * @param localRunq each P's local run queue length: the bracket of a plain line, or the Ps' runqsize
     * @param line      the SCHED line's number in the file (1-based)
     * @param text      the lines as Go printed them, the SCHED line first
     */
    public record Snapshot(long timeMs, Map<String, Long> fields, List<Long> localRunq, List<PLine> ps, List<MLine> ms, List<GLine> gs,
                           int line, String text) {
        public Snapshot {
            java.util.Objects.requireNonNull(text);
            fields = Map.copyOf(fields);
            localRunq = List.copyOf(localRunq);
            ps = List.copyOf(ps);
            ms = List.copyOf(ms);
            gs = List.copyOf(gs);
        }

        public long field(String name) { return fields.getOrDefault(name, -1L); }
    }

    private static final Pattern SCHED = Pattern.compile("SCHED (\\d+)ms: ((?:\\w+=\\S+ ?)+?)(?: \\[([\\d ]*)])?\\s*");
    private static final Pattern FIELD = Pattern.compile("(\\w+)=(\\S+)");
    private static final Pattern P = Pattern.compile("  P(\\d+): status=(\\d+) schedtick=(\\d+) syscalltick=(\\d+) m=(\\d+|nil) runqsize=(\\d+).*");
    private static final Pattern M = Pattern.compile("  M(\\d+): p=(\\d+|nil) curg=(\\d+|nil) .*spinning=(true|false) blocked=(true|false).*");
    private static final Pattern G = Pattern.compile("  G(\\d+): status=(\\d+)\\((.*)\\) m=(\\d+|nil).*");
    private static final Pattern SCHED_LIKE = Pattern.compile("SCHED .*|  [PMG]\\d+: .*");

    /** Whether {@code text} (the start of a file) holds schedtrace output: a line starting "SCHED 0ms:" or the like. */
    public static boolean looksLikeSchedTrace(String text) {
        return Pattern.compile("(?m)^SCHED \\d+ms: gomaxprocs=").matcher(text).find();
    }

    /** Reads the snapshots; {@code file} names the input in messages ("file:12: ..."). */
    public static List<Snapshot> read(BufferedReader in, String file) throws IOException {
        List<Snapshot> out = new ArrayList<>();
        Builder cur = null;
        int n = 0;
        for (String line; (line = in.readLine()) != null; ) {
            n++;
            if (!SCHED_LIKE.matcher(line).matches()) continue; // the program's own output
            try {
                cur = line(line, cur, out, file, n);
            } catch (NumberFormatException e) {   // digits beyond a long: not what Go prints
                throw new GoTraceException(-1, file + ":" + n + ": a number out of range in " + shorten(line));
            }
        }
        if (cur != null) out.add(cur.build());
        if (out.isEmpty()) throw new GoTraceException(-1, file + ": no SCHED lines (run the program with GODEBUG=schedtrace=100)");
        return out;
    }

    /** Reads one line of the scheduler's into {@code cur} (a SCHED line starts the next snapshot); returns the snapshot read into. */
    private static Builder line(String line, Builder cur, List<Snapshot> out, String file, int n) throws GoTraceException {
        Matcher m;
        if ((m = SCHED.matcher(line)).matches()) {
            if (cur != null) out.add(cur.build());
            cur = new Builder(Long.parseLong(m.group(1)), n);
            Matcher f = FIELD.matcher(m.group(2));
            while (f.find()) cur.fields.put(f.group(1), value(f.group(2), file, n));
            if (!cur.fields.containsKey("gomaxprocs") || !cur.fields.containsKey("runqueue"))
                throw new GoTraceException(-1, file + ":" + n + ": a SCHED line without gomaxprocs= and runqueue=");
            if (m.group(3) != null)
                for (String s : m.group(3).trim().split(" +")) if (!s.isEmpty()) cur.bracket.add(Long.parseLong(s));
        } else if (cur == null) {
            throw new GoTraceException(-1, file + ":" + n + ": a P, M or G line before any SCHED line");
        } else if ((m = P.matcher(line)).matches()) {
            cur.ps.add(new PLine(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Long.parseLong(m.group(3)),
                    Long.parseLong(m.group(4)), id(m.group(5)), Long.parseLong(m.group(6))));
        } else if ((m = M.matcher(line)).matches()) {
            cur.ms.add(new MLine(Long.parseLong(m.group(1)), id(m.group(2)), id(m.group(3)), m.group(4).equals("true"), m.group(5).equals("true")));
        } else if ((m = G.matcher(line)).matches()) {
            cur.gs.add(new GLine(Long.parseLong(m.group(1)), Integer.parseInt(m.group(2)), m.group(3), id(m.group(4))));
        } else {
            throw new GoTraceException(-1, file + ":" + n + ": not a schedtrace line as Go prints it: " + shorten(line));
        }
        cur.text.append(line).append('\n');
        return cur;
    }

    private static String shorten(String line) { return line.length() > 80 ? line.substring(0, 80) + "…" : line; }

    /**
     * What {@code gmplab import --summary} prints of a schedtrace: snapshots, span, and the range of each figure
     * (threads, idle Ps, spinning Ms, global and local queues; with scheddetail, the P statuses seen).
     */
    public static String summary(List<Snapshot> snaps) {
        StringBuilder sb = new StringBuilder();
        boolean detail = snaps.stream().anyMatch(s -> !s.ps().isEmpty());
        sb.append("GODEBUG=schedtrace").append(detail ? ",scheddetail=1" : "").append(" output\n");
        sb.append("snapshots    ").append(snaps.size()).append(" (").append(snaps.get(0).timeMs()).append("ms to ")
                .append(snaps.get(snaps.size() - 1).timeMs()).append("ms)\n");
        for (String f : List.of("gomaxprocs", "threads", "idleprocs", "spinningthreads", "idlethreads", "runqueue"))
            sb.append(String.format(java.util.Locale.ROOT, "%-16s %s%n", f, range(snaps.stream().mapToLong(s -> s.field(f)).toArray())));
        sb.append("local runqs  sum ").append(range(snaps.stream().mapToLong(s -> s.localRunq().stream().mapToLong(Long::longValue).sum()).toArray()))
                .append(", largest ").append(range(snaps.stream().mapToLong(s -> s.localRunq().stream().mapToLong(Long::longValue).max().orElse(0)).toArray()))
                .append('\n');
        if (detail) {
            java.util.TreeSet<Integer> statuses = new java.util.TreeSet<>();
            snaps.forEach(s -> s.ps().forEach(p -> statuses.add(p.status())));
            sb.append("P statuses   ").append(statuses.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(",")))
                    .append(" (0 idle, 1 running, 2 syscall, 3 gcstop, 4 dead)\n");
        }
        return sb.toString();
    }

    private static String range(long[] values) {
        long lo = java.util.Arrays.stream(values).min().orElse(0), hi = java.util.Arrays.stream(values).max().orElse(0);
        return lo == hi ? String.valueOf(lo) : lo + "-" + hi;
    }

    private static long value(String v, String file, int line) throws GoTraceException {
        if (v.equals("true")) return 1;
        if (v.equals("false")) return 0;
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new GoTraceException(-1, file + ":" + line + ": not a number: " + v);
        }
    }

    private static long id(String s) { return s.equals("nil") ? -1 : Long.parseLong(s); }

    private static final class Builder {
        final long timeMs;
        final int line;
        final StringBuilder text = new StringBuilder();
        final Map<String, Long> fields = new LinkedHashMap<>();
        final List<Long> bracket = new ArrayList<>();
        final List<PLine> ps = new ArrayList<>();
        final List<MLine> ms = new ArrayList<>();
        final List<GLine> gs = new ArrayList<>();

        Builder(long timeMs, int line) {
            this.timeMs = timeMs;
            this.line = line;
        }

        Snapshot build() {
            List<Long> local = bracket;
            if (local.isEmpty() && !ps.isEmpty()) local = ps.stream().map(PLine::runqsize).toList();
            return new Snapshot(timeMs, fields, local, ps, ms, gs, line, text.toString());
        }
    }
}
