package org.gmplab.scenario;

/**
 * A scenario file that cannot be used, located the way an editor wants it: file, 1-based line and JSON
 * path. {@link #getMessage()} is one line, {@code file:line: path: message}, e.g.
 * <pre>scenarios/x.json:12: $.functions.main.body[2].d: expected a duration like "2ms" or an integer expression, got true</pre>
 * An unknown line (0) or an empty path is left out of the rendering.
 *
 * <p>An error in a Go scenario has a column instead of a path, and an excerpt: the source line and a
 * caret under the column, on the two lines after the first, as Go's tools and compilers show them:
 * <pre>scenarios/x.go:7:12: expected ')' after argument list, found newline
 *	work(2 * time.Millisecond
 *	                         ^</pre>
 */
public final class ScenarioException extends Exception {

    private final String file;
    private final int line;
    private final String path;
    private final String detail;
    private final int column;
    private final String excerpt;

    public ScenarioException(String file, int line, String path, String detail) {
        this(file, line, path, detail, null);
    }

    public ScenarioException(String file, int line, String path, String detail, Throwable cause) {
        super(render(file, line, path, detail), cause);
        this.file = file;
        this.line = Math.max(line, 0);
        this.path = path == null ? "" : path;
        this.detail = detail;
        this.column = 0;
        this.excerpt = "";
    }

    /**
     * An error at {@code line}:{@code column} (1-based) of a source file; {@code excerpt} (the source line
     * and a caret line, or empty) follows the one-line message on the next lines of {@link #getMessage()}.
     */
    public ScenarioException(String file, int line, int column, String detail, String excerpt) {
        super(render(file, line, column, detail, excerpt), null);
        this.file = file;
        this.line = Math.max(line, 0);
        this.path = "";
        this.detail = detail;
        this.column = Math.max(column, 0);
        this.excerpt = excerpt == null ? "" : excerpt;
    }

    private static String render(String file, int line, String path, String detail) {
        StringBuilder s = new StringBuilder(file);
        if (line > 0) s.append(':').append(line);
        s.append(": ");
        if (path != null && !path.isEmpty()) s.append(path).append(": ");
        // Keep the rendering on one line even if a detail quotes text with a line break.
        return s.append(detail.replace("\r", "\\r").replace("\n", "\\n")).toString();
    }

    private static String render(String file, int line, int column, String detail, String excerpt) {
        StringBuilder s = new StringBuilder(file);
        if (line > 0) s.append(':').append(line);
        if (line > 0 && column > 0) s.append(':').append(column);
        s.append(": ").append(detail.replace("\r", "\\r").replace("\n", "\\n"));
        if (excerpt != null && !excerpt.isEmpty()) s.append('\n').append(excerpt);
        return s.toString();
    }

    public String file() { return file; }

    /** 1-based line of the offending value, or 0 if unknown (e.g. the file could not be read). */
    public int line() { return line; }

    /** JSON path of the offending value, e.g. {@code $.functions.main.body[2].d}; empty if none. */
    public String path() { return path; }

    /** The message alone, without file, line and path. */
    public String detail() { return detail; }

    /** 1-based column in a Go source file, or 0 (JSON files, or unknown). */
    public int column() { return column; }

    /** The source line and the caret line under {@link #column()}, or empty. */
    public String excerpt() { return excerpt; }
}
