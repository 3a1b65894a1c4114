package org.gmplab.trace;

import org.gmplab.io.AtomicFile;

import java.io.IOException;
import java.nio.file.Path;

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
     * Writes through {@link AtomicFile}: to a temporary file beside the target, moved into place on
     * {@link #commit()} (flushed and forced to the disk first, with the permissions other saved files get),
     * so a crash or an error never leaves a half-written log (the old file, if any, stays as it was).
     */
    public static final class Writer implements AutoCloseable {
        private final AtomicFile.Open file;
        private final java.io.Writer out;

        private Writer(Path target) throws IOException {
            this.file = AtomicFile.open(target);
            this.out = file.writer();
        }

        public static Writer open(Path target) throws IOException { return new Writer(target); }

        public void write(Event e) throws IOException {
            out.write(line(e));
            out.write('\n');
        }

        public void commit() throws IOException { file.commit(); }

        /** Throws the log away unless it was committed. */
        @Override
        public void close() throws IOException { file.close(); }
    }
}
