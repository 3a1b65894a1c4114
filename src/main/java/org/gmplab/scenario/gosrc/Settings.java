package org.gmplab.scenario.gosrc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gmplab.scenario.Scenario;

/**
 * The scheduler settings a scenario file gives in comments before its first line of Go:
 * <pre>
 * // gmplab: gomaxprocs=4 seed=7 runqsize=4
 * // gmplab: name="spawn 1000" scheduler=go1.0
 * // gmplab: go=1.26
 * </pre>
 * Keys: {@code name} (a word or a double-quoted string), {@code gomaxprocs}, {@code seed},
 * {@code runqsize} (also spelled {@code runqSize}), {@code scheduler} ({@code gmp} or {@code go1.0}),
 * {@code go} ({@code 1.23} or {@code 1.26}, the release whose G-M-P rules run),
 * {@code runtimegoroutines} ({@code on}, the default, or {@code off}; also spelled {@code runtimeGoroutines});
 * each at most once. A {@code // gmplab:} comment
 * further down would be a setting silently ignored, so it is an error.
 *
 * @param name null if not given (the file name is used)
 */
record Settings(String name, int gomaxprocs, long seed, int runqSize, Scenario.Scheduler scheduler, Scenario.GoVersion go,
                boolean runtimeGoroutines) {

    static final String MARK = "gmplab:";
    static final int DEFAULT_PROCS = 4;
    static final long DEFAULT_SEED = 1;

    /** Reads the settings from the comments before {@code firstToken}. */
    static Settings parse(List<GoLexer.Comment> comments, Pos firstToken) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (GoLexer.Comment c : comments) {
            String text = c.text();
            int at = 0;
            while (at < text.length() && (text.charAt(at) == ' ' || text.charAt(at) == '\t')) at++;
            if (!text.startsWith(MARK, at)) continue;
            if (!c.pos().before(firstToken))
                throw new SourceError(c.pos(), "a // gmplab: settings comment must come before the first line of Go (the package clause)");
            new Line(text, at + MARK.length(), c.pos(), values).read();
        }
        return new Settings((String) values.get("name"),
                (Integer) values.getOrDefault("gomaxprocs", DEFAULT_PROCS),
                (Long) values.getOrDefault("seed", DEFAULT_SEED),
                (Integer) values.getOrDefault("runqsize", Scenario.DEFAULT_RUNQ),
                (Scenario.Scheduler) values.getOrDefault("scheduler", Scenario.Scheduler.GMP),
                (Scenario.GoVersion) values.getOrDefault("go", Scenario.GoVersion.GO123),
                (Boolean) values.getOrDefault("runtimegoroutines", true));
    }

    /** One settings comment, read key by key; columns point into the comment. */
    private static final class Line {
        private final String text;
        private int i;
        private final Pos comment;
        private final Map<String, Object> values;

        Line(String text, int start, Pos comment, Map<String, Object> values) {
            this.text = text;
            this.i = start;
            this.comment = comment;
            this.values = values;
        }

        private Pos pos(int index) { return new Pos(comment.line(), comment.col() + 2 + index); }

        void read() {
            while (true) {
                while (i < text.length() && Character.isWhitespace(text.charAt(i))) i++;
                if (i >= text.length()) return;
                int keyAt = i;
                while (i < text.length() && text.charAt(i) != '=' && !Character.isWhitespace(text.charAt(i))) i++;
                String key = text.substring(keyAt, i);
                if (i >= text.length() || text.charAt(i) != '=')
                    throw new SourceError(pos(keyAt), "expected key=value in the gmplab settings, found \"" + key + "\"");
                String canonical = key.equals("runqSize") ? "runqsize" : key.equals("runtimeGoroutines") ? "runtimegoroutines" : key;
                if (!List.of("name", "gomaxprocs", "seed", "runqsize", "scheduler", "go", "runtimegoroutines").contains(canonical))
                    throw new SourceError(pos(keyAt), "unknown setting \"" + key + "\"; the settings are name, gomaxprocs, seed, runqsize, scheduler, go and runtimegoroutines");
                if (values.containsKey(canonical)) throw new SourceError(pos(keyAt), "setting " + key + " given twice");
                i++;
                int valueAt = i;
                String value = canonical.equals("name") ? name() : word();
                if (value.isEmpty()) throw new SourceError(pos(valueAt), "missing value after " + key + "=");
                values.put(canonical, convert(canonical, value, valueAt));
                if (values.get("scheduler") == Scenario.Scheduler.GO10 && values.getOrDefault("go", Scenario.GoVersion.GO123) != Scenario.GoVersion.GO123)
                    throw new SourceError(pos(keyAt), "go=" + ((Scenario.GoVersion) values.get("go")).key + " applies to the G-M-P scheduler, not to scheduler=go1.0");
            }
        }

        private String word() {
            int start = i;
            while (i < text.length() && !Character.isWhitespace(text.charAt(i))) i++;
            return text.substring(start, i);
        }

        private String name() {
            if (i >= text.length() || text.charAt(i) != '"') return word();
            int start = i;
            int end = text.indexOf('"', i + 1);
            if (end < 0) throw new SourceError(pos(start), "name=\" is missing its closing quote");
            i = end + 1;
            String n = text.substring(start + 1, end);
            if (n.isBlank()) throw new SourceError(pos(start), "the name must not be empty");
            return n;
        }

        private Object convert(String key, String value, int at) {
            if (key.equals("name")) return value;
            if (key.equals("runtimegoroutines")) {
                if (value.equals("on")) return true;
                if (value.equals("off")) return false;
                throw new SourceError(pos(at), "runtimegoroutines must be on or off, found \"" + value + "\"");
            }
            if (key.equals("scheduler") || key.equals("go")) {
                try {
                    return key.equals("go") ? Scenario.GoVersion.of(value) : Scenario.Scheduler.of(value);
                } catch (IllegalArgumentException e) {
                    throw new SourceError(pos(at), e.getMessage());
                }
            }
            long v;
            try {
                v = Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw new SourceError(pos(at), key + " must be an integer, found \"" + value + "\"");
            }
            if (key.equals("seed")) return v;
            int clamped = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
            try {
                if (key.equals("gomaxprocs")) Scenario.checkProcs(clamped);
                else Scenario.checkRunqSize(clamped);
            } catch (IllegalArgumentException e) {
                String m = String.valueOf(e.getMessage());
                int cut = m.lastIndexOf(", got ");
                throw new SourceError(pos(at), (cut >= 0 ? m.substring(0, cut) : m).replace("runqSize", "runqsize") + ", got " + value);
            }
            return clamped;
        }
    }
}
