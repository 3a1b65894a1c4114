package org.gmplab.history;

/**
 * A session file that cannot be opened. The message is one line naming the file and what is wrong,
 * e.g. {@code run.gmpsession: written by a newer GMP Lab (format version 3; this one reads up to 1)}.
 */
public final class SessionException extends Exception {
    public SessionException(String file, String what) { this(file, 0, what); }

    /** @param line the 1-based line at fault, or 0 if none is known */
    public SessionException(String file, int line, String what) {
        super(file + (line > 0 ? ":" + line : "") + ": " + what.replace("\n", " "), null, false, false);
    }
}
