package org.gmplab.lessons;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gmplab.scenario.ExprParser;
import org.gmplab.scenario.Expr;
import org.gmplab.snapshot.GStatus;
import org.gmplab.snapshot.Snapshot;

/**
 * A statement about a snapshot that a lesson step asserts, written as a learner would say it:
 * {@code P0.runq.size == 4}, {@code global.size == 129}, {@code G7.status == syscall},
 * {@code M2.spinning == true}, {@code G5.where == "P1.runnext"}, {@code time >= 20ms}.
 *
 * <p>Subjects: {@code P<i>.status|runq.size|runnext|schedtick|m|gfreecnt}, {@code M<i>.p|nextp|curg|spinning|blocked},
 * {@code G<i>.status|where|waitreason|m}, {@code global.size}, and the schedtrace counters
 * {@code threads idleprocs spinningthreads needspinning idlethreads gomaxprocs}, {@code globalfree} (dead Gs on
 * the global free list), {@code sched.lock.acquisitions|lock.contended|lock.wait|mcpu|scheduler} (the scheduler
 * lock's counts since the start, the wait in ns or as a duration; Go 1.0's mcpu; {@code gmp} or {@code go1.0}),
 * plus {@code time} (ns; a
 * duration like 2ms may be written). Values: integers, durations, {@code true}/{@code false}, status names
 * ({@code idle running syscall gcstop dead} for Ps; {@code runnable running syscall waiting dead} for Gs),
 * {@code none}, or a quoted string.
 */
public record Check(String text, String object, String field, String op, String value) {
    private static final Pattern FORM = Pattern.compile(
            "\\s*([A-Za-z]+[0-9]*)((?:\\.[a-z]+)*)\\s*(==|!=|<=|>=|<|>)\\s*(\"[^\"]*\"|[^\\s\"]+)\\s*");
    private static final List<String> COUNTERS = List.of("threads", "idleprocs", "spinningthreads", "needspinning", "idlethreads", "gomaxprocs", "globalfree", "time");
    private static final List<String> P_FIELDS = List.of("status", "runq.size", "runnext", "schedtick", "m", "gfreecnt");
    private static final List<String> M_FIELDS = List.of("p", "nextp", "curg", "spinning", "blocked");
    private static final List<String> G_FIELDS = List.of("status", "where", "waitreason", "m");
    private static final List<String> SCHED_FIELDS = List.of("lock.acquisitions", "lock.contended", "lock.wait", "mcpu", "scheduler");

    public Check {
        Objects.requireNonNull(text);
    }

    /** Parses a check; the message of the exception says what was expected. */
    public static Check parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches())
            throw new IllegalArgumentException("expected a check like \"P0.runq.size == 4\" (subject, one of == != < <= > >=, value), got \"" + text + "\"");
        String object = m.group(1), field = m.group(2).isEmpty() ? "" : m.group(2).substring(1), op = m.group(3), value = m.group(4);
        if (object.matches("[PMG][0-9]{10,}"))   // read as an int below: a wider number is no object a run can have
            throw new IllegalArgumentException("unknown object " + object + ": the number after P, M or G has at most 9 digits");
        if (object.matches("P[0-9]+")) need(field, P_FIELDS, object);
        else if (object.matches("M[0-9]+")) need(field, M_FIELDS, object);
        else if (object.matches("G[0-9]+")) need(field, G_FIELDS, object);
        else if (object.equals("global")) need(field, List.of("size"), object);
        else if (object.equals("sched")) need(field, SCHED_FIELDS, object);
        else if (COUNTERS.contains(object)) need(field, List.of(""), object);
        else throw new IllegalArgumentException("unknown object \"" + object + "\" in \"" + text
                     + "\"; expected P<n>, M<n>, G<n>, global, sched or one of " + String.join(", ", COUNTERS));
        if (value.matches("-?[0-9]+") && number(value) == null)
            throw new IllegalArgumentException("the value " + value + " in \"" + text + "\" does not fit in 64 bits");
        List<String> names = field.equals("status") ? (object.startsWith("P") ? List.of("idle", "running", "syscall", "gcstop", "dead")
                : List.of("runnable", "running", "syscall", "waiting", "dead"))
                : field.equals("spinning") || field.equals("blocked") ? List.of("true", "false")
                : field.equals("scheduler") ? List.of("gmp", "gmp1.26", "go1.0") : null;
        if (names != null && !names.contains(value))
            throw new IllegalArgumentException(object + "." + field + " is one of " + String.join(", ", names) + ", not " + value);
        if (names != null && !op.equals("==") && !op.equals("!="))
            throw new IllegalArgumentException(object + "." + field + " can only be compared with == or !=");
        return new Check(text.strip(), object, field, op, value);
    }

    private static void need(String field, List<String> allowed, String object) {
        if (!allowed.contains(field))
            throw new IllegalArgumentException((field.isEmpty() ? "\"" + object + "\" needs a field" : "unknown field \"" + field + "\" of " + object)
                    + (allowed.equals(List.of("")) ? "" : "; fields: " + String.join(", ", allowed)));
    }

    /** The P index for checks on a P, else -1. */
    public int pIndex() { return object.startsWith("P") ? Integer.parseInt(object.substring(1)) : -1; }

    /** What the subject is in {@code s}, as text (e.g. "4", "running", "none", "P1.runnext"). */
    public String actual(Snapshot s) {
        char kind = object.charAt(0);
        if (object.matches("P[0-9]+")) {
            int i = pIndex();
            if (i >= s.ps().size()) return "absent";
            Snapshot.Proc p = s.ps().get(i);
            return switch (field) {
                case "status" -> p.status().word();
                case "runq.size" -> String.valueOf(p.runq().size());
                case "runnext" -> p.runnext() < 0 ? "none" : "G" + p.runnext();
                case "schedtick" -> String.valueOf(p.schedtick());
                case "m" -> p.m() < 0 ? "none" : "M" + p.m();
                default -> String.valueOf(p.gfreecnt());
            };
        }
        if (kind == 'M' && object.matches("M[0-9]+")) {
            int id = Integer.parseInt(object.substring(1));
            Snapshot.Thread m = s.ms().stream().filter(t -> t.id() == id).findFirst().orElse(null);
            if (m == null) return "absent";
            return switch (field) {
                case "p" -> m.p() < 0 ? "none" : "P" + m.p();
                case "nextp" -> m.nextp() < 0 ? "none" : "P" + m.nextp();
                case "curg" -> m.curg() < 0 ? "none" : "G" + m.curg();
                case "spinning" -> String.valueOf(m.spinning());
                default -> String.valueOf(m.blocked());
            };
        }
        if (kind == 'G' && object.matches("G[0-9]+")) {
            long id = Long.parseLong(object.substring(1));
            Snapshot.G g = s.gs().stream().filter(x -> x.goid() == id && x.status() != GStatus.DEAD).findFirst()
                    .orElse(s.gs().stream().filter(x -> x.goid() == id).findFirst().orElse(null));
            if (g == null) return "absent";
            return switch (field) {
                case "status" -> g.status().word();
                case "where" -> g.where().label();   // as lessons spell places: "P1.runnext", "global"…
                case "waitreason" -> g.waitReason();
                default -> g.m() < 0 ? "none" : "M" + g.m();
            };
        }
        if (object.equals("sched")) {
            return switch (field) {
                case "lock.acquisitions" -> String.valueOf(s.lock().acquisitions());
                case "lock.contended" -> String.valueOf(s.lock().contended());
                case "lock.wait" -> String.valueOf(s.lock().waitNanos());
                case "mcpu" -> s.mcpu() < 0 ? "none" : String.valueOf(s.mcpu());
                default -> s.scheduler();
            };
        }
        return switch (object) {
            case "global" -> String.valueOf(s.globalQueue().size());
            case "threads" -> String.valueOf(s.threads());
            case "idleprocs" -> String.valueOf(s.npidle());
            case "spinningthreads" -> String.valueOf(s.nmspinning());
            case "needspinning" -> String.valueOf(s.needspinning());
            case "idlethreads" -> String.valueOf(s.nmidle());
            case "gomaxprocs" -> String.valueOf(s.gomaxprocs());
            case "globalfree" -> String.valueOf(s.globalFree());
            default -> String.valueOf(s.time());
        };
    }

    /** Whether the check holds in {@code s}. */
    public boolean holds(Snapshot s) {
        String actual = actual(s);
        String want = value.startsWith("\"") ? value.substring(1, value.length() - 1) : value;
        Long a = number(actual), w = number(want);
        if (a != null && w != null) {
            int c = Long.compare(a, w);
            return switch (op) {
                case "==" -> c == 0;
                case "!=" -> c != 0;
                case "<" -> c < 0;
                case "<=" -> c <= 0;
                case ">" -> c > 0;
                default -> c >= 0;
            };
        }
        boolean eq = actual.equalsIgnoreCase(want);
        return switch (op) {
            case "==" -> eq;
            case "!=" -> !eq;
            default -> false; // ordering needs numbers
        };
    }

    private static Long number(String s) {
        try {
            if (s.matches("-?[0-9]+")) return Long.parseLong(s);   // beyond 64 bits: not a number we compare
            Expr e = ExprParser.parse(s);
            return e instanceof Expr.Const c && !s.matches("[A-Za-z_]+") ? c.value() : null;
        } catch (IllegalArgumentException notANumber) {
            return null;
        }
    }

    @Override public String toString() { return text; }

    static String lower(String s) { return s.toLowerCase(Locale.ROOT); }
}
