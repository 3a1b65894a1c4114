package org.gmplab.gotrace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reader against Go's own parser: for each real Go 1.23.5 trace in the fixtures, every state transition
 * of every G and P — its M, P and G context, time, resource, reason, from and to — in the order
 * {@code go tool trace -d=1} prints them (internal/trace.Reader, order.go's ordering of the per-M batches).
 */
class GoTraceReaderTest {

    @ParameterizedTest
    @ValueSource(strings = {"a_spawn1000.p2", "a_spawn1000.p4", "c_syscall.p2", "c_syscall.p4"})
    void readerOrdersTransitionsAsGoParserDoes(String name) throws IOException {
        List<String> expected = expected(name);
        List<String> actual = new ArrayList<>();
        try (GoTraceReader r = new GoTraceReader(resource(name + ".trace"), null)) {
            assertEquals(23, r.goVersion());
            for (GoEvent e; (e = r.next()) != null; )
                if (e.kind() == GoEvent.Kind.STATE_TRANSITION) actual.add(e.toGoString());
        }
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++)
            if (!expected.get(i).equals(actual.get(i)))
                fail(name + ": transition " + i + " differs\n  Go:      " + expected.get(i) + "\n  GMP Lab: " + actual.get(i));
        assertEquals(expected.size(), actual.size(), name + ": number of transitions");
        assertTrue(expected.size() > 1000, "the fixture has its transitions");
    }

    static List<String> expected(String name) throws IOException {
        List<String> lines = new ArrayList<>();
        try (BufferedReader br = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(resource(name + ".transitions.txt.gz")), StandardCharsets.UTF_8))) {
            for (String l; (l = br.readLine()) != null; ) lines.add(l);
        }
        return lines;
    }

    static InputStream resource(String file) {
        InputStream in = GoTraceReaderTest.class.getResourceAsStream("/gotrace/" + file);
        assertNotNull(in, file);
        return in;
    }
}
