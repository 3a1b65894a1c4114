package org.gmplab.lessons;

import java.util.ArrayList;
import java.util.List;

import org.gmplab.engine.Outcome;

/**
 * A homework's grade, in words a learner understands: for each step up to the first that fails, every check with
 * ✓ or ✗ and what the run shows instead; the steps after a failed one are not run, since they build on it. A run
 * whose checks all pass must still be a sound program (it may not deadlock or crash after the last step) and a
 * sound lesson ({@link LessonRunner#verify}: each step shows a change), or the grade says what is left.
 */
public record Grade(boolean passed, List<String> lines) {
    public Grade { lines = List.copyOf(lines); }

    public static Grade of(Lesson lesson) {
        List<String> lines = new ArrayList<>();
        boolean many = lesson.steps().size() > 1;
        try (LessonRunner r = new LessonRunner(lesson)) {
            while (!r.done()) {
                LessonRunner.StepResult res = r.runStep();
                String step = many ? "step " + (res.index() + 1) + ": " : "";
                String problem = res.problem();
                if (problem != null && !problem.startsWith("check \"")) lines.add(step + "the run never got there: " + problem);
                else if (many) lines.add(step + (res.ok() ? "passes" : "not yet"));
                for (LessonRunner.CheckResult c : res.checks())
                    lines.add("  " + (c.ok() ? "✓ " + c.check() : "✗ " + c.check() + "  (the run shows " + shown(c) + ")"));
                if (!res.ok()) {
                    if (!r.done()) lines.add("  (the steps after this one are not run until it passes)");
                    return new Grade(false, lines);
                }
            }
            // the steps may stop mid-run; a program that deadlocks or crashes after them is not a solution
            r.engine().run(r.engine().now() + LessonRunner.MAX_STEP_NANOS);
            Outcome end = r.engine().outcome();
            if (end != null && end.kind() != Outcome.Kind.EXITED) {
                lines.add("the checks pass, but then the program fails: " + end.message());
                return new Grade(false, lines);
            }
        }
        String sound = LessonRunner.verify(lesson);
        if (sound != null) {
            lines.add("the checks pass, but: " + sound);
            return new Grade(false, lines);
        }
        return new Grade(true, lines);
    }

    private static String shown(LessonRunner.CheckResult c) {
        Check k = c.check();
        String subject = k.object() + (k.field().isEmpty() ? "" : "." + k.field());
        return subject + " = " + ("absent".equals(c.actual()) ? "(no such " + k.object() + " in the run)"
                : k.object().equals("time") ? duration(Long.parseLong(c.actual())) : c.actual());
    }

    /** Virtual time as a learner reads it: 14.2 ms, 99.2 µs. */
    static String duration(long ns) {
        if (ns >= 1_000_000) return String.format(java.util.Locale.ROOT, "%.3f ms", ns / 1e6);
        if (ns >= 1_000) return String.format(java.util.Locale.ROOT, "%.1f µs", ns / 1e3);
        return ns + " ns";
    }
}
