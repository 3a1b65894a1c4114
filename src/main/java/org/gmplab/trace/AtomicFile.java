package org.gmplab.trace;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes a text file all or nothing: the content goes to a temporary file beside the target, which is
 * moved over the target only once it is complete. If the writing fails half-way (an exception, a full
 * disk, the process killed), the old file, if any, stays exactly as it was.
 */
public final class AtomicFile {
    private AtomicFile() { }

    /** What writes the content. */
    @FunctionalInterface
    public interface Body {
        void writeTo(Writer out) throws IOException;
    }

    /**
     * Writes {@code body}'s output to {@code target} atomically (UTF-8). The content is forced to the disk
     * before the move, so a crash leaves the old file or the new one, never an empty one; an existing file
     * keeps its permissions, and a symbolic link keeps pointing at the file it names, which is replaced.
     */
    public static void write(Path target, Body body) throws IOException {
        Path real = Files.exists(target) ? target.toRealPath() : target.toAbsolutePath();
        Path dir = real.getParent();
        Path temp = Files.createTempFile(dir, "." + real.getFileName(), ".tmp");
        boolean moved = false;
        try {
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.WRITE);
                 Writer out = new BufferedWriter(Channels.newWriter(ch, StandardCharsets.UTF_8))) {
                body.writeTo(out);
                out.flush();
                ch.force(true);
            }
            permissions(real, temp);
            try {
                Files.move(temp, real, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, real, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
        } finally {
            if (!moved) Files.deleteIfExists(temp);
        }
    }

    /** The temporary file (created owner-only) gets the target's permissions, or rw-r--r-- for a new file. */
    private static void permissions(Path target, Path temp) throws IOException {
        try {
            Files.setPosixFilePermissions(temp, Files.exists(target) ? Files.getPosixFilePermissions(target)
                    : PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: it has its own defaults
        }
    }

    /** Writes {@code text} to {@code target} atomically (UTF-8). */
    public static void write(Path target, String text) throws IOException { write(target, out -> out.write(text)); }
}
