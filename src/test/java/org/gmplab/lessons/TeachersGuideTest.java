package org.gmplab.lessons;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

import org.gmplab.i18n.Lang;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The teacher's guide ({@code docs/teaching/guide.en.md}, {@code guide.zh.md}) has an entry for every lesson in
 * {@code lessons/}, in both languages: a section {@code ### NN · title} naming the lesson's id, whose answer key
 * quotes the right choice of each of its quizzes as the lesson file has it. A lesson added without an entry, a
 * retitled lesson or a changed answer fails here, naming the lesson.
 */
@Tag("lessons")
class TeachersGuideTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(Lang.class)
    void theGuideHasEveryLessonWithItsTitleAndItsAnswerKey(Lang lang) throws Exception {
        Path file = Path.of("docs/teaching/guide." + lang.name().toLowerCase(Locale.ROOT) + ".md");
        String[] sections = Files.readString(file).split("\n### ");
        int lessons = 0;
        for (Path f : LessonLoader.files(Path.of("lessons"))) {
            Lesson l = LessonLoader.load(f);
            String number = f.getFileName().toString().split("-", 2)[0];
            Optional<String> entry = Arrays.stream(sections).filter(s -> s.startsWith(number + " · ")).findFirst();
            assertThat(entry).as("%s: %s has no section \"### %s · %s\"", f, file, number, l.title().in(lang)).isPresent();
            String section = entry.get();
            assertThat(section.lines().findFirst().orElse("")).as("%s: the title in %s", f, file).isEqualTo(number + " · " + l.title().in(lang));
            assertThat(section).as("%s: its id in %s", f, file).contains("`" + l.id() + "`");
            for (int i = 0; i < l.steps().size(); i++) {
                Lesson.Quiz q = l.steps().get(i).quiz();
                if (q == null) continue;
                String answer = q.choices().get(q.answer()).text().in(lang);
                assertThat(section).as("%s step %d: the answer key in %s", f, i + 1, file).contains("**" + answer + "**");
            }
            lessons++;
        }
        assertThat(lessons).isGreaterThanOrEqualTo(23);
    }
}
