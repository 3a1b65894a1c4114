package org.gmplab.trace;

import org.gmplab.io.AtomicFile;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.stream.JsonWriter;

import org.gmplab.snapshot.Event;

/**
 * The event log as JSON lines: one {@link Event} object per line, in emission order:
 * {@code {"seq":…,"time":…,"kind":"STEAL","g":…,"m":…,"p":…,"cause":…,"batch":[{"g":…,"cause":…},…],"details":{"victim":…,…},"why":"…"}}.
 * This is the format of the logs written before events were typed (when Gson wrote the one event record as it
 * was): the header, the kind's numbers by name in their fixed order, and the narration in English; to it were
 * added, only where there is something to say, {@code cause} (the seq of the event that caused this one,
 * {@link Event.Head#cause}) and {@code batch} (the Gs a steal, a global-queue batch, an overflow or a network
 * poll moved, each with the cause it had before; {@link Event#batch()}), so a line without a cause or a batch
 * reads exactly as before, and a reader of the old format that ignores unknown names reads the new one.
 * It is an export; nothing here reads it back into events (the words say more than the numbers do).
 */
public final class EventsJson {
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    private EventsJson() { }

    public static String line(Event e) {
        StringWriter s = new StringWriter();
        try (JsonWriter w = GSON.newJsonWriter(s)) {
            w.beginObject();
            w.name("seq").value(e.seq());
            w.name("time").value(e.time());
            w.name("kind").value(e.kind().name());
            w.name("g").value(e.g());
            w.name("m").value(e.m());
            w.name("p").value(e.p());
            if (e.cause() >= 0) w.name("cause").value(e.cause());
            if (!e.batch().isEmpty()) {
                w.name("batch").beginArray();
                for (Event.Moved m : e.batch()) {
                    w.beginObject().name("g").value(m.g());
                    if (m.cause() >= 0) w.name("cause").value(m.cause());
                    w.endObject();
                }
                w.endArray();
            }
            w.name("details").beginObject();
            for (Map.Entry<String, Long> d : e.details().entrySet()) w.name(d.getKey()).value(d.getValue().longValue());
            w.endObject();
            w.name("why").value(e.why());
            w.endObject();
        } catch (IOException impossible) {
            throw new UncheckedIOException(impossible);   // a StringWriter does not fail
        }
        return s.toString();
    }

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
