package org.gmplab.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.gmplab.cli.Main;
import org.gmplab.io.Folders;
import org.gmplab.lessons.Lesson;
import org.gmplab.lessons.LessonLoader;
import org.gmplab.lessons.Links;
import org.gmplab.scenario.ScenarioException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gmplab lesson 08 --step 3}: the window, open in that lesson at that step. The lesson and the step are
 * looked up before the window opens, so a name that names nothing is one line listing what there is (exit 2),
 * with or without a display.
 */
@Command(name = "lesson", mixinStandardHelpOptions = true,
        description = {"Open the window in a lesson, at a step: gmplab lesson 08 --step 3, or gmplab lesson work-stealing#3.",
                "A lesson is named by its number, its file's name (08-work-stealing) or its id (work-stealing);",
                "a step by its number from 1 or the id it declares (docs/lesson-format.md)."})
final class LessonCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "LESSON", description = "the lesson: 08, 08-work-stealing, work-stealing, or LESSON#STEP")
    String lesson;

    @Option(names = "--step", paramLabel = "N", description = "the step: its number from 1 or its id; default: the first")
    String step;

    @Option(names = "--lessons", paramLabel = "DIR",
            description = "the folder of lessons; default: ./lessons, else lessons/ beside the jar, else the bundled ones")
    Path lessons;

    @Override
    public Integer call() {
        return Launcher.window(windowArgs());
    }

    /** The window's application arguments: the lessons folder if given, and the link to the lesson's step. */
    String[] windowArgs() {
        if (lessons != null && !Files.isDirectory(lessons)) throw new Main.BadInput("--lessons: no folder " + lessons);
        String link = step == null ? lesson : lesson.contains("#") ? null : lesson + "#" + step;
        if (link == null) throw new Main.BadInput("give the step once: " + lesson + " names one already, and --step " + step + " another");
        Links.Target t;
        try {
            t = Links.resolve(load(Folders.lessons(lessons)), link);
        } catch (Links.NotFound e) {
            throw new Main.BadInput(e.getMessage());
        }
        List<String> args = new ArrayList<>();
        if (lessons != null) args.add("--lessons=" + lessons);
        args.add("--lesson=" + Links.of(t.lesson(), t.step()));
        return args.toArray(String[]::new);
    }

    /** The lessons in {@code dir} that load (one that does not is the window's to show, with its error). */
    private static List<Lesson> load(Path dir) {
        List<Lesson> out = new ArrayList<>();
        try {
            for (Path f : LessonLoader.files(dir)) {
                try {
                    out.add(LessonLoader.load(f));
                } catch (ScenarioException | RuntimeException e) {
                    // left out: it cannot be opened, and the list of what exists names the ones that can
                }
            }
        } catch (IOException e) {
            throw new Main.BadInput(Folders.describe(dir) + ": cannot list the lessons: " + e.getMessage());
        } catch (ScenarioException e) {
            throw new Main.BadInput(e.getMessage());   // the recommended order (order.txt) names a file and line
        }
        return out;
    }
}
