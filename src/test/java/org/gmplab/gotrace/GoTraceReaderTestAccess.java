package org.gmplab.gotrace;

import java.io.IOException;
import java.util.List;

/** Go's transitions for a fixture, for tests in other packages. */
public final class GoTraceReaderTestAccess {
    private GoTraceReaderTestAccess() { }

    public static List<String> expected(String name) throws IOException { return GoTraceReaderTest.expected(name); }
}
