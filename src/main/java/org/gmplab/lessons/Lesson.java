package org.gmplab.lessons;

import java.util.List;
import java.util.Objects;

import org.gmplab.scenario.Scenario;
import org.gmplab.snapshot.EventKind;
import org.gmplab.i18n.Text;

/**
 * A lesson: a scenario and the steps that walk through it. Each step runs the engine until something
 * happens, narrates it in both languages, points at what to look at, checks the world is as the
 * narration says, and may first ask the learner to predict what comes next.
 */
public record Lesson(String file, String id, Text title, Text summary, String level, int minutes,
                     Scenario scenario, List<Step> steps, Homework homework) {
    public Lesson {
        Objects.requireNonNull(id);
        steps = List.copyOf(steps);
    }

    public Lesson(String file, String id, Text title, Text summary, String level, int minutes, Scenario scenario, List<Step> steps) {
        this(file, id, title, summary, level, minutes, scenario, steps, null);
    }

    /**
     * An exercise instead of a walk-through: the learner edits {@code scenarioFile} (the lesson's scenario) until
     * the steps' checks pass; {@code solution} is the reference scenario that passes them, read from
     * {@code solutionFile}, so that CI can show every exercise is solvable.
     */
    public record Homework(Text task, String scenarioFile, String solutionFile, Scenario solution) {
        public Homework {
            Objects.requireNonNull(task);
            Objects.requireNonNull(solution);
        }
    }

    /** The same lesson with its reference solution as its scenario (a homework's answer key). */
    public Lesson withSolution() {
        if (homework == null) throw new IllegalStateException(id + " is not homework");
        return new Lesson(file, id, title, summary, level, minutes, homework.solution(), steps, homework);
    }

    /**
     * One step. {@code deeper} and {@code quiz} may be null. {@code restart}, if not null, starts the run
     * again from the beginning, before this step, with the lesson's scenario under that scheduler (lesson 17
     * runs one workload under Go 1.0's scheduler, then under G-M-P). {@code nothingChanges} declares that the
     * step's point is that nothing changes; otherwise at least one of its checks must turn from false to true
     * across the step, so that it checks what the step did and not what was already so. {@code id}, if not
     * null, is the name the step declares for links to it ({@code lessonId#stepId}), see {@link Lesson#stepId}. {@code teacher}, if not
     * null, is the note for whoever leads the class (the answer and a prompt to discuss), shown only in presenter
     * mode, when asked for: a learner alone never sees it.
     */
    public record Step(Text narration, Text deeper, Until until, List<String> highlight, List<Check> checks, Quiz quiz,
                       Scenario.Scheduler restart, boolean nothingChanges, String id, Text teacher) {
        public Step {
            Objects.requireNonNull(narration);
            Objects.requireNonNull(until);
            highlight = List.copyOf(highlight);
            checks = List.copyOf(checks);
        }

        public Step(Text narration, Text deeper, Until until, List<String> highlight, List<Check> checks, Quiz quiz,
                    Scenario.Scheduler restart, boolean nothingChanges) {
            this(narration, deeper, until, highlight, checks, quiz, restart, nothingChanges, null, null);
        }

        public Step(Text narration, Text deeper, Until until, List<String> highlight, List<Check> checks, Quiz quiz) {
            this(narration, deeper, until, highlight, checks, quiz, null, false, null, null);
        }
    }

    /**
     * The name of step {@code i} (0-based) in links such as {@code work-stealing#steal-half}: the id the step
     * declares, or else its number from 1 — a number names the step only as long as no step is inserted
     * before it, so a step that lesson plans link to declares an id.
     */
    public String stepId(int i) {
        String declared = steps.get(i).id();
        return declared != null ? declared : String.valueOf(i + 1);
    }

    /** The index (0-based) of the step named {@code ref} — its declared id or its number from 1 — or -1 if none is. */
    public int step(String ref) {
        for (int i = 0; i < steps.size(); i++) if (ref.equals(steps.get(i).id())) return i;
        if (ref.matches("[0-9]{1,6}")) {
            int n = Integer.parseInt(ref);
            if (n >= 1 && n <= steps.size()) return n - 1;
        }
        return -1;
    }

    /** How far a step runs the engine. */
    public sealed interface Until {
        /** Until the {@code count}-th event of {@code kind} (with optional filters: -1 means any). */
        record OnEvent(EventKind kind, int p, int m, long g, int count) implements Until {}
        /** Until {@code n} more events have happened. */
        record Events(int n) implements Until {}
        /** Until {@code n} more major events (UI steps) have happened. */
        record Major(int n) implements Until {}
        /** Until {@code nanos} more virtual time has passed. */
        record Time(long nanos) implements Until {}
        /** Until {@code check} holds (looked at after every event), within {@code maxNanos} of virtual time. */
        record When(Check check, long maxNanos) implements Until {}
        /** Until the program ends. */
        record End() implements Until {}
    }

    /** A predict-the-next-step question; the step's run reveals the answer. A choice's check, if given, must hold only for the answer. */
    public record Quiz(Text question, List<Choice> choices, int answer, Text explain) {
        public Quiz { choices = List.copyOf(choices); }
    }

    public record Choice(Text text, Check check) {}
}
