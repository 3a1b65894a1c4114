package org.gmplab.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The one way the program reads a file it is given: scenarios, lessons, session files, the editor's Open….
 * Only a regular file is read (links are followed first), through a stream that stops one byte past the
 * limit, and only UTF-8 text is accepted. So a link to {@code /dev/zero}, a FIFO, a folder, or a file that
 * grows while it is read is refused with one line instead of filling the heap or blocking forever.
 *
 * <p>Why check the kind of file and also bound the stream: the size a file system reports is only a hint
 * ({@code /proc} files report 0 and hold more; a file may grow after it was measured), while opening a
 * FIFO blocks until a writer comes, so the kind must be known before opening.
 */
public final class TextFile {
    private TextFile() { }

    /** A file that was not read; the message is one line saying why, without the file's name. */
    public static final class Unreadable extends Exception {
        Unreadable(String why) { super(why, null, false, false); }
    }

    /**
     * The UTF-8 text of {@code path}, at most {@code maxBytes} long.
     *
     * @param kind what the file should be, for the refusal of a file too large ("a scenario file")
     */
    public static String read(Path path, long maxBytes, String kind) throws Unreadable {
        try {
            if (requireRegular(path).size() > maxBytes) throw tooLarge(maxBytes, kind);   // the usual case: refused unread
            byte[] bytes;
            try (InputStream in = Files.newInputStream(path)) {
                bytes = in.readNBytes((int) Math.min(maxBytes + 1, Integer.MAX_VALUE - 8));
            }
            if (bytes.length > maxBytes) throw tooLarge(maxBytes, kind);   // it grew, or its size was not known
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new Unreadable("not a UTF-8 text file");
        } catch (IOException e) {
            throw new Unreadable("cannot read: " + why(e));
        }
    }

    /**
     * Up to {@code n} bytes from the start of {@code path} as text, for a quick look at what kind of file it
     * is; empty when it cannot be read or is not a regular file (the full read then says why).
     */
    public static String head(Path path, int n) {
        try {
            requireRegular(path);
            try (InputStream in = Files.newInputStream(path)) {
                return new String(in.readNBytes(n), StandardCharsets.UTF_8);
            }
        } catch (IOException | Unreadable e) {
            return "";
        }
    }

    /** Refuses anything but a regular file, after following links; IOExceptions mean it cannot be looked at. */
    private static BasicFileAttributes requireRegular(Path path) throws IOException, Unreadable {
        BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
        if (a.isDirectory()) throw new Unreadable("cannot read: a folder, not a file");
        if (!a.isRegularFile()) throw new Unreadable("cannot read: not a regular file (a device, pipe or socket)");
        return a;
    }

    private static Unreadable tooLarge(long maxBytes, String kind) {
        return new Unreadable("larger than " + size(maxBytes) + "; too large for " + kind);
    }

    /** An IOException's reason in a few words, on one line. */
    private static String why(IOException e) {
        if (e instanceof NoSuchFileException) return "no such file";
        if (e instanceof AccessDeniedException) return "permission denied";
        String reason = e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage();
        return reason == null ? e.getClass().getSimpleName() : reason.replace('\n', ' ').replace('\r', ' ');
    }

    /** {@code 4 MB}, {@code 64 MB}, or bytes when not whole megabytes. */
    private static String size(long bytes) {
        return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MB" : bytes + " bytes";
    }
}
