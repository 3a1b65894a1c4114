package org.gmplab.trace;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;

import org.gmplab.snapshot.Event;

/** The event log as JSON lines: one {@link Event} object per line, in emission order. */
public final class EventsJson {
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    private EventsJson() { }

    public static String line(Event e) { return GSON.toJson(e); }

    public static Event parse(String line) { return GSON.fromJson(line, Event.class); }

    /**
     * Writes to a temporary file beside the target and moves it into place on {@link #commit()}, so a
     * crash or an error never leaves a half-written log (the old file, if any, stays as it was).
     */
    public static final class Writer implements AutoCloseable {
        private final Path target, temp;
        private final BufferedWriter out;
        private boolean committed;

        private Writer(Path target) throws IOException {
            this.target = target;
            Path dir = target.toAbsolutePath().getParent();
            this.temp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
            this.out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8);
        }

        public static Writer open(Path target) throws IOException { return new Writer(target); }

        public void write(Event e) throws IOException {
            out.write(line(e));
            out.write('\n');
        }

        public void commit() throws IOException {
            out.close();
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            committed = true;
        }

        @Override
        public void close() throws IOException {
            if (committed) return;
            out.close();
            Files.deleteIfExists(temp);
        }
    }
}
