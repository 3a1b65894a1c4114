package org.gmplab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every file the program is given is read through TextFile: regular files only, bounded, UTF-8. */
@Tag("process")
public class TextFileTest {
    @TempDir Path dir;

    /** A FIFO at {@code dir/name}, or the test is skipped where mkfifo is missing. */
    public static Path fifo(Path dir, String name) throws IOException, InterruptedException {
        Path p = dir.resolve(name);
        int code;
        try {
            code = new ProcessBuilder("mkfifo", p.toString()).inheritIO().start().waitFor();
        } catch (IOException e) {
            code = -1;
        }
        Assumptions.assumeTrue(code == 0, "mkfifo is not available here");
        return p;
    }

    @Test
    void aRegularFileIsReadWhole() throws Exception {
        Path f = Files.writeString(dir.resolve("a.go"), "package main // é\n");
        assertThat(TextFile.read(f, 100, "a scenario file")).isEqualTo("package main // é\n");
        assertThat(TextFile.head(f, 7)).isEqualTo("package");
    }

    @Test
    void aLinkToDevZeroIsRefusedUnread() throws Exception {
        Path zero = Path.of("/dev/zero");
        Assumptions.assumeTrue(Files.exists(zero));
        Path link = Files.createSymbolicLink(dir.resolve("s.json"), zero);
        assertTimeoutPreemptively(Duration.ofSeconds(20), () ->
                assertThatThrownBy(() -> TextFile.read(link, 4 << 20, "a scenario file"))
                        .isInstanceOf(TextFile.Unreadable.class)
                        .hasMessage("cannot read: not a regular file (a device, pipe or socket)"));
        assertThat(TextFile.head(link, 256)).isEmpty();
    }

    @Test
    void aFifoIsRefusedWithoutBlocking() throws Exception {
        Path f = fifo(dir, "s.gmpsession");
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            assertThatThrownBy(() -> TextFile.read(f, 1 << 20, "a session file"))
                    .hasMessage("cannot read: not a regular file (a device, pipe or socket)");
            assertThat(TextFile.head(f, 256)).isEmpty();
        });
    }

    @Test
    void aFileOverTheLimitIsRefusedAndSoIsOneThatIsNotUtf8OrAFolder() throws Exception {
        Path big = Files.write(dir.resolve("big.json"), new byte[(1 << 20) + 1]);
        assertThatThrownBy(() -> TextFile.read(big, 1 << 20, "a lesson file")).hasMessage("larger than 1 MB; too large for a lesson file");
        Path exact = Files.writeString(dir.resolve("exact.json"), "x".repeat(10));
        assertThat(TextFile.read(exact, 10, "a lesson file")).hasSize(10);
        assertThatThrownBy(() -> TextFile.read(exact, 9, "a lesson file")).hasMessage("larger than 9 bytes; too large for a lesson file");
        Path latin1 = Files.write(dir.resolve("l.go"), "caf\u00e9".getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> TextFile.read(latin1, 100, "a scenario file")).hasMessage("not a UTF-8 text file");
        assertThatThrownBy(() -> TextFile.read(dir, 100, "a scenario file")).hasMessage("cannot read: a folder, not a file");
        assertThatThrownBy(() -> TextFile.read(dir.resolve("none.go"), 100, "a scenario file")).hasMessage("cannot read: no such file");
    }
}
