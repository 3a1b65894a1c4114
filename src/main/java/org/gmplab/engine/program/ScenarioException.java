package org.gmplab.engine.program;

/**
 * A scenario file that cannot be used, located the way an editor wants it: file, 1-based line and JSON
 * path. {@link #getMessage()} is one line, {@code file:line: path: message}, e.g.
 * <pre>scenarios/x.json:12: $.functions.main.body[2].d: expected a duration like "2ms" or an integer expression, got true</pre>
 * An unknown line (0) or an empty path is left out of the rendering.
 */
public final class ScenarioException extends Exception {

    private final String file;
    private final int line;
    private final String path;
    private final String detail;

    public ScenarioException(String file, int line, String path, String detail) {
        this(file, line, path, detail, null);
    }

    public ScenarioException(String file, int line, String path, String detail, Throwable cause) {
        super(render(file, line, path, detail), cause);
        this.file = file;
        this.line = Math.max(line, 0);
        this.path = path == null ? "" : path;
        this.detail = detail;
    }

    private static String render(String file, int line, String path, String detail) {
        StringBuilder s = new StringBuilder(file);
        if (line > 0) s.append(':').append(line);
        s.append(": ");
        if (path != null && !path.isEmpty()) s.append(path).append(": ");
        // Keep the rendering on one line even if a detail quotes text with a line break.
        return s.append(detail.replace("\r", "\\r").replace("\n", "\\n")).toString();
    }

    public String file() { return file; }

    /** 1-based line of the offending value, or 0 if unknown (e.g. the file could not be read). */
    public int line() { return line; }

    /** JSON path of the offending value, e.g. {@code $.functions.main.body[2].d}; empty if none. */
    public String path() { return path; }

    /** The message alone, without file, line and path. */
    public String detail() { return detail; }
}
