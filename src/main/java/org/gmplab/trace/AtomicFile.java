package org.gmplab.trace;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

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

    /** Writes {@code body}'s output to {@code target} atomically (UTF-8). */
    public static void write(Path target, Body body) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Path temp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
        boolean moved = false;
        try {
            try (BufferedWriter out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
                body.writeTo(out);
            }
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
        } finally {
            if (!moved) Files.deleteIfExists(temp);
        }
    }

    /** Writes {@code text} to {@code target} atomically (UTF-8). */
    public static void write(Path target, String text) throws IOException { write(target, out -> out.write(text)); }
}
