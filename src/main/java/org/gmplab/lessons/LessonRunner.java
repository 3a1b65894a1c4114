package org.gmplab.lessons;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.gmplab.engine.Engine;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.Snapshot;

/**
 * Runs a lesson's steps on a step-mode engine, headless: the same code drives the lesson player and
 * {@code gmplab verify}, so a lesson can never drift from what the engine does.
 */
public final class LessonRunner implements AutoCloseable {
    /** A step may run at most this much virtual time (a lesson that waits for something that never comes fails). */
    static final long MAX_STEP_NANOS = 60_000_000_000L;
    /** A {@code when} condition is looked at after each event, at most this many times. */
    static final int MAX_WHEN_EVENTS = 200_000;

    public record CheckResult(Check check, boolean ok, String actual) {
        @Override public String toString() { return check + (ok ? "" : " failed: " + check.object() + (check.field().isEmpty() ? "" : "." + check.field()) + " is " + actual); }
    }

    /**
     * What one step did: the world after it, the events it ran through, and its checks. {@code problem} is null if
     * all is well. {@code heldBefore} tells, check by check, whether it already held before the step ran.
     */
    public record StepResult(int index, Snapshot snapshot, List<Event> events, List<CheckResult> checks, String problem,
                             List<Boolean> heldBefore) {
        public boolean ok() { return problem == null; }

        /** Whether some check of the step turned from false to true across it: the step checks what it did. */
        public boolean showsAChange() {
            for (int i = 0; i < checks.size(); i++) if (checks.get(i).ok() && !heldBefore.get(i)) return true;
            return false;
        }
    }

    private final Lesson lesson;
    private Engine engine;
    private org.gmplab.scenario.Scenario scenario;   // what the current run runs
    private long waitedUntil = -1;
    private int next;

    public LessonRunner(Lesson lesson) {
        this.lesson = lesson;
        this.scenario = lesson.scenario();
        this.engine = Engine.step(scenario);
    }

    /** The scenario of the current run: the lesson's, with the scheduler of the last {@code restart}. */
    public org.gmplab.scenario.Scenario scenario() { return scenario; }

    /** Where in virtual time the last step ended if it was a {@code time} step (between two events), else -1. */
    public long waitedUntil() { return waitedUntil; }

    /** The engine of the current run (a step with {@code restart} replaces it). */
    public Engine engine() { return engine; }
    public int nextStep() { return next; }
    public boolean done() { return next >= lesson.steps().size(); }

    /** Runs the next step and checks it. */
    public StepResult runStep() {
        int index = next++;
        Lesson.Step step = lesson.steps().get(index);
        if (step.restart() != null) {
            engine.close();
            scenario = lesson.scenario().withScheduler(step.restart());
            engine = Engine.step(scenario);
        }
        Snapshot before = engine.snapshot();
        List<Boolean> heldBefore = new ArrayList<>();
        for (Check c : step.checks()) heldBefore.add(c.holds(before));
        List<Event> events = new ArrayList<>();
        waitedUntil = -1;
        String problem = run(step.until(), events);
        Snapshot s = engine.snapshot();
        List<CheckResult> results = new ArrayList<>();
        for (Check c : step.checks()) {
            boolean ok = c.holds(s);
            results.add(new CheckResult(c, ok, c.actual(s)));
            if (!ok && problem == null) problem = "check \"" + c + "\" failed: " + c.object() + (c.field().isEmpty() ? "" : "." + c.field()) + " is " + c.actual(s);
        }
        if (problem == null && step.quiz() != null) problem = quizProblem(step.quiz(), s);
        return new StepResult(index, s, List.copyOf(events), List.copyOf(results), problem, List.copyOf(heldBefore));
    }

    private String run(Lesson.Until until, List<Event> into) {
        long limit = engine.now() + MAX_STEP_NANOS;
        if (until instanceof Lesson.Until.OnEvent on) {
            int[] seen = {0};
            Predicate<Event> p = e -> e.kind() == on.kind() && (on.p() < 0 || e.p() == on.p()) && (on.m() < 0 || e.m() == on.m())
                    && (on.g() < 0 || e.g() == on.g()) && ++seen[0] >= on.count();
            return stopped(engine.runUntil(limit, p), into, "the " + on.kind() + " event");
        }
        if (until instanceof Lesson.Until.Events ev) {
            int[] seen = {0};
            return stopped(engine.runUntil(limit, e -> ++seen[0] >= ev.n()), into, ev.n() + " events");
        }
        if (until instanceof Lesson.Until.Major mj) {
            int[] seen = {0};
            return stopped(engine.runUntil(limit, e -> e.kind().major() && ++seen[0] >= mj.n()), into, mj.n() + " major events");
        }
        if (until instanceof Lesson.Until.Time t) {
            waitedUntil = engine.now() + t.nanos();
            engine.run(waitedUntil);
            into.addAll(engine.drainEvents());
            return null;
        }
        if (until instanceof Lesson.Until.When w) {
            long deadline = engine.now() + w.maxNanos();
            for (int i = 0; i < MAX_WHEN_EVENTS; i++) {
                if (w.check().holds(engine.snapshot())) return null;
                Engine.Stop stop = engine.runUntil(deadline, e -> true);
                into.addAll(engine.drainEvents());
                if (stop != Engine.Stop.EVENT) break;
            }
            return w.check().holds(engine.snapshot()) ? null : "\"" + w.check() + "\" never became true";
        }
        engine.run(limit);
        into.addAll(engine.drainEvents());
        return engine.outcome() == null ? "the program did not end within " + MAX_STEP_NANOS / 1_000_000_000 + " s" : null;
    }

    private String stopped(Engine.Stop stop, List<Event> into, String what) {
        into.addAll(engine.drainEvents());
        if (stop == Engine.Stop.EVENT) return null;
        return "the step waits for " + what + ", but " + (engine.outcome() != null
                ? "the program ended first (" + engine.outcome().message() + ")" : "it did not happen within " + MAX_STEP_NANOS / 1_000_000_000 + " s");
    }

    private static String quizProblem(Lesson.Quiz quiz, Snapshot s) {
        for (int i = 0; i < quiz.choices().size(); i++) {
            Check c = quiz.choices().get(i).check();
            if (c == null) continue;
            boolean holds = c.holds(s);
            if (i == quiz.answer() && !holds) return "the quiz answer (choice " + i + ") says \"" + c + "\", but " + c.object() + "." + c.field() + " is " + c.actual(s);
            if (i != quiz.answer() && holds) return "quiz choice " + i + " (\"" + c + "\") is also true: the quiz has more than one right answer";
        }
        return null;
    }

    /**
     * Runs every step; returns the first problem as "file: step N: problem", or null if the lesson is sound. A
     * step must show what it did: some check of it false before the step and true after it, unless the step
     * declares {@code "nothingChanges": true} (then its checks hold, and that is its point).
     */
    public static String verify(Lesson lesson) {
        try (LessonRunner r = new LessonRunner(lesson)) {
            while (!r.done()) {
                StepResult res = r.runStep();
                if (!res.ok()) return lesson.file() + ": step " + (res.index() + 1) + ": " + res.problem();
                Lesson.Step step = lesson.steps().get(res.index());
                if (step.nothingChanges() && step.checks().isEmpty())
                    return lesson.file() + ": step " + (res.index() + 1) + ": the step says nothing changes, but has no check to show it";
                if (!step.nothingChanges() && !res.showsAChange())
                    return lesson.file() + ": step " + (res.index() + 1) + ": no check turned from false to true across the step"
                            + (step.checks().isEmpty() ? " (it has none)" : ", each held already before it")
                            + ": check what the step did, or declare \"nothingChanges\": true if that is its point";
            }
            if (r.engine.outcome() != null && r.engine.outcome().kind() != org.gmplab.engine.Outcome.Kind.EXITED)
                return lesson.file() + ": the program failed: " + r.engine.outcome().message();
            return null;
        }
    }

    @Override
    public void close() { engine.close(); }
}
