package org.gmplab.lessons;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order in which a quiz's choices are shown. Lesson files put the right answer wherever the author
 * wrote it (too often in the middle); shown in that order, its place would give it away. So each quiz is
 * shuffled, with a seed made of the lesson's id and the step: the same quiz is always shown the same way
 * (Back and a reopened lesson show what the learner saw before), and a choice's place says nothing.
 */
public final class QuizOrder {
    private QuizOrder() {}

    /** For each place on screen, the index in the file of the choice shown there. */
    public static List<Integer> of(String lessonId, int step, int choices) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < choices; i++) order.add(i);
        Collections.shuffle(order, new Random((lessonId + "#" + step).hashCode()));
        return List.copyOf(order);
    }

    /** Where the right answer of step {@code step}'s quiz is shown (0 = first). */
    public static int answerPlace(Lesson lesson, int step) {
        Lesson.Quiz q = lesson.steps().get(step).quiz();
        return of(lesson.id(), step, q.choices().size()).indexOf(q.answer());
    }
}
