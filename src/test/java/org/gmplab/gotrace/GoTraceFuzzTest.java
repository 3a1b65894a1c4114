package org.gmplab.gotrace;

import org.junit.jupiter.api.Tag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hostile traces: seeded truncations, bit flips and overwritten bytes of the real fixtures, each read whole
 * (reader, ordering and summary) under a deadline. Each must either read, or fail with a
 * {@link GoTraceException} whose message is one line; never another exception, never a hang. A truncated
 * trace that fails names the byte where the file ends inside something.
 *
 * <p>Reproducing a failure: its message gives the seed and the mutation; {@code -Dfuzz.seed=N} runs from
 * seed N, {@code -Dfuzz.count=N} makes N mutants of each kind per fixture.
 */
@Tag("fuzz")
class GoTraceFuzzTest {
    static final long SEED = Long.getLong("fuzz.seed", 20261201L);
    static final int COUNT = Integer.getInteger("fuzz.count", 60);
    static final Duration DEADLINE = Duration.ofSeconds(60);

    @ParameterizedTest
    @ValueSource(strings = {"c_syscall.p2", "a_spawn1000.p2"})
    void truncatedTracesGetAClearErrorWithTheByteOffset(String name) throws IOException {
        byte[] whole = bytes(name);
        Random rnd = new Random(SEED ^ name.hashCode());
        assertTimeoutPreemptively(DEADLINE, () -> {
            for (int i = 0; i < COUNT; i++) {
                int len = rnd.nextInt(whole.length);
                String what = name + " cut to " + len + " bytes (seed " + SEED + ")";
                GoTraceException e = readAll(Arrays.copyOf(whole, len), what);
                if (e == null) continue; // cut exactly between two generations: a shorter, valid trace
                assertThat(e.offset()).as(what + ": " + e.getMessage()).isBetween(0L, (long) len);
                if (len >= WireFormat.HEADER_LENGTH) assertThat(e.getMessage()).as(what).contains("cut short");
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"c_syscall.p2", "a_spawn1000.p2"})
    void bitFlippedTracesReadOrGetAClearError(String name) throws IOException {
        byte[] whole = bytes(name);
        Random rnd = new Random(SEED * 31 + name.hashCode());
        assertTimeoutPreemptively(DEADLINE, () -> {
            for (int i = 0; i < COUNT; i++) {
                byte[] b = whole.clone();
                StringBuilder what = new StringBuilder(name + " (seed " + SEED + ", mutant " + i + "):");
                int flips = 1 + rnd.nextInt(4);
                for (int f = 0; f < flips; f++) {
                    int at = WireFormat.HEADER_LENGTH + rnd.nextInt(b.length - WireFormat.HEADER_LENGTH);
                    if (rnd.nextBoolean()) {
                        int bit = rnd.nextInt(8);
                        b[at] ^= (byte) (1 << bit);
                        what.append(" flip bit ").append(bit).append(" of byte ").append(at);
                    } else {
                        b[at] = (byte) rnd.nextInt(256);
                        what.append(" byte ").append(at).append(" = ").append(b[at] & 0xff);
                    }
                }
                readAll(b, what.toString());
            }
        });
    }

    /**
     * Reads a whole trace through the summary, and as the window walks it ({@link RealRun}: its first, middle and
     * last moments and events); returns its error, or null if it read. Anything else fails.
     */
    static GoTraceException readAll(byte[] trace, String what) {
        try (GoTraceReader r = new GoTraceReader(new ByteArrayInputStream(trace), null)) {
            TraceSummary.of(r);
        } catch (GoTraceException e) {
            assertThat(e.getMessage()).as(what).isNotBlank().doesNotContain("\n");
            return e;
        } catch (IOException | RuntimeException e) {
            throw new AssertionError(what + ": not a GoTraceException: " + e, e);
        }
        try (GoTraceReader r = new GoTraceReader(new ByteArrayInputStream(trace), null)) {
            RealRun run = RealRun.of(r, what);
            for (long p : new long[] {0, run.end() / 2, run.end()}) {
                run.snapshot(p);
                if (p > 0) run.event(p);
            }
            return null;
        } catch (GoTraceException e) {
            assertThat(e.getMessage()).as(what).isNotBlank().doesNotContain("\n");
            return e;
        } catch (IOException | RuntimeException e) {
            throw new AssertionError(what + ": not a GoTraceException: " + e, e);
        }
    }

    static byte[] bytes(String name) throws IOException {
        try (InputStream in = GoTraceReaderTest.resource(name + ".trace")) {
            return in.readAllBytes();
        }
    }
}
