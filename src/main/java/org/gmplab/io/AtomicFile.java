package org.gmplab.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes a file all or nothing: the content goes to a temporary file beside the target, which is
 * moved over the target only once it is complete. If the writing fails half-way (an exception, a full
 * disk, the process killed), the old file, if any, stays exactly as it was.
 *
 * <p>The order that makes it survive a crash of the machine too: the content is forced to the disk
 * before the move, so the name never points at an empty file; then the folder is forced, so the move
 * itself is on the disk when {@link Open#commit()} returns (where the OS lets a folder be opened for that).
 */
public final class AtomicFile {
    private AtomicFile() { }

    /** What writes the content. */
    @FunctionalInterface
    public interface Body {
        void writeTo(Writer out) throws IOException;
    }

    /**
     * Writes {@code body}'s output to {@code target} atomically (UTF-8). An existing file keeps its
     * permissions, a new one gets rw-r--r-- (as the usual umask gives), and a symbolic link keeps pointing
     * at the file it names, which is replaced.
     */
    public static void write(Path target, Body body) throws IOException {
        try (Open f = open(target)) {
            body.writeTo(f.writer());
            f.commit();
        }
    }

    /** Writes {@code text} to {@code target} atomically (UTF-8). */
    public static void write(Path target, String text) throws IOException { write(target, out -> out.write(text)); }

    /** Starts writing {@code target}: nothing is visible there until {@link Open#commit()}. */
    public static Open open(Path target) throws IOException { return new Open(target); }

    /**
     * A file being written: bytes to {@link #stream()} or text to {@link #writer()}, then {@link #commit()}
     * moves it into place; {@link #close()} without a commit throws it away. Use it in try-with-resources,
     * so that every way out either commits or leaves no trace.
     */
    public static final class Open implements AutoCloseable {
        private final Path real, temp;
        private final FileChannel channel;
        private final OutputStream stream;
        private Writer writer;
        private boolean committed;

        private Open(Path target) throws IOException {
            real = Files.exists(target) ? target.toRealPath() : target.toAbsolutePath();
            if (Files.isDirectory(real)) throw new FileSystemException(target.toString(), null, "a folder, not a file");
            temp = Files.createTempFile(real.getParent(), "." + real.getFileName(), ".tmp");
            try {
                channel = FileChannel.open(temp, StandardOpenOption.WRITE);
            } catch (IOException e) {
                Files.deleteIfExists(temp);
                throw e;
            }
            stream = new BufferedOutputStream(Channels.newOutputStream(channel));
        }

        /** The bytes of the file. */
        public OutputStream stream() { return stream; }

        /** The file as UTF-8 text (over {@link #stream()}). */
        public Writer writer() {
            if (writer == null) writer = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
            return writer;
        }

        /** Flushes, forces the content to the disk, moves it over the target and forces the folder. */
        public void commit() throws IOException {
            if (writer != null) writer.flush();
            stream.flush();
            channel.force(true);
            channel.close();
            permissions(real, temp);
            try {
                Files.move(temp, real, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, real, StandardCopyOption.REPLACE_EXISTING);
            }
            committed = true;
            forceFolder(real.getParent());
        }

        /** Throws the file away unless it was committed. */
        @Override
        public void close() throws IOException {
            if (committed) return;
            try {
                channel.close();
            } finally {
                Files.deleteIfExists(temp);
            }
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

    /**
     * Forces a folder's entries to the disk, as {@code fsync} on the folder does, so that a completed
     * move survives a power cut. Some systems (Windows) cannot open a folder for this; there the file
     * system's own journal is all there is, and the move has happened all the same.
     */
    private static void forceFolder(Path dir) {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // not possible here: see above
        }
    }
}
