package org.gmplab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Saving never leaves a file half-written, and does not change what the file is (permissions, links). */
class AtomicFileTest {
    @TempDir Path dir;

    @Test
    void aFailedWriteLeavesTheOldFileAsItWasAndNoTemporaryFile() throws Exception {
        Path f = dir.resolve("a.go");
        AtomicFile.write(f, "old");
        assertThatThrownBy(() -> AtomicFile.write(f, out -> {
            out.write("half of the new");
            throw new IOException("disk full");
        })).hasMessage("disk full");
        assertThat(Files.readString(f)).isEqualTo("old");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("a.go");
        }
    }

    @Test
    void anExistingFileKeepsItsPermissionsAndANewOneIsReadableByOthers() throws Exception {
        Path f = dir.resolve("b.go");
        AtomicFile.write(f, "one");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f))).isEqualTo("rw-r--r--");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-x---"));
        AtomicFile.write(f, "two");
        assertThat(Files.readString(f)).isEqualTo("two");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f))).isEqualTo("rwxr-x---");
    }

    @Test
    void aSymbolicLinkStaysALinkAndTheFileItNamesIsReplaced() throws Exception {
        Path real = dir.resolve("real.go");
        AtomicFile.write(real, "one");
        Path link = Files.createSymbolicLink(dir.resolve("link.go"), real);
        AtomicFile.write(link, "two");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(real)).isEqualTo("two");
    }

    @Test
    void bytesAppearOnlyOnCommitAndAnUncommittedFileLeavesNoTrace() throws Exception {
        Path f = dir.resolve("shot.png");
        Files.write(f, new byte[] {1, 2, 3});
        try (AtomicFile.Open out = AtomicFile.open(f)) {
            out.stream().write(new byte[] {9, 9});
            out.stream().flush();
            assertThat(Files.readAllBytes(f)).containsExactly(1, 2, 3);
        }
        assertThat(Files.readAllBytes(f)).containsExactly(1, 2, 3);
        try (AtomicFile.Open out = AtomicFile.open(f)) {
            out.stream().write(new byte[] {7});
            out.commit();
        }
        assertThat(Files.readAllBytes(f)).containsExactly(7);
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("shot.png");
        }
    }

    @Test
    void aFolderIsNotReplaced() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("out.json"));
        assertThatThrownBy(() -> AtomicFile.write(folder, "x")).hasMessageContaining("a folder, not a file");
        assertThat(Files.isDirectory(folder)).isTrue();
    }
}
