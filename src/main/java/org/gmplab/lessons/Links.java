package org.gmplab.lessons;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How a teacher names a lesson and a step of it — on the command line ({@code gmplab lesson 08 --step 3}), in a
 * lesson plan or in the Lessons pane ({@code work-stealing#steal-half}). A lesson is named by its id
 * ({@code work-stealing}), its file's name without {@code .json} ({@code 08-work-stealing}) or that name's
 * number ({@code 08} or {@code 8}); a step by the id it declares or its number from 1 ({@link Lesson#step}).
 */
public final class Links {
    private Links() { }

    /** A step of a lesson: {@code step} is its index from 0. */
    public record Target(Lesson lesson, int step) {}

    /** A name that names no lesson or no step of it; the message is one line listing what there is. */
    public static final class NotFound extends Exception {
        NotFound(String message) { super(message, null, false, false); }
    }

    /** The link to step {@code step} (0-based) of {@code l}: its id, {@code #}, the step's id. */
    public static String of(Lesson l, int step) { return l.id() + "#" + l.stepId(step); }

    /** The lesson and step {@code link} names: {@code LESSON} (its first step) or {@code LESSON#STEP}. */
    public static Target resolve(List<Lesson> lessons, String link) throws NotFound {
        int hash = link.indexOf('#');
        Lesson l = lesson(lessons, hash < 0 ? link : link.substring(0, hash));
        return new Target(l, hash < 0 ? 0 : step(l, link.substring(hash + 1)));
    }

    /** The lesson named {@code ref}: by its id, its file's name, or that name's number. */
    public static Lesson lesson(List<Lesson> lessons, String ref) throws NotFound {
        for (Lesson l : lessons) if (l.id().equals(ref) || stem(l).equals(ref)) return l;
        if (ref.matches("[0-9]{1,6}"))
            for (Lesson l : lessons) if (number(l) == Integer.parseInt(ref)) return l;
        List<String> names = new ArrayList<>();
        for (Lesson l : lessons) names.add(stem(l));
        throw new NotFound(lessons.isEmpty() ? "no lesson " + quote(ref) + ": there are no lessons"
                : "no lesson " + quote(ref) + "; the lessons are " + String.join(", ", names)
                        + " (give the number, the file's name or the lesson's id)");
    }

    /** The index (0-based) of the step of {@code l} named {@code ref}. */
    public static int step(Lesson l, String ref) throws NotFound {
        int i = l.step(ref);
        if (i >= 0) return i;
        List<String> ids = new ArrayList<>();
        for (Lesson.Step s : l.steps()) if (s.id() != null) ids.add(s.id());
        throw new NotFound("lesson " + l.id() + " has no step " + quote(ref) + "; its steps are 1 to " + l.steps().size()
                + (ids.isEmpty() ? "" : ", or by id " + String.join(", ", ids)));
    }

    /** The lesson's file name without {@code .json}, e.g. {@code 08-work-stealing}. */
    static String stem(Lesson l) {
        String name = Path.of(l.file()).getFileName().toString();
        return name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
    }

    /** The number the file's name starts with (08 in 08-work-stealing.json), or -1. */
    static int number(Lesson l) {
        String s = stem(l);
        int n = 0;
        while (n < s.length() && n < 6 && Character.isDigit(s.charAt(n))) n++;
        return n == 0 ? -1 : Integer.parseInt(s.substring(0, n));
    }

    private static String quote(String s) { return "\"" + s.replace("\"", "\\\"") + "\""; }
}
