package org.gmplab.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.gmplab.lessons.LessonLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lessons and scenarios travel with the program: found wherever it starts, replaced by a folder the user has. */
class FoldersTest {
    @TempDir Path tmp;

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void anEmptyWorkingDirectoryGetsEveryBundledLesson() throws Exception {
        Path found = Folders.find(Folders.LESSONS, tmp, tmp.resolve("no-jar-here"));
        assertThat(found).isEqualTo(Folders.bundled(Folders.LESSONS));
        assertThat(LessonLoader.files(found).stream().map(p -> p.getFileName().toString()).toList())
                .isEqualTo(LessonLoader.files(Path.of("lessons")).stream().map(p -> p.getFileName().toString()).toList()).isNotEmpty();
        assertThat(names(found)).isEqualTo(names(Path.of("lessons")));   // the order file and the lessons' programs too
        for (Path f : LessonLoader.files(found)) assertThat(LessonLoader.load(f).steps()).isNotEmpty();
    }

    /** The homework travels with the program as the lessons do: each exercise, its scenario and its solution. */
    @Test
    void anEmptyWorkingDirectoryGetsEveryBundledHomework() throws Exception {
        Path found = Folders.find(Folders.HOMEWORK, tmp, tmp.resolve("no-jar-here"));
        assertThat(found).isEqualTo(Folders.bundled(Folders.HOMEWORK));
        assertThat(names(found)).isEqualTo(names(Path.of("homework")));
        assertThat(names(found.resolve("solutions"))).isEqualTo(names(Path.of("homework/solutions"))).isNotEmpty();
        for (Path f : LessonLoader.files(found)) assertThat(LessonLoader.load(f).homework()).as(f.toString()).isNotNull();
    }

    @Test
    void everyScenarioIsBundled() throws Exception {
        assertThat(names(Folders.find(Folders.SCENARIOS, tmp, null))).isEqualTo(names(Path.of("scenarios")));
    }

    @Test
    void aLessonsFolderInTheWorkingDirectoryOrBesideTheJarReplacesTheBundledOnes() throws Exception {
        Path beside = Files.createDirectories(tmp.resolve("app/lessons")), here = Files.createDirectories(tmp.resolve("work/lessons"));
        // beside the jar, when the working directory has none
        assertThat(Folders.find(Folders.LESSONS, tmp.resolve("work-elsewhere"), tmp.resolve("app"))).isEqualTo(beside);
        // the working directory's first
        assertThat(Folders.find(Folders.LESSONS, tmp.resolve("work"), tmp.resolve("app"))).isEqualTo(here);
        // a folder named on the command line before both
        assertThat(Folders.lessons(tmp)).isEqualTo(tmp);
        // a file of that name is not a folder of lessons
        Files.writeString(Files.createDirectories(tmp.resolve("file-work")).resolve("lessons"), "");
        assertThat(Folders.find(Folders.LESSONS, tmp.resolve("file-work"), null)).isEqualTo(Folders.bundled(Folders.LESSONS));
    }
}
