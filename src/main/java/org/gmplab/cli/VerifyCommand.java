package org.gmplab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.gmplab.scenario.ScenarioException;
import org.gmplab.engine.Engine;
import org.gmplab.io.Folders;
import org.gmplab.lessons.Grade;
import org.gmplab.lessons.Lesson;
import org.gmplab.lessons.LessonLoader;
import org.gmplab.lessons.LessonRunner;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gmplab verify lessons/}: runs every lesson headless and checks every step; with no path, the lessons
 * the window would show. {@code gmplab verify homework/} grades exercises: per exercise, which checks pass and
 * which do not yet, with what the run shows instead. {@code lessons/} and {@code homework/}, named where no such
 * folder is, are the ones the program carries (as the window finds its lessons), so both work from anywhere.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Run lessons headless and check every step; exit 1 naming the lesson, step and failed check.",
                "Homework (homework/) is graded: each exercise's checks, passed or not yet, against the scenario you edit."})
final class VerifyCommand implements Callable<Integer> {

    @Parameters(paramLabel = "PATH", arity = "0..*", description = "lesson or homework files, or folders of them; "
            + "default: ./lessons, else lessons/ beside the jar, else the lessons bundled with GMP Lab "
            + "(with --solutions: the homework, found the same way); lessons/ or homework/ where there is none: the bundled one")
    List<Path> paths = new ArrayList<>();

    @Option(names = "--solutions", description = "grade each homework with its reference solution instead of the scenario you edit; "
            + "default folder: the homework")
    boolean solutions;

    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
        Engine.prepareStepMode();
        List<Path> files = new ArrayList<>();
        boolean defaulted = paths.isEmpty();
        if (defaulted) paths.add(Path.of(solutions ? Folders.HOMEWORK : Folders.LESSONS));
        for (int i = 0; i < paths.size(); i++) {
            Path p = paths.get(i);
            String name = p.normalize().toString();
            if ((defaulted || !Files.exists(p)) && (name.equals(Folders.LESSONS) || name.equals(Folders.HOMEWORK))) {
                // the working directory's, else the one beside the jar, else the bundled one
                p = Folders.named(name);
                paths.set(i, p);
                out.println(name + " in " + Folders.describe(p));
            }
            if (Files.isDirectory(p)) {
                try {
                    files.addAll(LessonLoader.files(p));
                } catch (IOException e) {
                    throw new Main.BadInput(p + ": cannot list: " + e.getMessage());
                } catch (ScenarioException e) {
                    throw new Main.BadInput(e.getMessage());
                }
            } else if (Files.exists(p)) {
                files.add(p);
            } else {
                throw new Main.BadInput(p + ": no such file or folder");
            }
        }
        if (files.isEmpty()) throw new Main.BadInput("no lesson files in " + paths);
        int failed = 0;
        for (Path f : files) {
            Lesson lesson;
            try {
                lesson = LessonLoader.load(f);
            } catch (ScenarioException e) {
                throw new Main.BadInput(e.getMessage());
            }
            if (lesson.homework() != null) {
                if (!grade(lesson, out)) failed++;
                continue;
            }
            String problem = LessonRunner.verify(lesson);
            if (problem == null) {
                long checks = lesson.steps().stream().mapToLong(s -> s.checks().size()).sum();
                out.println("ok   " + lesson.id() + " (" + lesson.steps().size() + " steps, " + checks + " checks)");
            } else {
                failed++;
                err.println("FAIL " + problem);
            }
        }
        out.println(files.size() - failed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }

    /** Prints a homework's grade: one line if it passes, else its task, the file to edit and every check. */
    private boolean grade(Lesson lesson, PrintWriter out) {
        Lesson.Homework hw = lesson.homework();
        Grade grade = Grade.of(solutions ? lesson.withSolution() : lesson);
        String scenario = solutions ? hw.solutionFile() : hw.scenarioFile();
        if (grade.passed()) {
            out.println("ok   " + lesson.id() + " (homework: " + scenario + " passes)");
            return true;
        }
        out.println("TODO " + lesson.id() + ": " + hw.task().en());
        out.println("     edit " + scenario);
        for (String line : grade.lines()) out.println("     " + line);
        return false;
    }
}
